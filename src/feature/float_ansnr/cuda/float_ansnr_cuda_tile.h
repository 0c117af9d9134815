/* The steps of the float_ansnr twin's kernel, one thread's share at a time,
 * as C and as CUDA (core/hd.h): float_ansnr_cuda.cu runs them with a block
 * per row, tests/unit/test_float_ansnr_cuda_emu.c runs the same calls on
 * the CPU and compares them with the CPU's stages.
 *
 * A block walks row y in chunks of FLOAT_ANSNR_CUDA_CHUNK outputs from
 * column c0; tile position q is the picture's column c0 - PAD + q.
 * 1. float_ansnr_tile_load(), position q: the samples of the rows both
 *    kernels weigh, mirrored as the CPU reads them, converted as the CPU
 *    converts them.
 * 2. float_ansnr_tile_filter(), output t: both filtered samples.
 * 3. float_ansnr_tile_energies(), one thread: the chunk's energies added to
 *    the row's, from the left, as the CPU adds a row. */
#ifndef VMAF_FEATURE_FLOAT_ANSNR_CUDA_FLOAT_ANSNR_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_ANSNR_CUDA_FLOAT_ANSNR_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_ansnr/float_ansnr_math.h"
#include "feature/float_common/float_common_math.h"
#include "float_ansnr_cuda.h"

/* A block's shared memory. */
typedef struct FloatAnsnrTile {
    /* Rows y - 1 .. y + 1 of the reference and y - 2 .. y + 2 of the
     * distorted picture, mirrored, at 8-bit scale and centred. */
    float ref[FLOAT_ANSNR_REF_TAPS][FLOAT_ANSNR_CUDA_SPAN];
    float dis[FLOAT_ANSNR_DIS_TAPS][FLOAT_ANSNR_CUDA_SPAN];
    float ref_filtered[FLOAT_ANSNR_CUDA_CHUNK], dis_filtered[FLOAT_ANSNR_CUDA_CHUNK];
} FloatAnsnrTile;

/* The column a tile position reads: mirrored as the CPU reads it for every
 * position an output needs; past those (the last chunk of a row) clamped
 * into the picture. */
static inline VMAF_HD int float_ansnr_tile_source(int x, int w)
{
    const int m = float_ansnr_mirror(x, w);
    return m < 0 ? 0 : m >= w ? w - 1 : m;
}

static inline VMAF_HD float float_ansnr_tile_sample(const FloatAnsnrCudaFrame *f, const void *plane,
                                                    int y, int x, bool hbd)
{
    const uint8_t *row = (const uint8_t *)plane + (size_t)y * f->pitch;
    return hbd ? float_from_16(((const uint16_t *)row)[x], f->divisor) : float_from_8(row[x]);
}

/* Step 1 for position q of the chunk at c0 of row y; hbd: 16-bit samples. */
static inline VMAF_HD void float_ansnr_tile_load(const FloatAnsnrCudaFrame *f, unsigned y,
                                                 unsigned c0, unsigned q, bool hbd,
                                                 FloatAnsnrTile *tile)
{
    const int x = float_ansnr_tile_source((int)c0 - FLOAT_ANSNR_CUDA_PAD + (int)q, (int)f->w);
    VMAF_UNROLL
    for (int k = 0; k < FLOAT_ANSNR_REF_TAPS; k++) {
        const int row = float_ansnr_mirror((int)y - FLOAT_ANSNR_REF_TAPS / 2 + k, (int)f->h);
        tile->ref[k][q] = float_ansnr_tile_sample(f, f->ref, row, x, hbd);
    }
    VMAF_UNROLL
    for (int k = 0; k < FLOAT_ANSNR_DIS_TAPS; k++) {
        const int row = float_ansnr_mirror((int)y - FLOAT_ANSNR_DIS_TAPS / 2 + k, (int)f->h);
        tile->dis[k][q] = float_ansnr_tile_sample(f, f->dis, row, x, hbd);
    }
}

/* Step 2 for output t of the chunk at c0 (column c0 + t). */
static inline VMAF_HD void float_ansnr_tile_filter(const FloatAnsnrCudaFrame *f, unsigned c0,
                                                   unsigned t, FloatAnsnrTile *tile)
{
    if (c0 + t >= f->w)
        return;
    const float *ref_rows[FLOAT_ANSNR_REF_TAPS], *dis_rows[FLOAT_ANSNR_DIS_TAPS];
    VMAF_UNROLL
    for (int k = 0; k < FLOAT_ANSNR_REF_TAPS; k++)
        ref_rows[k] = tile->ref[k];
    VMAF_UNROLL
    for (int k = 0; k < FLOAT_ANSNR_DIS_TAPS; k++)
        dis_rows[k] = tile->dis[k];
    /* Output t's window starts at the kernel's reach left of position
     * t + PAD. */
    const int ref_x = (int)t + FLOAT_ANSNR_CUDA_PAD - FLOAT_ANSNR_REF_TAPS / 2;
    const int dis_x = (int)t + FLOAT_ANSNR_CUDA_PAD - FLOAT_ANSNR_DIS_TAPS / 2;
    tile->ref_filtered[t] =
        float_ansnr_filter_at(ref_rows, ref_x, f->kernels.ref, FLOAT_ANSNR_REF_TAPS);
    tile->dis_filtered[t] =
        float_ansnr_filter_at(dis_rows, dis_x, f->kernels.dis, FLOAT_ANSNR_DIS_TAPS);
}

/* Step 3 for the chunk at c0: its outputs' energies added to *row. */
static inline VMAF_HD void float_ansnr_tile_energies(const FloatAnsnrCudaFrame *f, unsigned c0,
                                                     const FloatAnsnrTile *tile,
                                                     FloatAnsnrEnergy *row)
{
    const unsigned left = f->w - c0;
    const int n = (int)(left < FLOAT_ANSNR_CUDA_CHUNK ? left : FLOAT_ANSNR_CUDA_CHUNK);
    float_ansnr_row_energies(tile->ref_filtered, tile->dis_filtered, n, row);
}

/* The host's part: the frame's energies from its rows', added as the CPU's
 * stage adds them. */
static inline FloatAnsnrEnergy float_ansnr_cuda_total(const FloatAnsnrEnergy *rows, unsigned h)
{
    FloatAnsnrEnergy total = {0, 0};
    for (unsigned y = 0; y < h; y++)
        float_ansnr_add_row(&total, rows[y]);
    return total;
}

#endif
