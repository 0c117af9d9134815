/* Float ADM (additive detail metric) of the luma plane over four wavelet
 * levels, equal to libvmaf's "float_adm" extractor. Per level the distorted
 * detail is split into what the reference restores (scored against the
 * reference's own detail: adm2 and the per-scale scores) and the additive
 * impairment (aim); adm3 blends the two. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_adm_common.h"
#include "float_adm_dsp.h"

/* Planes of one level's bands; see float_adm_init(). */
enum {
    PLANE_REF_A0, /* approximation ping-pong: level s writes A(s % 2) */
    PLANE_REF_A1,
    PLANE_REF_H,
    PLANE_REF_V,
    PLANE_REF_D,
    PLANE_DIS_A0,
    PLANE_DIS_A1,
    PLANE_DIS_H,
    PLANE_DIS_V,
    PLANE_DIS_D,
    PLANE_R,               /* restored detail, 3 planes */
    PLANE_A = PLANE_R + 3, /* additive impairment, 3 */
    PLANE_COUNT = PLANE_A + 3,
    /* Once decoupled and the reference's sums taken, the level's detail
     * bands are not read again: the weighted detail and its masking
     * contribution take their planes (six quarter-size planes less: 47 MiB
     * at 2160p). */
    PLANE_CSF = PLANE_REF_H,
    PLANE_FLT = PLANE_DIS_H,
};

typedef struct FloatAdmState {
    FloatAdmOptions opt;

    unsigned w, h;
    float rfactor[FLOAT_ADM_SCALES][ADM_DETAIL_BANDS];
    FloatAdmDsp dsp;
    FloatPlane ref, dis;
    float *bands; /* PLANE_COUNT planes of (w + 1) / 2 x (h + 1) / 2 */
    ptrdiff_t band_stride, band_size;
    int *taps;  /* 4 row and 4 column source indices of a level */
    float *tmp; /* two lines of w */
} FloatAdmState;

static const VmafOption float_adm_options[] = {
    FLOAT_ADM_OPTIONS(FloatAdmState, opt),
    {0},
};

static void fill_taps(FloatAdmTaps *taps, int *idx, unsigned n)
{
    const unsigned outputs = (n + 1) / 2;
    for (int t = 0; t < 4; t++) {
        for (unsigned i = 0; i < outputs; i++)
            idx[t * outputs + i] = float_adm_tap_index(i, t, n);
        taps->idx[t] = idx + t * outputs;
    }
}

/* --------------------------------------------------------------- state -- */

static int float_adm_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    FloatAdmState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    const int err = float_adm_check_input(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    s->w = w;
    s->h = h;
    float_adm_rfactors(&s->opt, s->rfactor);
    float_adm_dsp_init(&s->dsp, ctx->cpu_flags);

    const unsigned half_w = (w + 1) / 2, half_h = (h + 1) / 2;
    s->band_stride = (ptrdiff_t)((half_w + 15) / 16 * 16);
    s->band_size = s->band_stride * half_h;
    s->bands = aligned_alloc(64, (size_t)s->band_size * PLANE_COUNT * sizeof(float));
    s->taps = malloc(sizeof(*s->taps) * 4 * (half_w + half_h));
    s->tmp = malloc(sizeof(*s->tmp) * 2 * w);
    if (!s->bands || !s->taps || !s->tmp || float_plane_alloc(&s->ref, w, h) ||
        float_plane_alloc(&s->dis, w, h)) {
        free(s->bands);
        free(s->taps);
        free(s->tmp);
        float_plane_free(&s->ref);
        float_plane_free(&s->dis);
        return -ENOMEM;
    }
    return 0;
}

static float *plane(const FloatAdmState *s, int p)
{
    return s->bands + p * s->band_size;
}

static FloatAdmBands bands_at(const FloatAdmState *s, int a, int detail)
{
    return (FloatAdmBands){
        .a = a < 0 ? NULL : plane(s, a),
        .detail = {plane(s, detail), plane(s, detail + 1), plane(s, detail + 2)},
    };
}

/* ------------------------------------------------------------ scoring -- */

