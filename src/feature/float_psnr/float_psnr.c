/* libvmaf's float PSNR of the luma plane, with samples at 8-bit scale (so a
 * 10-bit picture peaks at 255.75) and the score capped by depth. */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "float_psnr_dsp.h"
#include "float_psnr_range.h"

typedef struct FloatPsnrState {
    unsigned bpc;
    double peak, psnr_max;
    FloatPsnrDsp dsp;
} FloatPsnrState;

static const char *const float_psnr_features[] = {"float_psnr", NULL};

static int float_psnr_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                           unsigned w, unsigned h)
{
    FloatPsnrState *s = ctx->priv;
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_psnr: %u-bit input is not supported (8, 10, 12 or 16)", bpc);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->peak = float_psnr_peak(bpc);
    s->psnr_max = float_psnr_max(bpc);
    float_psnr_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return 0;
}

static int float_psnr_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                              unsigned index, VmafFeatureCollector *fc)
{
    const FloatPsnrState *s = ctx->priv;
    const int w = (int)ref->w[0], h = (int)ref->h[0];
    double sse;
    if (s->bpc == 8)
        sse = s->dsp.sse_8(ref->data[0], ref->stride[0], dist->data[0], dist->stride[0], w, h);
    else
        sse = s->dsp.sse_16(ref->data[0], ref->stride[0], dist->data[0], dist->stride[0], w, h,
                            (float)(1u << (s->bpc - 8)));
    const double mse = sse / (w * h);
    /* The error floor keeps identical pictures finite before the cap. */
    const double floor = 1e-10;
    double psnr = 10 * log10(s->peak * s->peak / (mse > floor ? mse : floor));
    if (psnr > s->psnr_max)
        psnr = s->psnr_max;
    return vmaf_fex_append(ctx, fc, "float_psnr", psnr, index);
}

const VmafFeatureExtractor vmaf_fex_float_psnr = {
    .name = "float_psnr",
    .priv_size = sizeof(FloatPsnrState),
    .provided_features = float_psnr_features,
    .init = float_psnr_init,
    .extract = float_psnr_extract,
};
