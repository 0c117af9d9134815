/* The per-pixel arithmetic of the float moments, shared by the CPU's stage
 * (float_moment_dsp.c) and the CUDA twin's kernel (core/hd.h). */
#ifndef VMAF_FEATURE_FLOAT_MOMENT_FLOAT_MOMENT_MATH_H
#define VMAF_FEATURE_FLOAT_MOMENT_FLOAT_MOMENT_MATH_H

#include <stdint.h>

#include "core/hd.h"

/* A deeper sample at 8-bit scale, divided in float by divisor =
 * 2^(bpc - 8) (not centred: the moments are of the samples themselves). */
static inline VMAF_HD float float_moment_sample_16(uint16_t v, float divisor)
{
    return (float)v / divisor;
}

/* The square the moments add up, in float. */
static inline VMAF_HD float float_moment_square(float v)
{
    return v * v;
}

/* A sample's square as a count of 1 / divisor^2: the sample is an exact
 * multiple of 1 / divisor, and its float square the integer sample's square
 * rounded to 24 bits, times 1 / divisor^2. The count is a whole number below
 * 2^32, so sums of counts are exact in any order; the CPU's double sum
 * equals the count's sum over divisor^2 while that sum stays below 2^53
 * counts. (The samples themselves, as counts of 1 / divisor, are the
 * integer samples.) */
static inline VMAF_HD uint64_t float_moment_square_count(float square, float divisor)
{
    return (uint64_t)(square * (divisor * divisor));
}

#endif
