/* C reference versions of the integer ADM stages (see adm_dsp.h). Every
 * integer width, rounding constant and shift is the one libvmaf uses; where
 * libvmaf relies on two's complement wrap-around the arithmetic is done in
 * unsigned types so that the same bits come out without undefined
 * behaviour. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "adm_dsp.h"

/* db2 analysis filters in Q15; the low-pass sums to LO_SUM, the high-pass
 * to 0. */
static const int32_t dwt_lo[ADM_DWT_TAPS] = {15826, 27411, 7345, -4240};
static const int32_t dwt_hi[ADM_DWT_TAPS] = {-4240, -7345, 27411, -15826};
#define DWT_LO_SUM 46342

/* 2^17 / 30 and 2^17 / 15 at scale 0; 2^32 / 30 and 2^32 / 15 above. */
#define ONE_30TH_Q17 4369
#define ONE_15TH_Q17 8738
#define ONE_30TH_Q32 143165577
#define ONE_15TH_Q32 286331153

/* libvmaf rounds the Q32 products above with an int32 holding 1u << 31,
 * i.e. with -2^31: the result is the rounded value minus one. */
#define Q32_ROUNDING INT64_C(-2147483648)

#define RECIP_RANGE 32768

static int32_t reciprocals[2 * RECIP_RANGE + 1];
static pthread_once_t reciprocals_once = PTHREAD_ONCE_INIT;

static void build_reciprocals(void)
{
    for (int32_t i = 1; i <= RECIP_RANGE; i++) {
        reciprocals[RECIP_RANGE + i] = (INT32_C(1) << 30) / i;
        reciprocals[RECIP_RANGE - i] = -((INT32_C(1) << 30) / i);
    }
}

const int32_t *adm_reciprocal_table(void)
{
    pthread_once(&reciprocals_once, build_reciprocals);
    return reciprocals + RECIP_RANGE;
}

void adm_dwt_taps(int32_t *taps, int n)
{
    const int half = (n + 1) / 2;
    for (int i = 0; i < half; i++) {
        for (int t = 0; t < ADM_DWT_TAPS; t++) {
            int idx = 2 * i - 1 + t;
            if (idx < 0)
                idx = -idx;
            else if (idx >= n)
                idx = 2 * n - idx - 1;
            taps[ADM_DWT_TAPS * i + t] = idx;
        }
    }
}

/* |v| as x86 computes it: INT32_MIN stays INT32_MIN. */
static inline int32_t abs_wrap32(int32_t v)
{
    return (int32_t)(v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
}

static inline int32_t sub_wrap32(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a - (uint32_t)b);
}

static inline int64_t filter4_64(const int32_t *f, int64_t s0, int64_t s1, int64_t s2, int64_t s3)
{
    return f[0] * s0 + f[1] * s1 + f[2] * s2 + f[3] * s3;
}

/* ---------------------------------------------------------------- DWT -- */

/* Scale 0 horizontal pass of one row pair. The vertical results were int16
 * in libvmaf, so 32-bit products cannot overflow here. */
static void dwt_s0_horizontal(const int32_t *lo, const int32_t *hi, const int32_t *cols, int out_w,
                              int16_t *band_h, int16_t *band_v, int16_t *band_d, int32_t *approx)
{
    for (int j = 0; j < out_w; j++) {
        const int32_t *c = cols + ADM_DWT_TAPS * j;
        const int32_t l0 = lo[c[0]], l1 = lo[c[1]], l2 = lo[c[2]], l3 = lo[c[3]];
        const int32_t h0 = hi[c[0]], h1 = hi[c[1]], h2 = hi[c[2]], h3 = hi[c[3]];
        const int32_t lo_lo = dwt_lo[0] * l0 + dwt_lo[1] * l1 + dwt_lo[2] * l2 + dwt_lo[3] * l3;
        const int32_t lo_hi = dwt_hi[0] * l0 + dwt_hi[1] * l1 + dwt_hi[2] * l2 + dwt_hi[3] * l3;
        const int32_t hi_lo = dwt_lo[0] * h0 + dwt_lo[1] * h1 + dwt_lo[2] * h2 + dwt_lo[3] * h3;
        const int32_t hi_hi = dwt_hi[0] * h0 + dwt_hi[1] * h1 + dwt_hi[2] * h2 + dwt_hi[3] * h3;
        approx[j] = (int16_t)((lo_lo + 32768) >> 16);
        band_v[j] = (int16_t)((lo_hi + 32768) >> 16);
        band_h[j] = (int16_t)((hi_lo + 32768) >> 16);
        band_d[j] = (int16_t)((hi_hi + 32768) >> 16);
    }
}

