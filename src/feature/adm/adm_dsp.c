/* C reference versions of the integer ADM stages (see adm_dsp.h), over the
 * per-sample arithmetic of adm_math.h that the CUDA twin runs too. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "adm_dsp.h"
#include "core/cpu.h"

static int32_t reciprocals[2 * ADM_RECIP_RANGE + 1];
static pthread_once_t reciprocals_once = PTHREAD_ONCE_INIT;

static void build_reciprocals(void)
{
    for (int32_t i = 1; i <= ADM_RECIP_RANGE; i++) {
        reciprocals[ADM_RECIP_RANGE + i] = (INT32_C(1) << 30) / i;
        reciprocals[ADM_RECIP_RANGE - i] = -((INT32_C(1) << 30) / i);
    }
}

const int32_t *adm_reciprocal_table(void)
{
    pthread_once(&reciprocals_once, build_reciprocals);
    return reciprocals + ADM_RECIP_RANGE;
}

void adm_dwt_taps(int32_t *taps, int n)
{
    const int half = (n + 1) / 2;
    for (int i = 0; i < half; i++) {
        for (int t = 0; t < ADM_DWT_TAPS; t++)
            taps[ADM_DWT_TAPS * i + t] = adm_dwt_tap(i, t, n);
    }
}

/* ---------------------------------------------------------------- DWT -- */

/* Scale 0 horizontal pass of one row pair. */
static void dwt_s0_horizontal(const int32_t *lo, const int32_t *hi, const int32_t *cols, int out_w,
                              int16_t *band_h, int16_t *band_v, int16_t *band_d, int32_t *approx)
{
    for (int j = 0; j < out_w; j++) {
        const int32_t *c = cols + ADM_DWT_TAPS * j;
        const int32_t l[ADM_DWT_TAPS] = {lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]};
        const int32_t g[ADM_DWT_TAPS] = {hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]};
        adm_dwt_s0_horizontal(l, g, &approx[j], &band_h[j], &band_v[j], &band_d[j]);
    }
}

/* Vertical pass at scale 0 (adm_dwt_s0_vertical) followed by the horizontal
 * one. */
static inline void dwt_s0(const void *src, ptrdiff_t src_stride, int w, int h, unsigned bpc,
                          bool wide, const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst,
                          int32_t *approx, ptrdiff_t dst_stride)
{
    int32_t *lo = tmp, *hi = tmp + w;
    for (int i = 0; i < (h + 1) / 2; i++) {
        const int32_t *r = taps->rows + ADM_DWT_TAPS * i;
        const uint8_t *row[ADM_DWT_TAPS];
        for (int t = 0; t < ADM_DWT_TAPS; t++)
            row[t] = (const uint8_t *)src + r[t] * src_stride;
        for (int j = 0; j < w; j++) {
            int64_t p[ADM_DWT_TAPS];
            for (int t = 0; t < ADM_DWT_TAPS; t++)
                p[t] = wide ? ((const uint16_t *)row[t])[j] : row[t][j];
            adm_dwt_s0_vertical(p[0], p[1], p[2], p[3], bpc, &lo[j], &hi[j]);
        }
        const ptrdiff_t o = i * dst_stride;
        dwt_s0_horizontal(lo, hi, taps->cols, (w + 1) / 2, dst->band[ADM_BAND_H] + o,
                          dst->band[ADM_BAND_V] + o, dst->band[ADM_BAND_D] + o, approx + o);
    }
}

static void dwt_s0_8_c(const uint8_t *src, ptrdiff_t src_stride, int w, int h,
                       const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst, int32_t *approx,
                       ptrdiff_t dst_stride)
{
    dwt_s0(src, src_stride, w, h, 8, false, taps, tmp, dst, approx, dst_stride);
}

