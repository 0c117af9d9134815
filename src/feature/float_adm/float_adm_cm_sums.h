/* float ADM's contrast-masked sums, written once: the C reference takes each
 * position through float_adm_masking() and float_adm_masked(); the vector
 * builds (x86/) take blocks of positions away from the level's edges, where
 * the 3x3 neighbourhood needs no reflection, and compute their terms (the
 * same float and double operations, in the same order) without branches,
 * so that a compiler vectorises them; every term is then added to its
 * band's row sum one by one, left to right, as the C reference adds it. */
#ifndef VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_CM_SUMS_H
#define VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_CM_SUMS_H

#include <math.h>
#include <stdbool.h>

#include "float_adm_dsp.h"

/* Positions whose terms are computed at once. */
#define FLOAT_ADM_CM_BLOCK 32

/* x^p, as a product for the default p = 3. */
static inline float float_adm_p_power(float x, bool cube, float p)
{
    return cube ? float_adm_cube(x) : powf(x, p);
}

/* The cubed masked terms of FLOAT_ADM_CM_BLOCK positions from column j of
 * row i (neither the first nor the last row, nor column) into
 * term[band][]: float_adm_masking_at() needs no reflection there. */
static inline void float_adm_cm_terms_block(float term[ADM_DETAIL_BANDS][FLOAT_ADM_CM_BLOCK],
                                            const FloatAdmBands *src, const FloatAdmBands *flt,
                                            const FloatAdmBands *csf, ptrdiff_t stride, int i,
                                            int j, const float rfactor[3])
{
    const float *const shares[ADM_DETAIL_BANDS] = {flt->detail[0], flt->detail[1], flt->detail[2]};
    const ptrdiff_t mid = i * stride;
    for (int k = 0; k < FLOAT_ADM_CM_BLOCK; k++) {
        const ptrdiff_t c = mid + j + k;
        const float centre[ADM_DETAIL_BANDS] = {csf->detail[0][c], csf->detail[1][c],
                                                csf->detail[2][c]};
        const float thr = float_adm_masking_at(shares, mid - stride, mid, mid + stride, j + k - 1,
                                               j + k, j + k + 1, centre);
        for (int b = 0; b < ADM_DETAIL_BANDS; b++)
            term[b][k] = float_adm_cube(float_adm_masked(src->detail[b][c], rfactor[b], thr));
    }
}

/* sums[b] over rect (FloatAdmDsp.cm_sums); blocked: interior blocks through
 * float_adm_cm_terms_block() where p is 3 and masking is on, the C
 * reference passes false. */
static inline void float_adm_cm_sums_rows(float sums[3], const FloatAdmBands *src,
                                          const FloatAdmBands *flt, const FloatAdmBands *csf,
                                          ptrdiff_t stride, unsigned w, unsigned h,
                                          const FloatAdmRect *rect, const float rfactor[3],
                                          bool bypass_cm, double p_norm, bool blocked)
{
    const bool cube = p_norm == 3.0;
    const float p = (float)p_norm;
    const float *const shares[ADM_DETAIL_BANDS] = {flt->detail[0], flt->detail[1], flt->detail[2]};
    /* Blocks end before the last column; rows 0 and h - 1 take none. */
    const int block_end = rect->right < (int)w - 1 ? rect->right : (int)w - 1;
    float total[ADM_DETAIL_BANDS] = {0};
    for (int i = rect->top; i < rect->bottom; i++) {
        const bool interior = blocked && cube && !bypass_cm && i > 0 && (unsigned)i < h - 1;
        float row[ADM_DETAIL_BANDS] = {0};
        for (int j = rect->left; j < rect->right;) {
            const ptrdiff_t c = i * stride + j;
            if (interior && j > 0 && j + FLOAT_ADM_CM_BLOCK <= block_end) {
                float term[ADM_DETAIL_BANDS][FLOAT_ADM_CM_BLOCK];
                float_adm_cm_terms_block(term, src, flt, csf, stride, i, j, rfactor);
                for (unsigned k = 0; k < FLOAT_ADM_CM_BLOCK; k++) {
                    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                        row[b] += term[b][k];
                }
                j += FLOAT_ADM_CM_BLOCK;
                continue;
            }
            const float centre[ADM_DETAIL_BANDS] = {csf->detail[0][c], csf->detail[1][c],
                                                    csf->detail[2][c]};
            const float thr =
                bypass_cm ? 0.0f : float_adm_masking(shares, stride, w, h, i, j, centre);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                row[b] += float_adm_p_power(float_adm_masked(src->detail[b][c], rfactor[b], thr),
                                            cube, p);
            j++;
        }
        float_adm_add_row(total, row);
    }
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sums[b] = total[b];
}

/* The DSP table's cm_sums, named cm_sums_SUFFIX. */
#define FLOAT_ADM_CM_SUMS_FUNCTION(suffix, blocked)                                                \
    static void cm_sums_##suffix(                                                                  \
        float sums[3], const FloatAdmBands *src, const FloatAdmBands *flt,                         \
        const FloatAdmBands *csf, ptrdiff_t stride, unsigned w, unsigned h,                        \
        const FloatAdmRect *rect, const float rfactor[3], bool bypass_cm, double p_norm)           \
    {                                                                                              \
        float_adm_cm_sums_rows(sums, src, flt, csf, stride, w, h, rect, rfactor, bypass_cm,        \
                               p_norm, blocked);                                                   \
    }

#endif
