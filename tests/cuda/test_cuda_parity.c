/* CPU extractors against their GPU twins on the same frames: every score of
 * every frame must be the same double, or within the measured tolerance of a
 * float feature (compare_scores.h). Generated content of several sizes,
 * formats and depths (extremes included), several option sets, with and
 * without threads and subsampling, pageable pictures scribbled over the
 * moment vmaf_read_pictures() returns and pinned pool pictures refilled at
 * once; also the upload count of the shared frame, and the twins used
 * directly. Built for the CUDA backend (test_cuda_parity) and, with
 * PARITY_SYCL or PARITY_HIP, for the SYCL or HIP backend (test_sycl_parity,
 * test_hip_parity). Prints "SKIP: no CUDA device" (or SYCL, HIP) and
 * returns 77 without one. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/dict.h"
#include "core/feature_extractor.h"
#include "cuda/device_backend.h"
#include "feature/adm/adm_common.h"
#include "feature/vif/vif_common.h"
#include "libvmaf/libvmaf_cuda.h"
#include "compare_scores.h"
#include "device_util.h"
#include "test.h"

typedef struct Format {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc, w, h, frames;
} Format;

#ifndef PARITY_SYCL
#define PARITY_SYCL 0
#endif
#ifndef PARITY_HIP
#define PARITY_HIP 0
#endif

#if PARITY_SYCL || PARITY_HIP
/* The SYCL and HIP APIs have the same shape: API(x) and API_TYPE(X) name
 * the one under test. */
#if PARITY_SYCL
#include "libvmaf/libvmaf_sycl.h"

#define BACKEND "SYCL"
#define TWIN_FLAG VMAF_FEATURE_EXTRACTOR_SYCL
#define API(name) vmaf_sycl_##name
#define API_TYPE(name) VmafSycl##name
#define PINNED_POOL VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM
extern const VmafFeatureExtractor vmaf_fex_vif, vmaf_fex_vif_sycl;
#define DIRECT_TWIN vmaf_fex_vif_sycl
#else
#include "libvmaf/libvmaf_hip.h"

#define BACKEND "HIP"
#define TWIN_FLAG VMAF_FEATURE_EXTRACTOR_HIP
#define API(name) vmaf_hip_##name
#define API_TYPE(name) VmafHip##name
#define PINNED_POOL VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED
extern const VmafFeatureExtractor vmaf_fex_vif, vmaf_fex_vif_hip;
#define DIRECT_TWIN vmaf_fex_vif_hip
#endif

/* A CPU extractor and its twin that can be used without a context. */
static const VmafFeatureExtractor *const direct_cpu = &vmaf_fex_vif, *const direct_twin =
                                                                         &DIRECT_TWIN;
static const char *const direct_names[] = {"VMAF_integer_feature_vif_scale0_score",
                                           "VMAF_integer_feature_vif_scale1_score",
                                           "VMAF_integer_feature_vif_scale3_score"};

static int import_backend(VmafContext *vmaf)
{
    API_TYPE(State) * state;
    int err = API(state_init)(&state, (API_TYPE(Configuration)){0});
    if (!err) {
        err = API(import_state)(vmaf, state);
        API(state_free)(state);
    }
    return err;
}

static int preallocate_pinned(VmafContext *vmaf, const Format *f)
{
    const API_TYPE(PictureConfiguration) pc = {
        .pic_params = {.w = f->w, .h = f->h, .bpc = f->bpc, .pix_fmt = f->pix_fmt},
        .pic_prealloc_method = PINNED_POOL,
    };
    return API(preallocate_pictures)(vmaf, pc);
}

static int fetch_pinned(VmafContext *vmaf, VmafPicture *pic)
{
    return API(picture_fetch)(vmaf, pic);
}

static bool have_device(void)
{
    API_TYPE(State) * state;
    if (API(state_init)(&state, (API_TYPE(Configuration)){0}) == -ENODEV) {
        printf("SKIP: no " BACKEND " device\n");
        return false;
    }
    printf(BACKEND " device: %s\n", API(state_device_name)(state));
    API(state_free)(state);
    return true;
}
#else
#define BACKEND "CUDA"
#define TWIN_FLAG VMAF_FEATURE_EXTRACTOR_CUDA