static void dwt_s0_16_c(const uint16_t *src, ptrdiff_t src_stride, int w, int h, unsigned bpc,
                        const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst,
                        int32_t *approx, ptrdiff_t dst_stride)
{
    dwt_s0(src, src_stride, w, h, bpc, true, taps, tmp, dst, approx, dst_stride);
}

static void dwt_s123_c(const int32_t *src, ptrdiff_t src_stride, int w, int h, int scale,
                       const AdmDwtTaps *taps, int32_t *tmp, const AdmBands32 *dst, int32_t *approx,
                       ptrdiff_t dst_stride)
{
    const AdmDwtRounding q = adm_dwt_s123_rounding(scale);
    int32_t *lo = tmp, *hi = tmp + w;
    for (int i = 0; i < (h + 1) / 2; i++) {
        const int32_t *r = taps->rows + ADM_DWT_TAPS * i;
        const int32_t *p0 = src + r[0] * src_stride, *p1 = src + r[1] * src_stride;
        const int32_t *p2 = src + r[2] * src_stride, *p3 = src + r[3] * src_stride;
        for (int j = 0; j < w; j++)
            adm_dwt_s123_vertical(p0[j], p1[j], p2[j], p3[j], &q, &lo[j], &hi[j]);
        const ptrdiff_t o = i * dst_stride;
        for (int j = 0; j < (w + 1) / 2; j++) {
            const int32_t *c = taps->cols + ADM_DWT_TAPS * j;
            const int32_t l[ADM_DWT_TAPS] = {lo[c[0]], lo[c[1]], lo[c[2]], lo[c[3]]};
            const int32_t g[ADM_DWT_TAPS] = {hi[c[0]], hi[c[1]], hi[c[2]], hi[c[3]]};
            adm_dwt_s123_horizontal(l, g, &q, &approx[o + j], &dst->band[ADM_BAND_H][o + j],
                                    &dst->band[ADM_BAND_V][o + j], &dst->band[ADM_BAND_D][o + j]);
        }
    }
}

/* ----------------------------------------------------------- decouple -- */

float adm_cos_1deg_sq(void)
{
    return (float)(cos(1.0 * M_PI / 180.0) * cos(1.0 * M_PI / 180.0));
}

static void decouple_s0_c(const AdmQuirks *quirks, const AdmBands16 *ref, const AdmBands16 *dis,
                          const AdmBands16 *restored, const AdmBands16 *additive, ptrdiff_t stride,
                          const AdmRect *win, double gain_limit, const int32_t *recip)
{
    const float cos_sq = adm_cos_1deg_sq();
    for (int i = win->top; i < win->bottom; i++) {
        for (int j = win->left; j < win->right; j++) {
            const ptrdiff_t x = i * stride + j;
            const int16_t oh = ref->band[ADM_BAND_H][x], ov = ref->band[ADM_BAND_V][x];
            const int16_t th = dis->band[ADM_BAND_H][x], tv = dis->band[ADM_BAND_V][x];
            const bool vector = quirks && adm_in_rect(&quirks->decouple_area, i, j);
            const bool in_cone =
                vector ? adm_in_cone_vector(oh, ov, th, tv, cos_sq, quirks->decouple_ordered)
                       : adm_in_cone(oh, ov, th, tv, cos_sq);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int16_t o = ref->band[b][x], t = dis->band[b][x];
                const int16_t r = adm_restore_s0(o, t, in_cone, gain_limit, recip, vector);
                restored->band[b][x] = r;
                additive->band[b][x] = (int16_t)(t - r);
            }
        }
    }
}

