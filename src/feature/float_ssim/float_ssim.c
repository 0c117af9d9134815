/* SSIM (Wang et al. 2004) of the luma plane in float, bit-exact with
 * libvmaf's "float_ssim": an 11x11 Gaussian window (sigma 1.5) evaluated
 * only where it fits, on the picture box-decimated first so that its
 * smaller side is about 256 samples. Samples of any depth are brought to
 * the 8-bit range, so the constants are those of L = 255. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "float_ssim_common.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "feature/ssim_pass/ssim_pass.h"

typedef struct FloatSsimState {
    FloatSsimOptions opt;
    unsigned w, h;
    FloatSsimGeometry geom;
    FloatSsimDsp dsp;
    float *planes; /* ref, dis and, when decimating, their decimated copies */
    float *ref, *dis, *scaled_ref, *scaled_dis;
    SsimPassBuffers pass;
} FloatSsimState;

static const VmafOption float_ssim_options[] = {
    FLOAT_SSIM_OPTIONS(FloatSsimState, opt),
    {0},
};

static int allocate_planes(FloatSsimState *s)
{
    const FloatSsimGeometry *g = &s->geom;
    const size_t full = (size_t)s->w * s->h;
    const size_t scaled = g->factor > 1 ? (size_t)g->scaled_w * g->scaled_h : 0;
    s->planes = malloc((2 * full + 2 * scaled) * sizeof(float));
    if (!s->planes)
        return -ENOMEM;
    s->ref = s->planes;
    s->dis = s->ref + full;
    s->scaled_ref = g->factor > 1 ? s->dis + full : s->ref;
    s->scaled_dis = g->factor > 1 ? s->scaled_ref + scaled : s->dis;

    const int err = ssim_pass_buffers_alloc(&s->pass, g->scaled_w);
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

    const int err = float_ssim_geometry(&s->geom, &s->opt, ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    s->w = w;
    s->h = h;
    float_ssim_dsp_init(&s->dsp, ctx->cpu_flags);
    return allocate_planes(s);
}

static int float_ssim_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                              unsigned index, VmafFeatureCollector *fc)
{
    FloatSsimState *s = ctx->priv;
    const FloatSsimGeometry *g = &s->geom;
    ssim_load_plane(&s->dsp, s->ref, ref, 0);
    ssim_load_plane(&s->dsp, s->dis, dist, 0);
    if (g->factor > 1) {
        s->dsp.box_decimate(s->scaled_ref, g->scaled_w, s->ref, s->w, s->w, s->h, g->factor);
        s->dsp.box_decimate(s->scaled_dis, g->scaled_w, s->dis, s->w, s->w, s->h, g->factor);
    }
    const SsimMeans m = ssim_pass(&s->dsp, &s->pass, s->scaled_ref, s->scaled_dis, g->scaled_w,
                                  g->scaled_w, g->scaled_h);
    return float_ssim_append_scores(ctx, fc, &s->opt, g, &m, index);
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
    .planes = vmaf_fex_planes_luma,
    .close = float_ssim_close,
};