extern const VmafFeatureExtractor vmaf_fex_psnr, vmaf_fex_psnr_cuda;
static const VmafFeatureExtractor *const direct_cpu = &vmaf_fex_psnr, *const direct_twin =
                                                                          &vmaf_fex_psnr_cuda;
static const char *const direct_names[] = {"psnr_y", "psnr_cb", "psnr_cr"};

static int import_backend(VmafContext *vmaf)
{
    VmafCudaState *state;
    int err = vmaf_cuda_state_init(&state, (VmafCudaConfiguration){0});
    if (!err) {
        err = vmaf_cuda_import_state(vmaf, state);
        vmaf_cuda_state_free(state);
    }
    return err;
}

static int preallocate_pinned(VmafContext *vmaf, const Format *f)
{
    const VmafCudaPictureConfiguration pc = {
        .pic_params = {.w = f->w, .h = f->h, .bpc = f->bpc, .pix_fmt = f->pix_fmt},
        .pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
    };
    return vmaf_cuda_preallocate_pictures(vmaf, pc);
}

static int fetch_pinned(VmafContext *vmaf, VmafPicture *pic)
{
    return vmaf_cuda_picture_fetch(vmaf, pic);
}

static bool have_device(void)
{
    return have_cuda_device();
}
#endif

static const Format formats[] = {
    {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080, 5},  {VMAF_PIX_FMT_YUV420P, 8, 176, 144, 8},
    {VMAF_PIX_FMT_YUV422P, 10, 353, 287, 6},   {VMAF_PIX_FMT_YUV444P, 12, 640, 360, 5},
    {VMAF_PIX_FMT_YUV420P, 16, 320, 180, 6},   {VMAF_PIX_FMT_YUV400P, 8, 67, 35, 6},
    {VMAF_PIX_FMT_YUV420P, 8, 3, 3, 5},        {VMAF_PIX_FMT_YUV444P, 16, 4099, 24, 4},
    {VMAF_PIX_FMT_YUV420P, 10, 3840, 2160, 3},
};

typedef struct Config {
    const char *name;
    const char *features[3]; /* --feature syntax */
    unsigned n_threads, n_subsample;
    bool pinned;       /* the CUDA run fills pictures of the pinned pool */
    unsigned planes;   /* uploads per frame of a 4:2:x pair */
    unsigned min_side; /* smaller formats are skipped: the features refuse them */
} Config;

