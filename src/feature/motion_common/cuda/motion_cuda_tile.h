/* The steps of the integer motion twins' kernel (motion_cuda.cu), one
 * thread's share at a time, as C and as CUDA (core/hd.h), so that
 * tests/unit/test_motion_v2_cuda_emu.c runs them on the CPU.
 *
 * A block sums row y. It walks the row MOTION_CUDA_THREADS columns at a
 * time from x0: motion_tile_vertical() puts position j of the chunk, widened
 * by the horizontal filter's reach on both sides, of the vertically blurred
 * prev - cur into shared memory; then motion_tile_abs() filters column
 * x0 + t horizontally, and thread t adds its absolute value to its share of
 * the row's sum, modulo 2^32 like the CPU's (the order of integer additions
 * cannot change it). Shifts and roundings are the CPU's (motion_dsp.c). */
#ifndef VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_TILE_H
#define VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/motion_common/motion_dsp.h"
#include "motion_cuda.h"

enum {
    MOTION_CUDA_THREADS = 256,
    MOTION_TILE_SPAN = MOTION_CUDA_THREADS + 2 * MOTION_RADIUS,
};

/* Row y's source rows, reflected at the top and bottom. */
static inline VMAF_HD MotionRows motion_tile_rows(const MotionCudaRows *a, unsigned y)
{
    MotionRows rows;
    VMAF_UNROLL
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        const unsigned src_y = motion_mirror_index((int)y - MOTION_RADIUS + k, a->h);
        rows.prev[k] = (const uint8_t *)a->prev + (size_t)src_y * a->prev_pitch;
        rows.cur[k] = (const uint8_t *)a->cur + (size_t)src_y * a->cur_pitch;
    }
    return rows;
}

/* Positions of the chunk from x0 that motion_tile_vertical() fills. */
static inline VMAF_HD unsigned motion_tile_span(const MotionCudaRows *a, unsigned x0)
{
    const unsigned cols = a->w - x0 < MOTION_CUDA_THREADS ? a->w - x0 : MOTION_CUDA_THREADS;
    return cols + 2 * MOTION_RADIUS;
}

static inline VMAF_HD int32_t motion_tile_sample(const void *row, bool hbd, unsigned x)
{
    return hbd ? ((const uint16_t *)row)[x] : ((const uint8_t *)row)[x];
}

/* blurred[j]: column x0 + j - MOTION_RADIUS (reflected) of the vertical
 * pass, rounded and shifted by the bit depth; hbd: a->bpc > 8, a constant
 * in each instance of the kernel. */
static inline VMAF_HD void motion_tile_vertical(const MotionCudaRows *a, const int32_t *filter,
                                                bool hbd, const MotionRows *rows, unsigned x0,
                                                unsigned j, int32_t *blurred)
{
    const unsigned col = motion_mirror_index((int)(x0 + j) - MOTION_RADIUS, a->w);
    int64_t acc = 0;
    VMAF_UNROLL
    for (int k = 0; k < MOTION_FILTER_TAPS; k++)
        acc += (int64_t)filter[k] * (motion_tile_sample(rows->prev[k], hbd, col) -
                                     motion_tile_sample(rows->cur[k], hbd, col));
    const int64_t round = INT64_C(1) << (a->bpc - 1);
    blurred[j] = (int32_t)((acc + round) >> a->bpc);
}

/* |horizontal pass| at column x0 + t, or 0 past the row's end. */
static inline VMAF_HD uint32_t motion_tile_abs(const MotionCudaRows *a, const int32_t *filter,
                                               unsigned x0, unsigned t, const int32_t *blurred)
{
    if (x0 + t >= a->w)
        return 0;
    int64_t acc = 0;
    VMAF_UNROLL
    for (int k = 0; k < MOTION_FILTER_TAPS; k++)
        acc += (int64_t)filter[k] * blurred[t + k];
    const int32_t v = (int32_t)((acc + (1 << 15)) >> 16);
    return (uint32_t)(v < 0 ? -v : v);
}

#endif
