/* The steps of the SSIM pass kernel (ssim_pass_cuda.cu), as C and as CUDA
 * (core/hd.h), so that tests run them on the CPU block by block and thread
 * by thread. A tile is SSIM_PASS_CUDA_TILE_H x SSIM_PASS_CUDA_TILE_W window
 * positions from (bx, by) x the tile's size; it reads that region of the
 * planes widened by the window's reach (SSIM_WINDOW - 1) right and down.
 * 1. ssim_pass_tile_load(), sample i of the widened region: ref and dis
 *    into the tile.
 * 2. ssim_pass_tile_rows(), position i of the widened rows: the horizontal
 *    window of the samples, their squares and their product, each product
 *    in float as the CPU's product rows hold them (float_ssim_window()).
 * 3. ssim_pass_tile_terms(), window position i: the vertical window of the
 *    five rows' moments and the pixel's terms (float_ssim_terms()), written
 *    at the position's raster index of each sequence.
 * Every value is the CPU's (ssim_pass.c): the same float and double
 * operations in the same order. */
#ifndef VMAF_FEATURE_SSIM_PASS_CUDA_SSIM_PASS_CUDA_TILE_H
#define VMAF_FEATURE_SSIM_PASS_CUDA_SSIM_PASS_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/hd.h"
#include "feature/ssim_pass/float_ssim_math.h"
#include "ssim_pass_cuda.h"

#define SSIM_PASS_TILE_IN_W (SSIM_PASS_CUDA_TILE_W + SSIM_WINDOW - 1)
#define SSIM_PASS_TILE_IN_H (SSIM_PASS_CUDA_TILE_H + SSIM_WINDOW - 1)

/* The moments of the CPU's ring rows: ref, dis, ref^2, dis^2, ref * dis. */
enum { SSIM_PASS_MOMENTS = 5 };

/* A block's shared memory (25 KiB). */
typedef struct SsimPassTile {
    float ref[SSIM_PASS_TILE_IN_H][SSIM_PASS_TILE_IN_W];
    float dis[SSIM_PASS_TILE_IN_H][SSIM_PASS_TILE_IN_W];
    /* Horizontally windowed moments of each widened row. */
    float moment[SSIM_PASS_MOMENTS][SSIM_PASS_TILE_IN_H][SSIM_PASS_CUDA_TILE_W];
} SsimPassTile;

static inline VMAF_HD unsigned ssim_pass_cuda_blocks_x(const SsimPassCuda *p)
{
    return (ssim_pass_cuda_out_w(p) + SSIM_PASS_CUDA_TILE_W - 1) / SSIM_PASS_CUDA_TILE_W;
}

static inline VMAF_HD unsigned ssim_pass_cuda_blocks_y(const SsimPassCuda *p)
{
    return (ssim_pass_cuda_out_h(p) + SSIM_PASS_CUDA_TILE_H - 1) / SSIM_PASS_CUDA_TILE_H;
}

/* Step 1 for i < SSIM_PASS_TILE_IN_H * SSIM_PASS_TILE_IN_W. Samples past
 * the plane (a tile at its right or bottom end) feed no window position:
 * zero. */
static inline VMAF_HD void ssim_pass_tile_load(SsimPassTile *tile, const SsimPassCuda *p,
                                               unsigned bx, unsigned by, unsigned i)
{
    const unsigned r = i / SSIM_PASS_TILE_IN_W, c = i % SSIM_PASS_TILE_IN_W;
    const unsigned x = bx * SSIM_PASS_CUDA_TILE_W + c, y = by * SSIM_PASS_CUDA_TILE_H + r;
    const bool inside = x < p->w && y < p->h;
    const size_t at = (size_t)y * p->stride + x;
    tile->ref[r][c] = inside ? p->ref[at] : 0.0f;
    tile->dis[r][c] = inside ? p->dis[at] : 0.0f;
}

/* Step 2 for i < SSIM_PASS_TILE_IN_H * SSIM_PASS_CUDA_TILE_W, taps the
 * window's (FLOAT_SSIM_GAUSSIAN_TAPS). */
