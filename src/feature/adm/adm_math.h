/* The per-sample arithmetic of integer ADM that the CPU stages (adm_dsp.c)
 * and the CUDA kernels (cuda/) share, as C and as CUDA (core/hd.h): the db2
 * taps and their mirroring, the decoupling of the distorted bands, the CSF
 * weights, the masking threshold and cubes, the reference cubes and the row
 * roundings. Every integer width, rounding constant and shift is libvmaf's;
 * where libvmaf relies on two's complement wrap-around the arithmetic is
 * done in unsigned types, so that the same bits come out without undefined
 * behaviour. Both sides score alike only because both run this code. */
#ifndef VMAF_FEATURE_ADM_MATH_H
#define VMAF_FEATURE_ADM_MATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/hd.h"
#include "feature/adm_common/adm_bands.h"

enum { ADM_SCALES = 4, ADM_DWT_TAPS = 4 };

/* adm_reciprocal_table() covers -ADM_RECIP_RANGE..ADM_RECIP_RANGE. */
#define ADM_RECIP_RANGE 32768

/* 2^17 / 30 and 2^17 / 15 at scale 0; 2^32 / 30 and 2^32 / 15 above. */
#define ADM_ONE_30TH_Q17 4369
#define ADM_ONE_15TH_Q17 8738
#define ADM_ONE_30TH_Q32 INT64_C(143165577)
#define ADM_ONE_15TH_Q32 INT64_C(286331153)

/* libvmaf rounds the Q32 products above with an int32 holding 1u << 31,
 * i.e. with -2^31: the result is the rounded value minus one. */
#define ADM_Q32_ROUNDING INT64_C(-2147483648)

/* |v| as x86 computes it: INT32_MIN stays INT32_MIN. */
static inline VMAF_HD int32_t adm_abs_wrap32(int32_t v)
{
    return (int32_t)(v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
}

static inline VMAF_HD int32_t adm_sub_wrap32(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a - (uint32_t)b);
}

/* Half a unit of a right shift, none for no shift. */
static inline VMAF_HD uint64_t adm_rounding(int shift)
{
    return shift > 0 ? UINT64_C(1) << (shift - 1) : 0;
}

/* The 15 leading bits of v >= 32768, rounded, and the shift that drops the
 * others: v ~ mantissa << *shift with 16384 <= mantissa <= 32768. */
static inline VMAF_HD uint32_t adm_best15(uint32_t v, int *shift)
{
    const int s = 17 - vmaf_clz32(v);
    *shift = s;
    return (v + (1u << (s - 1))) >> s;
}

/* ---------------------------------------------------------------- DWT -- */

/* Index idx of a pass over n samples: -1 reads 1, indices past the end are
 * reflected about n - 1/2 (n -> n-1, n+1 -> n-2). */
static inline VMAF_HD int adm_dwt_mirror(int idx, int n)
{
    if (idx < 0)
        return -idx;
    if (idx >= n)
        return 2 * n - idx - 1;
    return idx;
}

/* Source index of tap t (0..3) of output i: 2i-1+t, mirrored. Needs n >= 5. */
static inline VMAF_HD int adm_dwt_tap(int i, int t, int n)
{
    return adm_dwt_mirror(2 * i - 1 + t, n);
}

/* db2 analysis filters in Q15; the low-pass sums to ADM_DWT_LO_SUM, the
 * high-pass to 0. */
#define ADM_DWT_LO_SUM 46342

static inline VMAF_HD int64_t adm_dwt_lo_64(int64_t s0, int64_t s1, int64_t s2, int64_t s3)
{
    return 15826 * s0 + 27411 * s1 + 7345 * s2 + -4240 * s3;
}

static inline VMAF_HD int64_t adm_dwt_hi_64(int64_t s0, int64_t s1, int64_t s2, int64_t s3)
{
    return -4240 * s0 + -7345 * s1 + 27411 * s2 + -15826 * s3;
}

/* For int16 inputs, whose 32-bit products cannot overflow. */
static inline VMAF_HD int32_t adm_dwt_lo_32(int32_t s0, int32_t s1, int32_t s2, int32_t s3)
{
    return 15826 * s0 + 27411 * s1 + 7345 * s2 + -4240 * s3;
}

