/* Float VIF (visual information fidelity) of the luma plane at four scales,
 * equal to libvmaf's "float_vif" extractor: the float twin of integer VIF,
 * with a Gaussian filter per scale whose width follows vif_kernelscale, an
 * optional prescaling of both pictures, and a tunable noise variance. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_common/float_kernel.h"
#include "feature/float_common/float_plane.h"
#include "float_vif_dsp.h"

#define FLOAT_VIF_SCALES 4

typedef struct FloatVifState {
    bool debug;
    double gain_limit;
    double kernel_scale;
    double prescale;
    double min_val[FLOAT_VIF_SCALES]; /* lower bound of scales 1..3 */
    const char *prescale_method;
    double sigma_nsq;
    bool skip_scale0;

    enum FloatResampleMethod method;
    bool rescaled; /* the prescaled size differs from the input's */
    unsigned w, h; /* of scale 0, after prescaling */
    unsigned n_taps[FLOAT_VIF_SCALES];
    float taps[FLOAT_VIF_SCALES][FLOAT_FILTER_MAX_TAPS];
    FloatVifDsp dsp;

    FloatPlane ref, dis;               /* the pictures as floats */
    FloatPlane scaled_ref, scaled_dis; /* prescaled, when rescaled */
    FloatPlane next_ref, next_dis;     /* scales 1..3 */
    FloatVifMoments moments;
    float *line;
} FloatVifState;

