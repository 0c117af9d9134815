/* The step of the float_psnr twin's kernel, one thread's share of a row, as
 * C and as CUDA (core/hd.h): float_psnr_cuda.cu runs it with a block per
 * row and adds the block's shares; tests/unit/test_float_psnr_cuda_emu.c
 * runs the same calls on the CPU. */
#ifndef VMAF_FEATURE_FLOAT_PSNR_CUDA_FLOAT_PSNR_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_PSNR_CUDA_FLOAT_PSNR_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_psnr/float_psnr_math.h"
#include "float_psnr_cuda.h"

/* Thread t's count of row y: columns t, t + FLOAT_PSNR_CUDA_THREADS, ...;
 * hbd: 16-bit samples (bpc > 8). */
static inline VMAF_HD uint64_t float_psnr_cuda_thread_sse(const FloatPsnrCudaFrame *f, unsigned y,
                                                          unsigned t, bool hbd)
{
    const uint8_t *ref = (const uint8_t *)f->ref + (size_t)y * f->pitch;
    const uint8_t *dis = (const uint8_t *)f->dis + (size_t)y * f->pitch;
    uint64_t count = 0;
    for (unsigned x = t; x < f->w; x += FLOAT_PSNR_CUDA_THREADS) {
        if (!hbd) {
            count += float_psnr_sq_error_count(float_psnr_sq_error_8(ref[x], dis[x]), 1.0f);
        } else {
            const float e = float_psnr_sq_error_16(((const uint16_t *)ref)[x],
                                                   ((const uint16_t *)dis)[x], f->divisor);
            count += float_psnr_sq_error_count(e, f->divisor);
        }
    }
    return count;
}

/* The host's part: the frame's squared errors from its rows' counts, the
 * double the CPU's stage returns. */
static inline double float_psnr_cuda_sse(const uint64_t *row_sse, unsigned h, float divisor)
{
    uint64_t count = 0;
    for (unsigned y = 0; y < h; y++)
        count += row_sse[y];
    return (double)count / ((double)divisor * divisor);
}

#endif