static inline VMAF_HD int32_t adm_dwt_hi_32(int32_t s0, int32_t s1, int32_t s2, int32_t s3)
{
    return -4240 * s0 + -7345 * s1 + 27411 * s2 + -15826 * s3;
}

/* Scale 0 vertical pass of one column of samples p0..p3 of depth bpc: moved
 * to a range centred on 0 (the low-pass subtracts LO_SUM * 2^(bpc-1)) and
 * brought to int16 with a rounded shift by bpc. The sums are taken in 64
 * bits: libvmaf lets 16-bit ones wrap in int32, which ends on the same
 * in-range value. */
static inline VMAF_HD void adm_dwt_s0_vertical(int64_t p0, int64_t p1, int64_t p2, int64_t p3,
                                               unsigned bpc, int32_t *lo, int32_t *hi)
{
    const int64_t round = INT64_C(1) << (bpc - 1);
    const int64_t centre = ADM_DWT_LO_SUM * round;
    *lo = (int16_t)((adm_dwt_lo_64(p0, p1, p2, p3) - centre + round) >> bpc);
    *hi = (int16_t)((adm_dwt_hi_64(p0, p1, p2, p3) + round) >> bpc);
}

/* A scale 0 horizontal sum brought back to int16. */
static inline VMAF_HD int16_t adm_dwt_s0_round(int32_t sum)
{
    return (int16_t)((sum + 32768) >> 16);
}

/* Scale 0 horizontal pass of one output: lo and hi are the vertical results
 * at its four source columns. */
static inline VMAF_HD void adm_dwt_s0_horizontal(const int32_t lo[ADM_DWT_TAPS],
                                                 const int32_t hi[ADM_DWT_TAPS], int32_t *approx,
                                                 int16_t *band_h, int16_t *band_v, int16_t *band_d)
{
    *approx = adm_dwt_s0_round(adm_dwt_lo_32(lo[0], lo[1], lo[2], lo[3]));
    *band_v = adm_dwt_s0_round(adm_dwt_hi_32(lo[0], lo[1], lo[2], lo[3]));
    *band_h = adm_dwt_s0_round(adm_dwt_lo_32(hi[0], hi[1], hi[2], hi[3]));
    *band_d = adm_dwt_s0_round(adm_dwt_hi_32(hi[0], hi[1], hi[2], hi[3]));
}

/* Rounding and shift of the vertical and horizontal passes at scales 1..3. */
typedef struct AdmDwtRounding {
    int32_t v_round, v_shift, h_round, h_shift;
} AdmDwtRounding;

static inline VMAF_HD AdmDwtRounding adm_dwt_s123_rounding(int scale)
{
    const AdmDwtRounding s1 = {0, 0, 16384, 15}, s2 = {32768, 16, 32768, 16};
    const AdmDwtRounding s3 = {32768, 16, 16384, 15};
    return scale == 1 ? s1 : scale == 2 ? s2 : s3;
}

static inline VMAF_HD int32_t adm_dwt_s123_round(int64_t sum, int32_t round, int32_t shift)
{
    return (int32_t)((sum + round) >> shift);
}

static inline VMAF_HD void adm_dwt_s123_vertical(int64_t p0, int64_t p1, int64_t p2, int64_t p3,
                                                 const AdmDwtRounding *q, int32_t *lo, int32_t *hi)
{
    *lo = adm_dwt_s123_round(adm_dwt_lo_64(p0, p1, p2, p3), q->v_round, q->v_shift);
    *hi = adm_dwt_s123_round(adm_dwt_hi_64(p0, p1, p2, p3), q->v_round, q->v_shift);
}

