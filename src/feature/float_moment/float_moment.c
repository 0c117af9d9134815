/* libvmaf's float moments: the mean and the mean square of each picture's
 * luma, with samples at 8-bit scale (a 10-bit sample divided by 4). */
#include <stdint.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_moment_common.h"
#include "float_moment_dsp.h"

typedef struct FloatMomentState {
    unsigned bpc;
    FloatMomentDsp dsp;
} FloatMomentState;

static int float_moment_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                             unsigned w, unsigned h)
{
    FloatMomentState *s = ctx->priv;
    const int err = float_plane_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    s->bpc = bpc;
    float_moment_dsp_init(&s->dsp, ctx->cpu_flags);
    return 0;
}

/* sum[0] and sum[1] of the luma of pic. */
static void luma_sums(const FloatMomentState *s, const VmafPicture *pic, double sum[2])
{
    if (s->bpc == 8)
        s->dsp.sums_8(pic->data[0], pic->stride[0], pic->w[0], pic->h[0], sum);
    else
        s->dsp.sums_16(pic->data[0], pic->stride[0], pic->w[0], pic->h[0],
                       (float)(1u << (s->bpc - 8)), sum);
}

static int float_moment_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                unsigned index, VmafFeatureCollector *fc)
{
    const FloatMomentState *s = ctx->priv;
    double r[2], d[2];
    luma_sums(s, ref, r);
    luma_sums(s, dist, d);
    return float_moment_append(ctx, fc, r, d, (int)(ref->w[0] * ref->h[0]), index);
}

const VmafFeatureExtractor vmaf_fex_float_moment = {
    .name = "float_moment",
    .priv_size = sizeof(FloatMomentState),
    .provided_features = float_moment_provided_features,
    .init = float_moment_init,
    .extract = float_moment_extract,
    .planes = vmaf_fex_planes_luma,
};
