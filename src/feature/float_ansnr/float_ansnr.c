/* libvmaf's ANSNR: the SNR of a low-passed reference against a more
 * strongly low-passed distorted picture (luma at 8-bit scale, centred on 0),
 * and the PSNR of the same noise (float_anpsnr). */
#include <stdint.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_ansnr_common.h"
#include "float_ansnr_dsp.h"

typedef struct FloatAnsnrState {
    unsigned bpc;
    FloatAnsnrKernels kernels;
    FloatPlane ref, dis, ref_filtered, dis_filtered;
    FloatCommonDsp common;
    FloatAnsnrDsp dsp;
} FloatAnsnrState;

static void float_ansnr_close(VmafFexContext *ctx)
{
    FloatAnsnrState *s = ctx->priv;
    float_plane_free(&s->ref);
    float_plane_free(&s->dis);
    float_plane_free(&s->ref_filtered);
    float_plane_free(&s->dis_filtered);
}

static int alloc_planes(FloatAnsnrState *s, unsigned w, unsigned h)
{
    int err = float_plane_alloc(&s->ref, w, h);
    if (!err)
        err = float_plane_alloc(&s->dis, w, h);
    if (!err)
        err = float_plane_alloc(&s->ref_filtered, w, h);
    if (!err)
        err = float_plane_alloc(&s->dis_filtered, w, h);
    return err;
}

static int float_ansnr_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h)
{
    FloatAnsnrState *s = ctx->priv;
    int err = float_ansnr_check_format(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    s->bpc = bpc;
    float_ansnr_kernels(&s->kernels);
    float_common_dsp_init(&s->common, ctx->cpu_flags);
    float_ansnr_dsp_init(&s->dsp, ctx->cpu_flags);
    err = alloc_planes(s, w, h);
    if (err)
        float_ansnr_close(ctx);
    return err;
}

static int float_ansnr_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                               unsigned index, VmafFeatureCollector *fc)
{
    FloatAnsnrState *s = ctx->priv;
    float_plane_load(&s->common, &s->ref, ref, 0);
    float_plane_load(&s->common, &s->dis, dist, 0);
    s->dsp.filter(&s->ref_filtered, &s->ref, s->kernels.ref, FLOAT_ANSNR_REF_TAPS);
    s->dsp.filter(&s->dis_filtered, &s->dis, s->kernels.dis, FLOAT_ANSNR_DIS_TAPS);
    FloatAnsnrEnergy e;
    s->dsp.energies(&s->ref_filtered, &s->dis_filtered, &e);
    return float_ansnr_append(ctx, fc, s->bpc, s->ref.w, s->ref.h, e, index);
}

const VmafFeatureExtractor vmaf_fex_float_ansnr = {
    .name = "float_ansnr",
    .priv_size = sizeof(FloatAnsnrState),
    .provided_features = float_ansnr_provided_features,
    .init = float_ansnr_init,
    .extract = float_ansnr_extract,
    .planes = vmaf_fex_planes_luma,
    .close = float_ansnr_close,
};
