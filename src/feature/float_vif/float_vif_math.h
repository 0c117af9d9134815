/* The per-pixel arithmetic of float VIF that the CPU's statistic
 * (float_vif_dsp.c) and the CUDA twin's kernels (cuda/) run alike, as C and
 * as CUDA (core/hd.h): libvmaf's log2, one pixel's terms, and the order in
 * which they are summed. The float/double mix of each expression is
 * libvmaf's. */
#ifndef VMAF_FEATURE_FLOAT_VIF_MATH_H
#define VMAF_FEATURE_FLOAT_VIF_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/hd.h"

/* libvmaf's log2 of VIF for x > 0: the exponent plus a degree-8
 * polynomial of the mantissa m - 1 in [0, 1), evaluated by Horner's rule
 * in float from the highest degree. */
static inline VMAF_HD float float_vif_log2_positive(float x)
{
    const float coeff[9] = {
        -0.012671635276421, 0.064841182402670,  -0.157048836463065,
        0.257167726303123,  -0.353800560300520, 0.480131410397451,
        -0.721314327952201, 1.442694803896991,  0,
    };
    uint32_t bits;
    memcpy(&bits, &x, sizeof(bits));
    const int32_t exponent = (int32_t)((bits & 0x7F800000u) >> 23) - 127;
    const uint32_t mantissa_bits = (bits & 0x007FFFFFu) | 0x3F800000u; /* in [1, 2) */
    float mantissa;
    memcpy(&mantissa, &mantissa_bits, sizeof(mantissa));

    const float m = mantissa - 1.0f;
    float poly = 0;
    VMAF_UNROLL
    for (unsigned i = 0; i < 9; i++)
        poly = poly * m + coeff[i];
    return (float)exponent + poly;
}

/* libvmaf's log2 of VIF: -inf at 0 and NaN below. */
static inline VMAF_HD float float_vif_log2(float x)
{
    if (x == 0)
        return -INFINITY;
    if (x < 0)
        return NAN;
    return float_vif_log2_positive(x);
}

/* libvmaf's MAX/MIN: a NaN or a -0 in x yields y. */
static inline VMAF_HD float float_vif_max(float x, float y)
{
    return x > y ? x : y;
}

static inline VMAF_HD float float_vif_min(float x, float y)
{
    return x < y ? x : y;
}

/* What the statistic takes from the options. sigma_nsq stays double: the
 * reference divides by it (and adds it) in double. */
typedef struct FloatVifPixelParams {
    float gain_limit;
    float sigma_max_inv; /* float_vif_sigma_max_inv() */
    double sigma_nsq;
} FloatVifPixelParams;

/* sigma_nsq^2 / 255^2, the weight of the distorted variance below the noise
 * floor: powf in float, divided in double. */
static inline float float_vif_sigma_max_inv(double sigma_nsq)
{
    return (float)(powf((float)sigma_nsq, 2.0f) / (255.0 * 255.0));
}

/* One pixel's num and den terms from its low-passed means mu1, mu2, squares
 * xx, yy and cross product xy. */
static inline VMAF_HD void float_vif_pixel_terms(float mu1, float mu2, float xx, float yy, float xy,
                                                 const FloatVifPixelParams *p, float *num,
                                                 float *den)
{
    const float eps = 1.0e-10f;
    float sigma1_sq = float_vif_max(xx - mu1 * mu1, 0.0f);
    const float sigma2_sq = float_vif_max(yy - mu2 * mu2, 0.0f);
    const float sigma12 = xy - mu1 * mu2;

    float g = sigma12 / (sigma1_sq + eps);
    float sv_sq = sigma2_sq - g * sigma12;
    if (sigma1_sq < eps) {
        g = 0.0f;
        sv_sq = sigma2_sq;
        sigma1_sq = 0.0f;
    }
    if (sigma2_sq < eps) {
        g = 0.0f;
        sv_sq = 0.0f;
    }
    if (g < 0.0f) {
        sv_sq = sigma2_sq;
        g = 0.0f;
    }
    sv_sq = float_vif_max(sv_sq, eps);
    g = float_vif_min(g, p->gain_limit);

    /* Below the noise floor both terms are replaced, so their logs are
     * skipped (they have no side effect). */
    if (sigma1_sq < p->sigma_nsq) {
        *num = 1.0f - sigma2_sq * p->sigma_max_inv;
        *den = 1.0f;
        return;
    }
    *num = sigma12 < 0.0f
               ? 0.0f
               : float_vif_log2((float)(1.0f + (g * g * sigma1_sq) / (sv_sq + p->sigma_nsq)));
    *den = float_vif_log2((float)(1.0f + sigma1_sq / p->sigma_nsq));
}

/* A row's sums added to the scale's: each row is summed left to right on
 * its own, then the rows top to bottom, in float. */
static inline VMAF_HD void float_vif_add_row(float *num, float *den, float row_num, float row_den)
{
    *num += row_num;
    *den += row_den;
}

#endif
