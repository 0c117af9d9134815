/* The per-block arithmetic of PSNR-HVS that the CPU stages (psnr_hvs_dsp.c)
 * and the CUDA kernel (cuda/) share, as C and as CUDA (core/hd.h), on
 * `lanes` blocks side by side: sample or coefficient k of block b is
 * blk[k * lanes + b]. The CPU runs it on batches of PSNR_HVS_LANES blocks
 * (PsnrHvsBatch), the kernel on one block a thread. Every float operation is
 * the reference's, in its order, for each block alike; both score alike only
 * because both run this code. */
#ifndef VMAF_FEATURE_PSNR_HVS_MATH_H
#define VMAF_FEATURE_PSNR_HVS_MATH_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/hd.h"
#include "psnr_hvs_dsp.h"

/* Quadrant q of a block's four 4x4 quadrants, in the order their variances
 * are summed: top left, bottom left, top right, bottom right. */
static inline VMAF_HD unsigned psnr_hvs_quadrant_row(unsigned q)
{
    return (q & 1) * 4;
}

static inline VMAF_HD unsigned psnr_hvs_quadrant_col(unsigned q)
{
    return (q >> 1) * 4;
}

/* The sum of each quadrant's (unbiased) variance over the block's, or 0 for
 * a flat block. Each quadrant's samples are taken in row-major order. */
static inline VMAF_HD void psnr_hvs_variance_ratio(float *ratio, const int32_t *blk,
                                                   unsigned lanes)
{
    float mean[PSNR_HVS_LANES] = {0};
    VMAF_UNROLL
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < lanes; b++)
            mean[b] += blk[k * lanes + b];
    }
    float var[PSNR_HVS_LANES] = {0};
    for (unsigned b = 0; b < lanes; b++)
        mean[b] /= 64.f;
    VMAF_UNROLL
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < lanes; b++)
            var[b] += (blk[k * lanes + b] - mean[b]) * (blk[k * lanes + b] - mean[b]);
    }

    float quad_var_sum[PSNR_HVS_LANES] = {0};
    VMAF_UNROLL
    for (unsigned q = 0; q < 4; q++) {
        const unsigned row = psnr_hvs_quadrant_row(q), col = psnr_hvs_quadrant_col(q);
        float quad_mean[PSNR_HVS_LANES] = {0}, quad_var[PSNR_HVS_LANES] = {0};
        VMAF_UNROLL
        for (unsigned i = row; i < row + 4; i++) {
            VMAF_UNROLL
            for (unsigned k = 8 * i + col; k < 8 * i + col + 4; k++) {
                for (unsigned b = 0; b < lanes; b++)
                    quad_mean[b] += blk[k * lanes + b];
            }
        }
        for (unsigned b = 0; b < lanes; b++)
            quad_mean[b] /= 16.f;
        VMAF_UNROLL
        for (unsigned i = row; i < row + 4; i++) {
            VMAF_UNROLL
            for (unsigned k = 8 * i + col; k < 8 * i + col + 4; k++) {
                for (unsigned b = 0; b < lanes; b++)
                    quad_var[b] += (blk[k * lanes + b] - quad_mean[b]) *
                                   (blk[k * lanes + b] - quad_mean[b]);
            }
        }
        /* Unbiased estimates, with the factor rounded to float as the
         * reference has it. */
        for (unsigned b = 0; b < lanes; b++)
            quad_var_sum[b] += quad_var[b] * (1 / 15.f * 16);
    }

    for (unsigned b = 0; b < lanes; b++) {
        var[b] *= 1 / 63.f * 64;
        ratio[b] = var[b] > 0 ? quad_var_sum[b] / var[b] : 0;
    }
}

/* v * c / 2^shift, rounded half up: one lifting multiplication. */
static inline VMAF_HD int32_t psnr_hvs_lift(int32_t v, int32_t c, int shift)
{
    return (v * c + (1 << (shift - 1))) >> shift;
}

/* Halving rounded towards zero, the DCT's unbiased shift. */
static inline VMAF_HD int32_t psnr_hvs_half(int32_t v)
{
    return v / 2;
}

/* Daala's 8-point forward DCT (a lifting scheme) down the rows of v, for
 * each of its `width` columns: v[i * width + l], i = 0..7, are the samples
 * and receive the coefficients, lowest frequency first. */
