/* The steps of the float_motion twin's kernels, one thread's share at a
 * time, as C and as CUDA (core/hd.h): float_motion_cuda.cu runs them,
 * tests/unit/test_float_motion_cuda_emu.c runs the same calls on the CPU,
 * block by block, and compares with the CPU's stages.
 *
 * 1. The blur, a block per tile of FLOAT_MOTION_CUDA_TILE_W x _TILE_H
 *    outputs of one plane (the planes' tiles one after the other):
 *    float_motion_tile_load() converts the tile's samples and the filter's
 *    reach around it into shared memory, reflected as the CPU reads them;
 *    float_motion_tile_vertical() filters them down each column and
 *    float_motion_tile_horizontal() along each row into the plane's slot.
 *    Each sum runs over the taps in order from 0.0f, as the CPU's filter.
 * 2. add_scale1: float_motion_half_sample(), a thread per sample of the
 *    second scale, the CPU's bilinear mix at the host's taps.
 * 3. The sums, a block per FLOAT_MOTION_CUDA_SAD_ROWS rows of a surface
 *    (float_motion_cuda.h): the first warp keeps a row's running sum a
 *    thread, adding one chunk of |previous - current| after the other from
 *    left to right (float_motion_sad_add()), which the other warps load
 *    into shared memory meanwhile (float_motion_sad_load()); two chunks'
 *    buffers alternate. So every row is summed in the CPU's order. */
#ifndef VMAF_FEATURE_FLOAT_MOTION_CUDA_FLOAT_MOTION_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_MOTION_CUDA_FLOAT_MOTION_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_common/float_common_math.h"
#include "feature/float_motion/float_motion_math.h"
#include "float_motion_cuda.h"

enum {
    FLOAT_MOTION_TILE_REACH = FLOAT_MOTION_MAX_TAPS / 2,
    FLOAT_MOTION_TILE_IN_W = FLOAT_MOTION_CUDA_TILE_W + 2 * FLOAT_MOTION_TILE_REACH,
    FLOAT_MOTION_TILE_IN_H = FLOAT_MOTION_CUDA_TILE_H + 2 * FLOAT_MOTION_TILE_REACH,
    /* Threads of the sums' block that load; the first warp adds. */
    FLOAT_MOTION_SAD_LOADERS = FLOAT_MOTION_CUDA_THREADS - FLOAT_MOTION_CUDA_SAD_ROWS,
};

/* The blur's shared memory. With n taps only the first TILE_H + n - 1 rows
 * and TILE_W + n - 1 columns are used. */
typedef struct FloatMotionTile {
    float in[FLOAT_MOTION_TILE_IN_H][FLOAT_MOTION_TILE_IN_W];
    float mid[FLOAT_MOTION_CUDA_TILE_H][FLOAT_MOTION_TILE_IN_W];
} FloatMotionTile;

/* The sums' shared memory: two chunks of |previous - current|, a row of a
 * chunk padded so that the adding threads, a row each, hit distinct banks. */
typedef struct FloatMotionSadTile {
    float diff[2][FLOAT_MOTION_CUDA_SAD_ROWS][FLOAT_MOTION_CUDA_SAD_COLS + 1];
} FloatMotionSadTile;

/* Where a tile of the blur starts. */
typedef struct FloatMotionTileAt {
    unsigned plane;
    int x0, y0;
} FloatMotionTileAt;

static inline VMAF_HD FloatMotionTileAt float_motion_tile_at(const FloatMotionCudaFrame *f,
                                                             unsigned block)
{
    unsigned p = 0;
    while (p + 1 < f->planes && block >= f->plane[p + 1].first_tile)
        p++;
    const FloatMotionCudaPlane *pl = &f->plane[p];
    const unsigned t = block - pl->first_tile;
    FloatMotionTileAt at = {p, (int)(t % pl->tiles_x * FLOAT_MOTION_CUDA_TILE_W),
                            (int)(t / pl->tiles_x * FLOAT_MOTION_CUDA_TILE_H)};
    return at;
}

/* The sample a tile position reads: reflected as the CPU reads it for
 * every position an output inside the plane needs (i < 2n - 1); positions
 * only outputs past the plane's end read are clamped into it. */
static inline VMAF_HD unsigned float_motion_tile_source(int i, unsigned n)
{
    return i >= (int)(2 * n - 1) ? n - 1 : float_reflect(i, n);
}

/* Position i of the tile's input, (TILE_H + n - 1) x (TILE_W + n - 1). */
static inline VMAF_HD void float_motion_tile_load(const FloatMotionCudaFrame *f,
                                                  FloatMotionTileAt at, unsigned n_taps, unsigned i,
                                                  FloatMotionTile *tile)
{
    const FloatMotionCudaPlane *pl = &f->plane[at.plane];
    const int reach = (int)n_taps / 2;
    const unsigned cols = FLOAT_MOTION_CUDA_TILE_W + n_taps - 1;
    const unsigned r = i / cols, c = i % cols;
    const unsigned y = float_motion_tile_source(at.y0 - reach + (int)r, pl->blur.h);
    const unsigned x = float_motion_tile_source(at.x0 - reach + (int)c, pl->blur.w);
    const uint8_t *row = (const uint8_t *)pl->src + (size_t)y * pl->src_pitch;
    tile->in[r][c] =
        f->bpc > 8 ? float_from_16(((const uint16_t *)row)[x], f->divisor) : float_from_8(row[x]);
}

