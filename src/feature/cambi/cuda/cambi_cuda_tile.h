/* The steps of the cambi twin's kernels, one thread's share at a time, as C
 * and as CUDA (core/hd.h): cambi_cuda.cu runs them, and
 * tests/unit/test_cambi_cuda_emu.c runs the same calls on the CPU, block by
 * block and thread by thread, and compares every stage with the CPU's.
 *
 * Per view:
 * 1. cambi_tile_row_max(), thread t of block b: the largest input sample of
 *    columns t, t + CAMBI_CUDA_THREADS, ... of the block's
 *    CAMBI_CUDA_MAX_ROWS rows; the block's largest is its partial.
 * 2. cambi_tile_load(), sample (i, j) of the view: the input through the
 *    grid at 10 bits, anti-dithered from the loaded samples to its right and
 *    below, as the CPU's in-place pass reads them (all still unchanged).
 * 3. Mask block (bx, by), a tile of CAMBI_CUDA_TILE_W x TILE_H samples:
 *    cambi_tile_flat(), position k of the tile widened by the mask's reach:
 *    whether the sample is flat (0 outside the view); cambi_tile_mask(),
 *    sample (tx, ty): the flat samples of its 7x7 square against the
 *    threshold.
 * Per scale:
 * 4. cambi_tile_mode(), sample (i, j) of the scale's cols x h: the mode
 *    filter of the (decimated) previous stage, the decimated mask, and the
 *    previous stage's samples beyond w.
 * 5. c-value block (bx, by), one warp: lane l owns column bx * LANES + l
 *    and its window counts (a column of `counts`, band_size x LANES in
 *    shared memory), for the block's strip of rows. cambi_tile_clear() zeroes
 *    them; per row that enters or leaves the windows, cambi_tile_segment()
 *    reads the histogram rows of the columns the block's windows span, and
 *    cambi_tile_count() moves each lane's counts; cambi_tile_c_value() then
 *    computes the lane's pixel of the row and adds it to the lane's totals;
 *    the warp's totals are the block's partial.
 * Last, each scale's partial totals and each view's partial largest samples
 * are added (integers: in any order) into the frame's result.
 * Counts, masks and planes are the CPU's integers, and the c-value is the
 * CPU's float expression (cambi_math.h): every value is the CPU's. */
#ifndef VMAF_FEATURE_CAMBI_CUDA_CAMBI_CUDA_TILE_H
#define VMAF_FEATURE_CAMBI_CUDA_CAMBI_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cambi_cuda.h"
#include "core/hd.h"
#include "feature/cambi/cambi_math.h"

enum {
    CAMBI_TILE_REACH = CAMBI_MASK_SIZE / 2,
    CAMBI_FLAT_W = CAMBI_CUDA_TILE_W + 2 * CAMBI_TILE_REACH,
    CAMBI_FLAT_H = CAMBI_CUDA_TILE_H + 2 * CAMBI_TILE_REACH,
    CAMBI_FLAT_CNT = CAMBI_FLAT_W * CAMBI_FLAT_H,
};

/* A mask block's shared memory. */
typedef struct CambiFlatTile {
    uint8_t flat[CAMBI_FLAT_H][CAMBI_FLAT_W];
} CambiFlatTile;

/* A c-value block's shared memory besides the counts: the histogram rows of
 * the row entering (0) and the row leaving (1) the windows, at columns
 * bx * LANES - half window onwards. */
typedef struct CambiCountTile {
    uint16_t seg[2][CAMBI_CUDA_SEGMENT];
} CambiCountTile;

