/* What reading a model from JSON needs everywhere: messages that name the
 * file and line, and typed access to members. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/log.h"
#include "loader.h"
#include "source.h"

#define DEFAULT_MODEL_NAME "vmaf"

int vmaf_model_load_error(const VmafModelLoader *ld, const VmafJsonValue *at, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (at)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: line %u: %s", ld->origin, at->line, msg);
    else
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %s", ld->origin, msg);
    return -EINVAL;
}

/* The type's name with its article, for messages. */
const char *vmaf_json_type_article(enum VmafJsonType type)
{
    switch (type) {
    case VMAF_JSON_NULL:
        return "null";
    case VMAF_JSON_BOOL:
        return "a boolean";
    case VMAF_JSON_NUMBER:
        return "a number";
    case VMAF_JSON_STRING:
        return "a string";
    case VMAF_JSON_ARRAY:
        return "an array";
    case VMAF_JSON_OBJECT:
        return "an object";
    }
    return "unknown";
}

/* *out = obj[key] if it has the given type; NULL when absent and optional. */
int vmaf_model_get_member(const VmafModelLoader *ld, const VmafJsonValue *obj, const char *where,
                          const char *key, enum VmafJsonType type, bool required,
                          const VmafJsonValue **out)
{
    *out = vmaf_json_get(obj, key);
    if (!*out)
        return required ? vmaf_model_load_error(ld, obj, "%s has no \"%s\"", where, key) : 0;
    if ((*out)->type != type)
        return vmaf_model_load_error(ld, *out, "%s.%s must be %s, not %s", where, key,
                                     vmaf_json_type_article(type),
                                     vmaf_json_type_article((*out)->type));
    return 0;
}

/* Like get_member for an array of exactly cnt numbers. */
int vmaf_model_get_numbers(const VmafModelLoader *ld, const VmafJsonValue *obj, const char *where,
                           const char *key, bool required, size_t cnt, const char *why,
                           const VmafJsonValue **out)
{
    int err = vmaf_model_get_member(ld, obj, where, key, VMAF_JSON_ARRAY, required, out);
    if (err || !*out)
        return err;
    if ((*out)->u.array.cnt != cnt)
        return vmaf_model_load_error(ld, *out, "%s.%s must hold %zu numbers (%s), not %zu", where,
                                     key, cnt, why, (*out)->u.array.cnt);
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *item = &(*out)->u.array.item[i];
        if (item->type != VMAF_JSON_NUMBER)
            return vmaf_model_load_error(ld, item, "%s.%s[%zu] must be a number, not %s", where,
                                         key, i, vmaf_json_type_article(item->type));
    }
    return 0;
}

int vmaf_model_read(const VmafModelConfig *cfg, const char *source, bool is_version,
                    VmafModelParse parse, void *out)
{
    VmafJsonValue *root;
    char *origin = NULL;
    int err = is_version ? vmaf_model_json_from_version(source, &root, &origin)
                         : vmaf_model_json_from_path(source, &root);
    if (err)
        return err;
    const VmafModelLoader ld = {.origin = origin ? origin : source, .flags = cfg ? cfg->flags : 0};
    err = parse(&ld, root, cfg && cfg->name ? cfg->name : DEFAULT_MODEL_NAME, out);
    vmaf_json_free(root);
    free(origin);
    return err;
}
