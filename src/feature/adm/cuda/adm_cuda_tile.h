/* The steps of the adm twin's kernels, one thread's share at a time, as C
 * and as CUDA (core/hd.h): adm_cuda.cu runs them with a block per tile,
 * tests/unit/test_adm_cuda_emu.c runs the same calls on the CPU, tile by
 * tile, and compares the sums with the CPU extractor's.
 *
 * Wavelet block (bx, by) of a level makes outputs x0 = bx * DWT_TILE_W
 * onwards of rows y0 = by * DWT_TILE_H onwards, of one picture:
 * 1. adm_tile_dwt_vertical(), slot k of tile row r: the vertical pass of
 *    output row y0 + r at source column 2 x0 - 1 + k, mirrored as the CPU's
 *    taps are (adm_dwt_mirror()).
 * 2. adm_tile_dwt_horizontal(), output i: the horizontal pass of slots
 *    2 (i % DWT_TILE_W) .. + 3 of its row, into the bands and the
 *    approximation.
 * Masking block (bx, by) covers the region's samples from column left +
 *    bx * MASK_TILE_W and row top + by * MASK_TILE_H, and the ring of
 *    masking neighbours around them (adm_cm_reach()):
 * 3. adm_tile_decouple(), position k of the tile with its ring: the
 *    restored and additive parts and what their CSF-weighted values add to
 *    their neighbours' masking thresholds, summed over the bands.
 * 4. adm_tile_sums(), sample (tx, ty): its reference cubes and masked
 *    cubes; the block adds each tile row's into one partial per sum.
 * 5. adm_cuda_row_sum(), region row y of sum q: the row's partials added,
 *    then rounded and shifted as the CPU rounds a row sum; the rows added
 *    make the frame's sum.
 * Every rounded or truncated value is the CPU's (adm_math.h); only the
 * grouping of exact integer sums differs. */
#ifndef VMAF_FEATURE_ADM_CUDA_ADM_CUDA_TILE_H
#define VMAF_FEATURE_ADM_CUDA_ADM_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adm_cuda.h"
#include "core/hd.h"
#include "feature/adm/adm_math.h"

enum {
    ADM_TILE_SLOTS = 2 * ADM_CUDA_DWT_TILE_W + 2,
    ADM_TILE_RING_W = ADM_CUDA_MASK_TILE_W + 2,
    ADM_TILE_RING_H = ADM_CUDA_MASK_TILE_H + 2,
    ADM_TILE_RING = ADM_TILE_RING_W * ADM_TILE_RING_H,
};

/* A wavelet block's shared memory: the vertical pass's low- and high-pass
 * of each slot, as the CPU's tmp rows hold them. */
typedef struct AdmDwtTile {
    int32_t lo[ADM_CUDA_DWT_TILE_H][ADM_TILE_SLOTS];
    int32_t hi[ADM_CUDA_DWT_TILE_H][ADM_TILE_SLOTS];
} AdmDwtTile;

/* A masking block's shared memory, per position of the tile and its ring;
 * int16 values at scale 0, as the CPU's planes hold them. */
typedef struct AdmMaskTile {
    int32_t restored[ADM_DETAIL_BANDS][ADM_TILE_RING];
    int32_t additive[ADM_DETAIL_BANDS][ADM_TILE_RING];
    /* Summed over the bands, modulo 2^32: the neighbour shares of the CSF
     * of the additive part (the numerator's threshold) and of the restored
     * part (aim's). */
    uint32_t mask_additive[ADM_TILE_RING], mask_restored[ADM_TILE_RING];
} AdmMaskTile;

static inline unsigned adm_cuda_dwt_blocks_x(const AdmCudaDwt *d)
{
    return (unsigned)(d->out_w + ADM_CUDA_DWT_TILE_W - 1) / ADM_CUDA_DWT_TILE_W;
}

static inline unsigned adm_cuda_dwt_blocks_y(const AdmCudaDwt *d)
{
    return (unsigned)(d->out_h + ADM_CUDA_DWT_TILE_H - 1) / ADM_CUDA_DWT_TILE_H;
}