static void decouple_s123_c(const AdmQuirks *quirks, const AdmBands32 *ref, const AdmBands32 *dis,
                            const AdmBands32 *restored, const AdmBands32 *additive,
                            ptrdiff_t stride, const AdmRect *win, double gain_limit,
                            const int32_t *recip)
{
    const float cos_sq = adm_cos_1deg_sq();
    const bool round = quirks && quirks->round_gain_s123;
    for (int i = win->top; i < win->bottom; i++) {
        for (int j = win->left; j < win->right; j++) {
            const ptrdiff_t x = i * stride + j;
            const bool in_cone =
                adm_in_cone(ref->band[ADM_BAND_H][x], ref->band[ADM_BAND_V][x],
                            dis->band[ADM_BAND_H][x], dis->band[ADM_BAND_V][x], cos_sq);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int32_t o = ref->band[b][x], t = dis->band[b][x];
                const int32_t r = adm_restore_s123(o, t, in_cone, gain_limit, recip, round);
                restored->band[b][x] = r;
                additive->band[b][x] = adm_sub_wrap32(t, r);
            }
        }
    }
}

/* ---------------------------------------------------------------- CSF -- */

static void csf_s0_c(const AdmBands16 *src, const AdmBands16 *csf, const AdmBands16 *csf_30,
                     ptrdiff_t stride, const AdmRect *win, const uint16_t rfactor[3])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        for (int i = win->top; i < win->bottom; i++) {
            for (int j = win->left; j < win->right; j++) {
                const ptrdiff_t x = i * stride + j;
                const int16_t c = adm_csf_s0(src->band[b][x], rfactor[b], b);
                csf->band[b][x] = c;
                csf_30->band[b][x] = adm_fraction_s0(c, ADM_ONE_30TH_Q17);
            }
        }
    }
}

static void csf_s123_c(const AdmBands32 *src, const AdmBands32 *csf, const AdmBands32 *csf_30,
                       ptrdiff_t stride, const AdmRect *win, const uint32_t rfactor[3])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        for (int i = win->top; i < win->bottom; i++) {
            for (int j = win->left; j < win->right; j++) {
                const ptrdiff_t x = i * stride + j;
                const int32_t c = adm_csf_s123(src->band[b][x], rfactor[b]);
                csf->band[b][x] = c;
                csf_30->band[b][x] = adm_fraction_s123(c, ADM_ONE_30TH_Q32);
            }
        }
    }
}

/* -------------------------------------------------------- denominator -- */

static void den_s0_c(const AdmBands16 *ref, ptrdiff_t stride, const AdmRect *region, int row_shift,
                     uint64_t sum[ADM_DETAIL_BANDS])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        sum[b] = 0;
        for (int i = region->top; i < region->bottom; i++) {
            const int16_t *row = ref->band[b] + i * stride;
            uint64_t row_sum = 0;
            for (int j = region->left; j < region->right; j++)
                row_sum += adm_den_cube_s0(row[j]);
            sum[b] += adm_den_row(row_sum, row_shift);
        }
    }
}

static void den_s123_c(const AdmBands32 *ref, ptrdiff_t stride, const AdmRect *region,
                       const AdmDenShifts *shifts, uint64_t sum[ADM_DETAIL_BANDS])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        sum[b] = 0;
        for (int i = region->top; i < region->bottom; i++) {
            const int32_t *row = ref->band[b] + i * stride;
            uint64_t row_sum = 0;
            for (int j = region->left; j < region->right; j++)
                row_sum += adm_den_cube_s123(row[j], shifts->square, shifts->cube);
            sum[b] += adm_den_row(row_sum, shifts->row);
        }
    }
}

/* ---------------------------------------------------- contrast masking -- */

/* Band planes of either scale: int16 at scale 0, int32 above. */
typedef struct CmPlanes {
    const void *src[ADM_DETAIL_BANDS], *csf[ADM_DETAIL_BANDS], *csf_30[ADM_DETAIL_BANDS];
} CmPlanes;

static inline int32_t sample(const void *plane, ptrdiff_t i, bool scale0)
{
    return scale0 ? ((const int16_t *)plane)[i] : ((const int32_t *)plane)[i];
}