static const Config configs[] = {
    {"defaults", {"psnr", "motion"}, 0, 0, false, 6, 0},
    {"options",
     {"psnr=enable_mse=true:reduced_hbd_peak=true:min_sse=0.5",
      "motion=motion_five_frame_window=true:debug=true:motion_fps_weight=2:mma=true"},
     0,
     0,
     false,
     6,
     0},
    {"luma", {"psnr=enable_chroma=false", "motion=motion_max_val=3"}, 0, 0, true, 2, 0},
    {"threads_subsample", {"psnr", "motion", "vif"}, 2, 2, false, 6, 0},
    {"pinned", {"psnr", "motion=motion_blend_factor=0.5:motion_blend_offset=3"}, 0, 3, true, 6, 0},
    {"motion_only", {"motion"}, 0, 0, true, 1, 0},
    {"three_motions",
     {"motion=motion_blend_factor=0.5:motion_blend_offset=3", "motion=motion_fps_weight=2",
      "motion=motion_force_zero=true"},
     0,
     0,
     false,
     1,
     0},
    {"vif_options",
     {"vif", "vif=vif_enhn_gain_limit=1.0:debug=true", "vif=vif_skip_scale0=true:debug=true"},
     0,
     0,
     false,
     2,
     0},
    {"vif_beside_twins",
     {"vif=vif_enhn_gain_limit=1.5", "motion", "psnr=enable_chroma=false"},
     0,
     0,
     true,
     2,
     0},
    {"adm_options",
     {"adm", "adm=debug=true:adm_enhn_gain_limit=1.2:adm_csf_mode=1",
      "adm=adm_skip_scale0=true:adm_skip_aim=true:adm_min_val=0.4:debug=true"},
     0,
     0,
     false,
     2,
     0},
    {"adm_views",
     {"adm=adm_norm_view_dist=5:adm_ref_display_height=2160:adm_csf_mode=2:debug=true",
      "adm=adm_csf_mode=3:adm_noise_weight=1:adm_dlm_weight=0.8",
      "adm=adm_csf_scale=2:adm_csf_diag_scale=0.5:adm_csf_mode=1:adm_enhn_gain_limit=1"},
     0,
     0,
     true,
     2,
     0},
    {"vmaf_features", {"adm", "vif", "motion"}, 2, 0, true, 2, 0},
    /* Twins of the metric family: one block per twin, in the order they landed. */
    {"float_motion", {"float_motion"}, 0, 0, false, 1, 0},
    {"float_motion_options",
     {"float_motion=motion_filter_size=3:motion_add_scale1=true:motion_fps_weight=2",
      "float_motion=motion_blend_factor=0.5:motion_blend_offset=3:debug=false",
      "float_motion=motion_filter_size=1:motion_max_val=2"},
     0,
     0,
     true,
     1,
     0},
    {"float_motion_chroma",
     {"float_motion=motion_add_uv=true:motion_add_scale1=true", "psnr",
      "float_motion=motion_force_zero=true"},
     2,
     3,
     false,
     6,
     6},
    {"motion_v2",
     {"motion_v2", "motion_v2=motion_blend_factor=0.5:motion_blend_offset=3:motion_fps_weight=2",
      "motion"},
     2,
     2,
     true,
     1,
     0},
    {"motion_v2_options",
     {"motion_v2=motion_max_val=3:motion_moving_average=true", "motion_v2=motion_force_zero=true",
      "float_motion"},
     0,
     0,
     false,
     1,
     0},
    {"float_psnr_ansnr_moment", {"float_psnr", "float_ansnr", "float_moment"}, 0, 0, true, 2, 0},
    {"float_psnr_threads", {"float_psnr", "float_moment", "psnr"}, 2, 2, false, 6, 0},
    {"cambi", {"cambi", "cambi=full_ref=true:enc_bitdepth=8"}, 0, 0, false, 2, 0},
    {"cambi_options",
     {"cambi=cambi_eotf=pq:max_log_contrast=3:window_size=31:cambi_topk=0.3",
      "cambi=cambi_high_res_speedup=1080:cambi_vis_lum_threshold=0.06:cambi_max_val=17",
      "cambi=full_ref=true:src_width=480:src_height=270:enc_width=320:enc_height=180"},
     0,
     2,
     true,
     2,
     0},
    {"speed",
     {"speed_chroma=speed_weight_var_mode=5", "speed_temporal",
      "speed_temporal=speed_use_ref_diff=true:speed_nn_floor=0.1"},
     0,
     0,
     false,
     6,
     0},
    {"speed_options",
     {"speed_chroma=speed_prescale=0.5:speed_prescale_method=bilinear:speed_kernelscale=1.5",
      "speed_temporal=speed_prescale=1.3:speed_prescale_method=bicubic:speed_sigma_nn=0.19",
      "speed_chroma=speed_prescale=0.8:speed_prescale_method=lanczos4:speed_weight_var_mode=3"},
     2,
     0,
     true,
     6,
     0},
    {"float_ssim",
     {"float_ssim", "float_ssim=enable_lcs=true:enable_db=true:clip_db=true"},
     0,
     0,
     false,
     2,
     0},
    {"float_ssim_scale", {"float_ssim=scale=2:enable_lcs=true", "ssim"}, 0, 2, true, 2, 0},
    {"float_ms_ssim",
     {"float_ms_ssim", "float_ms_ssim=enable_lcs=true:enable_db=true:clip_db=true"},
     0,
     0,
     false,
     2,
     0},
    {"float_ms_ssim_chroma",
     {"float_ms_ssim=enable_chroma=true:enable_lcs=true"},
     2,
     0,
     true,
     6,
     0},
    {"float_vif",
     {"float_vif", "float_vif=debug=true:vif_enhn_gain_limit=1.0",
      "float_vif=vif_skip_scale0=true:vif_kernelscale=0.5:debug=true"},
     0,
     0,
     false,
     2,
     0},
    {"float_vif_options",
     {"float_vif=vif_sigma_nsq=1.5:vif_kernelscale=2", "float_motion"},
     2,
     3,
     true,
     2,
     0},
    {"psnr_hvs", {"psnr_hvs", "psnr"}, 0, 0, false, 6, 0},
    {"psnr_hvs_threads", {"psnr_hvs", "float_psnr"}, 2, 2, true, 6, 0},
    {"ciede", {"ciede"}, 0, 0, false, 6, 0},
    {"ciede_threads", {"ciede", "float_moment"}, 2, 3, true, 6, 0},
    {"ssimulacra2", {"ssimulacra2"}, 0, 0, false, 6, 0},
    {"ssimulacra2_options",
     {"ssimulacra2=matrix=bt2020nc:range=full:chroma_location=center", "float_psnr"},
     2,
     0,
     true,
     6,
     0},
    {"float_adm", {"float_adm", "float_psnr"}, 0, 0, false, 2, 0},
    {"float_adm_options",
     {"float_adm=debug=true:adm_enhn_gain_limit=1.2:adm_csf_mode=1:adm_min_val=0.4",
      "float_adm=adm_norm_view_dist=5:adm_ref_display_height=2160:adm_csf_mode=2:adm_f1s2=0.3",
      "float_adm=adm_skip_scale0=true:adm_bypass_cm=1:adm_csf_scale=2:adm_csf_diag_scale=0.5"},
     2,
     2,
     true,
     2,
     0},
    {"float_adm_more",
     {"float_adm=adm_skip_aim_scale=2:adm_noise_weight=1:adm_dlm_weight=0.8:debug=true",
      "float_adm=adm_adm3_apply_hm=true:adm_csf_mode=3:adm_enhn_gain_limit=1",
      "float_adm=adm_p_norm=2.5"},
     0,
     0,
     false,
     2,
     0},
};