static inline unsigned adm_cuda_mask_blocks_y(const AdmCudaMask *m)
{
    return (m->rows + ADM_CUDA_MASK_TILE_H - 1) / ADM_CUDA_MASK_TILE_H;
}

/* y and x inside the plane; a pitch fits 32 bits, so the row's offset is
 * one 32 x 32 -> 64-bit product. */
static inline VMAF_HD const uint8_t *adm_tile_row(const void *plane, size_t pitch, int y)
{
    return (const uint8_t *)plane + (uint64_t)(uint32_t)y * (uint32_t)pitch;
}

static inline VMAF_HD int32_t adm_tile_sample(const void *plane, size_t pitch, int y, int x,
                                              int kind)
{
    const uint8_t *row = adm_tile_row(plane, pitch, y);
    switch (kind) {
    case ADM_CUDA_U8:
        return row[x];
    case ADM_CUDA_U16:
        return ((const uint16_t *)row)[x];
    case ADM_CUDA_S16:
        return ((const int16_t *)row)[x];
    default:
        return ((const int32_t *)row)[x];
    }
}

/* Step 1; kind is d->src_kind and scale d->scale, constants in the kernels. */
static inline VMAF_HD void adm_tile_dwt_vertical(const AdmCudaDwt *d, int kind, int scale, int img,
                                                 int bx, int by, int idx, AdmDwtTile *t)
{
    const int r = idx / ADM_TILE_SLOTS, k = idx % ADM_TILE_SLOTS;
    const int i = by * ADM_CUDA_DWT_TILE_H + r, x0 = bx * ADM_CUDA_DWT_TILE_W;
    const int outputs = d->out_w - x0 < ADM_CUDA_DWT_TILE_W ? d->out_w - x0 : ADM_CUDA_DWT_TILE_W;
    if (i >= d->out_h || k >= 2 * outputs + 2)
        return;
    const int col = adm_dwt_mirror(2 * x0 - 1 + k, d->in_w);
    int32_t p[ADM_DWT_TAPS];
    VMAF_UNROLL
    for (int tap = 0; tap < ADM_DWT_TAPS; tap++)
        p[tap] =
            adm_tile_sample(d->src[img], d->src_pitch, adm_dwt_tap(i, tap, d->in_h), col, kind);
    if (scale == 0) {
        adm_dwt_s0_vertical(p[0], p[1], p[2], p[3], d->bpc, &t->lo[r][k], &t->hi[r][k]);
    } else {
        const AdmDwtRounding q = adm_dwt_s123_rounding(scale);
        adm_dwt_s123_vertical(p[0], p[1], p[2], p[3], &q, &t->lo[r][k], &t->hi[r][k]);
    }
}

/* Step 2. */
static inline VMAF_HD void adm_tile_dwt_horizontal(const AdmCudaDwt *d, int scale, int img, int bx,
                                                   int by, int idx, const AdmDwtTile *t)
{
    const int r = idx / ADM_CUDA_DWT_TILE_W, jl = idx % ADM_CUDA_DWT_TILE_W;
    const int i = by * ADM_CUDA_DWT_TILE_H + r, j = bx * ADM_CUDA_DWT_TILE_W + jl;
    if (i >= d->out_h || j >= d->out_w)
        return;
    const int32_t *lo = &t->lo[r][2 * jl], *hi = &t->hi[r][2 * jl];
    uint8_t *out[ADM_DETAIL_BANDS];
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        out[b] = (uint8_t *)d->band[img][b] + (size_t)i * d->pitch;
    int32_t approx;
    if (scale == 0) {
        adm_dwt_s0_horizontal(lo, hi, &approx, &((int16_t *)out[ADM_BAND_H])[j],
                              &((int16_t *)out[ADM_BAND_V])[j], &((int16_t *)out[ADM_BAND_D])[j]);
    } else {
        const AdmDwtRounding q = adm_dwt_s123_rounding(scale);
        adm_dwt_s123_horizontal(lo, hi, &q, &approx, &((int32_t *)out[ADM_BAND_H])[j],
                                &((int32_t *)out[ADM_BAND_V])[j], &((int32_t *)out[ADM_BAND_D])[j]);
    }
    if (d->approx[img])
        ((int32_t *)((uint8_t *)d->approx[img] + (size_t)i * d->pitch))[j] = approx;
}

