/* The steps of the float_vif twin's kernel, one thread's share at a time, as
 * C and as CUDA (core/hd.h): float_vif_cuda.cu runs them with a block per
 * FLOAT_VIF_CUDA_TILE_ROWS rows of a scale, tests/unit/test_float_vif_cuda_emu.c
 * runs the same calls on the CPU, and compares the sums with the CPU
 * extractor's.
 *
 * Block `by` covers rows y0 = by * TILE_ROWS onwards and walks them a chunk
 * of s->cols columns at a time, from the left; in chunk c, thread t is the
 * picture's column c * cols - half + t. Per chunk:
 * 1. float_vif_tile_column(), thread t: walks its column down the rows and
 *    the filter's reach, each sample read once and added, times its tap, to
 *    the vertical sums of every row it weighs on, tap by tap from the first
 *    as the CPU's filter adds them; the sums go to shared memory (and those
 *    of the next scale's low-pass at the even rows).
 * 2. float_vif_tile_statistic(), output i: the horizontal pass of the five
 *    moments and the pixel's terms (float_vif_math.h), into shared memory.
 * 3. float_vif_tile_next(), output i of the next scale: the horizontal
 *    low-pass at an even column of an even row, into the next scale's plane.
 * 4. float_vif_tile_add_row(), lane l < 2 TILE_ROWS: the chunk's terms of
 *    one row added to its running sum, left to right; after the last chunk
 *    float_vif_tile_store_row() writes it.
 * Every value is computed by the CPU's operations in the CPU's order, so it
 * is the CPU's float; the host adds the rows as the CPU does. */
#ifndef VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_common/float_common_math.h"
#include "feature/float_vif/float_vif_math.h"
#include "float_vif_cuda.h"

enum {
    FLOAT_VIF_TILE_NEXT_ROWS = FLOAT_VIF_CUDA_TILE_ROWS / 2,
    FLOAT_VIF_TILE_LANES = 2 * FLOAT_VIF_CUDA_TILE_ROWS, /* step 4: num rows, then den rows */
};

enum { FLOAT_VIF_MU1, FLOAT_VIF_MU2, FLOAT_VIF_REF_SQ, FLOAT_VIF_DIS_SQ, FLOAT_VIF_REF_DIS };

/* A block's shared memory (32 KiB). */
typedef struct FloatVifTile {
    /* Each row's vertical pass of the five moments at each column. */
    float moment[5][FLOAT_VIF_CUDA_TILE_ROWS][FLOAT_VIF_CUDA_THREADS];
    /* The next scale's vertical low-pass of ref and dis at the even rows. */
    float next[2][FLOAT_VIF_TILE_NEXT_ROWS][FLOAT_VIF_CUDA_THREADS];
    /* The chunk's num and den terms. */
    float terms[2][FLOAT_VIF_CUDA_TILE_ROWS][FLOAT_VIF_CUDA_THREADS];
} FloatVifTile;

/* The sample a tile position reads: reflected at the edges as the CPU's
 * filters reflect, for every position an output needs; those no output
 * needs (past the end of a small scale) are first clamped into the range
 * the reflection covers. */
static inline VMAF_HD unsigned float_vif_tile_source(int i, unsigned n)
{
    const int lo = 1 - (int)n, hi = 2 * (int)n - 2;
    return float_reflect(i < lo ? lo : i > hi ? hi : i, n);
}

/* y and x inside the plane; a pitch fits 32 bits, so the row's offset is
 * one 32 x 32 -> 64-bit product. */
static inline VMAF_HD float float_vif_tile_sample(const void *plane, size_t pitch, unsigned y,
                                                  unsigned x, int kind, float divisor)
{
    const uint8_t *row = (const uint8_t *)plane + (uint64_t)y * (uint32_t)pitch;
    switch (kind) {
    case FLOAT_VIF_CUDA_U8:
        return float_from_8(row[x]);
    case FLOAT_VIF_CUDA_U16:
        return float_from_16(((const uint16_t *)row)[x], divisor);
    default:
        return ((const float *)row)[x];
    }
}

/* Step 1; kind is s->kind, stat whether s->rows is set and decimate whether
 * s->next_ref is, constants in the kernels. */
