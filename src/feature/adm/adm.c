/* Integer ADM, libvmaf's "adm" extractor: detail loss (adm2), additive
 * impairment (aim) and their blend (adm3) on luma, over four db2 wavelet
 * scales.
 *
 * Per scale, the numerator is the contrast-masked CSF-weighted energy of the
 * restored detail and the denominator the CSF-weighted energy of the
 * reference detail (both as cube roots of sums of cubes, plus a noise floor);
 * the AIM numerator does the same with the additive part. The per-pixel work
 * runs through AdmDsp into integer sums per scale; the geometry, factors and
 * shifts (adm_scale.h) and the scoring of the sums (adm_common.h) are shared
 * with the CUDA twin. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "adm_common.h"
#include "adm_dsp.h"
#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/picture.h"

extern const VmafFeatureExtractor vmaf_fex_adm;

/* The bands of one picture at one scale. */
typedef struct AdmPlanes16 {
    AdmBands16 ref, dis, restored, additive, csf, csf_30;
} AdmPlanes16;

typedef struct AdmPlanes32 {
    AdmBands32 ref, dis, restored, additive, csf, csf_30;
} AdmPlanes32;

typedef struct AdmState {
    AdmOptions opt;

    unsigned w, h;
    AdmDsp dsp;
    /* what libvmaf's default path on this CPU computes otherwise than its C
     * (default_quirks), NULL where that path is its C */
    const AdmQuirks *quirks;
    AdmQuirks default_quirks;
    const int32_t *recip;
    AdmScale scale[ADM_SCALES];
    int32_t *taps[ADM_SCALES]; /* row taps then column taps */
    ptrdiff_t stride0, stride1;
    AdmPlanes16 s0;
    AdmPlanes32 s123;
    /* approximation bands of ref and dis: a large one holding scale 0's,
     * a small one, used in turn as the source and the destination */
    int32_t *approx[2][2];
    int32_t *tmp;
    int32_t *rows; /* the rows the DSP variants keep (AdmWork16) */
    void *mem;
} AdmState;

static const VmafOption adm_options[] = {
    ADM_OPTIONS(AdmState, opt),
    {0},
};

/* ------------------------------------------------------------- setup -- */

static ptrdiff_t aligned_stride(int n)
{
    return (n + 31) & ~31;
}

static void assign16(AdmBands16 *b, int16_t **cursor, size_t plane)
{
    for (int i = 0; i < ADM_DETAIL_BANDS; i++, *cursor += plane)
        b->band[i] = *cursor;
}

static void assign32(AdmBands32 *b, int32_t **cursor, size_t plane)
{
    for (int i = 0; i < ADM_DETAIL_BANDS; i++, *cursor += plane)
        b->band[i] = *cursor;
}

/* ref, dis, restored, additive, csf, csf_30 */
enum { PLANE_SETS = 6, BANDS_PER_SCALE = PLANE_SETS * ADM_DETAIL_BANDS };

/* One allocation: int32 planes first (scale 0 approximations, then the
 * smaller scale 1 sized ones), the taps, the vertical-pass rows and the
 * int16 scale 0 planes. */
static int alloc_buffers(AdmState *s)
{
    const AdmScale *s0 = &s->scale[0], *s1 = &s->scale[1];
    s->stride0 = aligned_stride(s0->w);
    s->stride1 = aligned_stride(s1->w);
    const size_t plane0 = (size_t)s->stride0 * s0->h, plane1 = (size_t)s->stride1 * s1->h;
    size_t taps = 0;
    for (int i = 0; i < ADM_SCALES; i++)
        taps += ADM_DWT_TAPS * (size_t)(s->scale[i].w + s->scale[i].h);
    const size_t rows = ADM_WORK_ROWS * adm_work_row_len(s0->w);
    const size_t n32 = 2 * plane0 + 2 * plane1 + BANDS_PER_SCALE * plane1 + taps + 2 * s->w + rows;
    const size_t bytes = n32 * sizeof(int32_t) + BANDS_PER_SCALE * plane0 * sizeof(int16_t);
    s->mem = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!s->mem)
        return -ENOMEM;

    int32_t *p32 = s->mem;
    for (int img = 0; img < 2; img++) {
        s->approx[img][0] = p32;
        p32 += plane0;
        s->approx[img][1] = p32;
        p32 += plane1;
    }
    AdmPlanes32 *q = &s->s123;
    AdmBands32 *all32[] = {&q->ref, &q->dis, &q->restored, &q->additive, &q->csf, &q->csf_30};
    for (int i = 0; i < PLANE_SETS; i++)
        assign32(all32[i], &p32, plane1);
    for (int i = 0; i < ADM_SCALES; i++) {
        s->taps[i] = p32;
        p32 += ADM_DWT_TAPS * (size_t)(s->scale[i].w + s->scale[i].h);
    }
    s->tmp = p32;
    p32 += 2 * s->w;
    s->rows = p32;
    p32 += rows;

    int16_t *p16 = (int16_t *)p32;
    AdmPlanes16 *r = &s->s0;
    AdmBands16 *all16[] = {&r->ref, &r->dis, &r->restored, &r->additive, &r->csf, &r->csf_30};
    for (int i = 0; i < PLANE_SETS; i++)
        assign16(all16[i], &p16, plane0);
    return 0;
}