static inline VMAF_HD void adm_dwt_s123_horizontal(const int32_t lo[ADM_DWT_TAPS],
                                                   const int32_t hi[ADM_DWT_TAPS],
                                                   const AdmDwtRounding *q, int32_t *approx,
                                                   int32_t *band_h, int32_t *band_v,
                                                   int32_t *band_d)
{
    const int32_t r = q->h_round, s = q->h_shift;
    *approx = adm_dwt_s123_round(adm_dwt_lo_64(lo[0], lo[1], lo[2], lo[3]), r, s);
    *band_v = adm_dwt_s123_round(adm_dwt_hi_64(lo[0], lo[1], lo[2], lo[3]), r, s);
    *band_h = adm_dwt_s123_round(adm_dwt_lo_64(hi[0], hi[1], hi[2], hi[3]), r, s);
    *band_d = adm_dwt_s123_round(adm_dwt_hi_64(hi[0], hi[1], hi[2], hi[3]), r, s);
}

/* ----------------------------------------------------------- decouple -- */

/* Whether the (h, v) vectors of reference o and distortion t are less than
 * one degree apart, evaluated in float and double exactly as libvmaf does,
 * so that ties fall the same way. cos_sq is adm_cos_1deg_sq(). */
/* a + b modulo 2^64: int64 sums of full-range int32 products and of cubes
 * can pass 2^63 on synthetic bands; wrapping keeps that defined. */
