/* The per-pixel arithmetic of the float SSIM family that the CPU stages
 * (float_ssim_dsp.c, float_ms_ssim_dsp.c) and the CUDA kernels share, as C
 * and as CUDA (core/hd.h): the edge mirror, one output of the Gaussian
 * window and the luminance, contrast and structure terms of a pixel. The
 * float/double mix of every expression is libvmaf's. */
#ifndef VMAF_FEATURE_SSIM_PASS_FLOAT_SSIM_MATH_H
#define VMAF_FEATURE_SSIM_PASS_FLOAT_SSIM_MATH_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"

/* Taps of the Gaussian window (sigma 1.5); it is applied only where it fits
 * in the picture, so a w x h plane gives (w - 10) x (h - 10) values. */
#define SSIM_WINDOW 11

/* The window's taps as libvmaf tabulates them (six decimals, so they sum to
 * 1.000002 rather than 1), as an initialiser of float [SSIM_WINDOW]. */
#define FLOAT_SSIM_GAUSSIAN_TAPS                                                                   \
    {                                                                                              \
        0.001028f, 0.007599f, 0.036001f, 0.109361f, 0.213006f, 0.266012f, 0.213006f, 0.109361f,    \
            0.036001f, 0.007599f, 0.001028f,                                                       \
    }

/* A sample in 8-bit units, as float_ssim and float_ms_ssim load it: 8-bit
 * ones as they are, deeper ones divided in float by 2^(bpc - 8). */
static inline VMAF_HD float float_ssim_from_8(uint8_t v)
{
    return (float)v;
}

static inline VMAF_HD float float_ssim_from_16(uint16_t v, float divisor)
{
    return (float)v / divisor;
}

/* Whole-sample mirror about the edges, -1 -> 0 and n -> n - 1, as both
 * decimations read the picture. One reflection only: callers never reach
 * further than n past either edge. */
static inline VMAF_HD int ssim_mirror(int i, int n)
{
    if (i < 0)
        return -1 - i;
    if (i >= n)
        return 2 * n - 1 - i;
    return i;
}

/* One window output: sum over k of p[k * step] * taps[k], each product in
 * float, the sum in double from k = 0, rounded to float. */
static inline VMAF_HD float float_ssim_window(const float *p, ptrdiff_t step, const float *taps)
{
    double sum = 0.0;
    VMAF_UNROLL
    for (int k = 0; k < SSIM_WINDOW; k++)
        sum += p[k * step] * taps[k];
    return (float)sum;
}

/* One output of float_ssim's box decimation of a w x h plane (stride floats
 * a row): the mean of the factor x factor box around sample (x factor,
 * y factor), the plane mirrored about its edges; each sample times the
 * float weight 1 / factor^2, summed in double row by row, each row left to
 * right, rounded to float. For an even factor the box spans [-factor/2,
 * factor/2 - 1]. */
static inline VMAF_HD float float_ssim_box_at(const float *src, ptrdiff_t src_stride, unsigned w,
                                              unsigned h, unsigned x, unsigned y, unsigned factor)
{
    const float weight = 1.0f / (float)(factor * factor);
    const int lo = -(int)(factor / 2), hi = (int)(factor - 1) / 2;
    double sum = 0.0;
    for (int v = lo; v <= hi; v++) {
        const float *row = src + ssim_mirror((int)(y * factor) + v, (int)h) * src_stride;
        for (int u = lo; u <= hi; u++)
            sum += row[ssim_mirror((int)(x * factor) + u, (int)w)] * weight;
    }
    return (float)sum;
}

/* A pixel's terms; l * c * s is the SSIM map. */
typedef struct SsimTerms {
    double l, c;
    float s;
} SsimTerms;

/* The terms from the windowed moments: local means, means of the squares
 * and of the product; c1, c2, c3 the stabilising constants (float_ssim_c*). */
static inline VMAF_HD SsimTerms float_ssim_terms(float mu_r, float mu_d, float ref_sq,
                                                 float dis_sq, float ref_dis, float c1, float c2,
                                                 float c3)
{
    float var_r = ref_sq - mu_r * mu_r;
    float var_d = dis_sq - mu_d * mu_d;
    /* Rounding can leave a flat window's variance slightly negative. */
    if (var_r < 0.0f)
        var_r = 0.0f;
    if (var_d < 0.0f)
        var_d = 0.0f;
    const float cov = ref_dis - mu_r * mu_d;
    /* The float product's square root in double, rounded once to float. */
    const float sigma_rd = (float)sqrt((double)(var_r * var_d));

    /* Numerators in double, denominators in float, as libvmaf has them. */
    const float l_den = mu_r * mu_r + mu_d * mu_d + c1;
    const float c_den = var_r + var_d + c2;
    /* Where both windows are flat, a covariance rounded below zero would
     * pull s under 1; it counts as zero there. */
    const float cov_kept = cov < 0.0f && sigma_rd <= 0.0f ? 0.0f : cov;
    SsimTerms t;
    t.l = (2.0 * mu_r * mu_d + c1) / l_den;
    t.c = (2.0 * sigma_rd + c2) / c_den;
    t.s = (cov_kept + c3) / (sigma_rd + c3);
    return t;
}

#endif