/* Step 3; scale0 is m->scale0 and aim m->aim, constants in the kernels. */
static inline VMAF_HD void adm_tile_decouple(const AdmCudaMask *m, bool scale0, bool aim, int bx,
                                             int by, int k, AdmMaskTile *t)
{
    const int ry = k / ADM_TILE_RING_W, rx = k % ADM_TILE_RING_W;
    const int y = adm_cm_reach(m->region.top + by * ADM_CUDA_MASK_TILE_H - 1 + ry, m->h);
    const int x = adm_cm_reach(m->region.left + bx * ADM_CUDA_MASK_TILE_W - 1 + rx, m->w);
    const int kind = scale0 ? ADM_CUDA_S16 : ADM_CUDA_S32;
    int32_t o[ADM_DETAIL_BANDS], d[ADM_DETAIL_BANDS];
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        o[b] = adm_tile_sample(m->ref[b], m->pitch, y, x, kind);
        d[b] = adm_tile_sample(m->dis[b], m->pitch, y, x, kind);
    }
    const bool vector = scale0 && adm_in_rect(&m->quirks.decouple_area, y, x);
    const bool in_cone =
        vector ? adm_in_cone_vector((int16_t)o[ADM_BAND_H], (int16_t)o[ADM_BAND_V],
                                    (int16_t)d[ADM_BAND_H], (int16_t)d[ADM_BAND_V], m->cos_sq,
                                    m->quirks.decouple_ordered)
               : adm_in_cone(o[ADM_BAND_H], o[ADM_BAND_V], d[ADM_BAND_H], d[ADM_BAND_V], m->cos_sq);
    uint32_t mask_additive = 0, mask_restored = 0;
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        int32_t r, a;
        if (scale0) {
            const uint16_t rf = (uint16_t)m->rfactor[b];
            const int16_t r16 = adm_restore_s0((int16_t)o[b], (int16_t)d[b], in_cone, m->gain_limit,
                                               m->recip, vector);
            const int16_t a16 = (int16_t)(d[b] - r16);
            mask_additive += adm_cm_neighbour_s0(adm_csf_s0(a16, rf, b));
            if (aim)
                mask_restored += adm_cm_neighbour_s0(adm_csf_s0(r16, rf, b));
            r = r16;
            a = a16;
        } else {
            r = adm_restore_s123(o[b], d[b], in_cone, m->gain_limit, m->recip,
                                 m->quirks.round_gain_s123);
            a = adm_sub_wrap32(d[b], r);
            mask_additive += adm_cm_neighbour_s123(adm_csf_s123(a, m->rfactor[b]));
            if (aim)
                mask_restored += adm_cm_neighbour_s123(adm_csf_s123(r, m->rfactor[b]));
        }
        t->restored[b][k] = r;
        t->additive[b][k] = a;
    }
    t->mask_additive[k] = mask_additive;
    t->mask_restored[k] = mask_restored;
}

/* The masking threshold of a sample: its 8 neighbours' shares, then its own
 * fifteenths of the CSF of v (the other part) over the bands, unwrapped in
 * libvmaf's x86 vector area (AdmQuirks). */