static const VmafOption float_vif_options[] = {
    {
        .name = "debug",
        .help = "also write the pooled score and every scale's numerator and denominator",
        .offset = offsetof(FloatVifState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "vif_enhn_gain_limit",
        .alias = "egl",
        .help = "largest gain credited to the distorted picture; 1.0 credits no enhancement",
        .offset = offsetof(FloatVifState, gain_limit),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 100.0,
        .min = 1.0,
        .max = 100.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_kernelscale",
        .alias = "ks",
        .help = "multiplier of the Gaussian filters' width and deviation (one of 21 values, "
                "e.g. 0.5, 1, 1.5, 2)",
        .offset = offsetof(FloatVifState, kernel_scale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.1,
        .max = 4.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_prescale",
        .alias = "ps",
        .help = "factor both pictures are resized by before scoring (2.0 doubles each side)",
        .offset = offsetof(FloatVifState, prescale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.1,
        .max = 4.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_scale1_min_val",
        .alias = "s1miv",
        .help = "lower bound of the scale 1 score",
        .offset = offsetof(FloatVifState, min_val[1]),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_scale2_min_val",
        .alias = "s2miv",
        .help = "lower bound of the scale 2 score",
        .offset = offsetof(FloatVifState, min_val[2]),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_scale3_min_val",
        .alias = "s3miv",
        .help = "lower bound of the scale 3 score",
        .offset = offsetof(FloatVifState, min_val[3]),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_prescale_method",
        .alias = "pm",
        .help = "resampler of vif_prescale: nearest, bilinear, bicubic or lanczos4",
        .offset = offsetof(FloatVifState, prescale_method),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "nearest",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_sigma_nsq",
        .alias = "snsq",
        .help = "variance of the neural noise added to both pictures",
        .offset = offsetof(FloatVifState, sigma_nsq),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 2.0,
        .min = 0.0,
        .max = 5.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_skip_scale0",
        .alias = "ssclz",
        .help = "do not compute scale 0; its score is written as 0",
        .offset = offsetof(FloatVifState, skip_scale0),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const score_name[FLOAT_VIF_SCALES] = {
    "VMAF_feature_vif_scale0_score",
    "VMAF_feature_vif_scale1_score",
    "VMAF_feature_vif_scale2_score",
    "VMAF_feature_vif_scale3_score",
};
static const char *const num_name[FLOAT_VIF_SCALES] = {
    "vif_num_scale0",
    "vif_num_scale1",
    "vif_num_scale2",
    "vif_num_scale3",
};
static const char *const den_name[FLOAT_VIF_SCALES] = {
    "vif_den_scale0",
    "vif_den_scale1",
    "vif_den_scale2",
    "vif_den_scale3",
};

static const char *const float_vif_provided_features[] = {
    "VMAF_feature_vif_scale0_score",
    "VMAF_feature_vif_scale1_score",
    "VMAF_feature_vif_scale2_score",
    "VMAF_feature_vif_scale3_score",
    "vif",
    "vif_num",
    "vif_den",
    "vif_num_scale0",
    "vif_den_scale0",
    "vif_num_scale1",
    "vif_den_scale1",
    "vif_num_scale2",
    "vif_den_scale2",
    "vif_num_scale3",
    "vif_den_scale3",
    NULL,
};

/* ------------------------------------------------------------- filters -- */

/* Gaussian filters of n taps and deviation n / 5, n growing with the kernel
 * scale. */
static int make_filters(FloatVifState *s)
{
    const float ks = (float)s->kernel_scale;
    if (!float_kernel_scale_valid(ks)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_vif: vif_kernelscale %g is not one of the supported values (e.g. 0.5, 1, "
                 "1.5, 2, 3)",
                 s->kernel_scale);
        return -EINVAL;
    }
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        const unsigned n = float_kernel_taps(scale, ks);
        s->n_taps[scale] = n;
        float_kernel_gaussian(s->taps[scale], n, (int)n / 5.0f);
    }
    return 0;
}

/* Every scored scale must be larger than its filter's half width, or the
 * mirrored edges would leave the picture. */
static int check_size(const FloatVifState *s)
{
    const unsigned first = s->skip_scale0 ? 1 : 0;
    for (unsigned scale = first; scale < FLOAT_VIF_SCALES; scale++) {
        const unsigned half = s->n_taps[scale] / 2;
        if ((s->w >> scale) <= half || (s->h >> scale) <= half) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "float_vif: %ux%u (after prescaling) is too small: scale %u is %ux%u, its "
                     "%u-tap filter needs more than %u samples each way",
                     s->w, s->h, scale, s->w >> scale, s->h >> scale, s->n_taps[scale], half);
            return -EINVAL;
        }
    }
    return 0;
}

/* --------------------------------------------------------------- state -- */

static void free_buffers(FloatVifState *s)
{
    FloatPlane *const planes[] = {
        &s->ref,
        &s->dis,
        &s->scaled_ref,
        &s->scaled_dis,
        &s->next_ref,
        &s->next_dis,
        &s->moments.mu1,
        &s->moments.mu2,
        &s->moments.ref_sq,
        &s->moments.dis_sq,
        &s->moments.ref_dis,
    };
    for (unsigned i = 0; i < sizeof(planes) / sizeof(planes[0]); i++)
        float_plane_free(planes[i]);
    free(s->line);
    s->line = NULL;
}

/* The input planes (in_w x in_h), the prescaled ones, the moments at scale 0
 * size and the decimated planes of scales 1..3, which are at most half. */
static int allocate_buffers(FloatVifState *s, unsigned in_w, unsigned in_h)
{
    const struct {
        FloatPlane *plane;
        unsigned w, h;
    } planes[] = {
        {&s->ref, in_w, in_h},
        {&s->dis, in_w, in_h},
        {&s->scaled_ref, s->rescaled ? s->w : 0, s->h},
        {&s->scaled_dis, s->rescaled ? s->w : 0, s->h},
        {&s->next_ref, s->w / 2, s->h / 2},
        {&s->next_dis, s->w / 2, s->h / 2},
        {&s->moments.mu1, s->w, s->h},
        {&s->moments.mu2, s->w, s->h},
        {&s->moments.ref_sq, s->w, s->h},
        {&s->moments.dis_sq, s->w, s->h},
        {&s->moments.ref_dis, s->w, s->h},
    };
    for (unsigned i = 0; i < sizeof(planes) / sizeof(planes[0]); i++) {
        if (planes[i].w && float_plane_alloc(planes[i].plane, planes[i].w, planes[i].h))
            goto fail;
    }
    s->line = malloc(float_filter_line_size(s->w, s->n_taps[0]) * sizeof(float));
    if (!s->line)
        goto fail;
    return 0;

fail:
    free_buffers(s);
    return -ENOMEM;
}

static int float_vif_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    FloatVifState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "float_vif: %u-bit input is not supported (8, 10, 12, 16)",
                 bpc);
        return -EINVAL;
    }
    if (!float_resample_method_from_name(s->prescale_method, &s->method)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_vif: vif_prescale_method \"%s\" is not one of nearest, bilinear, bicubic, "
                 "lanczos4",
                 s->prescale_method);
        return -EINVAL;
    }
    int err = make_filters(s);
    if (err)
        return err;
    s->w = (unsigned)(int)(w * s->prescale + 0.5);
    s->h = (unsigned)(int)(h * s->prescale + 0.5);
    s->rescaled = s->w != w || s->h != h;
    if ((err = check_size(s)))
        return err;
    float_vif_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return allocate_buffers(s, w, h);
}

static FloatPlane resized(const FloatPlane *p, unsigned w, unsigned h)
{
    return (FloatPlane){.data = p->data, .stride = p->stride, .w = w, .h = h};
}

typedef struct ScaleSums {
    float num, den;
} ScaleSums;

