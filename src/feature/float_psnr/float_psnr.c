/* libvmaf's float PSNR of the luma plane, with samples at 8-bit scale (so a
 * 10-bit picture peaks at 255.75) and the score capped by depth. */
#include <stdint.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_psnr_common.h"
#include "float_psnr_dsp.h"

typedef struct FloatPsnrState {
    unsigned bpc;
    FloatPsnrDsp dsp;
} FloatPsnrState;

static int float_psnr_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                           unsigned w, unsigned h)
{
    FloatPsnrState *s = ctx->priv;
    const int err = float_plane_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    s->bpc = bpc;
    float_psnr_dsp_init(&s->dsp, ctx->cpu_flags);
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
    return float_psnr_append(ctx, fc, s->bpc, w, h, sse, index);
}

const VmafFeatureExtractor vmaf_fex_float_psnr = {
    .name = "float_psnr",
    .priv_size = sizeof(FloatPsnrState),
    .provided_features = float_psnr_provided_features,
    .init = float_psnr_init,
    .extract = float_psnr_extract,
    .planes = vmaf_fex_planes_luma,
};