/* Vertical pass at scale 0 followed by the horizontal one: samples of bit
 * depth bpc are moved to a range centred on 0 (the low-pass subtracts
 * LO_SUM * 2^(bpc-1)) and brought to int16 with a rounded shift by bpc. The
 * sums are taken in 64 bits: libvmaf lets 16-bit ones wrap in int32, which
 * ends on the same in-range value. */
static inline void dwt_s0(const void *src, ptrdiff_t src_stride, int w, int h, unsigned bpc,
                          bool wide, const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst,
                          int32_t *approx, ptrdiff_t dst_stride)
{
    const int64_t round = INT64_C(1) << (bpc - 1);
    const int64_t centre = DWT_LO_SUM * round;
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
            const int64_t l = filter4_64(dwt_lo, p[0], p[1], p[2], p[3]) - centre;
            const int64_t g = filter4_64(dwt_hi, p[0], p[1], p[2], p[3]);
            lo[j] = (int16_t)((l + round) >> bpc);
            hi[j] = (int16_t)((g + round) >> bpc);
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

/* Rounding and shift of the vertical and horizontal passes at scales 1..3. */
static const struct {
    int32_t v_round, v_shift, h_round, h_shift;
} dwt_s123_q[3] = {
    {0, 0, 16384, 15},
    {32768, 16, 32768, 16},
    {32768, 16, 16384, 15},
};

static void dwt_s123_c(const int32_t *src, ptrdiff_t src_stride, int w, int h, int scale,
                       const AdmDwtTaps *taps, int32_t *tmp, const AdmBands32 *dst, int32_t *approx,
                       ptrdiff_t dst_stride)
{
    const int32_t v_round = dwt_s123_q[scale - 1].v_round, v_shift = dwt_s123_q[scale - 1].v_shift;
    const int32_t h_round = dwt_s123_q[scale - 1].h_round, h_shift = dwt_s123_q[scale - 1].h_shift;
    int32_t *lo = tmp, *hi = tmp + w;
    for (int i = 0; i < (h + 1) / 2; i++) {
        const int32_t *r = taps->rows + ADM_DWT_TAPS * i;
        const int32_t *p0 = src + r[0] * src_stride, *p1 = src + r[1] * src_stride;
        const int32_t *p2 = src + r[2] * src_stride, *p3 = src + r[3] * src_stride;
        for (int j = 0; j < w; j++) {
            lo[j] =
                (int32_t)((filter4_64(dwt_lo, p0[j], p1[j], p2[j], p3[j]) + v_round) >> v_shift);
            hi[j] =
                (int32_t)((filter4_64(dwt_hi, p0[j], p1[j], p2[j], p3[j]) + v_round) >> v_shift);
        }
        const ptrdiff_t o = i * dst_stride;
        for (int j = 0; j < (w + 1) / 2; j++) {
            const int32_t *c = taps->cols + ADM_DWT_TAPS * j;
            const int64_t l0 = lo[c[0]], l1 = lo[c[1]], l2 = lo[c[2]], l3 = lo[c[3]];
            const int64_t h0 = hi[c[0]], h1 = hi[c[1]], h2 = hi[c[2]], h3 = hi[c[3]];
            approx[o + j] = (int32_t)((filter4_64(dwt_lo, l0, l1, l2, l3) + h_round) >> h_shift);
            dst->band[ADM_BAND_V][o + j] =
                (int32_t)((filter4_64(dwt_hi, l0, l1, l2, l3) + h_round) >> h_shift);
            dst->band[ADM_BAND_H][o + j] =
                (int32_t)((filter4_64(dwt_lo, h0, h1, h2, h3) + h_round) >> h_shift);
            dst->band[ADM_BAND_D][o + j] =
                (int32_t)((filter4_64(dwt_hi, h0, h1, h2, h3) + h_round) >> h_shift);
        }
    }
}

/* ----------------------------------------------------------- decouple -- */

/* Whether the (h, v) vectors of reference and distortion are less than one
 * degree apart, evaluated in float and double exactly as libvmaf does, so
 * that ties fall the same way. */
static inline bool within_one_degree(int64_t dot, int64_t ref_sq, int64_t dis_sq, float cos_sq)
{
    const double d = (float)dot / 4096.0;
    return d >= 0.0f && d * d >= cos_sq * ((float)ref_sq / 4096.0) * ((float)dis_sq / 4096.0);
}

static float cos_1deg_sq(void)
{
    return (float)(cos(1.0 * M_PI / 180.0) * cos(1.0 * M_PI / 180.0));
}

/* The restored part r = k * o of a distorted sample t, k = t / o in Q15
 * clamped to [0, 1]. Inside the angle cone, r may be enhanced by the gain
 * limit but never past t. libvmaf decides "enhanced" on the sign of a float
 * product of k and o, which is the sign of k * o here since |k|, |o| >= 1. */
#define APPLY_GAIN_LIMIT(type, r, k, o, t, in_cone, gain_limit)                                    \
    do {                                                                                           \
        if ((in_cone) && (k) > 0 && (o) != 0) {                                                    \
            const double boosted = (r) * (gain_limit);                                             \
            if ((o) > 0)                                                                           \
                (r) = (type)(boosted < (t) ? boosted : (t));                                       \
            else                                                                                   \
                (r) = (type)(boosted > (t) ? boosted : (t));                                       \
        }                                                                                          \
    } while (0)

static inline int32_t clamp_gain(int64_t k)
{
    return (int32_t)(k < 0 ? 0 : k > 32768 ? 32768 : k);
}

static inline int32_t gain_s0(int16_t o, int16_t t, const int32_t *recip)
{
    if (!o)
        return 32768;
    return clamp_gain((int32_t)(((int64_t)recip[o] * t + 16384) >> 15));
}

/* At scales 1..3 |o| may exceed the table: it is cut to its 15 leading bits
 * and the shift moves into the final rounding (whose int32 constant wraps to
 * -2^31 for a shift of 17, as in libvmaf). */
static inline int32_t gain_s123(int32_t o, int32_t t, const int32_t *recip)
{
    if (!o)
        return 32768;
    const uint32_t mag = (uint32_t)abs_wrap32(o);
    int shift = 0;
    const uint32_t mantissa = mag < 32768 ? mag : adm_best15(mag, &shift);
    const int64_t sign = o < 0 ? -1 : 1;
    const int64_t round = (int32_t)(1u << (14 + shift));
    return clamp_gain(((int64_t)recip[mantissa] * t * sign + round) >> (15 + shift));
}

static void decouple_s0_c(const AdmBands16 *ref, const AdmBands16 *dis, const AdmBands16 *restored,
                          const AdmBands16 *additive, ptrdiff_t stride, const AdmRect *win,
                          double gain_limit, const int32_t *recip)
{
    const float cos_sq = cos_1deg_sq();
    for (int i = win->top; i < win->bottom; i++) {
        for (int j = win->left; j < win->right; j++) {
            const ptrdiff_t x = i * stride + j;
            const int16_t oh = ref->band[ADM_BAND_H][x], ov = ref->band[ADM_BAND_V][x];
            const int16_t th = dis->band[ADM_BAND_H][x], tv = dis->band[ADM_BAND_V][x];
            const bool in_cone = within_one_degree((int64_t)oh * th + (int64_t)ov * tv,
                                                   (int64_t)oh * oh + (int64_t)ov * ov,
                                                   (int64_t)th * th + (int64_t)tv * tv, cos_sq);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int16_t o = ref->band[b][x], t = dis->band[b][x];
                const int32_t k = gain_s0(o, t, recip);
                int16_t r = (int16_t)((k * o + 16384) >> 15);
                APPLY_GAIN_LIMIT(int16_t, r, k, o, t, in_cone, gain_limit);
                restored->band[b][x] = r;
                additive->band[b][x] = (int16_t)(t - r);
            }
        }
    }
}