/* Taps of level i read its input: the picture for level 0, else the band
 * of level i - 1. */
static void setup_taps(AdmState *s)
{
    int in_w = (int)s->w, in_h = (int)s->h;
    for (int i = 0; i < ADM_SCALES; i++) {
        adm_dwt_taps(s->taps[i], in_h);
        adm_dwt_taps(s->taps[i] + ADM_DWT_TAPS * s->scale[i].h, in_w);
        in_w = s->scale[i].w;
        in_h = s->scale[i].h;
    }
}

static AdmDwtTaps taps_of(const AdmState *s, int scale)
{
    return (AdmDwtTaps){
        .rows = s->taps[scale],
        .cols = s->taps[scale] + ADM_DWT_TAPS * s->scale[scale].h,
    };
}

static int adm_init(VmafFexContext *fex, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                    unsigned h)
{
    AdmState *s = fex->priv;
    (void)pix_fmt;
    int err = adm_check_input("adm", w, h, bpc);
    if (err)
        return err;
    s->w = w;
    s->h = h;
    adm_setup(&s->opt, w, h, s->scale);
    err = alloc_buffers(s);
    if (err)
        return err;
    setup_taps(s);
    s->recip = adm_reciprocal_table();
    const unsigned flags = fex->cpu_flags;
    adm_dsp_init(&s->dsp, flags);
    s->default_quirks = adm_default_quirks(&s->scale[0], flags);
    s->quirks =
        flags & (VMAF_X86_CPU_FLAG_AVX2 | VMAF_X86_CPU_FLAG_AVX512) ? &s->default_quirks : NULL;
    return 0;
}

/* -------------------------------------------------------------- sums -- */

static AdmSumsArgs sums_args(const AdmState *s, const AdmScale *sc)
{
    return (AdmSumsArgs){
        .w = sc->w,
        .h = sc->h,
        .window = sc->window,
        .region = sc->region,
        .gain_limit = s->opt.enhn_gain_limit,
        .recip = s->recip,
        .rfactor_q0 = sc->rfactor_q0,
        .rfactor_q32 = sc->rfactor_q32,
        .cm = sc->cm,
        .den = sc->den,
        .aim = !s->opt.skip_aim,
    };
}

/* libvmaf's vector decoupling rounds r * gain_limit where its C truncates:
 * they differ only for a gain limit with a fraction. */
static bool fractional_gain(const AdmState *s)
{
    return s->opt.enhn_gain_limit != floor(s->opt.enhn_gain_limit);
}

/* The least and (hi not NULL) the greatest sample of band over the rect. */
static void band_range(const int16_t *band, ptrdiff_t stride, const AdmRect *r, int *lo, int *hi)
{
    int16_t mn = INT16_MAX, mx = INT16_MIN;
    for (int i = r->top; i < r->bottom; i++)
        for (int j = r->left; j < r->right; j++) {
            mn = band[i * stride + j] < mn ? band[i * stride + j] : mn;
            mx = band[i * stride + j] > mx ? band[i * stride + j] : mx;
        }
    *lo = mn;
    if (hi)
        *hi = mx;
}

/* Whether the quirks can change a sum of scale 0 in this frame: with a
 * fractional gain limit; where a sum of products of the angle test wraps
 * int32 (only -32768 in an h or v band does it); or where a restored or
 * additive sample of band b (at most |t| + 2 in magnitude, t the distorted
 * band: both lie between 0 and t) weighs 15360 or more after the CSF, whose
 * fifteenth libvmaf's C wraps to int16, or, with the AVX2 shift, where its
 * product with the CSF factor reaches 2^30, whose square overflows int32.
 * Other frames take the vector sums, which follow libvmaf's C. */
static bool quirks_matter_s0(const AdmState *s, const AdmBands16 *ref, const AdmBands16 *dis)
{
    if (!s->quirks)
        return false;
    if (fractional_gain(s))
        return true;
    const AdmScale *sc = &s->scale[0];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        int lo, hi, ref_lo;
        band_range(dis->band[b], s->stride0, &sc->window, &lo, &hi);
        if (b != ADM_BAND_D) { /* the angle test reads h and v only */
            band_range(ref->band[b], s->stride0, &sc->window, &ref_lo, NULL);
            if (lo == INT16_MIN || ref_lo == INT16_MIN)
                return true;
        }
        const int peak = -lo > hi ? -lo : hi;
        const int16_t v = (int16_t)(peak + 2 < INT16_MAX ? peak + 2 : INT16_MAX);
        if (abs(adm_csf_s0(v, sc->rfactor_q0[b], b)) >= 15360)
            return true;
        if (s->quirks->cm_logical_shift && (int64_t)v * sc->rfactor_q0[b] >= INT64_C(1) << 30)
            return true;
    }
    return false;
}

