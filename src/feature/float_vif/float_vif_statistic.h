/* float VIF's statistic, written once: the C reference sums each pixel's
 * float_vif_pixel_terms(); the vector builds (x86/) take blocks: each
 * block of pixels has its terms computed without branches, every branch of
 * float_vif_pixel_terms() taken as a select on the same condition, so that a
 * compiler vectorises it; the terms are then added to the row's sums one by
 * one, left to right, as the C reference adds them. Same float and double
 * operations per pixel, same order of the sums: the same bits
 * (-ffp-contract=off is global). */
#ifndef VMAF_FEATURE_FLOAT_VIF_FLOAT_VIF_STATISTIC_H
#define VMAF_FEATURE_FLOAT_VIF_FLOAT_VIF_STATISTIC_H

#include <math.h>
#include <stdbool.h>

#include "float_vif_dsp.h"
#include "float_vif_math.h"

/* Pixels whose terms are computed at once; a row's last, partial block
 * goes through float_vif_pixel_terms(). */
#define FLOAT_VIF_BLOCK 32

/* float_vif_log2() with its two early returns as selects. */
static inline float float_vif_log2_select(float x)
{
    const float r = float_vif_log2_positive(x);
    const int negative = x < 0, zero = x == 0;
    const float special = negative ? NAN : -INFINITY;
    return (negative | zero) ? special : r;
}

/* float_vif_pixel_terms() of FLOAT_VIF_BLOCK pixels into num[] and den[]. */
static inline void float_vif_terms_block(float *restrict num, float *restrict den, const float *mu1,
                                         const float *mu2, const float *xx, const float *yy,
                                         const float *xy, const FloatVifPixelParams *p)
{
    const float eps = 1.0e-10f, gain_limit = p->gain_limit, sigma_max_inv = p->sigma_max_inv;
    const double sigma_nsq = p->sigma_nsq;
    for (unsigned j = 0; j < FLOAT_VIF_BLOCK; j++) {
        float sigma1_sq = float_vif_max(xx[j] - mu1[j] * mu1[j], 0.0f);
        const float sigma2_sq = float_vif_max(yy[j] - mu2[j] * mu2[j], 0.0f);
        const float sigma12 = xy[j] - mu1[j] * mu2[j];
        float g = sigma12 / (sigma1_sq + eps);
        float sv_sq = sigma2_sq - g * sigma12;
        const int low1 = sigma1_sq < eps;
        g = low1 ? 0.0f : g;
        sv_sq = low1 ? sigma2_sq : sv_sq;
        sigma1_sq = low1 ? 0.0f : sigma1_sq;
        const int low2 = sigma2_sq < eps;
        g = low2 ? 0.0f : g;
        sv_sq = low2 ? 0.0f : sv_sq;
        const int negative = g < 0.0f;
        sv_sq = negative ? sigma2_sq : sv_sq;
        g = negative ? 0.0f : g;
        sv_sq = float_vif_max(sv_sq, eps);
        g = float_vif_min(g, gain_limit);

        const float log_num =
            float_vif_log2_select((float)(1.0f + (g * g * sigma1_sq) / (sv_sq + sigma_nsq)));
        const float log_den = float_vif_log2_select((float)(1.0f + sigma1_sq / sigma_nsq));
        const int below_floor = sigma1_sq < sigma_nsq, anticorrelated = sigma12 < 0.0f;
        const float above_num = anticorrelated ? 0.0f : log_num;
        const float floor_num = 1.0f - sigma2_sq * sigma_max_inv;
        num[j] = below_floor ? floor_num : above_num;
        den[j] = below_floor ? 1.0f : log_den;
    }
}

/* The statistic, a row at a time; blocked: whole blocks of a row through
 * float_vif_terms_block(), the C reference passes false. */
static inline void float_vif_statistic_rows(const FloatVifMoments *m, const FloatVifStatParams *sp,
                                            float *num, float *den, bool blocked)
{
    const FloatVifPixelParams p = float_vif_pixel_params(sp);
    float num_sum = *num, den_sum = *den;
    for (unsigned i = 0; i < m->mu1.h; i++) {
        const float *mu1 = m->mu1.data + i * m->mu1.stride;
        const float *mu2 = m->mu2.data + i * m->mu2.stride;
        const float *xx = m->ref_sq.data + i * m->ref_sq.stride;
        const float *yy = m->dis_sq.data + i * m->dis_sq.stride;
        const float *xy = m->ref_dis.data + i * m->ref_dis.stride;
        float row_num = 0.0f, row_den = 0.0f;
        unsigned j = 0;
        for (; blocked && j + FLOAT_VIF_BLOCK <= m->mu1.w; j += FLOAT_VIF_BLOCK) {
            float n[FLOAT_VIF_BLOCK], d[FLOAT_VIF_BLOCK];
            float_vif_terms_block(n, d, mu1 + j, mu2 + j, xx + j, yy + j, xy + j, &p);
            for (unsigned k = 0; k < FLOAT_VIF_BLOCK; k++) {
                row_num += n[k];
                row_den += d[k];
            }
        }
        for (; j < m->mu1.w; j++) {
            float n, d;
            float_vif_pixel_terms(mu1[j], mu2[j], xx[j], yy[j], xy[j], &p, &n, &d);
            row_num += n;
            row_den += d;
        }
        float_vif_add_row(&num_sum, &den_sum, row_num, row_den);
    }
    *num = num_sum;
    *den = den_sum;
}

#endif
