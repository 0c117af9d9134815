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
    FloatPlane next_ref, next_dis;     /* scales 1..3 */
    FloatVifMoments moments;
    float *line;
} FloatVifState;

static const VmafOption float_vif_options[] = {
    FLOAT_VIF_OPTIONS(FloatVifState, opt),
    {0},
};

/* --------------------------------------------------------------- state -- */

static void free_buffers(FloatVifState *s)
{
    FloatPlane *const planes[] = {
        &s->ref,
        &s->dis,
        &s->scaled_ref,
        &s->scaled_dis,
        &s->next_ref,
        &s->next_dis,
        &s->moments.mu1,
        &s->moments.mu2,
        &s->moments.ref_sq,
        &s->moments.dis_sq,
        &s->moments.ref_dis,
    };
    for (unsigned i = 0; i < sizeof(planes) / sizeof(planes[0]); i++)
        float_plane_free(planes[i]);
    free(s->line);
    s->line = NULL;
}

/* The input planes (in_w x in_h), the prescaled ones, the moments at scale 0
 * size and the decimated planes of scales 1..3, which are at most half. */
static int allocate_buffers(FloatVifState *s, unsigned in_w, unsigned in_h)
{
    const unsigned w = s->setup.w, h = s->setup.h;
    const struct {
        FloatPlane *plane;
        unsigned w, h;
    } planes[] = {
        {&s->ref, in_w, in_h},
        {&s->dis, in_w, in_h},
        {&s->scaled_ref, s->rescaled ? w : 0, h},
        {&s->scaled_dis, s->rescaled ? w : 0, h},
        {&s->next_ref, w / 2, h / 2},
        {&s->next_dis, w / 2, h / 2},
        {&s->moments.mu1, w, h},
        {&s->moments.mu2, w, h},
        {&s->moments.ref_sq, w, h},
        {&s->moments.dis_sq, w, h},
        {&s->moments.ref_dis, w, h},
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

static FloatPlane resized(const FloatPlane *p, unsigned w, unsigned h)
{
    return (FloatPlane){.data = p->data, .stride = p->stride, .w = w, .h = h};
}

/* The statistic of one scale of the pair (ref, dis). */
static FloatVifSums score_scale(FloatVifState *s, unsigned scale, const FloatPlane *ref,
                                const FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const float *taps = s->setup.taps[scale];
    const unsigned n = s->setup.n_taps[scale], w = ref->w, h = ref->h;
    const FloatVifMoments m = {
        .mu1 = resized(&s->moments.mu1, w, h),
        .mu2 = resized(&s->moments.mu2, w, h),
        .ref_sq = resized(&s->moments.ref_sq, w, h),
        .dis_sq = resized(&s->moments.dis_sq, w, h),
        .ref_dis = resized(&s->moments.ref_dis, w, h),
    };
    c->filter(&m.mu1, ref, taps, n, s->line);
    c->filter(&m.mu2, dis, taps, n, s->line);
    c->filter_sq(&m.ref_sq, ref, taps, n, s->line);
    c->filter_sq(&m.dis_sq, dis, taps, n, s->line);
    c->filter_xy(&m.ref_dis, ref, dis, taps, n, s->line);

    const FloatVifStatParams params = {.gain_limit = s->opt.gain_limit,
                                       .sigma_nsq = s->opt.sigma_nsq};
    FloatVifSums sums;
    s->dsp.statistic(&m, &params, &sums.num, &sums.den);
    return sums;
}

/* Low-passes *ref and *dis with the filter of `scale` and keeps every other
 * sample, replacing them by the pair of that scale (in next_ref/next_dis). */
static void next_scale(FloatVifState *s, unsigned scale, FloatPlane *ref, FloatPlane *dis)
{
    const FloatCommonDsp *c = &s->dsp.common;
    const FloatPlane mu1 = resized(&s->moments.mu1, ref->w, ref->h);
    const FloatPlane mu2 = resized(&s->moments.mu2, ref->w, ref->h);
    c->filter(&mu1, ref, s->setup.taps[scale], s->setup.n_taps[scale], s->line);
    c->filter(&mu2, dis, s->setup.taps[scale], s->setup.n_taps[scale], s->line);
    *ref = resized(&s->next_ref, ref->w / 2, ref->h / 2);
    *dis = resized(&s->next_dis, dis->w / 2, dis->h / 2);
    s->dsp.decimate(ref, &mu1);
    s->dsp.decimate(dis, &mu2);
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
