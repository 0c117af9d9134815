/* The per-sample arithmetic of float ADM that the CPU's stages
 * (float_adm_dsp.c) and the CUDA twin's kernels (cuda/) run alike, as C and
 * as CUDA (core/hd.h): the db2 filters, decoupling, the CSF's masking
 * shares, the masking threshold and the cubes. The float/double mix of each
 * expression is libvmaf's. Both score alike because both call these. */
#ifndef VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_MATH_H
#define VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_MATH_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/hd.h"
#include "feature/adm_common/adm_bands.h"

/* Rows [top, bottom) and columns [left, right) of a level. */
typedef struct FloatAdmRect {
    int top, bottom, left, right;
} FloatAdmRect;

/* libvmaf divides the distorted detail by the reference's with the x86
 * reciprocal estimate, refined by one Newton step, where SSE is there (the
 * CPU stage, float_adm_dsp.c); elsewhere it divides. */
#if defined(__SSE2__)
#define FLOAT_ADM_RCP_DIVISION 1
#endif

/* Added to the reference's detail before it divides. */
#define FLOAT_ADM_EPS 1e-30f

/* libvmaf's 1/30 and 1/15, double constants that multiply a float. */
#define FLOAT_ADM_ONE_BY_30 0.0333333351
#define FLOAT_ADM_ONE_BY_15 0.0666666701

static inline VMAF_HD float float_adm_fir4(const float f[4], float s0, float s1, float s2, float s3)
{
    float acc = 0;
    acc += f[0] * s0;
    acc += f[1] * s1;
    acc += f[2] * s2;
    acc += f[3] * s3;
    return acc;
}

/* Daubechies db2 analysis filters: these decimals (double) rounded to
 * float, as libvmaf writes them. */
static inline VMAF_HD float float_adm_db2_lo(float s0, float s1, float s2, float s3)
{
    const float f[4] = {0.482962913144690, 0.836516303737469, 0.224143868041857,
                        -0.129409522550921};
    return float_adm_fir4(f, s0, s1, s2, s3);
}

static inline VMAF_HD float float_adm_db2_hi(float s0, float s1, float s2, float s3)
{
    const float f[4] = {-0.129409522550921, -0.224143868041857, 0.836516303737469,
                        -0.482962913144690};
    return float_adm_fir4(f, s0, s1, s2, s3);
}

/* Source index of tap t of output i over n samples: 2i - 1 + t, reflected
 * at the start and mirrored with the edge repeated at the end. */
static inline VMAF_HD int float_adm_tap_index(unsigned i, int t, unsigned n)
{
    int k = 2 * (int)i - 1 + t;
    if (k < 0)
        k = -k;
    if (k >= (int)n)
        k = 2 * (int)n - k - 1;
    return k;
}

/* n / d from e, an estimate of 1 / d: one Newton step, as libvmaf. */
static inline VMAF_HD float float_adm_refine(float n, float d, float e)
{
    return n * (e + e * (1.0f - d * e));
}

/* The x86 reciprocal estimate of d from table, the estimates of [1, 2)
 * indexed by the mantissa (float_adm_rcp_table()): x86 scales the estimate
 * by the exponent exactly, flushes results below the normal range to 0
 * (infinite d included), takes subnormal d for 0 and quiets NaNs. */
static inline VMAF_HD float float_adm_rcp_estimate(float d, const float *table)
{
    uint32_t bits;
    memcpy(&bits, &d, sizeof(bits));
    const uint32_t sign = bits & 0x80000000u, mantissa = bits & 0x007fffffu;
    const int exponent = (int)((bits >> 23) & 0xffu);
    uint32_t out;
    if (exponent == 0) {
        out = sign | 0x7f800000u;
    } else if (exponent == 0xff && mantissa) {
        out = bits | 0x00400000u;
    } else {
        uint32_t e;
        memcpy(&e, &table[mantissa], sizeof(e));
        const int scaled = (int)((e >> 23) & 0xffu) - (exponent - 127);
        out = scaled <= 0 ? sign : sign | (uint32_t)scaled << 23 | (e & 0x007fffffu);
    }
    float r;
    memcpy(&r, &out, sizeof(r));
    return r;
}

static inline VMAF_HD float float_adm_clamp01(float k)
{
    return k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
}

/* r moved towards t by the gain limit where the angles agree. libvmaf's
 * min/max see a double and a float; its two tests run one after the
 * other. */
static inline VMAF_HD float float_adm_enhance(float r, float t, bool same_angle, double gain_limit)
{
    if (same_angle && r > 0.0) {
        const double g = r * gain_limit;
        r = (float)(g < t ? g : t);
    }
    if (same_angle && r < 0.0) {
        const double g = r * gain_limit;
        r = (float)(g > t ? g : t);
    }
    return r;
}