static inline VMAF_HD void ssim_pass_tile_rows(SsimPassTile *tile, const float *taps, unsigned i)
{
    const unsigned r = i / SSIM_PASS_CUDA_TILE_W, c = i % SSIM_PASS_CUDA_TILE_W;
    const float *ref = &tile->ref[r][c], *dis = &tile->dis[r][c];
    float rr[SSIM_WINDOW], dd[SSIM_WINDOW], rd[SSIM_WINDOW];
    VMAF_UNROLL
    for (int k = 0; k < SSIM_WINDOW; k++) {
        rr[k] = ref[k] * ref[k];
        dd[k] = dis[k] * dis[k];
        rd[k] = ref[k] * dis[k];
    }
    tile->moment[0][r][c] = float_ssim_window(ref, 1, taps);
    tile->moment[1][r][c] = float_ssim_window(dis, 1, taps);
    tile->moment[2][r][c] = float_ssim_window(rr, 1, taps);
    tile->moment[3][r][c] = float_ssim_window(dd, 1, taps);
    tile->moment[4][r][c] = float_ssim_window(rd, 1, taps);
}

/* Step 3 for i < SSIM_PASS_CUDA_TILE_H * SSIM_PASS_CUDA_TILE_W; c1, c2, c3
 * float_ssim_c1, _c2, _c3. */
static inline VMAF_HD void ssim_pass_tile_terms(const SsimPassTile *tile, const SsimPassCuda *p,
                                                const float *taps, float c1, float c2, float c3,
                                                unsigned bx, unsigned by, unsigned i)
{
    const unsigned r = i / SSIM_PASS_CUDA_TILE_W, c = i % SSIM_PASS_CUDA_TILE_W;
    const unsigned x = bx * SSIM_PASS_CUDA_TILE_W + c, y = by * SSIM_PASS_CUDA_TILE_H + r;
    const unsigned out_w = ssim_pass_cuda_out_w(p), out_h = ssim_pass_cuda_out_h(p);
    if (x >= out_w || y >= out_h)
        return;
    float m[SSIM_PASS_MOMENTS];
    VMAF_UNROLL
    for (int k = 0; k < SSIM_PASS_MOMENTS; k++)
        m[k] = float_ssim_window(&tile->moment[k][r][c], SSIM_PASS_CUDA_TILE_W, taps);
    const SsimTerms t = float_ssim_terms(m[0], m[1], m[2], m[3], m[4], c1, c2, c3);
    const size_t n = (size_t)out_w * out_h, at = (size_t)y * out_w + x;
    /* As ssim_pass adds them: l * c * s in double, s widened. */
    p->terms[SSIM_TERM_LCS * n + at] = t.l * t.c * t.s;
    p->terms[SSIM_TERM_L * n + at] = t.l;
    p->terms[SSIM_TERM_C * n + at] = t.c;
    p->terms[SSIM_TERM_S * n + at] = t.s;
}

/* The passes of one launch, given to the kernel by value. */
typedef struct SsimPassLaunch {
    SsimPassCuda pass[SSIM_PASS_CUDA_MAX];
    unsigned blocks_x, blocks_y; /* of the largest pass: the launch's tiles */
} SsimPassLaunch;

/* *l: the count (1 to SSIM_PASS_CUDA_MAX) passes of pass and the tiles
 * that cover them all. */
static inline void ssim_pass_launch_of(const SsimPassCuda *pass, unsigned count, SsimPassLaunch *l)
{
    l->blocks_x = l->blocks_y = 0;
    for (unsigned i = 0; i < count; i++) {
        l->pass[i] = pass[i];
        const unsigned bx = ssim_pass_cuda_blocks_x(&pass[i]),
                       by = ssim_pass_cuda_blocks_y(&pass[i]);
        l->blocks_x = bx > l->blocks_x ? bx : l->blocks_x;
        l->blocks_y = by > l->blocks_y ? by : l->blocks_y;
    }
}

#endif
