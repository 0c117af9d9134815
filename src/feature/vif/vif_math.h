/* The fixed-point arithmetic of integer VIF that the CPU stages (vif_dsp.c)
 * and the CUDA kernels (cuda/) share, as C and as CUDA (core/hd.h): roundings,
 * the log2 helpers, the local (co)variances and their accumulation. Scores
 * are equal on both only because both run this code.
 *
 * Units: at every scale the sigmas come out as (8-bit sample)^2 * 65536,
 * whatever the input depth; the vertical shifts below make it so. */
#ifndef VMAF_FEATURE_VIF_MATH_H
#define VMAF_FEATURE_VIF_MATH_H

#include <stdint.h>

#include "core/hd.h"

#define VIF_SCALES 4
#define VIF_MAX_TAPS 17
/* Filter s has 2 * VIF_FILTER_HALF(s) + 1 taps. */
#define VIF_FILTER_HALF(scale) (8 >> (scale))

/* Q16 separable low-pass filters, each symmetric and summing to 65536, as
 * an initialiser of uint16_t [VIF_SCALES][VIF_MAX_TAPS]. Filter s computes
 * the statistics of scale s and the decimation from scale s - 1 to s. */
#define VIF_FILTER_COEFFICIENTS                                                                    \
    {                                                                                              \
        {489,  935,  1640, 2640, 3896, 5274, 6547, 7455, 7784,                                     \
         7455, 6547, 5274, 3896, 2640, 1640, 935,  489},                                           \
            {1244, 3663, 7925, 12590, 14692, 12590, 7925, 3663, 1244},                             \
            {3571, 16004, 26386, 16004, 3571}, {10904, 43728, 10904},                              \
    }

/* 2.0 in the units of the sigmas. */
#define VIF_SIGMA_NSQ (2 << 16)

/* The rounding right shifts of the vertical filters. Scale 0 keeps the
 * input's depth, so its shifts depend on bpc; the decimated scales are
 * 16-bit. The statistic's means and its squares and cross product: */
static inline unsigned vif_mu_shift(unsigned scale, unsigned bpc)
{
    return scale ? 16 : bpc;
}

static inline unsigned vif_sq_shift(unsigned scale, unsigned bpc)
{
    return scale ? 16 : 2 * (bpc - 8);
}

/* The decimation into scale (>= 1): the first brings any depth to 16 bits. */
static inline unsigned vif_decimate_shift(unsigned scale, unsigned bpc)
{
    return scale == 1 ? bpc : 16;
}

static inline VMAF_HD uint32_t vif_round_shift_32(uint32_t x, unsigned shift)
{
    return (x + (1u << shift >> 1)) >> shift;
}

static inline VMAF_HD uint64_t vif_round_shift_64(uint64_t x, unsigned shift)
{
    return (x + ((uint64_t)1 << shift >> 1)) >> shift;
}

/* Q32 product of two Q16 means, rounded. */
static inline VMAF_HD uint32_t vif_mul_q32(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b + 0x80000000u) >> 32);
}

/* 2048 * log2(x) with x reduced to its top 16 bits; x >= 2^15. The table
 * (vif_log2_table()) holds log2 of the 16-bit mantissa, times 2048. */
static inline VMAF_HD int32_t vif_log2_32(const uint16_t *table, uint32_t x)
{
    const int k = 16 - vmaf_clz32(x);
    return table[x >> k] + 2048 * k;
}

static inline VMAF_HD int32_t vif_log2_64(const uint16_t *table, uint64_t x)
{
    const int k = 48 - vmaf_clz64(x);
    return table[x >> k] + 2048 * k;
}

/* Reflect-101 about the first and last sample: -k -> k, n-1+k -> n-1-k.
 * Valid for -n < i < 2n - 1. */
static inline VMAF_HD int vif_reflect(int i, int n)
{
    if (i < 0)
        return -i;
    if (i >= n)
        return 2 * (n - 1) - i;
    return i;
}

/* Per-scale sums; integers, so the order pixels are visited in is free. */
typedef struct VifSums {
    int64_t num_log, den_log;         /* 2048 * log2 terms */
    int64_t num_non_log, den_non_log; /* pixels below the noise floor */
} VifSums;

typedef struct VifSigmas {
    int32_t sigma1_sq, sigma2_sq, sigma12;
} VifSigmas;

/* A pixel's (co)variances from its filtered means (Q16) and filtered
 * squares and cross product (Q16 * 65536, rounded to 65536ths here).
 * Differences wrap in uint32 and are read back as int32, as in the
 * reference; rounding can make a variance slightly negative. */
static inline VMAF_HD VifSigmas vif_sigmas(uint32_t mu1, uint32_t mu2, uint64_t ref_sq,
                                           uint64_t dis_sq, uint64_t ref_dis)
{
    const uint32_t sigma1_sq = (uint32_t)vif_round_shift_64(ref_sq, 16) - vif_mul_q32(mu1, mu1);
    const uint32_t sigma2_sq = (uint32_t)vif_round_shift_64(dis_sq, 16) - vif_mul_q32(mu2, mu2);
    const uint32_t sigma12 = (uint32_t)vif_round_shift_64(ref_dis, 16) - vif_mul_q32(mu1, mu2);
    const VifSigmas s = {(int32_t)sigma1_sq, (int32_t)sigma2_sq, (int32_t)sigma12};
    return s;
}

/* Adds one pixel's local (co)variances to the sums. The gain is a double,
 * as in the reference; the kernels compute it in fp64 too. */
static inline VMAF_HD void vif_accumulate(VifSums *sums, int32_t sigma1_sq, int32_t sigma2_sq,
                                          int32_t sigma12, const uint16_t *log2_table,
                                          double gain_limit)
{
    /* The reference's epsilon, written the same way so it rounds the same. */
    const double eps = 65536 * 1.0e-10;

    if (sigma2_sq < 0)
        sigma2_sq = 0;
    if (sigma1_sq < VIF_SIGMA_NSQ) {
        sums->num_non_log += sigma2_sq;
        sums->den_non_log++;
        return;
    }
    /* log2(1 + sigma1_sq / sigma_nsq) as log2(sigma_nsq + sigma1_sq) - 17 */
    sums->den_log += vif_log2_32(log2_table, (uint32_t)(VIF_SIGMA_NSQ + sigma1_sq)) - 2048 * 17;
    if (sigma12 <= 0 || sigma2_sq <= 0)
        return;

    double g = sigma12 / (sigma1_sq + eps);
    int32_t sv_sq = (int32_t)(sigma2_sq - g * sigma12);
    if (sv_sq < 0)
        sv_sq = 0;
    if (g > gain_limit)
        g = gain_limit;
    /* log2(1 + g^2 sigma1_sq / (sv_sq + sigma_nsq)) as a difference of logs */
    const uint32_t noise = (uint32_t)(sv_sq + VIF_SIGMA_NSQ);
    const int64_t signal = (int64_t)(g * g * sigma1_sq) + noise;
    sums->num_log += vif_log2_64(log2_table, (uint64_t)signal) - vif_log2_64(log2_table, noise);
}

#endif