static inline VMAF_HD void float_vif_tile_column(const FloatVifCudaScale *s, int kind, bool stat,
                                                 bool decimate, unsigned by, unsigned chunk, int t,
                                                 FloatVifTile *tile)
{
    const int half = s->half, taps = 2 * half + 1, next_taps = 2 * s->next_half + 1;
    const unsigned x = float_vif_tile_source((int)(chunk * s->cols) - half + t, s->w);
    const int y0 = (int)(by * FLOAT_VIF_CUDA_TILE_ROWS) - half;
    float m[5][FLOAT_VIF_CUDA_TILE_ROWS], next[2][FLOAT_VIF_TILE_NEXT_ROWS];
    VMAF_UNROLL
    for (int row = 0; row < FLOAT_VIF_CUDA_TILE_ROWS; row++) {
        VMAF_UNROLL
        for (int q = 0; q < 5; q++)
            m[q][row] = 0.0f;
    }
    VMAF_UNROLL
    for (int row = 0; row < FLOAT_VIF_TILE_NEXT_ROWS; row++)
        next[0][row] = next[1][row] = 0.0f;

    for (int k = 0; k < FLOAT_VIF_CUDA_TILE_ROWS + 2 * half; k++) {
        const unsigned y = float_vif_tile_source(y0 + k, s->h);
        const float r = float_vif_tile_sample(s->ref, s->pitch, y, x, kind, s->divisor);
        const float d = float_vif_tile_sample(s->dis, s->pitch, y, x, kind, s->divisor);
        if (stat) {
            const float v[5] = {r, d, r * r, d * d, r * d};
            VMAF_UNROLL
            for (int row = 0; row < FLOAT_VIF_CUDA_TILE_ROWS; row++) {
                const int tap = k - row;
                if (tap < 0 || tap >= taps)
                    continue;
                const float f = s->taps[tap];
                VMAF_UNROLL
                for (int q = 0; q < 5; q++)
                    m[q][row] += f * v[q];
            }
        }
        if (decimate) {
            VMAF_UNROLL
            for (int row = 0; row < FLOAT_VIF_TILE_NEXT_ROWS; row++) {
                const int tap = k - (2 * row + half - s->next_half);
                if (tap < 0 || tap >= next_taps)
                    continue;
                const float f = s->next_taps[tap];
                next[0][row] += f * r;
                next[1][row] += f * d;
            }
        }
    }

    VMAF_UNROLL
    for (int row = 0; stat && row < FLOAT_VIF_CUDA_TILE_ROWS; row++) {
        VMAF_UNROLL
        for (int q = 0; q < 5; q++)
            tile->moment[q][row][t] = m[q][row];
    }
    VMAF_UNROLL
    for (int row = 0; decimate && row < FLOAT_VIF_TILE_NEXT_ROWS; row++) {
        tile->next[0][row][t] = next[0][row];
        tile->next[1][row][t] = next[1][row];
    }
}

/* The horizontal pass of a row of the tile at chunk column j: the taps from
 * the column `first` on, added from the first. */
static inline VMAF_HD float float_vif_tile_dot(const float *row, unsigned first, const float *taps,
                                               int n)
{
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
        acc += taps[k] * row[first + k];
    return acc;
}

/* Step 2 for output i of the chunk, in row-major order. */
static inline VMAF_HD void float_vif_tile_statistic(FloatVifTile *tile, const FloatVifCudaScale *s,
                                                    unsigned by, unsigned chunk, unsigned i)
{
    const unsigned row = i / s->cols, j = i % s->cols;
    if (chunk * s->cols + j >= s->w || by * FLOAT_VIF_CUDA_TILE_ROWS + row >= s->h)
        return;
    /* Output j is tile column j + half: its taps start at column j. */
    const int n = 2 * s->half + 1;
    float m[5];
    VMAF_UNROLL
    for (int q = 0; q < 5; q++)
        m[q] = float_vif_tile_dot(tile->moment[q][row], j, s->taps, n);
    float_vif_pixel_terms(m[FLOAT_VIF_MU1], m[FLOAT_VIF_MU2], m[FLOAT_VIF_REF_SQ],
                          m[FLOAT_VIF_DIS_SQ], m[FLOAT_VIF_REF_DIS], &s->pixel,
                          &tile->terms[0][row][j], &tile->terms[1][row][j]);
}

static inline VMAF_HD float *float_vif_plane_at(float *plane, size_t pitch, unsigned y, unsigned x)
{
    return (float *)((uint8_t *)plane + (size_t)y * pitch) + x;
}

/* Step 3 for output i of the chunk's share of the next scale, in row-major
 * order: the samples (2 Y, 2 X) of the low-passed pair. */
static inline VMAF_HD void float_vif_tile_next(const FloatVifTile *tile, const FloatVifCudaScale *s,
                                               unsigned by, unsigned chunk, unsigned i)
{
    const unsigned cols = s->cols / 2, row = i / cols, j = i % cols;
    const unsigned x = chunk * cols + j, y = by * FLOAT_VIF_TILE_NEXT_ROWS + row;
    if (x >= s->w / 2 || y >= s->h / 2)
        return;
    /* Output j is the even tile column 2 j + half. */
    const unsigned first = 2 * j + (unsigned)(s->half - s->next_half);
    const int n = 2 * s->next_half + 1;
    *float_vif_plane_at(s->next_ref, s->next_pitch, y, x) =
        float_vif_tile_dot(tile->next[0][row], first, s->next_taps, n);
    *float_vif_plane_at(s->next_dis, s->next_pitch, y, x) =
        float_vif_tile_dot(tile->next[1][row], first, s->next_taps, n);
}

/* Step 4 for lane l: the chunk's terms of its row added to *sum. */
static inline VMAF_HD void float_vif_tile_add_row(const FloatVifTile *tile,
                                                  const FloatVifCudaScale *s, unsigned by,
                                                  unsigned chunk, unsigned lane, float *sum)
{
    const unsigned q = lane / FLOAT_VIF_CUDA_TILE_ROWS, row = lane % FLOAT_VIF_CUDA_TILE_ROWS;
    const unsigned x0 = chunk * s->cols;
    if (by * FLOAT_VIF_CUDA_TILE_ROWS + row >= s->h)
        return;
    const unsigned n = s->w - x0 < s->cols ? s->w - x0 : s->cols;
    const float *terms = tile->terms[q][row];
    float acc = *sum;
    for (unsigned j = 0; j < n; j++)
        acc += terms[j];
    *sum = acc;
}

/* After the last chunk: lane l's row sum into the frame's result. */
static inline VMAF_HD void float_vif_tile_store_row(const FloatVifCudaScale *s, unsigned by,
                                                    unsigned lane, float sum)
{
    const unsigned q = lane / FLOAT_VIF_CUDA_TILE_ROWS;
    const unsigned y = by * FLOAT_VIF_CUDA_TILE_ROWS + lane % FLOAT_VIF_CUDA_TILE_ROWS;
    if (y < s->h)
        s->rows[q * s->h + y] = sum;
}

#endif