static void sums_scale0(AdmState *s, const AdmDwtTaps *taps, const VmafPicture *ref,
                        const VmafPicture *dis, AdmSums *sums)
{
    const AdmScale *sc = &s->scale[0];
    const AdmPlanes16 *p = &s->s0;
    const VmafPicture *pic[2] = {ref, dis};
    const AdmBands16 *dst[2] = {&p->ref, &p->dis};
    for (int img = 0; img < 2; img++) {
        if (pic[img]->bpc == 8)
            s->dsp.dwt_s0_8(pic[img]->data[0], pic[img]->stride[0], (int)s->w, (int)s->h, taps,
                            s->tmp, dst[img], s->approx[img][0], s->stride0);
        else
            s->dsp.dwt_s0_16(pic[img]->data[0], pic[img]->stride[0], (int)s->w, (int)s->h,
                             pic[img]->bpc, taps, s->tmp, dst[img], s->approx[img][0], s->stride0);
    }
    if (s->opt.skip_scale0)
        return;

    AdmSumsArgs args = sums_args(s, sc);
    const AdmWork16 work = {p->restored, p->additive, p->csf, p->csf_30, s->rows};
    if (quirks_matter_s0(s, &p->ref, &p->dis)) {
        args.quirks = s->quirks;
        s->dsp.sums_s0_quirks(&p->ref, &p->dis, s->stride0, &args, &work, sums->den, sums->cm,
                              sums->aim);
        return;
    }
    s->dsp.sums_s0(&p->ref, &p->dis, s->stride0, &args, &work, sums->den, sums->cm, sums->aim);
}

static void sums_scale123(AdmState *s, int scale, const AdmDwtTaps *taps, AdmSums *sums)
{
    const AdmScale *sc = &s->scale[scale], *prev = &s->scale[scale - 1];
    const AdmPlanes32 *p = &s->s123;
    /* scale 1 reads the large approximation, 2 the small, 3 the large */
    const int src = (scale - 1) & 1;
    const ptrdiff_t src_stride = scale == 1 ? s->stride0 : s->stride1;
    const ptrdiff_t st = s->stride1;
    const AdmBands32 *dst[2] = {&p->ref, &p->dis};
    for (int img = 0; img < 2; img++)
        s->dsp.dwt_s123(s->approx[img][src], src_stride, prev->w, prev->h, scale, taps, s->tmp,
                        dst[img], s->approx[img][!src], st);

    AdmSumsArgs args = sums_args(s, sc);
    const AdmWork32 work = {p->restored, p->additive, p->csf, p->csf_30, s->rows};
    if (s->quirks && s->quirks->round_gain_s123 && fractional_gain(s)) {
        args.quirks = s->quirks;
        s->dsp.sums_s123_quirks(&p->ref, &p->dis, st, &args, &work, sums->den, sums->cm, sums->aim);
        return;
    }
    s->dsp.sums_s123(&p->ref, &p->dis, st, &args, &work, sums->den, sums->cm, sums->aim);
}

static void frame_sums(AdmState *s, const VmafPicture *ref, const VmafPicture *dis,
                       AdmSums sums[ADM_SCALES])
{
    for (int scale = 0; scale < ADM_SCALES; scale++) {
        const AdmDwtTaps taps = taps_of(s, scale);
        if (scale == 0)
            sums_scale0(s, &taps, ref, dis, &sums[0]);
        else
            sums_scale123(s, scale, &taps, &sums[scale]);
    }
}

int adm_cpu_sums(VmafFexContext *fex, const VmafPicture *ref, const VmafPicture *dis,
                 AdmSums sums[ADM_SCALES])
{
    if (fex->fex != &vmaf_fex_adm || !fex->initialized)
        return -EINVAL;
    frame_sums(fex->priv, ref, dis, sums);
    return 0;
}

static int adm_extract(VmafFexContext *fex, VmafPicture *ref, VmafPicture *dist, unsigned index,
                       VmafFeatureCollector *fc)
{
    AdmState *s = fex->priv;
    int err = adm_check_view("adm", &s->opt);
    if (err)
        return err;
    AdmSums sums[ADM_SCALES] = {0};
    frame_sums(s, ref, dist, sums);
    return adm_write_scores(fex, fc, index, &s->opt, s->scale, sums, s->w, s->h);
}

static void adm_close(VmafFexContext *fex)
{
    AdmState *s = fex->priv;
    free(s->mem);
    s->mem = NULL;
}

const VmafFeatureExtractor vmaf_fex_adm = {
    .name = "adm",
    .options = adm_options,
    .priv_size = sizeof(AdmState),
    .provided_features = adm_features,
    .init = adm_init,
    .extract = adm_extract,
    .planes = vmaf_fex_planes_luma,
    .close = adm_close,
};
