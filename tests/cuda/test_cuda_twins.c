/* The CUDA twins without a GPU: their tables mirror the CPU extractors',
 * selection picks them only when the backend is on and they have every
 * requested option, and without a device everything says so and fails
 * cleanly. */
#include <errno.h>
#include <string.h>

#include "core/backend.h"
#include "core/context.h"
#include "core/feature_extractor.h"
#include "libvmaf/libvmaf_cuda.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_psnr, vmaf_fex_psnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_motion, vmaf_fex_motion_cuda;
extern const VmafFeatureExtractor vmaf_fex_vif, vmaf_fex_vif_cuda;
extern const VmafFeatureExtractor vmaf_fex_adm, vmaf_fex_adm_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_motion, vmaf_fex_float_motion_cuda;
extern const VmafFeatureExtractor vmaf_fex_motion_v2, vmaf_fex_motion_v2_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_psnr, vmaf_fex_float_psnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ansnr, vmaf_fex_float_ansnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_moment, vmaf_fex_float_moment_cuda;
extern const VmafFeatureExtractor vmaf_fex_cambi, vmaf_fex_cambi_cuda;
extern const VmafFeatureExtractor vmaf_fex_speed_chroma, vmaf_fex_speed_chroma_cuda;
extern const VmafFeatureExtractor vmaf_fex_speed_temporal, vmaf_fex_speed_temporal_cuda;
extern const VmafFeatureExtractor vmaf_fex_ssim, vmaf_fex_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ssim, vmaf_fex_float_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ms_ssim, vmaf_fex_float_ms_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_vif, vmaf_fex_float_vif_cuda;
extern const VmafFeatureExtractor vmaf_fex_ciede, vmaf_fex_ciede_cuda;
extern const VmafFeatureExtractor vmaf_fex_psnr_hvs, vmaf_fex_psnr_hvs_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_adm, vmaf_fex_float_adm_cuda;
extern const VmafFeatureExtractor vmaf_fex_ssimulacra2, vmaf_fex_ssimulacra2_cuda;

static bool same_option(const VmafOption *a, const VmafOption *b)
{
    return !strcmp(a->name, b->name) && !a->alias == !b->alias &&
           (!a->alias || !strcmp(a->alias, b->alias)) && a->type == b->type &&
           !memcmp(&a->default_val, &b->default_val, sizeof(a->default_val)) && a->min == b->min &&
           a->max == b->max && a->flags == b->flags;
}

/* Every option of the twin is the CPU's; returns how many the CPU has more.
 * An extractor without options has no table. */
static unsigned check_subset(const VmafFeatureExtractor *cpu, const VmafFeatureExtractor *twin)
{
    unsigned cpu_cnt = 0, twin_cnt = 0;
    for (const VmafOption *o = cpu->options; o && o->name; o++)
        cpu_cnt++;
    for (const VmafOption *o = twin->options; o && o->name; o++, twin_cnt++) {
        const VmafOption *c = vmaf_option_find(cpu->options, o->name);
        CHECK(c && same_option(c, o));
    }
    unsigned i = 0;
    for (; cpu->provided_features[i]; i++)
        CHECK(twin->provided_features[i] &&
              !strcmp(cpu->provided_features[i], twin->provided_features[i]));
    CHECK(!twin->provided_features[i]);
    CHECK(twin->flags & VMAF_FEATURE_EXTRACTOR_CUDA);
    CHECK((twin->flags & VMAF_FEATURE_EXTRACTOR_TEMPORAL));
    return cpu_cnt - twin_cnt;
}

