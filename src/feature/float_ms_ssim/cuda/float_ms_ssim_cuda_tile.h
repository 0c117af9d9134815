/* The steps of the float_ms_ssim twin's own kernels, one thread's output at
 * a time, as C and as CUDA (core/hd.h): float_ms_ssim_cuda.cu runs them a
 * thread per output, tests/unit/test_float_ms_ssim_cuda_emu.c on the CPU.
 * 1. ms_ssim_tile_load(): a sample of a picture's plane as the CPU's
 *    ssim_load_plane() converts it, into scale 0;
 * 2. ms_ssim_tile_decimate(): an output of scale i from scale i - 1
 *    (ms_ssim_decimate_at(), the CPU stage's own arithmetic).
 * The scales' terms are float_ssim's pass kernel's (ssim_pass_cuda_tile.h)
 * and their sums serial_sum.h's. */
#ifndef VMAF_FEATURE_FLOAT_MS_SSIM_CUDA_FLOAT_MS_SSIM_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_MS_SSIM_CUDA_FLOAT_MS_SSIM_CUDA_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_ms_ssim/float_ms_ssim_math.h"
#include "float_ms_ssim_cuda.h"

/* Step 1 for sample (x, y) of picture pic (0 ref, 1 dis) of plane pl:
 * 8-bit samples as they are, deeper ones divided in float by
 * 2^(bpc - 8). */
static inline VMAF_HD void ms_ssim_tile_load(const MsSsimCudaPlane *pl, unsigned bpc, unsigned pic,
                                             unsigned x, unsigned y)
{
    if (x >= pl->w[0] || y >= pl->h[0])
        return;
    const uint8_t *row = (const uint8_t *)pl->src[pic] + (size_t)y * pl->src_pitch;
    float *out = pl->scale[pic][0] + (size_t)y * pl->stride[0] + x;
    if (bpc == 8)
        *out = (float)row[x];
    else
        *out = (float)((const uint16_t *)row)[x] / (float)(1u << (bpc - 8));
}

/* Step 2 for output (x, y) of scale (1 to MS_SSIM_SCALES - 1) of picture
 * pic of plane pl; lpf: MS_SSIM_LPF_TAPS. */
static inline VMAF_HD void ms_ssim_tile_decimate(const MsSsimCudaPlane *pl, unsigned scale,
                                                 unsigned pic,
                                                 const float (*lpf)[MS_SSIM_LPF_RADIUS + 1],
                                                 unsigned x, unsigned y)
{
    if (x >= pl->w[scale] || y >= pl->h[scale])
        return;
    const unsigned prev = scale - 1;
    pl->scale[pic][scale][(size_t)y * pl->stride[scale] + x] =
        ms_ssim_decimate_at(pl->scale[pic][prev], (ptrdiff_t)pl->stride[prev], (int)pl->w[prev],
                            (int)pl->h[prev], (int)x, (int)y, lpf);
}

#endif
