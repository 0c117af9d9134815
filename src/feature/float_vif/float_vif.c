/* Float VIF (visual information fidelity) of the luma plane at four scales,
 * equal to libvmaf's "float_vif" extractor: the float twin of integer VIF,
 * with a Gaussian filter per scale whose width follows vif_kernelscale, an
 * optional prescaling of both pictures, and a tunable noise variance. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_vif_common.h"
#include "float_vif_dsp.h"

typedef struct FloatVifState {
    FloatVifOptions opt;

    FloatVifSetup setup;
    bool rescaled; /* the prescaled size differs from the input's */
    FloatVifDsp dsp;

    FloatPlane ref, dis;               /* the pictures as floats */
    FloatPlane scaled_ref, scaled_dis; /* prescaled, when rescaled */
    /* The pair of scales 1 and 3 (half), and of scale 2 (a quarter): a
     * scale is decimated from the one before while that is still read. */
    FloatPlane odd_ref, odd_dis, even_ref, even_dis;
    FloatVifMoments band; /* FLOAT_VIF_BAND_ROWS rows of each moment */
    float *line;
} FloatVifState;

/* The moments are taken a band of rows at a time, kept in L2 rather than as
 * five planes of the frame's size (40 MB a thread at 1080p). */
#define FLOAT_VIF_BAND_ROWS 16

static const VmafOption float_vif_options[] = {
    FLOAT_VIF_OPTIONS(FloatVifState, opt),
    {0},
};

/* --------------------------------------------------------------- state -- */

static void free_buffers(FloatVifState *s)
{
    FloatPlane *const planes[] = {
        &s->ref,         &s->dis,         &s->scaled_ref,   &s->scaled_dis, &s->odd_ref,
        &s->odd_dis,     &s->even_ref,    &s->even_dis,     &s->band.mu1,   &s->band.mu2,
        &s->band.ref_sq, &s->band.dis_sq, &s->band.ref_dis,
    };
    for (unsigned i = 0; i < sizeof(planes) / sizeof(planes[0]); i++)
        float_plane_free(planes[i]);
    free(s->line);
    s->line = NULL;
}

/* The input planes (in_w x in_h), the prescaled ones, a band of the moments
 * at scale 0 width and the decimated planes of scales 1..3. */
static int allocate_buffers(FloatVifState *s, unsigned in_w, unsigned in_h)
{
    const unsigned w = s->setup.w, h = s->setup.h;
    const unsigned band = h < FLOAT_VIF_BAND_ROWS ? h : FLOAT_VIF_BAND_ROWS;
    const struct {
        FloatPlane *plane;
        unsigned w, h;
    } planes[] = {
        {&s->ref, in_w, in_h},
        {&s->dis, in_w, in_h},
        {&s->scaled_ref, s->rescaled ? w : 0, h},
        {&s->scaled_dis, s->rescaled ? w : 0, h},
        {&s->odd_ref, w / 2, h / 2},
        {&s->odd_dis, w / 2, h / 2},
        {&s->even_ref, w / 4, h / 4},
        {&s->even_dis, w / 4, h / 4},
        {&s->band.mu1, w, band},
        {&s->band.mu2, w, band},
        {&s->band.ref_sq, w, band},
        {&s->band.dis_sq, w, band},
        {&s->band.ref_dis, w, band},
    };
    for (unsigned i = 0; i < sizeof(planes) / sizeof(planes[0]); i++) {
        if (planes[i].w && float_plane_alloc(planes[i].plane, planes[i].w, planes[i].h))
            goto fail;
    }
    s->line = malloc(float_filter_line_size(w, s->setup.n_taps[0]) * sizeof(float));
    if (!s->line)
        goto fail;
    return 0;

fail:
    free_buffers(s);
    return -ENOMEM;
}

static int float_vif_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    FloatVifState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    const int err = float_vif_setup(ctx->fex->name, &s->opt, bpc, w, h, &s->setup);
    if (err)
        return err;
    s->rescaled = s->setup.w != w || s->setup.h != h;
    float_vif_dsp_init(&s->dsp, ctx->cpu_flags);
    return allocate_buffers(s, w, h);
}

static FloatPlane rows_of(const FloatPlane *p, unsigned y0, unsigned w, unsigned h)
{
    return (FloatPlane){.data = p->data + y0 * p->stride, .stride = p->stride, .w = w, .h = h};
}

static unsigned band_rows(unsigned y0, unsigned h)
{
    return h - y0 < FLOAT_VIF_BAND_ROWS ? h - y0 : FLOAT_VIF_BAND_ROWS;
}

/* The statistic of one scale of the pair (ref, dis), a band of rows at a
 * time: each band's rows add to the sums in order, as the whole plane's. */