static void test_tables_mirror_the_cpu(void)
{
    CHECK_EQ_INT(check_subset(&vmaf_fex_psnr, &vmaf_fex_psnr_cuda), 1);
    CHECK(!vmaf_option_find(vmaf_fex_psnr_cuda.options, "enable_apsnr"));
    CHECK_EQ_INT(check_subset(&vmaf_fex_motion, &vmaf_fex_motion_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_vif, &vmaf_fex_vif_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_adm, &vmaf_fex_adm_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_motion, &vmaf_fex_float_motion_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_motion_v2, &vmaf_fex_motion_v2_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_psnr, &vmaf_fex_float_psnr_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_ansnr, &vmaf_fex_float_ansnr_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_moment, &vmaf_fex_float_moment_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_cambi, &vmaf_fex_cambi_cuda), 1);
    CHECK(!vmaf_option_find(vmaf_fex_cambi_cuda.options, "heatmaps_path"));
    CHECK_EQ_INT(check_subset(&vmaf_fex_speed_chroma, &vmaf_fex_speed_chroma_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_speed_temporal, &vmaf_fex_speed_temporal_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_ssim, &vmaf_fex_ssim_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_ssim, &vmaf_fex_float_ssim_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_ms_ssim, &vmaf_fex_float_ms_ssim_cuda), 0);
    /* The prescaling is left to the CPU extractor. */
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_vif, &vmaf_fex_float_vif_cuda), 2);
    CHECK(!vmaf_option_find(vmaf_fex_float_vif_cuda.options, "vif_prescale"));
    CHECK_EQ_INT(check_subset(&vmaf_fex_ciede, &vmaf_fex_ciede_cuda), 0);
    CHECK_EQ_INT(check_subset(&vmaf_fex_psnr_hvs, &vmaf_fex_psnr_hvs_cuda), 0);
    /* Another p-norm needs powf, which the device computes differently. */
    CHECK_EQ_INT(check_subset(&vmaf_fex_float_adm, &vmaf_fex_float_adm_cuda), 1);
    CHECK(!vmaf_option_find(vmaf_fex_float_adm_cuda.options, "adm_p_norm"));
    CHECK_EQ_INT(check_subset(&vmaf_fex_ssimulacra2, &vmaf_fex_ssimulacra2_cuda), 0);
    /* Plain lookups still find the CPU extractors. */
    CHECK(vmaf_get_feature_extractor_by_name("psnr") == &vmaf_fex_psnr);
    CHECK(vmaf_get_feature_extractor_by_feature_name("psnr_y", 0) == &vmaf_fex_psnr);
    CHECK(vmaf_get_feature_extractor_by_feature_name("VMAF_integer_feature_motion2_score", 0) ==
          &vmaf_fex_motion);
    CHECK(vmaf_get_feature_extractor_by_name("motion_cuda") == &vmaf_fex_motion_cuda);
    CHECK(vmaf_get_feature_extractor_by_feature_name("integer_vif_den_scale3", 0) == &vmaf_fex_vif);
    CHECK(vmaf_get_feature_extractor_by_feature_name("VMAF_integer_feature_adm2_score", 0) ==
          &vmaf_fex_adm);
    CHECK(vmaf_get_feature_extractor_by_name("adm_cuda") == &vmaf_fex_adm_cuda);
}

static int noop_begin(void *state, const VmafPicture *ref, const VmafPicture *dist)
{
    return 0;
}

static void noop_end(void *state) {}

static unsigned destroyed;

static void count_destroy(void *state)
{
    destroyed++;
}

/* A backend with the CUDA flag but no device: selection only. */
static const VmafBackend fake_cuda = {
    .name = "cuda",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_CUDA,
    .frame_begin = noop_begin,
    .frame_end = noop_end,
    .destroy = count_destroy,
};

static VmafFeatureDictionary *options(const char *key, const char *val)
{
    VmafFeatureDictionary *d = NULL;
    if (key)
        vmaf_feature_dictionary_set(&d, key, val);
    return d;
}

static const char *served_by(VmafContext *vmaf, unsigned i)
{
    return i < vmaf->fex_cnt ? vmaf->fex[i].fex->name : "(none)";
}

