/* The arithmetic of SSIMULACRA 2 on one sample, as C and as CUDA
 * (core/hd.h): the CPU stages (ssimulacra2_stages.h) run it in their loops
 * over columns, the CUDA twin (cuda/ssimulacra2_cuda_tile.h) a thread per
 * pixel, so both round alike: fmaf() where libjxl fuses, one rounding per
 * float operation elsewhere (C is built with -ffp-contract=off, CUDA with
 * --fmad=false). Constants arrays are the callers' (device code cannot
 * read the host's static tables). */
#ifndef VMAF_FEATURE_SSIMULACRA2_PIXEL_H
#define VMAF_FEATURE_SSIMULACRA2_PIXEL_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/hd.h"
#include "ssimulacra2_math.h"

/* v rounded to the nearest integer, ties to even, for 0 <= v < 2^23: the
 * sum with 2^23 rounds in the current (nearest) mode, as lrintf() would. */
static inline VMAF_HD float ssimu2_round_even(float v)
{
    return (v + 8388608.0f) - 8388608.0f;
}

/* An RGB sample from float Y, U, V by the row m of the YUV to RGB matrix,
 * scaled to max, clamped and rounded (zimg's order). */
static inline VMAF_HD float ssimu2_rgb_sample(const float m[3], float y, float u, float v,
                                              float max)
{
    float s = ((m[0] * y + m[1] * u) + m[2] * v) * max;
    s = s > 0.0f ? s : 0.0f;
    return ssimu2_round_even(s < max ? s : max);
}

/* cbrt(v) + add for v >= 0: a first guess of v^(-1/3) from the exponent's
 * bits, four Newton steps, then v times its square (libjxl's
 * CubeRootAndAdd). */
static inline VMAF_HD float ssimu2_cube_root_add(float v, float add)
{
    const float third = 1.0f / 3, four_thirds = 4.0f / 3;
    const float v_3 = third * v;
    int32_t bits;
    memcpy(&bits, &v, sizeof(bits));
    /* Zero for v = 0, as a mask: a select of integers would not vectorise. */
    bits = (0x54800000 - (bits >> 23) * 0x002AAAAA) & -(int32_t)(bits != 0);
    float r;
    memcpy(&r, &bits, sizeof(r));
    for (int i = 0; i < 3; i++) {
        const float r2 = r * r;
        r = fmaf(-v_3, r2 * r2, four_thirds * r);
    }
    float r2 = r * r;
    r = fmaf(third, fmaf(-v, r2 * r2, r), r);
    r2 = r * r;
    return fmaf(r2, v, add);
}

/* A row m of the opsin absorbance applied to linear r, g, b, plus the
 * bias, clamped at 0. */
static inline VMAF_HD float ssimu2_opsin_mix(const float m[3], float r, float g, float b)
{
    const float mixed = fmaf(m[0], r, fmaf(m[1], g, fmaf(m[2], b, SSIMU2_OPSIN_BIAS)));
    return mixed < 0.0f ? 0.0f : mixed;
}

/* The positive XYB from the cube roots (less the bias's) l, m, s of the
 * mixes: X, Y and B - Y shifted and scaled into about 0..1. */
static inline VMAF_HD void ssimu2_xyb_combine(float l, float m, float s, float xyb[3])
{
    const float vx = 0.5f * (l - m), vy = 0.5f * (l + m);
    xyb[2] = (s - vy) + 0.55f;
    xyb[0] = vx * 14.f + 0.42f;
    xyb[1] = vy + 0.01f;
}

/* The mean of a 2x2 block, added in row order from zero. */
static inline VMAF_HD float ssimu2_mean4(float a, float b, float c, float d)
{
    float sum = 0.0f;
    sum += a;
    sum += b;
    sum += c;
    sum += d;
    return sum * 0.25f;
}

/* The blur input `map` (SSIMU2_MAP_*) of a pixel whose XYB in one channel
 * is a in the reference and b in the distorted picture. */
static inline VMAF_HD float ssimu2_blur_input(unsigned map, float a, float b)
{
    return map == SSIMU2_MAP_SQ1     ? a * a
           : map == SSIMU2_MAP_SQ2   ? b * b
           : map == SSIMU2_MAP_CROSS ? a * b
           : map == SSIMU2_MAP_MU1   ? a
                                     : b;
}

/* SSIM without the luminance term's denominator (libjxl's correction), as
 * an error: 1 - SSIM', at least 0. */
static inline VMAF_HD double ssimu2_ssim_error(float mu1, float mu2, float s11, float s22,
                                               float s12)
{
    const float c2 = 0.0009f;
    const float mu11 = mu1 * mu1, mu22 = mu2 * mu2, mu12 = mu1 * mu2;
    const float diff = mu1 - mu2;
    const float num_m = (float)(1.0 - (double)(diff * diff));
    const float num_s = 2 * (s12 - mu12) + c2;
    const float denom_s = (s11 - mu11) + (s22 - mu22) + c2;
    const double d = 1.0 - (double)(num_m * num_s / denom_s);
    return d < 0.0 ? 0.0 : d;
}

/* The edge difference: > 0 where the distorted picture has an edge and the
 * reference is smooth (ringing, banding, blocks), < 0 the reverse (blur). */
static inline VMAF_HD double ssimu2_edge_difference(float x1, float mu1, float x2, float mu2)
{
    return (1.0 + (double)fabsf(x2 - mu2)) / (1.0 + (double)fabsf(x1 - mu1)) - 1.0;
}

/* The six terms a pixel adds to a channel's sums (ssimulacra2_dsp.h's
 * maps_row) from its SSIM error e and edge difference d. */
static inline VMAF_HD void ssimu2_map_terms(double e, double d, double t[6])
{
    const double e2 = e * e;
    const double artifact = d < 0.0 ? 0.0 : d;
    const double lost = -d < 0.0 ? 0.0 : -d;
    const double a2 = artifact * artifact, l2 = lost * lost;
    t[0] = e;
    t[1] = e2 * e2;
    t[2] = artifact;
    t[3] = a2 * a2;
    t[4] = lost;
    t[5] = l2 * l2;
}

#endif