/* The distorted detail t of a position as the part the reference's o
 * explains, r = clamp(k, 0, 1) * o with k the quotient t / (o + eps) as the
 * caller divides (raised towards t by up to gain_limit where o and t point
 * within 1 degree of each other), and the rest, a = t - r. cos_sq:
 * cos^2(1 degree) rounded to float. */
static inline VMAF_HD void float_adm_decouple(const float o[ADM_DETAIL_BANDS],
                                              const float t[ADM_DETAIL_BANDS],
                                              const float k[ADM_DETAIL_BANDS], float cos_sq,
                                              double gain_limit, float r[ADM_DETAIL_BANDS],
                                              float a[ADM_DETAIL_BANDS])
{
    /* The angle between (oh, ov) and (th, tv) is below 1 degree iff their
     * dot product is >= 0 and its square >= cos^2(1 deg) times both squared
     * norms. */
    const float oh = o[ADM_BAND_H], ov = o[ADM_BAND_V];
    const float th = t[ADM_BAND_H], tv = t[ADM_BAND_V];
    const float dot = oh * th + ov * tv;
    const float o_mag_sq = oh * oh + ov * ov, t_mag_sq = th * th + tv * tv;
    const bool same_angle = dot >= 0.0f && dot * dot >= cos_sq * o_mag_sq * t_mag_sq;
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = float_adm_enhance(float_adm_clamp01(k[b]) * o[b], t[b], same_angle, gain_limit);
        a[b] = t[b] - r[b];
    }
}

/* What a CSF-weighted value v adds to its neighbours' masking thresholds. */
static inline VMAF_HD float float_adm_mask_share(float v)
{
    return (float)(FLOAT_ADM_ONE_BY_30 * fabsf(v));
}

/* The masking threshold from the rows up, mid and down (offsets into each
 * band of flt) and the columns left, j and right: per band, the 3x3
 * neighbourhood row by row, left to right, with |centre[b]| / 15 in place
 * of the centre (the CSF-weighted value there), summed in float (the centre
 * term added in double); then the three band sums. */
static inline VMAF_HD float float_adm_masking_at(const float *const flt[ADM_DETAIL_BANDS],
                                                 ptrdiff_t up, ptrdiff_t mid, ptrdiff_t down,
                                                 ptrdiff_t left, ptrdiff_t j, ptrdiff_t right,
                                                 const float centre[ADM_DETAIL_BANDS])
{
    float thr = 0;
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const float *f = flt[b];
        float sum = 0;
        sum += f[up + left];
        sum += f[up + j];
        sum += f[up + right];
        sum += f[mid + left];
        sum = (float)(sum + FLOAT_ADM_ONE_BY_15 * fabsf(centre[b]));
        sum += f[mid + right];
        sum += f[down + left];
        sum += f[down + j];
        sum += f[down + right];
        thr += sum;
    }
    return thr;
}

/* The masking threshold at (i, j) of a level of w x h
 * (float_adm_masking_at), rows reflected at the top and repeated at the
 * bottom, columns likewise. */
static inline VMAF_HD float float_adm_masking(const float *const flt[ADM_DETAIL_BANDS],
                                              ptrdiff_t stride, unsigned w, unsigned h, int i,
                                              int j, const float centre[ADM_DETAIL_BANDS])
{
    const ptrdiff_t up = (i == 0 ? 1 : i - 1) * stride, mid = i * stride;
    const ptrdiff_t down = ((unsigned)i == h - 1 ? i : i + 1) * stride;
    const int left = j == 0 ? 1 : j - 1, right = (unsigned)j == w - 1 ? j : j + 1;
    return float_adm_masking_at(flt, up, mid, down, left, j, right, centre);
}

/* |v * rfactor| less the masking threshold, at least 0. */
static inline VMAF_HD float float_adm_masked(float v, float rfactor, float thr)
{
    const float x = fabsf(v * rfactor) - thr;
    return x < 0.0f ? 0.0f : x;
}

/* x^3, the power of the default p-norm, as a product. */
static inline VMAF_HD float float_adm_cube(float x)
{
    return x * x * x;
}

/* A row's per-band sums added to the level's: each row is summed left to
 * right on its own, then the rows top to bottom, in float. */
static inline VMAF_HD void float_adm_add_row(float total[ADM_DETAIL_BANDS],
                                             const float row[ADM_DETAIL_BANDS])
{
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        total[b] += row[b];
}

#endif
