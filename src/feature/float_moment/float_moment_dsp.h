/* Per-pixel stage of the float moments: the sums of a luma plane's samples
 * and of their squares. */
#ifndef VMAF_FEATURE_FLOAT_MOMENT_DSP_H
#define VMAF_FEATURE_FLOAT_MOMENT_DSP_H

#include <stddef.h>
#include <stdint.h>

typedef struct FloatMomentDsp {
    /* sum[0] = the sum of the samples, sum[1] = the sum of their squares
     * (each squared in float), both added in double in raster order.
     * Stride in bytes. */
    void (*sums_8)(const uint8_t *src, ptrdiff_t stride, unsigned w, unsigned h, double sum[2]);
    /* The same of 16-bit samples divided (in float) by divisor first. */
    void (*sums_16)(const uint16_t *src, ptrdiff_t stride, unsigned w, unsigned h, float divisor,
                    double sum[2]);
} FloatMomentDsp;

void float_moment_dsp_init(FloatMomentDsp *dsp, unsigned cpu_flags);

#endif
