/* The public model API: loading one model, feature option overloads,
 * destruction and the accessors the context uses. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/feature_extractor.h"
#include "core/feature_name.h"
#include "loader.h"
#include "model.h"

static int parse_model(const VmafModelLoader *ld, const VmafJsonValue *root, const char *name,
                       void *out)
{
    return vmaf_model_from_json(ld, root, name, out);
}

int vmaf_model_load_from_path(VmafModel **model, VmafModelConfig *cfg, const char *path)
{
    if (!model || !path)
        return -EINVAL;
    *model = NULL;
    return vmaf_model_read(cfg, path, false, parse_model, model);
}

int vmaf_model_load(VmafModel **model, VmafModelConfig *cfg, const char *version)
{
    if (!model || !version)
        return -EINVAL;
    *model = NULL;
    return vmaf_model_read(cfg, version, true, parse_model, model);
}

/* The name is the extractor's for these options, so it is formatted once
 * here rather than for every frame's prediction. */
static int bind_feature_name(VmafModelFeature *f, const VmafFeatureExtractor *fex)
{
    free(f->collected_name);
    f->collected_name = NULL;
    f->name_err = 0;
    if (!fex)
        return 0;
    char name[512];
    f->name_err =
        vmaf_feature_name_from_options(name, sizeof(name), f->name, fex->options, f->opts_dict);
    if (f->name_err)
        return f->name_err == -ENOMEM ? -ENOMEM : 0;
    return (f->collected_name = strdup(name)) ? 0 : -ENOMEM;
}

int vmaf_model_bind_feature_names(VmafModel *model)
{
    int err = 0;
    for (unsigned i = 0; !err && i < model->feature_cnt; i++) {
        VmafModelFeature *f = &model->feature[i];
        err = bind_feature_name(f, vmaf_get_feature_extractor_by_feature_name(f->name, 0));
    }
    return err;
}

int vmaf_model_feature_overload(VmafModel *model, const char *feature_name,
                                VmafFeatureDictionary *opts_dict)
{
    int err = !model || !feature_name || !opts_dict ? -EINVAL : 0;
    for (unsigned i = 0; !err && i < model->feature_cnt; i++) {
        const VmafFeatureExtractor *fex =
            vmaf_get_feature_extractor_by_feature_name(model->feature[i].name, 0);
        if (fex && !strcmp(fex->name, feature_name) &&
            !(err = vmaf_dictionary_merge(&model->feature[i].opts_dict, opts_dict)))
            err = bind_feature_name(&model->feature[i], fex);
    }
    vmaf_feature_dictionary_free(&opts_dict);
    return err;
}

int vmaf_model_collection_feature_overload(VmafModel *model, VmafModelCollection **model_collection,
                                           const char *feature_name,
                                           VmafFeatureDictionary *opts_dict)
{
    const VmafModelCollection *c = model_collection ? *model_collection : NULL;
    int err = c ? 0 : -EINVAL;
    for (unsigned i = 0; !err && i < c->cnt; i++) {
        VmafDictionary *copy;
        if (!(err = vmaf_dictionary_copy(opts_dict, &copy)))
            err = vmaf_model_feature_overload(c->model[i], feature_name, copy);
    }
    if (err) {
        vmaf_feature_dictionary_free(&opts_dict);
        return err;
    }
    return vmaf_model_feature_overload(model, feature_name, opts_dict);
}

void vmaf_model_destroy(VmafModel *model)
{
    if (!model)
        return;
    for (unsigned i = 0; model->feature && i < model->feature_cnt; i++) {
        free(model->feature[i].name);
        free(model->feature[i].collected_name);
        vmaf_feature_dictionary_free(&model->feature[i].opts_dict);
    }
    free(model->feature);
    free(model->transform.knot);
    free(model->svm.coef);
    free(model->svm.sv);
    free(model->name);
    free(model);
}

void vmaf_model_collection_destroy(VmafModelCollection *model_collection)
{
    if (!model_collection)
        return;
    for (unsigned i = 0; i < model_collection->cnt; i++)
        vmaf_model_destroy(model_collection->model[i]);
    free(model_collection->model);
    free(model_collection->name);
    free(model_collection);
}

unsigned vmaf_model_feature_count(const VmafModel *model)
{
    return model ? model->feature_cnt : 0;
}

const VmafModelFeature *vmaf_model_feature(const VmafModel *model, unsigned i)
{
    return model && i < model->feature_cnt ? &model->feature[i] : NULL;
}

const char *vmaf_model_name(const VmafModel *model)
{
    return model ? model->name : NULL;
}

unsigned vmaf_model_collection_count(const VmafModelCollection *c)
{
    return c ? c->cnt : 0;
}

VmafModel *vmaf_model_collection_member(const VmafModelCollection *c, unsigned i)
{
    return c && i < c->cnt ? c->model[i] : NULL;
}

const char *vmaf_model_collection_name(const VmafModelCollection *c)
{
    return c ? c->name : NULL;
}