static inline VMAF_HD unsigned cambi_tile_input(const CambiCudaView *v, unsigned y, unsigned x)
{
    const uint8_t *row = (const uint8_t *)v->src + (size_t)y * v->src_pitch;
    return v->bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

/* Step 1. */
static inline VMAF_HD unsigned cambi_tile_row_max(const CambiCudaView *v, unsigned b, unsigned t)
{
    unsigned max = 0;
    for (unsigned y = b * CAMBI_CUDA_MAX_ROWS; y < (b + 1) * CAMBI_CUDA_MAX_ROWS && y < v->in_h;
         y++) {
        for (unsigned x = t; x < v->in_w; x += CAMBI_CUDA_THREADS) {
            const unsigned s = cambi_tile_input(v, y, x);
            max = s > max ? s : max;
        }
    }
    return max;
}

/* Sample (i, j) of the view before anti-dithering. */
static inline VMAF_HD uint16_t cambi_tile_sampled(const CambiCudaView *v, unsigned i, unsigned j)
{
    return cambi_to_10bit(cambi_tile_input(v, v->grid_row[i], v->grid_col[j]), v->bpc);
}

/* Step 2. */
static inline VMAF_HD void cambi_tile_load(const CambiCudaView *v, unsigned i, unsigned j)
{
    if (i >= v->h || j >= v->w)
        return;
    const uint16_t s = cambi_tile_sampled(v, i, j);
    uint16_t out = s;
    if (v->anti_dither) {
        const bool right = j + 1 < v->w, below = i + 1 < v->h;
        if (right && below)
            out = cambi_mean4(s, cambi_tile_sampled(v, i, j + 1), cambi_tile_sampled(v, i + 1, j),
                              cambi_tile_sampled(v, i + 1, j + 1));
        else if (below)
            out = cambi_mean2(s, cambi_tile_sampled(v, i + 1, j));
        else if (right)
            out = cambi_mean2(s, cambi_tile_sampled(v, i, j + 1));
    }
    v->loaded[(size_t)i * v->loaded_pitch + j] = out;
}

/* Step 3, first part. */
static inline VMAF_HD void cambi_tile_flat(const CambiCudaView *v, unsigned bx, unsigned by,
                                           unsigned k, CambiFlatTile *t)
{
    const unsigned ry = k / CAMBI_FLAT_W, rx = k % CAMBI_FLAT_W;
    const int y = (int)(by * CAMBI_CUDA_TILE_H + ry) - CAMBI_TILE_REACH;
    const int x = (int)(bx * CAMBI_CUDA_TILE_W + rx) - CAMBI_TILE_REACH;
    uint8_t flat = 0;
    if (y >= 0 && y < (int)v->h && x >= 0 && x < (int)v->w) {
        const uint16_t *row = v->loaded + (size_t)y * v->loaded_pitch;
        const uint16_t s = row[x];
        const uint16_t right = x + 1 < (int)v->w ? row[x + 1] : s;
        const uint16_t below = y + 1 < (int)v->h ? row[x + v->loaded_pitch] : s;
        flat = (uint8_t)cambi_flat(s, right, below);
    }
    t->flat[ry][rx] = flat;
}

/* Step 3, second part. */
static inline VMAF_HD void cambi_tile_mask(const CambiCudaView *v, unsigned bx, unsigned by,
                                           unsigned tx, unsigned ty, const CambiFlatTile *t)
{
    const unsigned i = by * CAMBI_CUDA_TILE_H + ty, j = bx * CAMBI_CUDA_TILE_W + tx;
    if (i >= v->h || j >= v->w)
        return;
    unsigned sum = 0;
    VMAF_UNROLL
    for (unsigned dy = 0; dy < CAMBI_MASK_SIZE; dy++) {
        VMAF_UNROLL
        for (unsigned dx = 0; dx < CAMBI_MASK_SIZE; dx++)
            sum += t->flat[ty + dy][tx + dx];
    }
    v->mask[(size_t)i * v->mask_pitch + j] = sum > v->mask_threshold;
}

/* Sample (y, x) of the scale before its mode filter. */
static inline VMAF_HD uint16_t cambi_tile_unfiltered(const CambiCudaScale *sc, unsigned y,
                                                     unsigned x)
{
    const unsigned f = sc->decimated ? 2 : 1;
    return sc->prev_img[(size_t)(f * y) * sc->prev_img_pitch + f * x];
}

/* The horizontal mode at (y, x); the first and last columns stay. */
static inline VMAF_HD uint16_t cambi_tile_row_mode(const CambiCudaScale *sc, unsigned y, unsigned x)
{
    if (x == 0 || x + 1 >= sc->w)
        return cambi_tile_unfiltered(sc, y, x);
    return cambi_mode3(cambi_tile_unfiltered(sc, y, x - 1), cambi_tile_unfiltered(sc, y, x),
                       cambi_tile_unfiltered(sc, y, x + 1));
}

/* Step 4. */
static inline VMAF_HD void cambi_tile_mode(const CambiCudaView *v, unsigned scale, unsigned i,
                                           unsigned j)
{
    const CambiCudaScale *sc = &v->scale[scale];
    if (i >= sc->h || j >= sc->cols)
        return;
    uint16_t *img = sc->img + (size_t)i * sc->img_pitch + j;
    uint8_t *mask = sc->mask + (size_t)i * sc->mask_pitch + j;
    if (j >= sc->w) {
        /* Beyond the scale's width (only where it is decimated): what the
         * CPU's plane still holds there. */
        *img = sc->prev_img[(size_t)i * sc->prev_img_pitch + j];
        *mask = sc->prev_mask[(size_t)i * sc->prev_mask_pitch + j];
        return;
    }
    if (sc->decimated)
        *mask = sc->prev_mask[(size_t)(2 * i) * sc->prev_mask_pitch + 2 * j];
    /* The first and last rows stay. */
    if (i == 0 || i + 1 >= sc->h)
        *img = cambi_tile_unfiltered(sc, i, j);
    else
        *img = cambi_mode3(cambi_tile_row_mode(sc, i - 1, j), cambi_tile_row_mode(sc, i, j),
                           cambi_tile_row_mode(sc, i + 1, j));
}

/* Step 5: lane's counts. */
static inline VMAF_HD void cambi_tile_clear(const CambiCudaView *v, unsigned lane, uint16_t *counts)
{
    for (unsigned k = 0; k < v->band_size; k++)
        counts[k * CAMBI_CUDA_LANES + lane] = 0;
}

/* Step 5: lane's share of the histogram rows of row y, NOT_COUNTED where y
 * is not counted (counted false) and beyond the columns the windows read. */
static inline VMAF_HD void cambi_tile_segment(const CambiCudaView *v, unsigned scale, unsigned bx,
                                              int y, bool counted, unsigned lane, uint16_t *seg)
{
    const CambiCudaScale *sc = &v->scale[scale];
    const int r = (int)v->half_window;
    for (int t = (int)lane; t < CAMBI_CUDA_LANES + 2 * r; t += CAMBI_CUDA_LANES) {
        const int x = (int)(bx * CAMBI_CUDA_LANES) - r + t;
        uint16_t k = CAMBI_NOT_COUNTED;
        if (counted && x >= 0 && x < (int)sc->cols)
            k = cambi_hist_index(sc->img[(size_t)y * sc->img_pitch + x],
                                 sc->mask[(size_t)y * sc->mask_pitch + x], v->band_base,
                                 v->band_size);
        seg[t] = k;
    }
}

/* Count `index` of `counts` plus delta. Lanes 2m and 2m + 1 share 32-bit
 * words, so on the device the change is an atomic add to the word; a count
 * never drops below zero, so no borrow crosses into the other half. */
static inline VMAF_HD void cambi_tile_add(uint16_t *counts, size_t index, int delta)
{
#ifdef VMAF_GPU_DEVICE
    uint32_t *word = (uint32_t *)(counts + (index & ~(size_t)1));
    atomicAdd(word, (uint32_t)delta << (16 * (index & 1)));
#else
    counts[index] = (uint16_t)(counts[index] + delta);
#endif
}

/* Step 5: the lane's window counts, as the entering row comes in and the
 * leaving row goes; a sample equal to the one leaving in its column changes
 * nothing. */
static inline VMAF_HD void cambi_tile_count(const CambiCudaView *v, unsigned scale, unsigned bx,
                                            unsigned lane, const CambiCountTile *t,
                                            uint16_t *counts)
{
    if (bx * CAMBI_CUDA_LANES + lane >= v->scale[scale].w)
        return;
    const unsigned last = lane + 2 * v->half_window;
    for (unsigned c = lane; c <= last; c++) {
        const uint16_t in = t->seg[0][c], out = t->seg[1][c];
        if (in == out)
            continue;
        if (in != CAMBI_NOT_COUNTED)
            cambi_tile_add(counts, (size_t)in * CAMBI_CUDA_LANES + lane, 1);
        if (out != CAMBI_NOT_COUNTED)
            cambi_tile_add(counts, (size_t)out * CAMBI_CUDA_LANES + lane, -1);
    }
}

/* Step 5: the c-value of the lane's pixel of row i. */
static inline VMAF_HD void cambi_tile_c_value(const CambiCudaView *v, unsigned scale, unsigned slot,
                                              unsigned bx, unsigned i, unsigned lane,
                                              const uint16_t *counts, CambiCudaTotals *acc)
{
    const CambiCudaScale *sc = &v->scale[scale];
    const unsigned j = bx * CAMBI_CUDA_LANES + lane;
    if (j >= sc->w)
        return;
    const uint16_t k =
        cambi_hist_index(sc->img[(size_t)i * sc->img_pitch + j],
                         sc->mask[(size_t)i * sc->mask_pitch + j], v->band_base, v->band_size);
    float c = 0.0f;
    if (k != CAMBI_NOT_COUNTED)
        c = cambi_c_value(counts + lane, CAMBI_CUDA_LANES, k, v->visible[k], v->weight,
                          v->reciprocal);
    sc->c_values[slot][(size_t)i * sc->w + j] = c;
    acc->sum += cambi_c_units(c);
    acc->nonzero += c != 0.0f;
}

/* The rows of c-value block row by: [*first, *end), and the first row its
 * windows count, *lo. */
static inline VMAF_HD void cambi_tile_strip(const CambiCudaView *v, unsigned scale, unsigned by,
                                            unsigned *lo, unsigned *first, unsigned *end)
{
    const CambiCudaScale *sc = &v->scale[scale];
    *first = by * sc->strip_rows;
    *end = *first + sc->strip_rows < sc->h ? *first + sc->strip_rows : sc->h;
    *lo = *first > v->half_window ? *first - v->half_window : 0;
}

#endif
