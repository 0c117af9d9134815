/* The steps of the integer motion twins' kernel (motion_cuda.cu), one
 * thread's share at a time, as C and as CUDA (core/hd.h), so that
 * tests/unit/test_motion_v2_cuda_emu.c runs them on the CPU.
 *
 * A block sums a strip of up to MOTION_STRIP_ROWS rows from y0 over the
 * MOTION_CUDA_THREADS columns from x0. Each position j of the chunk, widened
 * by the horizontal filter's reach on both sides, keeps a column of the
 * last MOTION_FILTER_TAPS rows of prev - cur (MotionColumn), so each sample
 * is read once per strip, not once per row it weighs on. Row by row:
 * motion_column_step() puts position j of the vertically blurred prev - cur
 * into shared memory; then motion_tile_abs() filters column x0 + t
 * horizontally, and the absolute values are added to the row's sum, modulo
 * 2^32 like the CPU's (the order of integer additions cannot change it).
 * Shifts and roundings are the CPU's (motion_dsp.c). */
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
    MOTION_STRIP_ROWS = 8,
    MOTION_TILE_SPAN = MOTION_CUDA_THREADS + 2 * MOTION_RADIUS,
};

/* The last MOTION_FILTER_TAPS rows of prev - cur at one column, the oldest
 * first. */
typedef struct MotionColumn {
    int32_t diff[MOTION_FILTER_TAPS];
} MotionColumn;

/* Positions of the chunk from x0 that the strip's columns cover. */
static inline VMAF_HD unsigned motion_tile_span(const MotionCudaRows *a, unsigned x0)
{
    const unsigned cols = a->w - x0 < MOTION_CUDA_THREADS ? a->w - x0 : MOTION_CUDA_THREADS;
    return cols + 2 * MOTION_RADIUS;
}

/* prev - cur at row y and the column of position j of the chunk from x0,
 * both reflected at the plane's edges; hbd: a->bpc > 8, a constant in each
 * instance of the kernel. */
static inline VMAF_HD int32_t motion_diff(const MotionCudaRows *a, bool hbd, unsigned x0,
                                          unsigned j, int y)
{
    const unsigned x = motion_mirror_index((int)(x0 + j) - MOTION_RADIUS, a->w);
    const size_t row = motion_mirror_index(y, a->h);
    const uint8_t *prev = (const uint8_t *)a->prev + row * a->prev_pitch;
    const uint8_t *cur = (const uint8_t *)a->cur + row * a->cur_pitch;
    if (hbd)
        return (int32_t)((const uint16_t *)prev)[x] - (int32_t)((const uint16_t *)cur)[x];
    return (int32_t)prev[x] - (int32_t)cur[x];
}

/* Position j's column before the strip's first row y0: the rows above it
 * that the first row's filter reaches, in diff[1] on. */
static inline VMAF_HD void motion_column_start(const MotionCudaRows *a, bool hbd, unsigned x0,
                                               unsigned j, unsigned y0, MotionColumn *c)
{
    VMAF_UNROLL
    for (int k = 1; k < MOTION_FILTER_TAPS; k++)
        c->diff[k] = motion_diff(a, hbd, x0, j, (int)y0 - MOTION_RADIUS + k - 1);
}

/* blurred[j] for row y: the column moves down a row (reading row
 * y + MOTION_RADIUS), then its vertical pass is rounded and shifted by the
 * bit depth. */
static inline VMAF_HD void motion_column_step(const MotionCudaRows *a, const int32_t *filter,
                                              bool hbd, unsigned x0, unsigned j, unsigned y,
                                              MotionColumn *c, int32_t *blurred)
{
    VMAF_UNROLL
    for (int k = 0; k < MOTION_FILTER_TAPS - 1; k++)
        c->diff[k] = c->diff[k + 1];
    c->diff[MOTION_FILTER_TAPS - 1] = motion_diff(a, hbd, x0, j, (int)y + MOTION_RADIUS);
    int64_t acc = 0;
    VMAF_UNROLL
    for (int k = 0; k < MOTION_FILTER_TAPS; k++)
        acc += (int64_t)filter[k] * c->diff[k];
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
