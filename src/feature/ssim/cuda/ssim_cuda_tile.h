/* The steps of the integer SSIM twin's kernel (ssim_cuda.cu), as C and as
 * CUDA (core/hd.h), so that tests/unit/test_ssim_cuda_emu.c runs them on
 * the CPU block by block and thread by thread. A tile is SSIM_CUDA_TILE_H x
 * SSIM_CUDA_TILE_W pixels from (bx, by) x the tile's size; it reads that
 * region of the planes widened by SSIM_RADIUS on every side.
 * 1. ssim_tile_load(), sample i of the widened region: ref and dis into the
 *    tile, zero outside the picture.
 * 2. ssim_tile_rows(), position i of the widened rows: the horizontal
 *    window's five moments.
 * 3. ssim_tile_pixel(), pixel i: the vertical window of the moments and the
 *    pixel's SSIM times its mass (ssim_pixel()), at its raster index.
 * The moments are the CPU's exact integers: a window cut at an edge sums
 * the taps inside, which is what zeros outside add up to, and the sums stay
 * below 2^53 (ssim_dsp.h), so their grouping cannot change them and they
 * convert to the CPU's doubles exactly. */
#ifndef VMAF_FEATURE_SSIM_CUDA_SSIM_CUDA_TILE_H
#define VMAF_FEATURE_SSIM_CUDA_SSIM_CUDA_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/ssim/ssim_math.h"
#include "ssim_cuda.h"

#define SSIM_TILE_IN_W (SSIM_CUDA_TILE_W + 2 * SSIM_RADIUS)
#define SSIM_TILE_IN_H (SSIM_CUDA_TILE_H + 2 * SSIM_RADIUS)

/* The moments, in ssim_pixel()'s order: ref, dis, ref^2, dis^2, ref * dis. */
enum { SSIM_TILE_MOMENTS = 5 };

/* A block's shared memory (38 KiB). */
typedef struct SsimTile {
    uint32_t ref[SSIM_TILE_IN_H][SSIM_TILE_IN_W];
    uint32_t dis[SSIM_TILE_IN_H][SSIM_TILE_IN_W];
    uint64_t moment[SSIM_TILE_MOMENTS][SSIM_TILE_IN_H][SSIM_CUDA_TILE_W];
} SsimTile;

/* Step 1 for i < SSIM_TILE_IN_H * SSIM_TILE_IN_W. */
static inline VMAF_HD void ssim_tile_load(SsimTile *tile, const SsimCudaFrame *f, unsigned bx,
                                          unsigned by, unsigned i)
{
    const unsigned r = i / SSIM_TILE_IN_W, c = i % SSIM_TILE_IN_W;
    const int x = (int)(bx * SSIM_CUDA_TILE_W + c) - SSIM_RADIUS;
    const int y = (int)(by * SSIM_CUDA_TILE_H + r) - SSIM_RADIUS;
    uint32_t ref = 0, dis = 0;
    if (x >= 0 && y >= 0 && (unsigned)x < f->w && (unsigned)y < f->h) {
        const size_t row = (size_t)y * f->pitch;
        const uint8_t *pr = (const uint8_t *)f->ref + row, *pd = (const uint8_t *)f->dis + row;
        ref = f->hbd ? ((const uint16_t *)pr)[x] : pr[x];
        dis = f->hbd ? ((const uint16_t *)pd)[x] : pd[x];
    }
    tile->ref[r][c] = ref;
    tile->dis[r][c] = dis;
}

/* Step 2 for i < SSIM_TILE_IN_H * SSIM_CUDA_TILE_W. */
static inline VMAF_HD void ssim_tile_rows(SsimTile *tile, unsigned i)
{
    const int32_t taps[SSIM_TAPS] = SSIM_KERNEL_TAPS;
    const unsigned r = i / SSIM_CUDA_TILE_W, c = i % SSIM_CUDA_TILE_W;
    uint64_t m[SSIM_TILE_MOMENTS] = {0, 0, 0, 0, 0};
    VMAF_UNROLL
    for (int k = 0; k < SSIM_TAPS; k++) {
        const uint64_t g = (uint64_t)taps[k];
        const uint64_t ref = tile->ref[r][c + k], dis = tile->dis[r][c + k];
        m[0] += g * ref;
        m[1] += g * dis;
        m[2] += g * ref * ref;
        m[3] += g * dis * dis;
        m[4] += g * ref * dis;
    }
    VMAF_UNROLL
    for (int k = 0; k < SSIM_TILE_MOMENTS; k++)
        tile->moment[k][r][c] = m[k];
}

/* Step 3 for i < SSIM_CUDA_TILE_H * SSIM_CUDA_TILE_W. */
static inline VMAF_HD void ssim_tile_pixel(const SsimTile *tile, const SsimCudaFrame *f,
                                           unsigned bx, unsigned by, unsigned i)
{
    const int32_t taps[SSIM_TAPS] = SSIM_KERNEL_TAPS;
    const unsigned r = i / SSIM_CUDA_TILE_W, c = i % SSIM_CUDA_TILE_W;
    const unsigned x = bx * SSIM_CUDA_TILE_W + c, y = by * SSIM_CUDA_TILE_H + r;
    if (x >= f->w || y >= f->h)
        return;
    double m[SSIM_TILE_MOMENTS];
    VMAF_UNROLL
    for (int j = 0; j < SSIM_TILE_MOMENTS; j++) {
        uint64_t sum = 0;
        VMAF_UNROLL
        for (int k = 0; k < SSIM_TAPS; k++)
            sum += (uint64_t)taps[k] * tile->moment[j][r + k][c];
        m[j] = (double)sum;
    }
    /* As the CPU's mass_x[x] * mass_y: integers, the product exact. */
    const double mass = (double)ssim_mass_at(x, f->w) * (double)ssim_mass_at(y, f->h);
    f->values[(size_t)y * f->w + x] =
        ssim_pixel(m[0], m[1], m[2], m[3], m[4], mass, f->c1_scale, f->c2_scale);
}

#endif