AdmRect adm_cm_vector_area(int w, int h, const AdmRect *region, int block)
{
    if (region->left <= 0 || region->right > w - 1)
        return (AdmRect){0, 0, 0, 0}; /* libvmaf's loops for a region at an edge are C */
    const int right = region->right < w - 1 ? region->right : w - 1;
    return (AdmRect){
        .left = region->left,
        .right = right - (right - region->left) % block,
        .top = region->top > 1 ? region->top : 1,
        .bottom = region->bottom < h - 1 ? region->bottom : h - 1,
    };
}

AdmRect adm_decouple_vector_area(const AdmRect *win, bool avx512)
{
    AdmRect area = *win;
    area.right = avx512 ? win->right - (win->right - win->left) % 16 : win->right - win->right % 8;
    return area;
}

/* Shared by both scales; scale0 is a constant in each caller, so each gets
 * its own specialised loop. The threshold sums are int32 in libvmaf and are
 * taken modulo 2^32 here. quirks (scale 0 only) may be NULL. */
static inline void contrast_mask(const CmPlanes *p, bool scale0, const AdmQuirks *quirks,
                                 ptrdiff_t stride, int w, int h, const AdmRect *region,
                                 const uint32_t rfactor[3], const AdmCmShifts *shifts,
                                 int64_t sum[ADM_DETAIL_BANDS])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sum[b] = 0;
    for (int i = region->top; i < region->bottom; i++) {
        const ptrdiff_t up = adm_cm_reach(i - 1, h) * stride, mid = i * stride;
        const ptrdiff_t down = adm_cm_reach(i + 1, h) * stride;
        int64_t row_sum[ADM_DETAIL_BANDS] = {0};
        for (int j = region->left; j < region->right; j++) {
            const int jl = adm_cm_reach(j - 1, w), jr = adm_cm_reach(j + 1, w);
            const ptrdiff_t around[8] = {up + jl,  up + j,    up + jr,  mid + jl,
                                         mid + jr, down + jl, down + j, down + jr};
            const bool vector = scale0 && quirks && adm_in_rect(&quirks->cm_area, i, j);
            const bool logical = vector && quirks->cm_logical_shift;
            uint32_t thr = 0;
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                for (int k = 0; k < 8; k++)
                    thr += (uint32_t)sample(p->csf_30[b], around[k], scale0);
                const int32_t c = sample(p->csf[b], mid + j, scale0);
                thr += !scale0  ? adm_cm_centre_s123(c)
                       : vector ? adm_cm_centre_s0_unwrapped((int16_t)c)
                                : adm_cm_centre_s0((int16_t)c);
            }
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int32_t v = sample(p->src[b], mid + j, scale0);
                row_sum[b] = adm_add_wrap64(
                    row_sum[b], scale0 ? adm_cm_cube_s0((int16_t)v, (uint16_t)rfactor[b], thr, b,
                                                        shifts->cube[b], logical)
                                       : adm_cm_cube_s123(v, rfactor[b], thr, shifts->cube[b]));
            }
        }
        for (int b = 0; b < ADM_DETAIL_BANDS; b++)
            sum[b] = adm_add_wrap64(sum[b], adm_cm_row(row_sum[b], shifts->row));
    }
}

static void cm_s0_c(const AdmQuirks *quirks, const AdmBands16 *src, const AdmBands16 *csf,
                    const AdmBands16 *csf_30, ptrdiff_t stride, int w, int h, const AdmRect *region,
                    const uint16_t rfactor[3], const AdmCmShifts *shifts,
                    int64_t sum[ADM_DETAIL_BANDS])
{
    CmPlanes p;
    uint32_t rf[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        p.src[b] = src->band[b];
        p.csf[b] = csf->band[b];
        p.csf_30[b] = csf_30->band[b];
        rf[b] = rfactor[b];
    }
    contrast_mask(&p, true, quirks, stride, w, h, region, rf, shifts, sum);
}