static void decouple_s123_c(const AdmBands32 *ref, const AdmBands32 *dis,
                            const AdmBands32 *restored, const AdmBands32 *additive,
                            ptrdiff_t stride, const AdmRect *win, double gain_limit,
                            const int32_t *recip)
{
    const float cos_sq = cos_1deg_sq();
    for (int i = win->top; i < win->bottom; i++) {
        for (int j = win->left; j < win->right; j++) {
            const ptrdiff_t x = i * stride + j;
            const int32_t oh = ref->band[ADM_BAND_H][x], ov = ref->band[ADM_BAND_V][x];
            const int32_t th = dis->band[ADM_BAND_H][x], tv = dis->band[ADM_BAND_V][x];
            const bool in_cone = within_one_degree((int64_t)oh * th + (int64_t)ov * tv,
                                                   (int64_t)oh * oh + (int64_t)ov * ov,
                                                   (int64_t)th * th + (int64_t)tv * tv, cos_sq);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int32_t o = ref->band[b][x], t = dis->band[b][x];
                const int32_t k = gain_s123(o, t, recip);
                int32_t r = (int32_t)(((int64_t)k * o + 16384) >> 15);
                APPLY_GAIN_LIMIT(int32_t, r, k, o, t, in_cone, gain_limit);
                restored->band[b][x] = r;
                additive->band[b][x] = sub_wrap32(t, r);
            }
        }
    }
}