/* The statistic of one scale of the pair (ref, dis). */
static ScaleSums score_scale(FloatVifState *s, unsigned scale, const FloatPlane *ref,
                             const FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const float *taps = s->taps[scale];
    const unsigned n = s->n_taps[scale], w = ref->w, h = ref->h;
    const FloatVifMoments m = {
        .mu1 = resized(&s->moments.mu1, w, h),
        .mu2 = resized(&s->moments.mu2, w, h),
        .ref_sq = resized(&s->moments.ref_sq, w, h),
        .dis_sq = resized(&s->moments.dis_sq, w, h),
        .ref_dis = resized(&s->moments.ref_dis, w, h),
    };
    c->filter(&m.mu1, ref, taps, n, s->line);
    c->filter(&m.mu2, dis, taps, n, s->line);
    c->filter_sq(&m.ref_sq, ref, taps, n, s->line);
    c->filter_sq(&m.dis_sq, dis, taps, n, s->line);
    c->filter_xy(&m.ref_dis, ref, dis, taps, n, s->line);

    const FloatVifStatParams params = {.gain_limit = s->gain_limit, .sigma_nsq = s->sigma_nsq};
    ScaleSums sums;
    s->dsp.statistic(&m, &params, &sums.num, &sums.den);
    return sums;
}

/* Low-passes *ref and *dis with the filter of `scale` and keeps every other
 * sample, replacing them by the pair of that scale (in next_ref/next_dis). */
static void next_scale(FloatVifState *s, unsigned scale, FloatPlane *ref, FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const FloatPlane mu1 = resized(&s->moments.mu1, ref->w, ref->h);
    const FloatPlane mu2 = resized(&s->moments.mu2, ref->w, ref->h);
    c->filter(&mu1, ref, s->taps[scale], s->n_taps[scale], s->line);
    c->filter(&mu2, dis, s->taps[scale], s->n_taps[scale], s->line);
    *ref = resized(&s->next_ref, ref->w / 2, ref->h / 2);
    *dis = resized(&s->next_dis, dis->w / 2, dis->h / 2);
    s->dsp.decimate(ref, &mu1);
    s->dsp.decimate(dis, &mu2);
}

static int write_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const ScaleSums *sums,
                              unsigned index)
{
    const FloatVifState *s = ctx->priv;
    const unsigned first = s->skip_scale0 ? 1 : 0;
    double num = 0.0, den = 0.0;
    for (unsigned scale = first; scale < FLOAT_VIF_SCALES; scale++) {
        num += sums[scale].num;
        den += sums[scale].den;
    }
    const struct {
        const char *name;
        double value;
    } pooled[] = {
        {"vif", den == 0.0 ? 1.0 : num / den},
        {"vif_num", num},
        {"vif_den", den},
    };
    for (unsigned i = 0; i < sizeof(pooled) / sizeof(pooled[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, pooled[i].name, pooled[i].value, index);
        if (err)
            return err;
    }
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        /* A skipped scale 0 reads as 0 / -1. */
        const bool skipped = scale < first;
        int err = vmaf_fex_append(ctx, fc, num_name[scale], skipped ? 0.0 : sums[scale].num, index);
        if (!err)
            err =
                vmaf_fex_append(ctx, fc, den_name[scale], skipped ? -1.0 : sums[scale].den, index);
        if (err)
            return err;
    }
    return 0;
}

static int float_vif_extract(VmafFexContext *ctx, VmafPicture *ref_pic, VmafPicture *dist_pic,
                             unsigned index, VmafFeatureCollector *fc)
{
    FloatVifState *s = ctx->priv;
    const FloatCommonDsp *c = &s->dsp.common;
    float_plane_load(c, &s->ref, ref_pic, 0);
    float_plane_load(c, &s->dis, dist_pic, 0);
    FloatPlane ref = s->ref, dis = s->dis;
    if (s->rescaled) {
        c->resample[s->method](&s->scaled_ref, &s->ref);
        c->resample[s->method](&s->scaled_dis, &s->dis);
        ref = s->scaled_ref;
        dis = s->scaled_dis;
    }

    ScaleSums sums[FLOAT_VIF_SCALES] = {0};
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        if (scale > 0)
            next_scale(s, scale, &ref, &dis);
        else if (s->skip_scale0)
            continue;
        sums[scale] = score_scale(s, scale, &ref, &dis);
    }

    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        /* double division of the float sums, as the reference */
        double score = (double)sums[scale].num / sums[scale].den;
        if (scale == 0)
            score = s->skip_scale0 ? 0.0 : score;
        else /* libvmaf's MAX: a NaN score gives the bound */
            score = score > s->min_val[scale] ? score : s->min_val[scale];
        const int err = vmaf_fex_append(ctx, fc, score_name[scale], score, index);
        if (err)
            return err;
    }
    return s->debug ? write_debug_scores(ctx, fc, sums, index) : 0;
}

static void float_vif_close(VmafFexContext *ctx)
{
    free_buffers(ctx->priv);
}

const VmafFeatureExtractor vmaf_fex_float_vif = {
    .name = "float_vif",
    .options = float_vif_options,
    .priv_size = sizeof(FloatVifState),
    .provided_features = float_vif_provided_features,
    .init = float_vif_init,
    .extract = float_vif_extract,
    .close = float_vif_close,
};