/* Position i of the vertical pass, TILE_H x (TILE_W + n - 1). */
static inline VMAF_HD void float_motion_tile_vertical(const FloatMotionCudaFrame *f,
                                                      unsigned n_taps, unsigned i,
                                                      FloatMotionTile *tile)
{
    const unsigned cols = FLOAT_MOTION_CUDA_TILE_W + n_taps - 1;
    const unsigned r = i / cols, c = i % cols;
    float acc = 0.0f;
    VMAF_UNROLL
    for (unsigned k = 0; k < n_taps; k++)
        acc += f->taps[k] * tile->in[r + k][c];
    tile->mid[r][c] = acc;
}

/* Output i of the tile, TILE_H x TILE_W, into the plane's slot cur. */
static inline VMAF_HD void float_motion_tile_horizontal(const FloatMotionCudaFrame *f,
                                                        FloatMotionTileAt at, unsigned n_taps,
                                                        unsigned i, const FloatMotionTile *tile)
{
    const FloatMotionCudaSurface *s = &f->plane[at.plane].blur;
    const unsigned r = i / FLOAT_MOTION_CUDA_TILE_W, c = i % FLOAT_MOTION_CUDA_TILE_W;
    const unsigned y = (unsigned)at.y0 + r, x = (unsigned)at.x0 + c;
    if (y >= s->h || x >= s->w)
        return;
    float acc = 0.0f;
    VMAF_UNROLL
    for (unsigned k = 0; k < n_taps; k++)
        acc += f->taps[k] * tile->mid[r][c + k];
    s->slot[f->cur][(size_t)y * s->stride + x] = acc;
}

/* The plane of a block of the resampling's grid. */
static inline VMAF_HD unsigned float_motion_half_plane(const FloatMotionCudaFrame *f,
                                                       unsigned block)
{
    unsigned p = 0;
    while (p + 1 < f->planes && block >= f->plane[p + 1].first_half_block)
        p++;
    return p;
}

/* Sample i (row-major) of plane p's second scale, from its blurred plane. */
static inline VMAF_HD void float_motion_half_sample(const FloatMotionCudaFrame *f, unsigned p,
                                                    unsigned i)
{
    const FloatMotionCudaPlane *pl = &f->plane[p];
    const FloatMotionCudaSurface *h = &pl->half, *b = &pl->blur;
    if (i >= h->w * h->h)
        return;
    const unsigned y = i / h->w, x = i % h->w;
    const FloatBilinearTap tx = pl->x_taps[x], ty = pl->y_taps[y];
    const float *src = b->slot[f->cur];
    const float *r1 = src + (size_t)ty.lo * b->stride, *r2 = src + (size_t)ty.hi * b->stride;
    h->slot[f->cur][(size_t)y * h->stride + x] =
        float_bilinear_mix(&tx, &ty, r1[tx.lo], r1[tx.hi], r2[tx.lo], r2[tx.hi]);
}

/* The surface of a block of the sums' grid, and its first row. */
static inline VMAF_HD unsigned float_motion_sad_surface(const FloatMotionCudaFrame *f,
                                                        unsigned block, unsigned *row0)
{
    unsigned i = 0;
    while (i + 1 < float_motion_cuda_surfaces(f) &&
           block >= float_motion_cuda_surface(f, i + 1)->first_block)
        i++;
    *row0 = (block - float_motion_cuda_surface(f, i)->first_block) * FLOAT_MOTION_CUDA_SAD_ROWS;
    return i;
}

static inline VMAF_HD unsigned float_motion_sad_chunks(const FloatMotionCudaSurface *s)
{
    return (s->w + FLOAT_MOTION_CUDA_SAD_COLS - 1) / FLOAT_MOTION_CUDA_SAD_COLS;
}

/* Loader l's share (0 <= l < FLOAT_MOTION_SAD_LOADERS) of chunk c of the
 * block's rows from row0, into buffer c % 2. */
static inline VMAF_HD void float_motion_sad_load(const FloatMotionCudaFrame *f,
                                                 const FloatMotionCudaSurface *s, unsigned row0,
                                                 unsigned c, unsigned l, FloatMotionSadTile *tile)
{
    const float *prev = s->slot[f->cur ^ 1], *cur = s->slot[f->cur];
    for (unsigned e = l; e < FLOAT_MOTION_CUDA_SAD_ROWS * FLOAT_MOTION_CUDA_SAD_COLS;
         e += FLOAT_MOTION_SAD_LOADERS) {
        const unsigned r = e / FLOAT_MOTION_CUDA_SAD_COLS, col = e % FLOAT_MOTION_CUDA_SAD_COLS;
        const unsigned y = row0 + r, x = c * FLOAT_MOTION_CUDA_SAD_COLS + col;
        if (y < s->h && x < s->w) {
            const size_t at = (size_t)y * s->stride + x;
            tile->diff[c % 2][r][col] = float_motion_abs_diff(prev[at], cur[at]);
        }
    }
}

/* Chunk c added to row row0 + r's running sum, left to right. */
static inline VMAF_HD float float_motion_sad_add(const FloatMotionCudaSurface *s, unsigned c,
                                                 unsigned r, const FloatMotionSadTile *tile,
                                                 float sum)
{
    const unsigned x0 = c * FLOAT_MOTION_CUDA_SAD_COLS;
    const unsigned n =
        s->w - x0 < FLOAT_MOTION_CUDA_SAD_COLS ? s->w - x0 : FLOAT_MOTION_CUDA_SAD_COLS;
    for (unsigned j = 0; j < n; j++)
        sum += tile->diff[c % 2][r][j];
    return sum;
}

/* The running sum of row row0 + r, once every chunk is in. */
static inline VMAF_HD void float_motion_sad_store(const FloatMotionCudaFrame *f,
                                                  const FloatMotionCudaSurface *s, unsigned row0,
                                                  unsigned r, float sum)
{
    if (row0 + r < s->h)
        f->row_sad[s->first_row + row0 + r] = sum;
}

#endif
