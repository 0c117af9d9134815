/* Per-sample arithmetic of the shared float stages that the CPU's stages
 * (float_common_dsp.c) and the CUDA twins' kernels run alike, as C and as
 * CUDA (core/hd.h): a sample as a float, the reflection of the filters and
 * the samplers' coordinates. The twins' results equal the CPU's because
 * both call these. */
#ifndef VMAF_FEATURE_FLOAT_COMMON_MATH_H
#define VMAF_FEATURE_FLOAT_COMMON_MATH_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"

/* An 8-bit sample as libvmaf's float extractors see it. */
static inline VMAF_HD float float_from_8(uint8_t v)
{
    return (float)v - 128;
}

/* A wider sample at 8-bit scale: divided in float by 4, 16 or 256. */
static inline VMAF_HD float float_from_16(uint16_t v, float divisor)
{
    return (float)v / divisor - 128;
}

/* Reflection about the first and last sample, which are not repeated; valid
 * for -n < i < 2n - 1. */
static inline VMAF_HD unsigned float_reflect(int i, unsigned n)
{
    if (i < 0)
        return (unsigned)-i;
    if ((unsigned)i >= n)
        return 2 * n - (unsigned)i - 2;
    return (unsigned)i;
}

/* The reflection of the samplers: once about each end, in float. */
static inline VMAF_HD float float_resample_mirror(float i, float left, float right)
{
    return i < left ? -i : i > right ? 2 * right - i : i;
}

/* Source coordinate of output sample x when centres are aligned. */
static inline VMAF_HD float float_resample_position(int x, float ratio)
{
    return (float)((x + 0.5) * ratio - 0.5);
}

/* The two source samples of output x along one axis (the floor and the
 * ceiling of its position, mirrored into 0..last) and the weight of the
 * second. */
typedef struct FloatBilinearTap {
    int lo, hi;
    float frac;
} FloatBilinearTap;

static inline VMAF_HD FloatBilinearTap float_bilinear_tap(int x, float ratio, float last)
{
    const float pos = float_resample_position(x, ratio);
    FloatBilinearTap t;
    t.lo = (int)float_resample_mirror((float)floor(pos), 0, last);
    t.hi = (int)float_resample_mirror((float)ceil(pos), 0, last);
    t.frac = pos - t.lo;
    return t;
}

/* The bilinear sample from a = (lo x, lo y), b = (hi x, lo y), c = (lo x,
 * hi y) and d = (hi x, hi y), in libvmaf's order of operations. */
static inline VMAF_HD float float_bilinear_mix(const FloatBilinearTap *tx,
                                               const FloatBilinearTap *ty, float a, float b,
                                               float c, float d)
{
    const float dx = tx->frac, dy = ty->frac;
    return (1 - dy) * (1 - dx) * a + (1 - dy) * dx * b + dy * (1 - dx) * c + dy * dx * d;
}

/* Where output sample i of the nearest-neighbour resampler reads along one
 * axis; ratio: source size / output size. */
static inline VMAF_HD int float_nearest_index(int i, float ratio)
{
    return (int)(i * ratio);
}

/* One pass of the separable float filters at output i of a line of n
 * samples, sample j at line[j * step]: taps[k] times the sample i - taps/2 +
 * k (reflected), summed from 0 in k order, as filter_2d sums every output. */
static inline VMAF_HD float float_filter_at(const float *line, ptrdiff_t step, unsigned n, int i,
                                            const float *taps, unsigned n_taps)
{
    float acc = 0.0f;
    for (unsigned k = 0; k < n_taps; k++)
        acc += taps[k] * line[(ptrdiff_t)float_reflect(i - (int)(n_taps / 2) + (int)k, n) * step];
    return acc;
}

/* Where output sample i of the bicubic (4 taps) and Lanczos (9) resamplers
 * reads along one axis, and the kernel's weights (float_resample_taps()). */
#define FLOAT_RESAMPLE_TAPS_MAX 9
typedef struct FloatResampleTaps {
    int index[FLOAT_RESAMPLE_TAPS_MAX];
    float weight[FLOAT_RESAMPLE_TAPS_MAX];
} FloatResampleTaps;

/* The n x n samples around a position, row by row, each weighted by the
 * product of its column's and its row's weight; normalise: divided by the
 * sum of those products (Lanczos). */
static inline VMAF_HD float float_resample_mix(const FloatResampleTaps *x,
                                               const FloatResampleTaps *y, unsigned n,
                                               bool normalise, const float *src, ptrdiff_t stride)
{
    float value = 0.0f, weight_sum = 0.0f;
    for (unsigned j = 0; j < n; j++) {
        const float *row = src + y->index[j] * stride;
        for (unsigned i = 0; i < n; i++) {
            const float weight = x->weight[i] * y->weight[j];
            weight_sum += weight;
            value += row[x->index[i]] * weight;
        }
    }
    return normalise ? value / weight_sum : value;
}

#endif