/* The sums of level `scale` from its bands (w x h). */
static FloatAdmLevelSums sum_level(FloatAdmState *s, int scale, const FloatAdmBands *ref,
                                   const FloatAdmBands *dis, unsigned w, unsigned h)
{
    const FloatAdmDsp *d = &s->dsp;
    const ptrdiff_t stride = s->band_stride;
    const FloatAdmBands r = bands_at(s, -1, PLANE_R), a = bands_at(s, -1, PLANE_A);
    const FloatAdmBands csf = bands_at(s, -1, PLANE_CSF), flt = bands_at(s, -1, PLANE_FLT);
    const FloatAdmRect ext = float_adm_extended_rect(w, h), inner = float_adm_inner_rect(w, h);
    const float *rf = s->rfactor[scale];
    const bool bypass = s->opt.bypass_cm;
    const double p_norm = s->opt.p_norm;
    FloatAdmLevelSums sums;

    d->decouple(&r, &a, ref, dis, stride, &ext, s->opt.gain_limit);
    d->den_sums(sums.den, ref, stride, &inner, rf, p_norm);

    /* The restored detail, masked by the impairment... */
    d->csf(&csf, &flt, &a, stride, &ext, rf);
    d->cm_sums(sums.num, &r, &flt, &csf, stride, w, h, &inner, rf, bypass, p_norm);

    /* ...and the impairment, masked by the restored detail. */
    d->csf(&csf, &flt, &r, stride, &ext, rf);
    d->cm_sums(sums.aim, &a, &flt, &csf, stride, w, h, &inner, rf, bypass, p_norm);
    return sums;
}

void float_adm_cpu_sums(VmafFexContext *ctx, const VmafPicture *ref_pic,
                        const VmafPicture *dist_pic, FloatAdmLevelSums sums[FLOAT_ADM_SCALES])
{
    FloatAdmState *s = ctx->priv;
    float_plane_load(&s->dsp.common, &s->ref, ref_pic, 0);
    float_plane_load(&s->dsp.common, &s->dis, dist_pic, 0);
    const float *src_ref = s->ref.data, *src_dis = s->dis.data;
    ptrdiff_t src_stride = s->ref.stride;
    unsigned w = s->w, h = s->h;

    for (int scale = 0; scale < FLOAT_ADM_SCALES; scale++) {
        FloatAdmTaps rows, cols;
        fill_taps(&rows, s->taps, h);
        fill_taps(&cols, s->taps + 4 * ((h + 1) / 2), w);
        const FloatAdmBands ref = bands_at(s, PLANE_REF_A0 + scale % 2, PLANE_REF_H);
        const FloatAdmBands dis = bands_at(s, PLANE_DIS_A0 + scale % 2, PLANE_DIS_H);
        const bool skipped = scale == 0 && s->opt.skip_scale0;
        void (*const dwt)(const FloatAdmBands *, ptrdiff_t, const float *, ptrdiff_t, unsigned,
                          unsigned, const FloatAdmTaps *, const FloatAdmTaps *, float *) =
            skipped ? s->dsp.dwt2_approx : s->dsp.dwt2;
        dwt(&ref, s->band_stride, src_ref, src_stride, w, h, &rows, &cols, s->tmp);
        dwt(&dis, s->band_stride, src_dis, src_stride, w, h, &rows, &cols, s->tmp);
        w = (w + 1) / 2;
        h = (h + 1) / 2;

        sums[scale] = skipped ? (FloatAdmLevelSums){0} : sum_level(s, scale, &ref, &dis, w, h);
        src_ref = ref.a;
        src_dis = dis.a;
        src_stride = s->band_stride;
    }
}

static int float_adm_extract(VmafFexContext *ctx, VmafPicture *ref_pic, VmafPicture *dist_pic,
                             unsigned index, VmafFeatureCollector *fc)
{
    FloatAdmState *s = ctx->priv;
    FloatAdmLevelSums sums[FLOAT_ADM_SCALES];
    float_adm_cpu_sums(ctx, ref_pic, dist_pic, sums);
    return float_adm_append_scores(ctx, fc, &s->opt, sums, s->w, s->h, index);
}

static void float_adm_close(VmafFexContext *ctx)
{
    FloatAdmState *s = ctx->priv;
    free(s->bands);
    free(s->taps);
    free(s->tmp);
    float_plane_free(&s->ref);
    float_plane_free(&s->dis);
}

const VmafFeatureExtractor vmaf_fex_float_adm = {
    .name = "float_adm",
    .options = float_adm_options,
    .priv_size = sizeof(FloatAdmState),
    .provided_features = float_adm_provided_features,
    .init = float_adm_init,
    .extract = float_adm_extract,
    .planes = vmaf_fex_planes_luma,
    .close = float_adm_close,
};
