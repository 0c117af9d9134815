/* The step of the float_moment twin's kernel, one thread's share of a row,
 * as C and as CUDA (core/hd.h): float_moment_cuda.cu runs it with a block
 * per row and picture and adds the block's shares;
 * tests/unit/test_float_moment_cuda_emu.c runs the same calls on the CPU. */
#ifndef VMAF_FEATURE_FLOAT_MOMENT_CUDA_FLOAT_MOMENT_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_MOMENT_CUDA_FLOAT_MOMENT_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_moment/float_moment_math.h"
#include "float_moment_cuda.h"

/* Thread t's sums of row y of picture p: columns t,
 * t + FLOAT_MOMENT_CUDA_THREADS, ...; hbd: 16-bit samples (bpc > 8). */
static inline VMAF_HD FloatMomentCudaSums float_moment_cuda_thread_sums(
    const FloatMomentCudaFrame *f, unsigned p, unsigned y, unsigned t, bool hbd)
{
    const uint8_t *row = (const uint8_t *)f->pic[p] + (size_t)y * f->pitch;
    FloatMomentCudaSums sums = {0, 0};
    for (unsigned x = t; x < f->w; x += FLOAT_MOMENT_CUDA_THREADS) {
        if (!hbd) {
            sums.samples += row[x];
            sums.squares += float_moment_square_count(float_moment_square(row[x]), 1.0f);
        } else {
            const uint16_t v = ((const uint16_t *)row)[x];
            const float square = float_moment_square(float_moment_sample_16(v, f->divisor));
            sums.samples += v;
            sums.squares += float_moment_square_count(square, f->divisor);
        }
    }
    return sums;
}

/* The host's part: sum[0] and sum[1] of a picture from its rows' counts,
 * the doubles the CPU's stage returns. */
static inline void float_moment_cuda_picture_sums(const FloatMomentCudaSums *rows, unsigned h,
                                                  float divisor, double sum[2])
{
    uint64_t samples = 0, squares = 0;
    for (unsigned y = 0; y < h; y++) {
        samples += rows[y].samples;
        squares += rows[y].squares;
    }
    sum[0] = (double)samples / divisor;
    sum[1] = (double)squares / ((double)divisor * divisor);
}

#endif