static inline VMAF_HD int64_t adm_add_wrap64(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline VMAF_HD bool adm_in_cone(int32_t oh, int32_t ov, int32_t th, int32_t tv, float cos_sq)
{
    const int64_t dot = adm_add_wrap64((int64_t)oh * th, (int64_t)ov * tv);
    const int64_t ref_sq = adm_add_wrap64((int64_t)oh * oh, (int64_t)ov * ov);
    const int64_t dis_sq = adm_add_wrap64((int64_t)th * th, (int64_t)tv * tv);
    const double d = (float)dot / 4096.0;
    return d >= 0.0f && d * d >= cos_sq * ((float)ref_sq / 4096.0) * ((float)dis_sq / 4096.0);
}

/* adm_in_cone() of scale 0 as libvmaf's vector decoupling tests it
 * (AdmQuirks): the sums of int16 products wrapped to int32 (pmaddwd), and,
 * with ordered, |o|^2 |t|^2 multiplied before cos^2. */
static inline VMAF_HD bool adm_in_cone_vector(int16_t oh, int16_t ov, int16_t th, int16_t tv,
                                              float cos_sq, bool ordered)
{
    const int32_t dot = (int32_t)(uint32_t)((int32_t)oh * th + (int64_t)ov * tv);
    const int32_t ref_sq = (int32_t)(uint32_t)((int32_t)oh * oh + (int64_t)ov * ov);
    const int32_t dis_sq = (int32_t)(uint32_t)((int32_t)th * th + (int64_t)tv * tv);
    const double d = (float)dot / 4096.0;
    const double o2 = (float)ref_sq / 4096.0, t2 = (float)dis_sq / 4096.0;
    return d >= 0.0f && d * d >= (ordered ? o2 * t2 * cos_sq : cos_sq * o2 * t2);
}

static inline VMAF_HD int32_t adm_clamp_gain(int64_t k)
{
    return (int32_t)(k < 0 ? 0 : k > 32768 ? 32768 : k);
}

/* k = t / o in Q15, clamped to [0, 1]; recip is adm_reciprocal_table(). */
static inline VMAF_HD int32_t adm_gain_s0(int16_t o, int16_t t, const int32_t *recip)
{
    if (!o)
        return 32768;
    return adm_clamp_gain((int32_t)(((int64_t)recip[o] * t + 16384) >> 15));
}

/* At scales 1..3 |o| may exceed the table: it is cut to its 15 leading bits
 * and the shift moves into the final rounding (whose int32 constant wraps to
 * -2^31 for a shift of 17, as in libvmaf). */
static inline VMAF_HD int32_t adm_gain_s123(int32_t o, int32_t t, const int32_t *recip)
{
    if (!o)
        return 32768;
    const uint32_t mag = (uint32_t)adm_abs_wrap32(o);
    int shift = 0;
    const uint32_t mantissa = mag < 32768 ? mag : adm_best15(mag, &shift);
    const int64_t sign = o < 0 ? -1 : 1;
    const int64_t round = (int32_t)(1u << (14 + shift));
    return adm_clamp_gain(((int64_t)recip[mantissa] * t * sign + round) >> (15 + shift));
}

/* Inside the angle cone, the restored part r of t may be enhanced by the
 * gain limit but never past t. libvmaf decides "enhanced" on the sign of a
 * float product of k and o, which is the sign of k * o here since |k|,
 * |o| >= 1. The result lies between 0 and t; its C truncates it, its vector
 * decoupling (AdmQuirks) rounds r * gain_limit to nearest first. */
static inline VMAF_HD double adm_gain_limited(int32_t r, int32_t o, int32_t t, double gain_limit,
                                              bool round)
{
    const double boosted = round ? rint(r * gain_limit) : r * gain_limit;
    if (o > 0)
        return boosted < t ? boosted : t;
    return boosted > t ? boosted : t;
}

/* The restored part r = k * o of a distorted sample t. */
static inline VMAF_HD int16_t adm_restore_s0(int16_t o, int16_t t, bool in_cone, double gain_limit,
                                             const int32_t *recip, bool round)
{
    const int32_t k = adm_gain_s0(o, t, recip);
    const int16_t r = (int16_t)((k * o + 16384) >> 15);
    if (in_cone && k > 0 && o != 0)
        return (int16_t)adm_gain_limited(r, o, t, gain_limit, round);
    return r;
}

static inline VMAF_HD int32_t adm_restore_s123(int32_t o, int32_t t, bool in_cone,
                                               double gain_limit, const int32_t *recip, bool round)
{
    const int32_t k = adm_gain_s123(o, t, recip);
    const int32_t r = (int32_t)(((int64_t)k * o + 16384) >> 15);
    if (in_cone && k > 0 && o != 0)
        return (int32_t)adm_gain_limited(r, o, t, gain_limit, round);
    return r;
}

/* ---------------------------------------------------------------- CSF -- */

/* Scale 0 factors are Q21 (h, v) and Q23 (d); the products are brought to
 * the band's Q format with these roundings (65535 rather than 65536 is
 * libvmaf's). */
static inline VMAF_HD int16_t adm_csf_s0(int16_t v, uint16_t rfactor, int band)
{
    const bool diagonal = band == ADM_BAND_D;
    return (int16_t)(((int32_t)rfactor * v + (diagonal ? 65535 : 16384)) >> (diagonal ? 17 : 15));
}

/* q17 / 2^17 of |v|: the thirtieth or the fifteenth of a CSF value. */
static inline VMAF_HD int16_t adm_fraction_s0(int16_t v, int32_t q17)
{
    return (int16_t)((q17 * abs(v) + 2048) >> 12);
}

/* Q32 factors; the product is rounded back to the band's format. */
static inline VMAF_HD int32_t adm_csf_s123(int32_t v, uint32_t rfactor)
{
    return (int32_t)(((int64_t)rfactor * v + (1 << 27)) >> 28);
}

static inline VMAF_HD int32_t adm_fraction_s123(int32_t v, int64_t q32)
{
    return (int32_t)((q32 * adm_abs_wrap32(v) + ADM_Q32_ROUNDING) >> 32);
}

/* -------------------------------------------------------- denominator -- */

/* |v|^3 of a scale 0 reference sample. */
static inline VMAF_HD uint64_t adm_den_cube_s0(int16_t v)
{
    const uint64_t m = (uint16_t)abs(v);
    return m * m * m;
}

/* Scales 1..3: the square shifted right by square_shift (rounded with a full
 * unit, as libvmaf does), times |v|, shifted by cube_shift. */
static inline VMAF_HD uint64_t adm_den_cube_s123(int32_t v, int square_shift, int cube_shift)
{
    const uint64_t m = (uint32_t)adm_abs_wrap32(v);
    const uint64_t sq = (m * m + (UINT64_C(1) << square_shift)) >> square_shift;
    return (sq * m + adm_rounding(cube_shift)) >> cube_shift;
}

/* A row sum of either kind, rounded and shifted by row_shift. */
static inline VMAF_HD uint64_t adm_den_row(uint64_t row_sum, int row_shift)
{
    return (row_sum + adm_rounding(row_shift)) >> row_shift;
}

static inline VMAF_HD int64_t adm_cm_row(int64_t row_sum, int row_shift)
{
    return (row_sum + (int64_t)adm_rounding(row_shift)) >> row_shift;
}

/* ---------------------------------------------------- contrast masking -- */

/* The masking neighbour y (-1..n) of a band of n samples: -1 reads 1 and n
 * reads n - 1. */
static inline VMAF_HD int adm_cm_reach(int y, int n)
{
    return y < 0 ? 1 : y >= n ? n - 1 : y;
}

/* What a sample adds to the masking threshold (summed modulo 2^32 over the
 * three bands): a thirtieth of |csf| to each of its 8 neighbours', a
 * fifteenth to its own. */
static inline VMAF_HD uint32_t adm_cm_neighbour_s0(int16_t csf)
{
    return (uint32_t)(int32_t)adm_fraction_s0(csf, ADM_ONE_30TH_Q17);
}

static inline VMAF_HD uint32_t adm_cm_centre_s0(int16_t csf)
{
    return (uint32_t)(int32_t)adm_fraction_s0(csf, ADM_ONE_15TH_Q17);
}

static inline VMAF_HD uint32_t adm_cm_neighbour_s123(int32_t csf)
{
    return (uint32_t)adm_fraction_s123(csf, ADM_ONE_30TH_Q32);
}

static inline VMAF_HD uint32_t adm_cm_centre_s123(int32_t csf)
{
    return (uint32_t)adm_fraction_s123(csf, ADM_ONE_15TH_Q32);
}

/* libvmaf's x86 vector loop of scale 0's contrast masking takes the centre's
 * fifteenth without wrapping it to int16 as its C does (docs/reference-notes.md). */
static inline VMAF_HD uint32_t adm_cm_centre_s0_unwrapped(int16_t csf)
{
    return (uint32_t)((ADM_ONE_15TH_Q17 * abs(csf) + 2048) >> 12);
}

/* The cube of what |x| exceeds the scaled threshold by, the square rounded
 * and shifted by square_shift, the cube by cube_shift: arithmetically, or,
 * with logical, as an unsigned 64-bit value (libvmaf's AVX2 scale 0 loop,
 * which differs where the square overflowed int32 and the product is
 * negative). */
static inline VMAF_HD int64_t adm_masked_cube(int32_t x, int32_t thr_scaled, int square_shift,
                                              int cube_shift, bool logical)
{
    int32_t m = adm_sub_wrap32(adm_abs_wrap32(x), thr_scaled);
    if (m < 0)
        m = 0;
    const int32_t sq =
        (int32_t)(((int64_t)m * m + (INT64_C(1) << (square_shift - 1))) >> square_shift);
    if (logical)
        return (int64_t)(((uint64_t)((int64_t)sq * m) + adm_rounding(cube_shift)) >> cube_shift);
    return ((int64_t)sq * m + (int64_t)adm_rounding(cube_shift)) >> cube_shift;
}

/* Scale 0: x = v * rfactor in Q(21|23)+band, the threshold shifted up by 10
 * (h, v) or 12 (d) to that format, the square brought to Q(29|30) less. */
static inline VMAF_HD int64_t adm_cm_cube_s0(int16_t v, uint16_t rfactor, uint32_t thr, int band,
                                             int cube_shift, bool logical)
{
    const bool diagonal = band == ADM_BAND_D;
    const int32_t x = v * (int32_t)rfactor;
    const int32_t t = (int32_t)(thr << (diagonal ? 12 : 10));
    return adm_masked_cube(x, t, diagonal ? 30 : 29, cube_shift, logical);
}

/* Scales 1..3: x is the CSF-weighted sample, the threshold is used as it
 * is, the square is brought to Q30 less. */
static inline VMAF_HD int64_t adm_cm_cube_s123(int32_t v, uint32_t rfactor, uint32_t thr,
                                               int cube_shift)
{
    return adm_masked_cube(adm_csf_s123(v, rfactor), (int32_t)thr, 30, cube_shift, false);
}

#endif
