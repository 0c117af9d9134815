/* The steps of the float_adm twin's kernels, one thread's share at a time,
 * as C and as CUDA (core/hd.h): float_adm_cuda.cu runs them, a thread per
 * position, and tests/unit/test_float_adm_cuda_emu.c runs the same calls on
 * the CPU and compares the sums and scores with the CPU extractor's.
 *
 * 1. float_adm_cuda_dwt_thread(), a thread per position (i, j) of a level:
 *    the db2 level of ref and dis at that position, the vertical pass of
 *    the four source columns it reads, then the horizontal pass (the CPU's
 *    line buffers hold the same floats); the approximation goes to the next
 *    level's source. Inside the extended rect: decoupling, the CSF's
 *    weighting and the masking shares of the restored detail and of the
 *    impairment; inside the inner rect also the reference's cubes.
 * 2. float_adm_cuda_mask_thread(), a thread per position of the inner rect:
 *    both masking thresholds from the neighbours' shares and the masked
 *    cubes of the numerator and of aim.
 * 3. float_adm_cuda_row_thread(), a thread per row and sum: the row's terms
 *    added left to right from 0, as the CPU's row sum.
 * Every float is computed by the CPU's operations in the CPU's order
 * (float_adm_math.h, the same functions), so each row sum is the CPU's. */
#ifndef VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_CUDA_TILE_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_adm/float_adm_math.h"
#include "feature/float_common/float_common_math.h"
#include "float_adm_cuda.h"

/* Sample (y, x) of image img of the level's source, as the CPU's float
 * plane holds it. */
static inline VMAF_HD float float_adm_cuda_sample(const FloatAdmCudaLevel *l, int kind, int img,
                                                  int y, int x)
{
    const uint8_t *row = (const uint8_t *)l->src[img] + (size_t)y * l->src_pitch;
    switch (kind) {
    case FLOAT_ADM_CUDA_U8:
        return float_from_8(row[x]);
    case FLOAT_ADM_CUDA_U16:
        return float_from_16(((const uint16_t *)row)[x], l->divisor);
    default:
        return ((const float *)row)[x];
    }
}

/* t / d as the CPU's decoupling divides: from the reciprocal estimate,
 * refined, where it uses one; else IEEE division (no fast math). */
static inline VMAF_HD float float_adm_cuda_divide(const FloatAdmCudaLevel *l, float t, float d)
{
    return l->rcp ? float_adm_refine(t, d, float_adm_rcp_estimate(d, l->rcp)) : t / d;
}

static inline VMAF_HD bool float_adm_cuda_inside(const FloatAdmRect *r, int i, int j)
{
    return i >= r->top && i < r->bottom && j >= r->left && j < r->right;
}

static inline VMAF_HD float *float_adm_cuda_term(const FloatAdmCudaLevel *l, int q, int i, int j)
{
    const size_t x = (size_t)(j - l->inner.left), y = (size_t)(i - l->inner.top);
    return l->terms + ((size_t)q * l->rows + y) * l->terms_pitch + x;
}

/* Step 1 at position (i, j) of the level; kind is l->src_kind, a constant
 * in the kernels. */
static inline VMAF_HD void float_adm_cuda_dwt(const FloatAdmCudaLevel *l, int kind, int i, int j)
{
    int rows[4], cols[4];
    VMAF_UNROLL
    for (int t = 0; t < 4; t++) {
        rows[t] = float_adm_tap_index((unsigned)i, t, l->in_h);
        cols[t] = float_adm_tap_index((unsigned)j, t, l->in_w);
    }
    const ptrdiff_t p = (ptrdiff_t)i * l->stride + j;
    float band[2][ADM_DETAIL_BANDS];
    for (int img = 0; img < 2; img++) {
        float lo[4], hi[4];
        VMAF_UNROLL
        for (int c = 0; c < 4; c++) {
            float s[4];
            VMAF_UNROLL
            for (int t = 0; t < 4; t++)
                s[t] = float_adm_cuda_sample(l, kind, img, rows[t], cols[c]);
            lo[c] = float_adm_db2_lo(s[0], s[1], s[2], s[3]);
            hi[c] = float_adm_db2_hi(s[0], s[1], s[2], s[3]);
        }
        if (l->approx[img])
            l->approx[img][p] = float_adm_db2_lo(lo[0], lo[1], lo[2], lo[3]);
        band[img][ADM_BAND_V] = float_adm_db2_hi(lo[0], lo[1], lo[2], lo[3]);
        band[img][ADM_BAND_H] = float_adm_db2_lo(hi[0], hi[1], hi[2], hi[3]);
        band[img][ADM_BAND_D] = float_adm_db2_hi(hi[0], hi[1], hi[2], hi[3]);
    }
    if (!l->details || !float_adm_cuda_inside(&l->ext, i, j))
        return;

    const float *o = band[0], *t = band[1];
    float k[ADM_DETAIL_BANDS], r[ADM_DETAIL_BANDS], a[ADM_DETAIL_BANDS];
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        k[b] = float_adm_cuda_divide(l, t[b], o[b] + FLOAT_ADM_EPS);
    float_adm_decouple(o, t, k, l->cos_sq, l->gain_limit, r, a);
    const bool inner = float_adm_cuda_inside(&l->inner, i, j);
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const float rf = l->rfactor[b];
        l->r[b][p] = r[b];
        l->a[b][p] = a[b];
        l->flt_r[b][p] = float_adm_mask_share(rf * r[b]);
        l->flt_a[b][p] = float_adm_mask_share(rf * a[b]);
        if (inner)
            *float_adm_cuda_term(l, FLOAT_ADM_CUDA_DEN + b, i, j) =
                float_adm_cube(fabsf(rf * o[b]));
    }
}