static bool uses(const Config *c, const char *name)
{
    for (unsigned i = 0; i < 3 && c->features[i]; i++)
        if (!strncmp(c->features[i], name, strlen(name)))
            return true;
    return false;
}

/* motion_add_uv needs chroma: float_motion refuses 4:0:0 with it. */
static bool needs_chroma(const Config *c)
{
    for (unsigned i = 0; i < 3 && c->features[i]; i++)
        if (strstr(c->features[i], "motion_add_uv=true"))
            return true;
    return false;
}

static uint32_t hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

/* Textured, moving content with noise; the distorted picture has a block of
 * opposite extremes in frame 2 and is identical to the reference in frame 1,
 * so that the squared errors reach their maximum and their minimum. */
static void fill(VmafPicture *pic, unsigned frame, bool dist)
{
    const unsigned max = (1u << pic->bpc) - 1;
    for (unsigned p = 0; p < (pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1u : 3u); p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            uint8_t *row = (uint8_t *)pic->data[p] + (size_t)y * pic->stride[p];
            for (unsigned x = 0; x < pic->w[p]; x++) {
                const unsigned xs = x + frame * 3, ys = y + frame;
                uint32_t v = ((xs * 7 + ys * 5) % 256) << (pic->bpc - 8);
                v += hash(xs * 2654435761u ^ ys * 40503u ^ p) % (max / 8 + 1);
                if (dist && frame != 1)
                    v += hash(x * 31u + y * 977u + frame * 7919u + p) % (max / 16 + 1);
                if (dist && frame == 2 && x < pic->w[p] / 2 && y < pic->h[p] / 2)
                    v = (x + y) % 2 ? 0 : max;
                if (!dist && frame == 2 && x < pic->w[p] / 2 && y < pic->h[p] / 2)
                    v = (x + y) % 2 ? max : 0;
                v = v > max ? max : v;
                if (pic->bpc > 8)
                    ((uint16_t *)row)[x] = (uint16_t)v;
                else
                    row[x] = (uint8_t)v;
            }
        }
    }
}

static int use_feature(VmafContext *vmaf, const char *spec)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", spec);
    char *rest = buf;
    const char *name = strsep(&rest, "=");
    VmafFeatureDictionary *opts = NULL;
    for (char *item; rest && (item = strsep(&rest, ":"));) {
        char *eq = strchr(item, '=');
        *eq = '\0';
        vmaf_feature_dictionary_set(&opts, item, eq + 1);
    }
    return vmaf_use_feature(vmaf, name, opts);
}

