#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"

/* libvmaf stores a value that reads as one number as "%g" of its float value,
 * so "1.0", "1" and "1.000" name the same feature. */
static char *normalized_value(const char *val)
{
    float f;
    char c;
    if (sscanf(val, "%f %c", &f, &c) == 1) {
        char buf[64];
        snprintf(buf, sizeof(buf), "%g", (double)strtof(val, NULL));
        return strdup(buf);
    }
    return strdup(val);
}

static VmafDictionaryEntry *find_entry(const VmafDictionary *d, const char *key)
{
    if (!d)
        return NULL;
    for (unsigned i = 0; i < d->cnt; i++) {
        if (!strcmp(d->entry[i].key, key))
            return &d->entry[i];
    }
    return NULL;
}

/* Takes val and typed (NULL or the caller's text of val). */
static int set_raw(VmafDictionary **dict, const char *key, char *val, char *typed)
{
    if (!*dict) {
        *dict = calloc(1, sizeof(**dict));
        if (!*dict)
            goto fail;
    }
    VmafDictionary *d = *dict;
    VmafDictionaryEntry *e = find_entry(d, key);
    if (e) {
        free(e->val);
        free(e->typed);
        e->val = val;
        e->typed = typed;
        return 0;
    }
    if (d->cnt == d->size) {
        unsigned size = d->size ? d->size * 2 : 8;
        VmafDictionaryEntry *entry = realloc(d->entry, size * sizeof(*entry));
        if (!entry)
            goto fail;
        d->entry = entry;
        d->size = size;
    }
    char *k = strdup(key);
    if (!k)
        goto fail;
    d->entry[d->cnt++] = (VmafDictionaryEntry){.key = k, .val = val, .typed = typed};
    return 0;

fail:
    free(val);
    free(typed);
    return -ENOMEM;
}

int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key, const char *val)
{
    if (!dict || !key || !val)
        return -EINVAL;
    char *v = normalized_value(val);
    char *typed = v && strcmp(v, val) ? strdup(val) : NULL;
    if (!v || (strcmp(v, val) && !typed)) {
        free(v);
        return -ENOMEM;
    }
    return set_raw(dict, key, v, typed);
}

int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict)
{
    if (!dict)
        return -EINVAL;
    VmafDictionary *d = *dict;
    if (!d)
        return 0;
    for (unsigned i = 0; i < d->cnt; i++) {
        free(d->entry[i].key);
        free(d->entry[i].val);
        free(d->entry[i].typed);
    }
    free(d->entry);
    free(d);
    *dict = NULL;
    return 0;
}

const char *vmaf_dictionary_get(const VmafDictionary *d, const char *key)
{
    const VmafDictionaryEntry *e = find_entry(d, key);
    return e ? e->val : NULL;
}

int vmaf_dictionary_merge(VmafDictionary **dst, const VmafDictionary *src)
{
    if (!dst)
        return -EINVAL;
    for (unsigned i = 0; src && i < src->cnt; i++) {
        const VmafDictionaryEntry *e = &src->entry[i];
        char *v = strdup(e->val);
        char *typed = e->typed ? strdup(e->typed) : NULL;
        if (!v || (e->typed && !typed)) {
            free(v);
            free(typed);
            return -ENOMEM;
        }
        int err = set_raw(dst, e->key, v, typed);
        if (err)
            return err;
    }
    return 0;
}

int vmaf_dictionary_copy(const VmafDictionary *src, VmafDictionary **dst)
{
    if (!dst)
        return -EINVAL;
    *dst = NULL;
    int err = vmaf_dictionary_merge(dst, src);
    if (err)
        vmaf_feature_dictionary_free(dst);
    return err;
}

int vmaf_dictionary_equal(const VmafDictionary *a, const VmafDictionary *b)
{
    unsigned na = a ? a->cnt : 0, nb = b ? b->cnt : 0;
    if (na != nb)
        return 0;
    for (unsigned i = 0; i < na; i++) {
        const char *v = vmaf_dictionary_get(b, a->entry[i].key);
        if (!v || strcmp(v, a->entry[i].val))
            return 0;
    }
    return 1;
}