/* Step 1 for thread (tx, ty) of block (bx, by). */
static inline VMAF_HD void float_adm_cuda_dwt_thread(const FloatAdmCudaLevel *l, int kind,
                                                     unsigned bx, unsigned by, unsigned tx,
                                                     unsigned ty)
{
    const unsigned i = by * FLOAT_ADM_CUDA_TILE_H + ty, j = bx * FLOAT_ADM_CUDA_TILE_W + tx;
    if (i < l->h && j < l->w)
        float_adm_cuda_dwt(l, kind, (int)i, (int)j);
}

/* Step 2 at position (i, j) of the inner rect: the numerator masks the
 * restored detail by the impairment's shares (its own weighted value at
 * the centre), aim the impairment by the restored detail's. */
static inline VMAF_HD void float_adm_cuda_mask(const FloatAdmCudaLevel *l, int i, int j)
{
    const ptrdiff_t c = (ptrdiff_t)i * l->stride + j;
    const float *const flt_a[ADM_DETAIL_BANDS] = {l->flt_a[0], l->flt_a[1], l->flt_a[2]};
    const float *const flt_r[ADM_DETAIL_BANDS] = {l->flt_r[0], l->flt_r[1], l->flt_r[2]};
    float r[ADM_DETAIL_BANDS], a[ADM_DETAIL_BANDS];
    float csf_r[ADM_DETAIL_BANDS], csf_a[ADM_DETAIL_BANDS];
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = l->r[b][c];
        a[b] = l->a[b][c];
        csf_r[b] = l->rfactor[b] * r[b];
        csf_a[b] = l->rfactor[b] * a[b];
    }
    const float thr_num =
        l->bypass_cm ? 0.0f : float_adm_masking(flt_a, l->stride, l->w, l->h, i, j, csf_a);
    const float thr_aim =
        l->bypass_cm ? 0.0f : float_adm_masking(flt_r, l->stride, l->w, l->h, i, j, csf_r);
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        *float_adm_cuda_term(l, FLOAT_ADM_CUDA_NUM + b, i, j) =
            float_adm_cube(float_adm_masked(r[b], l->rfactor[b], thr_num));
        *float_adm_cuda_term(l, FLOAT_ADM_CUDA_AIM + b, i, j) =
            float_adm_cube(float_adm_masked(a[b], l->rfactor[b], thr_aim));
    }
}

/* Step 2 for thread (tx, ty) of block (bx, by). */
static inline VMAF_HD void float_adm_cuda_mask_thread(const FloatAdmCudaLevel *l, unsigned bx,
                                                      unsigned by, unsigned tx, unsigned ty)
{
    const unsigned y = by * FLOAT_ADM_CUDA_TILE_H + ty, x = bx * FLOAT_ADM_CUDA_TILE_W + tx;
    if (y < l->rows && x < l->inner_w)
        float_adm_cuda_mask(l, l->inner.top + (int)y, l->inner.left + (int)x);
}

/* Step 3 for thread t of block bx of the row kernel. */
static inline VMAF_HD void float_adm_cuda_row_thread(const FloatAdmCudaRows *rows, unsigned bx,
                                                     unsigned t)
{
    int s = 0;
    while (bx >= rows->blocks_at[s + 1])
        s++;
    const unsigned n = rows->rows[s];
    const unsigned g = (bx - rows->blocks_at[s]) * FLOAT_ADM_CUDA_ROW_THREADS + t;
    if (g >= FLOAT_ADM_CUDA_SUMS * n)
        return;
    const unsigned q = g / n, y = g % n, w = rows->inner_w[s];
    const float *terms = rows->terms[s] + ((size_t)q * n + y) * rows->terms_pitch[s];
    /* Eight loads in flight ahead of the additions, which stay in order. */
    float acc = 0.0f;
    unsigned x = 0;
    for (; x + 8 <= w; x += 8) {
        float v[8];
        VMAF_UNROLL
        for (int k = 0; k < 8; k++)
            v[k] = terms[x + k];
        VMAF_UNROLL
        for (int k = 0; k < 8; k++)
            acc += v[k];
    }
    for (; x < w; x++)
        acc += terms[x];
    rows->result[rows->rows_at[s] + (size_t)q * n + y] = acc;
}

#endif
