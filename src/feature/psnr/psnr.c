/* Integer PSNR per plane, capped so that identical frames give a finite
 * score. With enable_apsnr it also pools the squared errors of the whole run
 * into one aggregate PSNR per plane, which needs the frames in one instance:
 * the extractor is temporal. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "psnr_dsp.h"
#include "psnr_common.h"

typedef struct PsnrState {
    bool enable_chroma;
    bool enable_mse;
    bool enable_apsnr;
    bool reduced_hbd_peak;
    double min_sse;

    unsigned bpc;
    uint32_t peak;
    double psnr_max[3];
    uint64_t run_sse[3], run_pixels[3]; /* for apsnr */
    PsnrDsp dsp;
} PsnrState;

static const VmafOption psnr_options[] = {
    PSNR_OPTION_ENABLE_CHROMA(PsnrState),
    PSNR_OPTION_ENABLE_MSE(PsnrState),
    {
        .name = "enable_apsnr",
        .help = "also write the PSNR of the squared errors pooled over all frames",
        .offset = offsetof(PsnrState, enable_apsnr),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    PSNR_OPTIONS_PEAK(PsnrState),
    {0},
};

/* NULL-terminated: also the provided features. */
static const char *const psnr_feature[4] = {"psnr_y", "psnr_cb", "psnr_cr", NULL};
static const char *const mse_feature[3] = {"mse_y", "mse_cb", "mse_cr"};
static const char *const apsnr_metric[3] = {"apsnr_y", "apsnr_cb", "apsnr_cr"};

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

/* The chroma size is the luma size halved and rounded down, as the chroma
 * planes are. */
static unsigned plane_pixels(enum VmafPixelFormat pix_fmt, unsigned plane, unsigned w, unsigned h)
{
    const bool half_w = plane && pix_fmt != VMAF_PIX_FMT_YUV444P;
    const bool half_h = plane && pix_fmt == VMAF_PIX_FMT_YUV420P;
    return (half_w ? w / 2 : w) * (half_h ? h / 2 : h);
}

static int psnr_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h)
{
    PsnrState *s = ctx->priv;
    int err = psnr_check_depth("psnr", bpc);
    if (err)
        return err;
    s->bpc = bpc;
    s->peak = psnr_peak(bpc, s->reduced_hbd_peak);
    if (pix_fmt == VMAF_PIX_FMT_YUV400P)
        s->enable_chroma = false;
    for (unsigned p = 0; p < 3; p++)
        s->psnr_max[p] = psnr_cap(s->min_sse, bpc, s->peak, plane_pixels(pix_fmt, p, w, h));
    psnr_dsp_init(&s->dsp, ctx->cpu_flags);
    return 0;
}

static uint64_t plane_sse(const PsnrState *s, const VmafPicture *ref, const VmafPicture *dist,
                          unsigned p)
{
    if (s->bpc == 8)
        return s->dsp.sse_8(ref->data[p], ref->stride[p], dist->data[p], dist->stride[p], ref->w[p],
                            ref->h[p]);
    return s->dsp.sse_16(ref->data[p], ref->stride[p], dist->data[p], dist->stride[p], ref->w[p],
                         ref->h[p]);
}

static int psnr_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                        VmafFeatureCollector *fc)
{
    PsnrState *s = ctx->priv;
    const unsigned planes = s->enable_chroma ? 3 : 1;
    int err = 0;

    for (unsigned p = 0; !err && p < planes; p++) {
        const uint64_t sse = plane_sse(s, ref, dist, p);
        const unsigned pixels = ref->w[p] * ref->h[p];
        if (s->enable_apsnr) {
            s->run_sse[p] += sse;
            s->run_pixels[p] += pixels;
        }
        const double mse = (double)sse / pixels;
        const double psnr = psnr_from_mse(mse, s->peak, s->psnr_max[p]);
        err = vmaf_fex_append(ctx, fc, psnr_feature[p], psnr, index);
        if (!err && s->enable_mse)
            err = vmaf_fex_append(ctx, fc, mse_feature[p], mse, index);
    }
    return err;
}

static bool psnr_totals_run(const VmafFexContext *ctx)
{
    const PsnrState *s = ctx->priv;
    return s->enable_apsnr;
}

static int psnr_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    const PsnrState *s = ctx->priv;
    if (!s->enable_apsnr)
        return 1;

    int err = 0;
    /* All three planes are written even without chroma, as the reference
     * does: a plane never measured comes out as -inf. */
    for (unsigned p = 0; !err && p < 3; p++) {
        const double apsnr =
            10.0 * (log10(s->peak * s->peak) + log10(s->run_pixels[p]) - log10(s->run_sse[p]));
        const uint64_t cap_arg = s->peak * s->peak * s->run_pixels[p] * 2;
        const double cap = ceil(10.0 * log10(cap_arg));
        err = vmaf_feature_collector_set_aggregate(fc, apsnr_metric[p], min_of(apsnr, cap));
    }
    return err < 0 ? err : 1;
}

static unsigned psnr_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    const PsnrState *s = ctx->priv;
    return psnr_planes_read(s->enable_chroma, pix_fmt);
}

const VmafFeatureExtractor vmaf_fex_psnr = {
    .name = "psnr",
    .options = psnr_options,
    .priv_size = sizeof(PsnrState),
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL,
    .provided_features = psnr_feature,
    .init = psnr_init,
    .extract = psnr_extract,
    .planes = psnr_planes,
    .flush = psnr_flush,
    .totals_run = psnr_totals_run,
};
