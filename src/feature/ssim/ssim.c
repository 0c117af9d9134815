/* Integer-moment SSIM of the luma plane ("ssim"), the Xiph/Daala form that
 * libvmaf's tree carries in integer_ssim.c without building it: a 9-tap
 * integer Gaussian (sigma 1.5) accumulated in exact 64-bit sums, the
 * window cut at the picture's edges instead of the picture being shrunk,
 * and the per-pixel SSIM weighted by the mass of the window left there.
 * Constants follow the input's own peak (2^bpc - 1). docs/integer-ssim.md
 * says what it computes and how it compares with float_ssim. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "ssim_common.h"
#include "ssim_dsp.h"

typedef struct SsimState {
    unsigned bpc, w, h;
    SsimDsp dsp;
    double *block;           /* one allocation for all below */
    SsimRow ring[SSIM_TAPS]; /* horizontal moments of the last SSIM_TAPS rows */
    SsimRow zero;            /* the moments of rows outside the picture */
    double *mass_x, *mass_y; /* window mass per column and per row */
} SsimState;

static const char *const ssim_provided_features[] = SSIM_PROVIDED_FEATURES;

static int ssim_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h)
{
    SsimState *s = ctx->priv;
    (void)pix_fmt; /* luma only */
    const int err = ssim_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    s->bpc = bpc;
    s->w = w;
    s->h = h;
    const size_t row_values = (size_t)SSIM_MOMENT_COUNT * w;
    s->block = calloc((SSIM_TAPS + 1) * row_values + w + h, sizeof(*s->block));
    if (!s->block)
        return -ENOMEM;
    double *next = s->block;
    for (unsigned k = 0; k <= SSIM_TAPS; k++) {
        SsimRow *row = k < SSIM_TAPS ? &s->ring[k] : &s->zero;
        for (unsigned m = 0; m < SSIM_MOMENT_COUNT; m++, next += w)
            row->moment[m] = next;
    }
    s->mass_x = next;
    s->mass_y = next + w;
    ssim_window_mass(s->mass_x, w);
    ssim_window_mass(s->mass_y, h);
    ssim_dsp_init(&s->dsp, ctx->cpu_flags);
    return 0;
}

static const SsimRow *ring_row(const SsimState *s, unsigned y)
{
    return &s->ring[y % SSIM_TAPS];
}

static void horizontal_moments(const SsimState *s, const VmafPicture *ref, const VmafPicture *dis,
                               unsigned y)
{
    const uint8_t *r = (const uint8_t *)ref->data[0] + y * ref->stride[0];
    const uint8_t *d = (const uint8_t *)dis->data[0] + y * dis->stride[0];
    if (s->bpc == 8)
        s->dsp.moments_row_8(ring_row(s, y), r, d, s->w);
    else
        s->dsp.moments_row_16(ring_row(s, y), (const uint16_t *)r, (const uint16_t *)d, s->w);
}

/* Output row y from input rows y - SSIM_RADIUS .. y + SSIM_RADIUS, the ones
 * inside the picture. */
static void score_output_row(const SsimState *s, unsigned y, double *ssim, double *weight)
{
    const SsimRow *rows[SSIM_TAPS];
    for (unsigned k = 0; k < SSIM_TAPS; k++) {
        const unsigned in = y + k; /* input row + SSIM_RADIUS */
        rows[k] =
            in >= SSIM_RADIUS && in - SSIM_RADIUS < s->h ? ring_row(s, in - SSIM_RADIUS) : &s->zero;
    }
    s->dsp.score_row(ssim, weight, rows, s->mass_x, s->mass_y[y], s->w, (1u << s->bpc) - 1);
}

static int ssim_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                        VmafFeatureCollector *fc)
{
    const SsimState *s = ctx->priv;
    double ssim = 0.0, weight = 0.0;
    /* Input row y completes the window of output row y - SSIM_RADIUS. */
    for (unsigned y = 0; y < s->h + SSIM_RADIUS; y++) {
        if (y < s->h)
            horizontal_moments(s, ref, dist, y);
        if (y >= SSIM_RADIUS)
            score_output_row(s, y - SSIM_RADIUS, &ssim, &weight);
    }
    return ssim_append_score(ctx, fc, ssim, weight, index);
}

static void ssim_close(VmafFexContext *ctx)
{
    SsimState *s = ctx->priv;
    free(s->block);
}

const VmafFeatureExtractor vmaf_fex_ssim = {
    .name = "ssim",
    .priv_size = sizeof(SsimState),
    .provided_features = ssim_provided_features,
    .init = ssim_init,
    .extract = ssim_extract,
    .planes = vmaf_fex_planes_luma,
    .close = ssim_close,
};
