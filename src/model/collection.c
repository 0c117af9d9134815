/* Bootstrap collections: {"0": model, "1": model, ...}, one model per
 * member, loaded from a file or by version. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "model.h"

static int collection_append(VmafModelCollection *c, VmafModel *m)
{
    VmafModel **models = realloc(c->model, (c->cnt + 1) * sizeof(*models));
    if (!models)
        return -ENOMEM;
    c->model = models;
    if (!c->cnt)
        c->type = m->type;
    c->model[c->cnt++] = m;
    return 0;
}

/* Reads member i (key "i") of the collection; member 0 keeps the configured
 * name, the others get <name>_0001 and so on. */
static int collection_member(const VmafModelLoader *ld, const VmafJsonMember *member, unsigned i,
                             const char *name, VmafModel **model)
{
    char member_name[256];
    if (i)
        snprintf(member_name, sizeof(member_name), "%s_%04u", name, i);
    return vmaf_model_from_json(ld, &member->value, i ? member_name : name, model);
}

/* Members are keyed "0", "1", ... in file order, as libvmaf reads them;
 * other keys are skipped. */
static int collection_from_json(const VmafModelLoader *ld, const VmafJsonValue *root,
                                const char *name, VmafModel **model,
                                VmafModelCollection **collection)
{
    if (root->type != VMAF_JSON_OBJECT)
        return vmaf_model_load_error(ld, root, "a model collection must be an object, not %s",
                                     vmaf_json_type_article(root->type));
    if (vmaf_json_get(root, "model_dict"))
        return vmaf_model_load_error(
            ld, root, "a single model, not a collection; vmaf_model_load() reads it");
    if (strlen(name) > 200)
        return vmaf_model_load_error(ld, NULL, "the model name is too long for a collection");

    VmafModelCollection *c = calloc(1, sizeof(*c));
    if (!c || !(c->name = strdup(name))) {
        free(c);
        return -ENOMEM;
    }
    VmafModel *first = NULL;
    unsigned next = 0;
    int err = 0;
    for (size_t k = 0; !err && k < root->u.object.cnt; k++) {
        const VmafJsonMember *member = &root->u.object.member[k];
        char key[16];
        snprintf(key, sizeof(key), "%u", next);
        if (strcmp(member->key, key))
            continue;
        VmafModel *m;
        if (!(err = collection_member(ld, member, next, name, &m))) {
            if (!next)
                first = m;
            else if (m->type != c->type && c->cnt)
                err = vmaf_model_load_error(ld, &member->value,
                                            "member \"%s\" has another model_type", key);
            else
                err = collection_append(c, m);
            if (err && m != first)
                vmaf_model_destroy(m);
        }
        next++;
    }
    if (!err && !c->cnt)
        err = vmaf_model_load_error(ld, root, "a model collection needs members \"0\", \"1\", ...");
    if (err) {
        vmaf_model_destroy(first);
        vmaf_model_collection_destroy(c);
        return err;
    }
    *model = first;
    *collection = c;
    return 0;
}

/* What vmaf_model_read() fills for a collection. */
typedef struct CollectionOut {
    VmafModel **model;
    VmafModelCollection **collection;
} CollectionOut;

static int parse_collection(const VmafModelLoader *ld, const VmafJsonValue *root, const char *name,
                            void *out)
{
    const CollectionOut *o = out;
    return collection_from_json(ld, root, name, o->model, o->collection);
}

static int load_collection(VmafModel **model, VmafModelCollection **model_collection,
                           const VmafModelConfig *cfg, const char *source, bool is_version)
{
    if (!model || !model_collection || !source)
        return -EINVAL;
    *model = NULL;
    *model_collection = NULL;
    CollectionOut out = {model, model_collection};
    return vmaf_model_read(cfg, source, is_version, parse_collection, &out);
}

int vmaf_model_collection_load_from_path(VmafModel **model, VmafModelCollection **model_collection,
                                         VmafModelConfig *cfg, const char *path)
{
    return load_collection(model, model_collection, cfg, path, false);
}

int vmaf_model_collection_load(VmafModel **model, VmafModelCollection **model_collection,
                               VmafModelConfig *cfg, const char *version)
{
    return load_collection(model, model_collection, cfg, version, true);
}