static void test_selection(void)
{
    VmafContext *vmaf;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING}), 0);
    static int state;
    CHECK_EQ_INT(vmaf_backend_attach(vmaf, &fake_cuda, &state), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", options("enable_apsnr", "true")), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "motion", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "motion", options("motion_fps_weight", "2")), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "vif", options("vif_enhn_gain_limit", "1.0")), 0);
    /* The twin asked for by name, like libvmaf's motion_cuda. */
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "motion_cuda", NULL), 0);
    CHECK_EQ_INT(vmaf->fex_cnt, 5);
    /* psnr without enable_apsnr has the CPU instance's key: served by it. */
    CHECK(!strcmp(served_by(vmaf, 0), "psnr"));
    CHECK(!strcmp(served_by(vmaf, 1), "motion_cuda"));
    CHECK(!strcmp(served_by(vmaf, 2), "motion_cuda"));
    CHECK(!strcmp(served_by(vmaf, 3), "vif_cuda"));
    CHECK(!strcmp(served_by(vmaf, 4), "motion_cuda"));
    /* Twins get the backend's state, the CPU extractors none. */
    CHECK(vmaf->fex[1].inline_ctx->backend == &state);
    CHECK(!vmaf->fex[0].inline_ctx->backend);
    /* An option neither knows still fails, as on the CPU. */
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", options("nosuch", "1")), -EINVAL);
    /* One backend per context. */
    static int other;
    CHECK_EQ_INT(vmaf_backend_attach(vmaf, &fake_cuda, &other), -EINVAL);
    CHECK_EQ_INT(destroyed, 1);
    vmaf_close(vmaf);
    CHECK_EQ_INT(destroyed, 2);

    /* gpumask keeps everything on the CPU, as in libvmaf. */
    CHECK_EQ_INT(
        vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING, .gpumask = 1}),
        0);
    CHECK_EQ_INT(vmaf_backend_attach(vmaf, &fake_cuda, &state), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK(!strcmp(served_by(vmaf, 0), "psnr"));
    vmaf_close(vmaf);

    /* The twin first: the CPU request with the same key is served by it. */
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING}), 0);
    CHECK_EQ_INT(vmaf_backend_attach(vmaf, &fake_cuda, &state), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", options("enable_apsnr", "true")), 0);
    CHECK_EQ_INT(vmaf->fex_cnt, 1);
    CHECK(!strcmp(served_by(vmaf, 0), "psnr_cuda"));
    vmaf_close(vmaf);
}

/* adm_cuda has every option of adm: each adm request is served by it. */
static void test_adm_selection(void)
{
    VmafContext *vmaf;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING}), 0);
    static int state;
    CHECK_EQ_INT(vmaf_backend_attach(vmaf, &fake_cuda, &state), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", options("adm_csf_mode", "1")), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", options("adm_skip_scale0", "true")), 0);
    CHECK_EQ_INT(vmaf->fex_cnt, 3);
    for (unsigned i = 0; i < 3; i++)
        CHECK(!strcmp(served_by(vmaf, i), "adm_cuda"));
    vmaf_close(vmaf);
}

/* motion_force_zero reads no sample: the twin needs no device then. */
static void test_force_zero_without_device_work(void)
{
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(
        vmaf_fex_context_create(&ctx, &vmaf_fex_motion_cuda, options("motion_force_zero", "true")),
        0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 8, 8), 0);
    for (unsigned n = 0; n < 3; n++)
        CHECK_EQ_INT(vmaf_fex_context_extract(ctx, &pic, &pic, n, fc), 0);
    CHECK_EQ_INT(vmaf_fex_context_flush(ctx, fc), 0);
    double v = -1;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "integer_motion2_force_0", &v, 2), 0);
    CHECK(v == 0.0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(
                     fc, "VMAF_integer_feature_motion_sad_score_force_0", &v, 1),
                 0);
    CHECK(v == 0.0);
    vmaf_picture_unref(&pic);
    vmaf_fex_context_destroy(ctx);
    vmaf_feature_collector_destroy(fc);
}

/* On a machine without a device (CI), the state and the twins refuse. */
static void test_without_device(void)
{
    VmafCudaState *state = NULL;
    const int err = vmaf_cuda_state_init(&state, (VmafCudaConfiguration){0});
    if (!err) {
        printf("(a CUDA device is present: the no-device checks are skipped)\n");
        vmaf_cuda_state_free(state);
        return;
    }
    CHECK_EQ_INT(err, -ENODEV);
    CHECK(!state);

    VmafFexContext *ctx;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_psnr_cuda, NULL), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 8, 64, 64), -ENODEV);
    vmaf_fex_context_destroy(ctx);
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_adm_cuda, NULL), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 10, 64, 64), -ENODEV);
    vmaf_fex_context_destroy(ctx);

    VmafContext *vmaf;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING}), 0);
    VmafCudaPictureConfiguration pictures = {
        .pic_params = {.w = 64, .h = 64, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
        .pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
    };
    CHECK_EQ_INT(vmaf_cuda_preallocate_pictures(vmaf, pictures), -EINVAL);
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_cuda_picture_fetch(vmaf, &pic), -EINVAL);
    vmaf_close(vmaf);
}

TEST_MAIN("cuda_twins", {"tables_mirror_the_cpu", test_tables_mirror_the_cpu},
          {"selection", test_selection}, {"adm_selection", test_adm_selection},
          {"force_zero_without_device_work", test_force_zero_without_device_work},
          {"without_device", test_without_device})
