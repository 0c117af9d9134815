/* Multi-scale SSIM (Wang, Simoncelli, Bovik 2003) in float, bit-exact with
 * libvmaf's "float_ms_ssim" on the luma plane: five scales, each the previous
 * one low-passed and halved, scored with float_ssim's window (no box
 * decimation), and combined as the product of the mean terms raised to
 * per-scale exponents. enable_chroma (not in libvmaf) scores the chroma
 * planes the same way, each at its own size. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "feature/ssim_pass/ssim_pass.h"
#include "float_ms_ssim_common.h"
#include "float_ms_ssim_dsp.h"

typedef struct FloatMsSsimState {
    FloatMsSsimOptions opt;
    MsSsimGeometry geo;
    /* Every plane's scales, stride the scale's width, in one allocation. */
    float *ref[3][MS_SSIM_SCALES], *dis[3][MS_SSIM_SCALES];
    FloatSsimDsp ssim_dsp;
    FloatMsSsimDsp dsp;
    float *pyramids;
    SsimPassBuffers pass;
} FloatMsSsimState;

static const VmafOption float_ms_ssim_options[] = {
    FLOAT_MS_SSIM_OPTIONS(FloatMsSsimState, opt),
    {0},
};

static int allocate_pyramids(FloatMsSsimState *s)
{
    const MsSsimGeometry *g = &s->geo;
    size_t total = 0;
    for (unsigned p = 0; p < g->planes; p++) {
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++)
            total += 2 * (size_t)g->w[p][i] * g->h[p][i];
    }
    float *block = malloc(total * sizeof(*block));
    if (!block)
        return -ENOMEM;
    s->pyramids = block;
    for (unsigned p = 0; p < g->planes; p++) {
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
            const size_t n = (size_t)g->w[p][i] * g->h[p][i];
            s->ref[p][i] = block;
            s->dis[p][i] = block + n;
            block += 2 * n;
        }
    }
    /* No plane is wider than luma. */
    const int err = ssim_pass_buffers_alloc(&s->pass, g->w[0][0]);
    if (err) {
        free(s->pyramids);
        s->pyramids = NULL;
    }
    return err;
}

static int float_ms_ssim_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                              unsigned w, unsigned h)
{
    FloatMsSsimState *s = ctx->priv;
    const int err = ms_ssim_geometry(&s->geo, &s->opt, ctx->fex->name, pix_fmt, bpc, w, h);
    if (err)
        return err;
    float_ssim_dsp_init(&s->ssim_dsp, ctx->cpu_flags);
    float_ms_ssim_dsp_init(&s->dsp, ctx->cpu_flags);
    return allocate_pyramids(s);
}

/* The means of every scale of plane p (already in ref[p][0], dis[p][0]). */
static void plane_means(const FloatMsSsimState *s, unsigned p, SsimMeans means[MS_SSIM_SCALES])
{
    const unsigned *w = s->geo.w[p], *h = s->geo.h[p];
    for (unsigned i = 1; i < MS_SSIM_SCALES; i++) {
        s->dsp.decimate(s->ref[p][i], w[i], s->ref[p][i - 1], w[i - 1], w[i - 1], h[i - 1]);
        s->dsp.decimate(s->dis[p][i], w[i], s->dis[p][i - 1], w[i - 1], w[i - 1], h[i - 1]);
    }
    for (unsigned i = 0; i < MS_SSIM_SCALES; i++)
        means[i] = ssim_pass(&s->ssim_dsp, &s->pass, s->ref[p][i], s->dis[p][i], w[i], w[i], h[i]);
}

static int float_ms_ssim_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                 unsigned index, VmafFeatureCollector *fc)
{
    FloatMsSsimState *s = ctx->priv;
    int err = 0;
    for (unsigned p = 0; !err && p < s->geo.planes; p++) {
        SsimMeans means[MS_SSIM_SCALES];
        ssim_load_plane(&s->ssim_dsp, s->ref[p][0], ref, p);
        ssim_load_plane(&s->ssim_dsp, s->dis[p][0], dist, p);
        plane_means(s, p, means);
        err = ms_ssim_append_plane(ctx, fc, &s->opt, &s->geo, p, means, index);
    }
    return err;
}

static void float_ms_ssim_close(VmafFexContext *ctx)
{
    FloatMsSsimState *s = ctx->priv;
    ssim_pass_buffers_free(&s->pass);
    free(s->pyramids);
}

const VmafFeatureExtractor vmaf_fex_float_ms_ssim = {
    .name = "float_ms_ssim",
    .options = float_ms_ssim_options,
    .priv_size = sizeof(FloatMsSsimState),
    .provided_features = float_ms_ssim_provided_features,
    .init = float_ms_ssim_init,
    .extract = float_ms_ssim_extract,
    .close = float_ms_ssim_close,
};
