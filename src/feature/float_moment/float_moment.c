/* libvmaf's float moments: the mean and the mean square of each picture's
 * luma, with samples at 8-bit scale (a 10-bit sample divided by 4). */
#include <errno.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "float_moment_dsp.h"

typedef struct FloatMomentState {
    unsigned bpc;
    FloatMomentDsp dsp;
} FloatMomentState;

/* As in libvmaf, the provided name is the extractor's, not an emitted one. */
static const char *const float_moment_features[] = {"float_moment", NULL};

static int float_moment_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                             unsigned w, unsigned h)
{
    FloatMomentState *s = ctx->priv;
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_moment: %u-bit input is not supported (8, 10, 12 or 16)", bpc);
        return -EINVAL;
    }
    s->bpc = bpc;
    float_moment_dsp_init(&s->dsp, vmaf_get_cpu_flags());
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
    const int pixels = (int)(ref->w[0] * ref->h[0]);
    double r[2], d[2];
    luma_sums(s, ref, r);
    luma_sums(s, dist, d);
    int err = vmaf_fex_append(ctx, fc, "float_moment_ref1st", r[0] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_dis1st", d[0] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_ref2nd", r[1] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_dis2nd", d[1] / pixels, index);
    return err;
}

const VmafFeatureExtractor vmaf_fex_float_moment = {
    .name = "float_moment",
    .priv_size = sizeof(FloatMomentState),
    .provided_features = float_moment_features,
    .init = float_moment_init,
    .extract = float_moment_extract,
};
