/* The JSON model loader (single models and collections), then prediction
 * and output on made-up feature scores, so that whatever the loader accepts
 * is also safe to score. */
#include <errno.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "core/feature_name.h"
#include "model/model.h"
#include "fuzz.h"
#include "libvmaf/libvmaf.h"

/* Zero, a typical score and one far outside any model's training range. */
static const double feature_values[] = {0.0, 0.73, 1e6};
#define FRAMES (sizeof(feature_values) / sizeof(*feature_values))

static const enum VmafOutputFormat output_formats[] = {
    VMAF_OUTPUT_FORMAT_XML,
    VMAF_OUTPUT_FORMAT_JSON,
    VMAF_OUTPUT_FORMAT_CSV,
    VMAF_OUTPUT_FORMAT_SUB,
};

/* Stores every feature of model under the name prediction looks it up by. */
static void import_features(VmafContext *vmaf, const VmafModel *model)
{
    for (unsigned i = 0; i < vmaf_model_feature_count(model); i++) {
        const VmafModelFeature *f = vmaf_model_feature(model, i);
        const VmafFeatureExtractor *fex = vmaf_get_feature_extractor_by_feature_name(f->name, 0);
        char name[512];
        if (!fex ||
            vmaf_feature_name_from_options(name, sizeof(name), f->name, fex->options, f->opts_dict))
            continue;
        for (unsigned frame = 0; frame < FRAMES; frame++)
            vmaf_import_feature_score(vmaf, name, feature_values[frame] + i, frame);
    }
}

static void score(VmafModel *model, VmafModelCollection *collection)
{
    VmafContext *vmaf;
    if (vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_NONE}))
        abort();
    /* Registers the extractors with the model's options: checks them. */
    if (collection)
        vmaf_use_features_from_model_collection(vmaf, collection);
    else
        vmaf_use_features_from_model(vmaf, model);

    import_features(vmaf, model);
    for (unsigned i = 0; i < vmaf_model_collection_count(collection); i++)
        import_features(vmaf, vmaf_model_collection_member(collection, i));

    double s;
    for (unsigned frame = 0; frame < FRAMES; frame++)
        vmaf_score_at_index(vmaf, model, &s, frame);
    vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_HARMONIC_MEAN, &s, 0, FRAMES - 1);
    if (collection) {
        VmafModelCollectionScore cs;
        vmaf_score_at_index_model_collection(vmaf, collection, &cs, 0);
        vmaf_score_pooled_model_collection(vmaf, collection, VMAF_POOL_METHOD_MEAN, &cs, 0,
                                           FRAMES - 1);
    }
    for (size_t i = 0; i < sizeof(output_formats) / sizeof(*output_formats); i++)
        vmaf_write_output(vmaf, "/dev/null", output_formats[i]);
    vmaf_close(vmaf);
}

static void load_and_score(const char *path, uint64_t flags)
{
    VmafModelConfig cfg = {.name = "vmaf", .flags = flags};
    VmafModel *model = NULL;
    VmafModelCollection *collection = NULL;
    int err = vmaf_model_load_from_path(&model, &cfg, path);
    if (err == -ENOTSUP)
        err = vmaf_model_collection_load_from_path(&model, &collection, &cfg, path);
    if (!err)
        score(model, collection);
    vmaf_model_destroy(model);
    vmaf_model_collection_destroy(collection);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_silence_log();
    const char *path = fuzz_input_path(data, size);
    load_and_score(path, VMAF_MODEL_FLAGS_DEFAULT);
    load_and_score(path, VMAF_MODEL_FLAG_ENABLE_TRANSFORM | VMAF_MODEL_FLAG_DISABLE_CLIP);
    return 0;
}
