/* Per-pixel stages of SpEED (spatial and temporal entropic differencing)
 * that the other float extractors do not share; loading, filtering and
 * resampling come from float_common_dsp.h. Planes are float with strides in
 * elements.
 *
 * The reference computes in float with a few steps in double; each stage
 * states where, because the rounding of every operation is part of the
 * result. */
#ifndef VMAF_FEATURE_SPEED_DSP_H
#define VMAF_FEATURE_SPEED_DSP_H

#include <stddef.h>

typedef struct SpeedDsp {
    /* a -= b over w x h. */
    void (*subtract)(float *a, const float *b, ptrdiff_t stride, unsigned w, unsigned h);
    /* dst(i, j) = src(16 i, 16 j) for the (w / 16) x (h / 16) outputs. */
    void (*decimate_16)(const float *src, float *dst, ptrdiff_t stride, unsigned w, unsigned h);
    /* The windows of a block's positions: position k (k < SPEED_BLOCK_ELEMS)
     * is the w x h window of plane starting k / SPEED_BLOCK rows down and
     * k % SPEED_BLOCK columns right.
     * sums[k]: position k's float sum, row-major with one accumulator. */
    void (*window_sums)(float *sums, const float *plane, ptrdiff_t stride, unsigned w, unsigned h);
    /* sums[a * SPEED_BLOCK_ELEMS + b] for b <= a: the sum over positions a and
     * b's windows of (x - mean[a]) * (y - mean[b]) in double, row-major with
     * one accumulator each (the other elements are left as they are). */
    void (*cov_sums)(double *sums, const float *plane, ptrdiff_t stride, unsigned w, unsigned h,
                     const float *mean);
} SpeedDsp;

void speed_dsp_init(SpeedDsp *dsp, unsigned cpu_flags);

#endif
