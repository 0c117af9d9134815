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
    /* Float sum in row-major order with one accumulator. */
    float (*sum)(const float *src, ptrdiff_t stride, unsigned w, unsigned h);
    /* Sum over the window of (x - mean_x) * (y - mean_y), in double, row-major
     * with one accumulator. */
    double (*cov_sum)(const float *x, const float *y, ptrdiff_t stride, unsigned w, unsigned h,
                      double mean_x, double mean_y);
} SpeedDsp;

void speed_dsp_init(SpeedDsp *dsp, unsigned cpu_flags);

#endif
