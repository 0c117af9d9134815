/* SSIM (Wang et al. 2004) of the luma plane in float, bit-exact with
 * libvmaf's "float_ssim": an 11x11 Gaussian window (sigma 1.5) evaluated
 * only where it fits, on the picture box-decimated first so that its
 * smaller side is about 256 samples. Samples of any depth are brought to
 * the 8-bit range, so the constants are those of L = 255. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "float_ssim_dsp.h"
#include "ssim_db.h"
#include "ssim_pass.h"

#define SSIM_MAX_SCALE 10

typedef struct FloatSsimState {
    bool enable_lcs;
    bool enable_db;
    bool clip_db;
    int scale; /* 0: automatic */

    unsigned bpc, w, h;
    unsigned factor; /* decimation actually applied, 1 for none */
    unsigned scaled_w, scaled_h;
    double max_db;
    FloatSsimDsp dsp;
    float *planes; /* ref, dis and, when decimating, their decimated copies */
    float *ref, *dis, *scaled_ref, *scaled_dis;
    SsimPassBuffers pass;
} FloatSsimState;

static const VmafOption float_ssim_options[] = {
    {
        .name = "enable_lcs",
        .help = "also write the mean luminance, contrast and structure terms",
        .offset = offsetof(FloatSsimState, enable_lcs),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "enable_db",
        .help = "write the score as -10 log10(1 - SSIM) dB",
        .offset = offsetof(FloatSsimState, enable_db),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "clip_db",
        .help = "cap the dB score where half a squared step of error over the frame would be",
        .offset = offsetof(FloatSsimState, clip_db),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "scale",
        .help = "decimation factor before scoring: 0 picks one from the size, 1 keeps the size",
        .offset = offsetof(FloatSsimState, scale),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 0,
        .max = SSIM_MAX_SCALE,
    },
    {0},
};

static const char *const float_ssim_provided_features[] = {"float_ssim", NULL};

/* Round half up of a positive float, the rounding libvmaf's choice of the
 * factor uses. */
static int round_positive(float a)
{
    const int whole = (int)a;
    return a - whole >= 0.5 ? whole + 1 : whole;
}

/* One factor per 256 samples of the smaller side, rounded, at least 1. */
static unsigned automatic_factor(unsigned w, unsigned h)
{
    const int f = round_positive((float)(w < h ? w : h) / 256.0f);
    return f > 1 ? (unsigned)f : 1;
}

static int allocate_planes(FloatSsimState *s)
{
    const size_t full = (size_t)s->w * s->h;
    const size_t scaled = s->factor > 1 ? (size_t)s->scaled_w * s->scaled_h : 0;
    s->planes = malloc((2 * full + 2 * scaled) * sizeof(float));
    if (!s->planes)
        return -ENOMEM;
    s->ref = s->planes;
    s->dis = s->ref + full;
    s->scaled_ref = s->factor > 1 ? s->dis + full : s->ref;
    s->scaled_dis = s->factor > 1 ? s->scaled_ref + scaled : s->dis;

    const int err = ssim_pass_buffers_alloc(&s->pass, s->scaled_w);
    if (err) {
        free(s->planes);
        s->planes = NULL;
    }
    return err;
}

static int float_ssim_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                           unsigned w, unsigned h)
{
    FloatSsimState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_ssim: %u-bit input is not supported (8, 10, 12 or 16)", bpc);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->w = w;
    s->h = h;
    s->factor = s->scale > 0 ? (unsigned)s->scale : automatic_factor(w, h);
    s->scaled_w = s->factor > 1 ? ssim_decimated_size(w, s->factor) : w;
    s->scaled_h = s->factor > 1 ? ssim_decimated_size(h, s->factor) : h;
    if (s->scaled_w < SSIM_WINDOW || s->scaled_h < SSIM_WINDOW) {
        if (s->factor > 1)
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "float_ssim: %ux%u decimated by %u is %ux%u, smaller than the %ux%u window", w,
                     h, s->factor, s->scaled_w, s->scaled_h, SSIM_WINDOW, SSIM_WINDOW);
        else
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "float_ssim: %ux%u is smaller than the %ux%u window", w,
                     h, SSIM_WINDOW, SSIM_WINDOW);
        return -EINVAL;
    }
    s->max_db = s->clip_db ? ssim_max_db(bpc, w, h) : INFINITY;
    float_ssim_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return allocate_planes(s);
}

static int float_ssim_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                              unsigned index, VmafFeatureCollector *fc)
{
    FloatSsimState *s = ctx->priv;
    ssim_load_plane(&s->dsp, s->ref, ref, 0);
    ssim_load_plane(&s->dsp, s->dis, dist, 0);
    if (s->factor > 1) {
        s->dsp.box_decimate(s->scaled_ref, s->scaled_w, s->ref, s->w, s->w, s->h, s->factor);
        s->dsp.box_decimate(s->scaled_dis, s->scaled_w, s->dis, s->w, s->w, s->h, s->factor);
    }
    const SsimMeans m = ssim_pass(&s->dsp, &s->pass, s->scaled_ref, s->scaled_dis, s->scaled_w,
                                  s->scaled_w, s->scaled_h);

    const double score = s->enable_db ? ssim_to_db(m.ssim, s->max_db) : m.ssim;
    int err = vmaf_fex_append(ctx, fc, "float_ssim", score, index);
    if (err || !s->enable_lcs)
        return err;
    const struct {
        const char *name;
        float value;
    } terms[] = {{"float_ssim_l", m.l}, {"float_ssim_c", m.c}, {"float_ssim_s", m.s}};
    for (unsigned i = 0; !err && i < 3; i++)
        err = vmaf_fex_append(ctx, fc, terms[i].name, terms[i].value, index);
    return err;
}

static void float_ssim_close(VmafFexContext *ctx)
{
    FloatSsimState *s = ctx->priv;
    ssim_pass_buffers_free(&s->pass);
    free(s->planes);
}

const VmafFeatureExtractor vmaf_fex_float_ssim = {
    .name = "float_ssim",
    .options = float_ssim_options,
    .priv_size = sizeof(FloatSsimState),
    .provided_features = float_ssim_provided_features,
    .init = float_ssim_init,
    .extract = float_ssim_extract,
    .close = float_ssim_close,
};