static int get_picture(VmafContext *vmaf, bool pinned, const Format *f, VmafPicture *pic)
{
    return pinned ? fetch_pinned(vmaf, pic)
                  : vmaf_picture_alloc(pic, f->pix_fmt, f->bpc, f->w, f->h);
}

static void scribble(VmafPicture *pic)
{
    for (unsigned p = 0; p < 3 && pic->data[p]; p++)
        memset(pic->data[p], 0x5a, (size_t)pic->stride[p] * pic->h[p]);
}

static unsigned twins_in(const VmafContext *vmaf)
{
    unsigned n = 0;
    for (unsigned i = 0; i < vmaf->fex_cnt; i++)
        n += !!(vmaf->fex[i].fex->flags & TWIN_FLAG);
    return n;
}

/* Scores f's frames with c's features; *err is where that failed. */
static VmafContext *score(const Config *c, const Format *f, bool gpu, int *status)
{
    VmafContext *vmaf = NULL;
    VmafConfiguration cfg = {
        .log_level = VMAF_LOG_LEVEL_WARNING,
        .n_threads = c->n_threads,
        .n_subsample = c->n_subsample,
    };
    int err = vmaf_init(&vmaf, cfg);
    if (!err && gpu)
        err = import_backend(vmaf);
    for (unsigned i = 0; !err && i < 3 && c->features[i]; i++)
        err = use_feature(vmaf, c->features[i]);
    const bool pinned = gpu && c->pinned;
    if (!err && pinned)
        err = preallocate_pinned(vmaf, f);
    /* Only twins may read the pictures: the CPU extractors keep reading the
     * previous reference and, with threads, the frame after the call. */
    const bool reuse = gpu && !pinned && !c->n_threads && twins_in(vmaf) == vmaf->fex_cnt;
    for (unsigned n = 0; !err && n < f->frames; n++) {
        VmafPicture ref, dist, keep[2] = {0};
        if ((err = get_picture(vmaf, pinned, f, &ref)))
            break;
        if ((err = get_picture(vmaf, pinned, f, &dist))) {
            vmaf_picture_unref(&ref);
            break;
        }
        fill(&ref, n, false);
        fill(&dist, n, true);
        if (reuse) {
            vmaf_picture_ref(&keep[0], &ref);
            vmaf_picture_ref(&keep[1], &dist);
        }
        err = vmaf_read_pictures(vmaf, &ref, &dist, n);
        /* The caller may reuse its pictures once the call returns. */
        for (unsigned i = 0; i < 2 && keep[i].ref; i++) {
            scribble(&keep[i]);
            vmaf_picture_unref(&keep[i]);
        }
    }
    if (!err)
        err = vmaf_read_pictures(vmaf, NULL, NULL, 0);
    *status = err;
    return vmaf;
}