/* ---------------------------------------------------------------- CSF -- */

/* Scale 0 factors are Q21 (h, v) and Q23 (d); the products are brought to
 * the band's Q format with these roundings (65535 rather than 65536 is
 * libvmaf's). */
static const int32_t csf_s0_round[ADM_DETAIL_BANDS] = {16384, 16384, 65535};
static const int csf_s0_shift[ADM_DETAIL_BANDS] = {15, 15, 17};

static inline int16_t csf_s0_value(int16_t v, uint16_t rfactor, int b)
{
    return (int16_t)(((int32_t)rfactor * v + csf_s0_round[b]) >> csf_s0_shift[b]);
}

static inline int16_t fraction_s0(int16_t v, int32_t q17)
{
    return (int16_t)((q17 * abs(v) + 2048) >> 12);
}

static inline int32_t csf_s123_value(int32_t v, uint32_t rfactor)
{
    return (int32_t)(((int64_t)rfactor * v + (1 << 27)) >> 28);
}

static inline int32_t fraction_s123(int32_t v, int64_t q32)
{
    return (int32_t)((q32 * abs_wrap32(v) + Q32_ROUNDING) >> 32);
}

static void csf_s0_c(const AdmBands16 *src, const AdmBands16 *csf, const AdmBands16 *csf_30,
                     ptrdiff_t stride, const AdmRect *win, const uint16_t rfactor[3])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        for (int i = win->top; i < win->bottom; i++) {
            for (int j = win->left; j < win->right; j++) {
                const ptrdiff_t x = i * stride + j;
                const int16_t c = csf_s0_value(src->band[b][x], rfactor[b], b);
                csf->band[b][x] = c;
                csf_30->band[b][x] = fraction_s0(c, ONE_30TH_Q17);
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
                const int32_t c = csf_s123_value(src->band[b][x], rfactor[b]);
                csf->band[b][x] = c;
                csf_30->band[b][x] = fraction_s123(c, ONE_30TH_Q32);
            }
        }
    }
}

/* -------------------------------------------------------- denominator -- */

static inline uint64_t rounding(int shift)
{
    return shift > 0 ? UINT64_C(1) << (shift - 1) : 0;
}

static void den_s0_c(const AdmBands16 *ref, ptrdiff_t stride, const AdmRect *region, int row_shift,
                     uint64_t sum[ADM_DETAIL_BANDS])
{
    const uint64_t row_round = rounding(row_shift);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        sum[b] = 0;
        for (int i = region->top; i < region->bottom; i++) {
            const int16_t *row = ref->band[b] + i * stride;
            uint64_t row_sum = 0;
            for (int j = region->left; j < region->right; j++) {
                const uint64_t m = (uint16_t)abs(row[j]);
                row_sum += m * m * m;
            }
            sum[b] += (row_sum + row_round) >> row_shift;
        }
    }
}

static void den_s123_c(const AdmBands32 *ref, ptrdiff_t stride, const AdmRect *region,
                       const AdmDenShifts *shifts, uint64_t sum[ADM_DETAIL_BANDS])
{
    const uint64_t square_round = UINT64_C(1) << shifts->square;
    const uint64_t cube_round = rounding(shifts->cube), row_round = rounding(shifts->row);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        sum[b] = 0;
        for (int i = region->top; i < region->bottom; i++) {
            const int32_t *row = ref->band[b] + i * stride;
            uint64_t row_sum = 0;
            for (int j = region->left; j < region->right; j++) {
                const uint64_t m = (uint32_t)abs_wrap32(row[j]);
                const uint64_t sq = (m * m + square_round) >> shifts->square;
                row_sum += (sq * m + cube_round) >> shifts->cube;
            }
            sum[b] += (row_sum + row_round) >> shifts->row;
        }
    }
}

/* ---------------------------------------------------- contrast masking -- */