static inline VMAF_HD void psnr_hvs_fdct8_pass(int32_t *v, unsigned width)
{
    VMAF_UNROLL
    for (unsigned l = 0; l < width; l++) {
        int32_t *x = v + l;
        /* Butterflies of samples k and 7 - k. */
        int32_t d07 = x[0] - x[7 * width];
        const int32_t d07h = psnr_hvs_half(d07);
        int32_t s07 = x[0] - d07h;
        int32_t s16 = x[width] + x[6 * width];
        const int32_t s16h = psnr_hvs_half(s16);
        int32_t d16 = x[6 * width] - s16h;
        int32_t d25 = x[2 * width] - x[5 * width];
        int32_t s25 = x[2 * width] - psnr_hvs_half(d25);
        int32_t s34 = x[3 * width] + x[4 * width];
        const int32_t s34h = psnr_hvs_half(s34);
        int32_t d34 = s34h - x[4 * width];

        /* Even half: a 4-point DCT of the sums. */
        s07 += s34h;
        s34 = s07 - s34;
        s25 = s16h - s25;
        s16 = s25 - s16;
        /* Its 2-point DCT and 2-point DST. */
        s07 -= psnr_hvs_lift(s16, 13573, 15);
        s16 += psnr_hvs_lift(s07, 11585, 14);
        s07 -= psnr_hvs_lift(s16, 13573, 15);
        s34 -= psnr_hvs_lift(s25, 21895, 15);
        s25 += psnr_hvs_lift(s34, 15137, 14);
        s34 -= psnr_hvs_lift(s25, 21895, 15);

        /* Odd half: a 4-point DST of the differences. */
        d25 += psnr_hvs_lift(d16, 19195, 15);
        d16 += psnr_hvs_lift(d25, 11585, 14);
        d25 -= psnr_hvs_lift(d16, 7489, 13);
        d34 = psnr_hvs_half(d16) - d34;
        d16 -= d34;
        d25 = d07h - d25;
        d07 -= d25;
        d34 += psnr_hvs_lift(d07, 3227, 15);
        d07 -= psnr_hvs_lift(d34, 6393, 15);
        d34 += psnr_hvs_lift(d07, 3227, 15);
        d16 += psnr_hvs_lift(d25, 2485, 13);
        d25 -= psnr_hvs_lift(d16, 18205, 15);
        d16 += psnr_hvs_lift(d25, 2485, 13);

        x[0] = s07;
        x[width] = d07;
        x[2 * width] = s25;
        x[3 * width] = d25;
        x[4 * width] = s16;
        x[5 * width] = d16;
        x[6 * width] = s34;
        x[7 * width] = d34;
    }
}

/* Swaps rows and columns of every block. */
static inline VMAF_HD void psnr_hvs_transpose(int32_t *blk, unsigned lanes)
{
    VMAF_UNROLL
    for (unsigned i = 0; i < 8; i++) {
        VMAF_UNROLL
        for (unsigned j = i + 1; j < 8; j++) {
            for (unsigned b = 0; b < lanes; b++) {
                const int32_t t = blk[(8 * i + j) * lanes + b];
                blk[(8 * i + j) * lanes + b] = blk[(8 * j + i) * lanes + b];
                blk[(8 * j + i) * lanes + b] = t;
            }
        }
    }
}

/* Daala's 8x8 forward DCT of every block, in place: columns first, then
 * rows, as the reference transforms. */
static inline VMAF_HD void psnr_hvs_fdct8x8(int32_t *blk, unsigned lanes)
{
    psnr_hvs_fdct8_pass(blk, 8 * lanes);
    psnr_hvs_transpose(blk, lanes);
    psnr_hvs_fdct8_pass(blk, 8 * lanes);
    psnr_hvs_transpose(blk, lanes);
}

/* Sum of coef^2 * mask over each block's AC coefficients, in order. */
static inline VMAF_HD void psnr_hvs_masked_energy(float *energy, const int32_t *coef,
                                                  const float *mask, unsigned lanes)
{
    float sum[PSNR_HVS_LANES] = {0};
    VMAF_UNROLL
    for (unsigned k = 1; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < lanes; b++)
            sum[b] += (float)(coef[k * lanes + b] * coef[k * lanes + b]) * mask[k];
    }
    for (unsigned b = 0; b < lanes; b++)
        energy[b] = sum[b];
}

/* Each block pair's masking: the stronger of the two blocks', each
 * sqrt(energy * ratio) / 32. The reference takes the square root in double
 * and divides in double before storing a float; sqrtf gives the same float
 * (a square root correctly rounded to double, then to float, is the float
 * square root correctly rounded, as 53 >= 2 * 24 + 2), and dividing it by 32
 * is exact: the quotient is never subnormal. */
static inline VMAF_HD void psnr_hvs_masking(float *masking, const float *r_energy,
                                            const float *r_ratio, const float *d_energy,
                                            const float *d_ratio, unsigned lanes)
{
    for (unsigned b = 0; b < lanes; b++) {
        const float r_masking = sqrtf(r_energy[b] * r_ratio[b]) / 32.f;
        const float d_masking = sqrtf(d_energy[b] * d_ratio[b]) / 32.f;
        masking[b] = d_masking > r_masking ? d_masking : r_masking;
    }
}

/* The squared, CSF-weighted error of each coefficient of each block pair,
 * term[k * lanes + b]; an AC error counts only by what exceeds
 * masking / mask. The reference adds them to its sum in k order, block after
 * block. */
static inline VMAF_HD void psnr_hvs_error_terms(float *term, const int32_t *ref,
                                                const int32_t *dis, const float *masking,
                                                const float *csf, const float *mask,
                                                unsigned lanes)
{
    for (unsigned b = 0; b < lanes; b++) {
        const float err = (float)abs(ref[b] - dis[b]);
        term[b] = (err * csf[0]) * (err * csf[0]);
    }
    VMAF_UNROLL
    for (unsigned k = 1; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < lanes; b++) {
            const float err = (float)abs(ref[k * lanes + b] - dis[k * lanes + b]);
            const float threshold = masking[b] / mask[k];
            /* err - threshold, or 0 where err < threshold: a product by a
             * comparison rather than a branch, which the compiler can
             * vectorize; the sign of a zero vanishes in the square. */
            const float excess = (err - threshold) * (float)(err >= threshold);
            term[k * lanes + b] = (excess * csf[k]) * (excess * csf[k]);
        }
    }
}

#endif