static inline VMAF_HD uint32_t adm_tile_threshold(const uint32_t *mask, int c, bool scale0,
                                                  bool unwrapped,
                                                  const int32_t *const v[ADM_DETAIL_BANDS],
                                                  const uint32_t rfactor[ADM_DETAIL_BANDS])
{
    uint32_t thr = mask[c - ADM_TILE_RING_W - 1] + mask[c - ADM_TILE_RING_W] +
                   mask[c - ADM_TILE_RING_W + 1] + mask[c - 1] + mask[c + 1] +
                   mask[c + ADM_TILE_RING_W - 1] + mask[c + ADM_TILE_RING_W] +
                   mask[c + ADM_TILE_RING_W + 1];
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        if (!scale0) {
            thr += adm_cm_centre_s123(adm_csf_s123(v[b][c], rfactor[b]));
            continue;
        }
        const int16_t csf = adm_csf_s0((int16_t)v[b][c], (uint16_t)rfactor[b], b);
        thr += unwrapped ? adm_cm_centre_s0_unwrapped(csf) : adm_cm_centre_s0(csf);
    }
    return thr;
}

/* Step 4: zero outside the region. */
static inline VMAF_HD void adm_tile_sums(const AdmCudaMask *m, bool scale0, bool aim, int bx,
                                         int by, int tx, int ty, const AdmMaskTile *t,
                                         uint64_t sums[ADM_CUDA_SUMS])
{
    VMAF_UNROLL
    for (int q = 0; q < ADM_CUDA_SUMS; q++)
        sums[q] = 0;
    const int y = m->region.top + by * ADM_CUDA_MASK_TILE_H + ty;
    const int x = m->region.left + bx * ADM_CUDA_MASK_TILE_W + tx;
    if (y >= m->region.bottom || x >= m->region.right)
        return;
    const int c = (ty + 1) * ADM_TILE_RING_W + tx + 1;
    const int32_t *const restored[ADM_DETAIL_BANDS] = {t->restored[0], t->restored[1],
                                                       t->restored[2]};
    const int32_t *const additive[ADM_DETAIL_BANDS] = {t->additive[0], t->additive[1],
                                                       t->additive[2]};
    const bool vector = scale0 && adm_in_rect(&m->quirks.cm_area, y, x);
    const bool logical = vector && m->quirks.cm_logical_shift;
    const uint32_t thr_num =
        adm_tile_threshold(t->mask_additive, c, scale0, vector, additive, m->rfactor);
    const uint32_t thr_aim =
        aim ? adm_tile_threshold(t->mask_restored, c, scale0, vector, restored, m->rfactor) : 0;
    const int kind = scale0 ? ADM_CUDA_S16 : ADM_CUDA_S32;
    VMAF_UNROLL
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const int32_t o = adm_tile_sample(m->ref[b], m->pitch, y, x, kind);
        const int32_t r = restored[b][c], a = additive[b][c];
        const int cube = m->cube_shift[b];
        if (scale0) {
            const uint16_t rf = (uint16_t)m->rfactor[b];
            sums[ADM_CUDA_DEN + b] = adm_den_cube_s0((int16_t)o);
            sums[ADM_CUDA_CM + b] =
                (uint64_t)adm_cm_cube_s0((int16_t)r, rf, thr_num, b, cube, logical);
            if (aim)
                sums[ADM_CUDA_AIM + b] =
                    (uint64_t)adm_cm_cube_s0((int16_t)a, rf, thr_aim, b, cube, logical);
        } else {
            const uint32_t rf = m->rfactor[b];
            sums[ADM_CUDA_DEN + b] = adm_den_cube_s123(o, m->den_square, m->den_cube);
            sums[ADM_CUDA_CM + b] = (uint64_t)adm_cm_cube_s123(r, rf, thr_num, cube);
            if (aim)
                sums[ADM_CUDA_AIM + b] = (uint64_t)adm_cm_cube_s123(a, rf, thr_aim, cube);
        }
    }
}

/* Step 5. */
static inline VMAF_HD uint64_t adm_cuda_row_sum(const AdmCudaMask *m, int q, unsigned row)
{
    uint64_t sum = 0;
    for (unsigned tile = 0; tile < m->tiles; tile++)
        sum += m->partials[adm_cuda_partial(m, (unsigned)q, tile, row)];
    if (q < ADM_CUDA_CM)
        return adm_den_row(sum, m->den_row);
    return (uint64_t)adm_cm_row((int64_t)sum, m->cm_row);
}

#endif