/* Neighbour rows/columns of sample i of n: -1 reads 1, n reads n - 1. */
static inline int before(int i)
{
    return i > 0 ? i - 1 : 1;
}

static inline int after(int i, int n)
{
    return i < n - 1 ? i + 1 : n - 1;
}

/* Scale 0: x = src * rfactor in Q(21|23)+band, threshold shifted up by 10
 * (h, v) and 12 (d) to that format, then squared to Q(29|30) less. Scales
 * 1..3 square to Q30 less and use the threshold as it is. */
static const int cm_s0_sub_shift[ADM_DETAIL_BANDS] = {10, 10, 12};
static const int cm_s0_square_shift[ADM_DETAIL_BANDS] = {29, 29, 30};
#define CM_S123_SQUARE_SHIFT 30

static inline int64_t masked_cube(int32_t x, int32_t thr_scaled, int square_shift,
                                  int64_t cube_round, int cube_shift)
{
    int32_t m = sub_wrap32(abs_wrap32(x), thr_scaled);
    if (m < 0)
        m = 0;
    const int32_t sq =
        (int32_t)(((int64_t)m * m + (INT64_C(1) << (square_shift - 1))) >> square_shift);
    return ((int64_t)sq * m + cube_round) >> cube_shift;
}

/* Band planes of either scale: int16 at scale 0, int32 above. */
typedef struct CmPlanes {
    const void *src[ADM_DETAIL_BANDS], *csf[ADM_DETAIL_BANDS], *csf_30[ADM_DETAIL_BANDS];
} CmPlanes;

static inline int32_t sample(const void *plane, ptrdiff_t i, bool scale0)
{
    return scale0 ? ((const int16_t *)plane)[i] : ((const int32_t *)plane)[i];
}

/* Shared by both scales; scale0 is a constant in each caller, so each gets
 * its own specialised loop. The threshold sums are int32 in libvmaf and are
 * taken modulo 2^32 here. */
static inline void contrast_mask(const CmPlanes *p, bool scale0, ptrdiff_t stride, int w, int h,
                                 const AdmRect *region, const uint32_t rfactor[3],
                                 const AdmCmShifts *shifts, int64_t sum[ADM_DETAIL_BANDS])
{
    int64_t cube_round[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        cube_round[b] = (int64_t)rounding(shifts->cube[b]);
        sum[b] = 0;
    }
    const int64_t row_round = (int64_t)rounding(shifts->row);
    for (int i = region->top; i < region->bottom; i++) {
        const ptrdiff_t up = before(i) * stride, mid = i * stride, down = after(i, h) * stride;
        int64_t row_sum[ADM_DETAIL_BANDS] = {0};
        for (int j = region->left; j < region->right; j++) {
            const int jl = before(j), jr = after(j, w);
            const ptrdiff_t around[8] = {up + jl,  up + j,    up + jr,  mid + jl,
                                         mid + jr, down + jl, down + j, down + jr};
            uint32_t thr = 0;
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                for (int k = 0; k < 8; k++)
                    thr += (uint32_t)sample(p->csf_30[b], around[k], scale0);
                const int32_t c = sample(p->csf[b], mid + j, scale0);
                thr += scale0 ? (uint32_t)fraction_s0((int16_t)c, ONE_15TH_Q17)
                              : (uint32_t)fraction_s123(c, ONE_15TH_Q32);
            }
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const int32_t v = sample(p->src[b], mid + j, scale0);
                const int32_t x = scale0 ? v * (int32_t)rfactor[b] : csf_s123_value(v, rfactor[b]);
                const int32_t t = scale0 ? (int32_t)(thr << cm_s0_sub_shift[b]) : (int32_t)thr;
                const int sq = scale0 ? cm_s0_square_shift[b] : CM_S123_SQUARE_SHIFT;
                row_sum[b] += masked_cube(x, t, sq, cube_round[b], shifts->cube[b]);
            }
        }
        for (int b = 0; b < ADM_DETAIL_BANDS; b++)
            sum[b] += (row_sum[b] + row_round) >> shifts->row;
    }
}

static void cm_s0_c(const AdmBands16 *src, const AdmBands16 *csf, const AdmBands16 *csf_30,
                    ptrdiff_t stride, int w, int h, const AdmRect *region,
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
    contrast_mask(&p, true, stride, w, h, region, rf, shifts, sum);
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
    contrast_mask(&p, false, stride, w, h, region, rfactor, shifts, sum);
}

void adm_dsp_init(AdmDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* no SIMD variants yet */
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
}