static FloatVifSums score_scale(FloatVifState *s, unsigned scale, const FloatPlane *ref,
                                const FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const float *taps = s->setup.taps[scale];
    const unsigned n = s->setup.n_taps[scale], w = ref->w, h = ref->h;
    const FloatVifStatParams params = {.gain_limit = s->opt.gain_limit,
                                       .sigma_nsq = s->opt.sigma_nsq};
    FloatVifSums sums = {0};
    for (unsigned y0 = 0; y0 < h; y0 += FLOAT_VIF_BAND_ROWS) {
        const unsigned rows = band_rows(y0, h);
        const FloatVifMoments m = {
            .mu1 = rows_of(&s->band.mu1, 0, w, rows),
            .mu2 = rows_of(&s->band.mu2, 0, w, rows),
            .ref_sq = rows_of(&s->band.ref_sq, 0, w, rows),
            .dis_sq = rows_of(&s->band.dis_sq, 0, w, rows),
            .ref_dis = rows_of(&s->band.ref_dis, 0, w, rows),
        };
        c->filter(&m.mu1, y0, ref, taps, n, s->line);
        c->filter(&m.mu2, y0, dis, taps, n, s->line);
        c->filter_sq(&m.ref_sq, y0, ref, taps, n, s->line);
        c->filter_sq(&m.dis_sq, y0, dis, taps, n, s->line);
        c->filter_xy(&m.ref_dis, y0, ref, dis, taps, n, s->line);
        s->dsp.statistic(&m, &params, &sums.num, &sums.den);
    }
    return sums;
}

/* Low-passes *ref and *dis with the filter of `scale` and keeps every other
 * sample, a band of rows at a time, replacing them by the pair of that
 * scale (in the odd or even planes, which the pair of the scale before is
 * not). */
static void next_scale(FloatVifState *s, unsigned scale, FloatPlane *ref, FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const float *taps = s->setup.taps[scale];
    const unsigned n = s->setup.n_taps[scale], w = ref->w, half_h = ref->h / 2;
    const FloatPlane *next_ref = scale % 2 ? &s->odd_ref : &s->even_ref;
    const FloatPlane *next_dis = scale % 2 ? &s->odd_dis : &s->even_dis;
    /* Bands of an even number of rows, up to the last row decimated. */
    for (unsigned y0 = 0; y0 < 2 * half_h; y0 += FLOAT_VIF_BAND_ROWS) {
        const unsigned rows = band_rows(y0, 2 * half_h);
        const FloatPlane mu1 = rows_of(&s->band.mu1, 0, w, rows);
        const FloatPlane mu2 = rows_of(&s->band.mu2, 0, w, rows);
        /* The decimation keeps the even rows: the odd ones are not made. */
        for (unsigned y = 0; y < rows; y += 2) {
            const FloatPlane row1 = rows_of(&mu1, y, w, 1), row2 = rows_of(&mu2, y, w, 1);
            c->filter(&row1, y0 + y, ref, taps, n, s->line);
            c->filter(&row2, y0 + y, dis, taps, n, s->line);
        }
        const FloatPlane half_ref = rows_of(next_ref, y0 / 2, w / 2, rows / 2);
        const FloatPlane half_dis = rows_of(next_dis, y0 / 2, w / 2, rows / 2);
        s->dsp.decimate(&half_ref, &mu1);
        s->dsp.decimate(&half_dis, &mu2);
    }
    *ref = rows_of(next_ref, 0, w / 2, half_h);
    *dis = rows_of(next_dis, 0, w / 2, half_h);
}

void float_vif_cpu_sums(VmafFexContext *ctx, const VmafPicture *ref_pic,
                        const VmafPicture *dist_pic, FloatVifSums sums[FLOAT_VIF_SCALES])
{
    FloatVifState *s = ctx->priv;
    const FloatCommonDsp *c = &s->dsp.common;
    float_plane_load(c, &s->ref, ref_pic, 0);
    float_plane_load(c, &s->dis, dist_pic, 0);
    FloatPlane ref = s->ref, dis = s->dis;
    if (s->rescaled) {
        c->resample[s->setup.method](&s->scaled_ref, &s->ref);
        c->resample[s->setup.method](&s->scaled_dis, &s->dis);
        ref = s->scaled_ref;
        dis = s->scaled_dis;
    }
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        sums[scale] = (FloatVifSums){0};
        if (scale > 0)
            next_scale(s, scale, &ref, &dis);
        else if (s->opt.skip_scale0)
            continue;
        sums[scale] = score_scale(s, scale, &ref, &dis);
    }
}

static int float_vif_extract(VmafFexContext *ctx, VmafPicture *ref_pic, VmafPicture *dist_pic,
                             unsigned index, VmafFeatureCollector *fc)
{
    FloatVifState *s = ctx->priv;
    FloatVifSums sums[FLOAT_VIF_SCALES];
    float_vif_cpu_sums(ctx, ref_pic, dist_pic, sums);
    return float_vif_append_scores(ctx, fc, &s->opt, sums, index);
}

static void float_vif_close(VmafFexContext *ctx)
{
    free_buffers(ctx->priv);
}

const VmafFeatureExtractor vmaf_fex_float_vif = {
    .name = "float_vif",
    .options = float_vif_options,
    .priv_size = sizeof(FloatVifState),
    .provided_features = float_vif_provided_features,
    .init = float_vif_init,
    .extract = float_vif_extract,
    .planes = vmaf_fex_planes_luma,
    .close = float_vif_close,
};