static void cm_s123_c(const AdmBands32 *src, const AdmBands32 *csf, const AdmBands32 *csf_30,
                      ptrdiff_t stride, int w, int h, const AdmRect *region,
                      const uint32_t rfactor[3], const AdmCmShifts *shifts,
                      int64_t sum[ADM_DETAIL_BANDS])
{
    CmPlanes p;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        p.src[b] = src->band[b];
        p.csf[b] = csf->band[b];
        p.csf_30[b] = csf_30->band[b];
    }
    contrast_mask(&p, false, NULL, stride, w, h, region, rfactor, shifts, sum);
}

/* ------------------------------------------------------- scale sums -- */

static void sums_s0_c(const AdmBands16 *ref, const AdmBands16 *dis, ptrdiff_t stride,
                      const AdmSumsArgs *a, const AdmWork16 *work, uint64_t den[ADM_DETAIL_BANDS],
                      int64_t cm[ADM_DETAIL_BANDS], int64_t aim[ADM_DETAIL_BANDS])
{
    decouple_s0_c(a->quirks, ref, dis, &work->restored, &work->additive, stride, &a->window,
                  a->gain_limit, a->recip);
    den_s0_c(ref, stride, &a->region, a->den.row, den);
    csf_s0_c(&work->additive, &work->csf, &work->csf_30, stride, &a->window, a->rfactor_q0);
    cm_s0_c(a->quirks, &work->restored, &work->csf, &work->csf_30, stride, a->w, a->h, &a->region,
            a->rfactor_q0, &a->cm, cm);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        aim[b] = 0;
    if (!a->aim)
        return;
    csf_s0_c(&work->restored, &work->csf, &work->csf_30, stride, &a->window, a->rfactor_q0);
    cm_s0_c(a->quirks, &work->additive, &work->csf, &work->csf_30, stride, a->w, a->h, &a->region,
            a->rfactor_q0, &a->cm, aim);
}

static void sums_s123_c(const AdmBands32 *ref, const AdmBands32 *dis, ptrdiff_t stride,
                        const AdmSumsArgs *a, const AdmWork32 *work, uint64_t den[ADM_DETAIL_BANDS],
                        int64_t cm[ADM_DETAIL_BANDS], int64_t aim[ADM_DETAIL_BANDS])
{
    decouple_s123_c(a->quirks, ref, dis, &work->restored, &work->additive, stride, &a->window,
                    a->gain_limit, a->recip);
    den_s123_c(ref, stride, &a->region, &a->den, den);
    csf_s123_c(&work->additive, &work->csf, &work->csf_30, stride, &a->window, a->rfactor_q32);
    cm_s123_c(&work->restored, &work->csf, &work->csf_30, stride, a->w, a->h, &a->region,
              a->rfactor_q32, &a->cm, cm);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        aim[b] = 0;
    if (!a->aim)
        return;
    csf_s123_c(&work->restored, &work->csf, &work->csf_30, stride, &a->window, a->rfactor_q32);
    cm_s123_c(&work->additive, &work->csf, &work->csf_30, stride, a->w, a->h, &a->region,
              a->rfactor_q32, &a->cm, aim);
}

void adm_dsp_init(AdmDsp *dsp, unsigned cpu_flags)
{
    dsp->dwt_s0_8 = dwt_s0_8_c;
    dsp->dwt_s0_16 = dwt_s0_16_c;
    dsp->dwt_s123 = dwt_s123_c;
    dsp->decouple_s0 = decouple_s0_c;
    dsp->decouple_s123 = decouple_s123_c;
    dsp->csf_s0 = csf_s0_c;
    dsp->csf_s123 = csf_s123_c;
    dsp->den_s0 = den_s0_c;
    dsp->den_s123 = den_s123_c;
    dsp->cm_s0 = cm_s0_c;
    dsp->cm_s123 = cm_s123_c;
    dsp->sums_s0 = sums_s0_c;
    dsp->sums_s0_quirks = sums_s0_c;
    dsp->sums_s123_quirks = sums_s123_c;
    dsp->sums_s123 = sums_s123_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        adm_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        adm_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