static void test_parity(void)
{
    const char *only = getenv("PARITY_CONFIG");
    for (size_t c = 0; c < sizeof(configs) / sizeof(configs[0]); c++) {
        const Config *cfg = &configs[c];
        if (only && strcmp(only, cfg->name))
            continue;
        unsigned compared = 0;
        for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
            const Format *f = &formats[i];
            /* vif needs 16x16 and adm 33x33, on the CPU or as twins. */
            if (uses(cfg, "vif") && (f->w < VIF_MIN_SIZE || f->h < VIF_MIN_SIZE))
                continue;
            if (uses(cfg, "adm") && (f->w < ADM_MIN_SIDE || f->h < ADM_MIN_SIDE))
                continue;
            if (f->w < cfg->min_side || f->h < cfg->min_side)
                continue;
            if (needs_chroma(cfg) && f->pix_fmt == VMAF_PIX_FMT_YUV400P)
                continue;
            char what[128];
            snprintf(what, sizeof(what), "%s %ux%u %u-bit fmt %d", cfg->name, f->w, f->h, f->bpc,
                     f->pix_fmt);
            int cpu_err, gpu_err;
            VmafContext *cpu = score(cfg, f, false, &cpu_err);
            if (cpu_err == -EINVAL) {
                /* The CPU extractors refuse this size or format: so must the
                 * twins, and there is nothing to compare. */
                VmafContext *gpu = score(cfg, f, true, &gpu_err);
                CHECK_EQ_INT(gpu_err, -EINVAL);
                printf("%-40s refused on the CPU and with " BACKEND "\n", what);
                vmaf_close(cpu);
                vmaf_close(gpu);
                continue;
            }
            CHECK_EQ_INT(cpu_err, 0);
            VmafContext *gpu = score(cfg, f, true, &gpu_err);
            CHECK_EQ_INT(gpu_err, 0);
            CHECK(twins_in(gpu) >= 1);
            const unsigned scores = compare_scores(cpu, gpu, what);
            VmafCudaFrameStats s;
            CHECK_EQ_INT(vmaf_cuda_frame_stats(gpu, &s), 0);
            const unsigned planes =
                f->pix_fmt == VMAF_PIX_FMT_YUV400P && cfg->planes > 2 ? 2 : cfg->planes;
            const uint64_t uploads = s.uploads[0] + s.uploads[1] + s.uploads[2];
            CHECK_EQ_INT(uploads, (uint64_t)planes * f->frames);
            CHECK_EQ_INT(s.private_uploads, 0);
            CHECK_EQ_INT(s.staged, cfg->pinned ? 0 : uploads);
            printf("%-40s %5u scores equal, %.1f uploads a frame, %llu host waits\n", what, scores,
                   (double)uploads / f->frames, (unsigned long long)s.host_waits);
            compared++;
            vmaf_close(cpu);
            vmaf_close(gpu);
        }
        /* Every configuration compares on several formats. */
        CHECK(compared >= 3);
    }
}

/* The extractor API used directly: the twin uploads privately. */
static void test_direct_use(void)
{
    const Format f = {VMAF_PIX_FMT_YUV420P, 8, 176, 144, 4};
    VmafFexContext *cpu, *gpu;
    VmafFeatureCollector *fc_cpu, *fc_gpu;
    CHECK_EQ_INT(vmaf_fex_context_create(&cpu, direct_cpu, NULL), 0);
    CHECK_EQ_INT(vmaf_fex_context_create(&gpu, direct_twin, NULL), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_cpu), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_gpu), 0);
    for (unsigned n = 0; n < f.frames; n++) {
        VmafPicture ref, dist;
        CHECK_EQ_INT(vmaf_picture_alloc(&ref, f.pix_fmt, f.bpc, f.w, f.h), 0);
        CHECK_EQ_INT(vmaf_picture_alloc(&dist, f.pix_fmt, f.bpc, f.w, f.h), 0);
        fill(&ref, n, false);
        fill(&dist, n, true);
        CHECK_EQ_INT(vmaf_fex_context_extract(cpu, &ref, &dist, n, fc_cpu), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(gpu, &ref, &dist, n, fc_gpu), 0);
        vmaf_picture_unref(&ref);
        vmaf_picture_unref(&dist);
    }
    CHECK_EQ_INT(vmaf_fex_context_flush(cpu, fc_cpu), 0);
    CHECK_EQ_INT(vmaf_fex_context_flush(gpu, fc_gpu), 0);
    for (unsigned n = 0; n < f.frames; n++) {
        for (unsigned k = 0; k < 3; k++) {
            double a = 0, b = 1;
            CHECK_EQ_INT(vmaf_feature_collector_get_score(fc_cpu, direct_names[k], &a, n), 0);
            CHECK_EQ_INT(vmaf_feature_collector_get_score(fc_gpu, direct_names[k], &b, n), 0);
            CHECK(!memcmp(&a, &b, sizeof(a)));
        }
    }
    vmaf_fex_context_destroy(cpu);
    vmaf_fex_context_destroy(gpu);
    vmaf_feature_collector_destroy(fc_cpu);
    vmaf_feature_collector_destroy(fc_gpu);
}

int main(void)
{
    if (!have_device())
        return 77;
    static const struct test_case cases[] = {
        {"parity", test_parity},
        {"direct_use", test_direct_use},
        {NULL, NULL},
    };
    return run_tests(PARITY_SYCL  ? "sycl_parity"
                     : PARITY_HIP ? "hip_parity"
                                  : "cuda_parity",
                     cases);
}
