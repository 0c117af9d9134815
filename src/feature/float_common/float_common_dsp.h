/* Per-pixel stages shared by the float extractors (float_vif, float_adm,
 * float_motion): a picture plane as floats, libvmaf's separable filter with
 * mirrored edges, and the resamplers of VIF's prescaling and of motion's
 * second scale.
 *
 * Every stage keeps libvmaf's float operations in their order (one rounding
 * per operation, sums in the order given below), so the results are the
 * same bits, not just close. */
#ifndef VMAF_FEATURE_FLOAT_COMMON_DSP_H
#define VMAF_FEATURE_FLOAT_COMMON_DSP_H

#include <stddef.h>
#include <stdint.h>

#include "float_common_math.h"

/* A plane of floats; stride in elements. */
typedef struct FloatPlane {
    float *data;
    ptrdiff_t stride;
    unsigned w, h;
} FloatPlane;

/* The widest filter any float extractor builds (VIF's scale 0 at its largest
 * kernel scale has 65 taps). */
#define FLOAT_FILTER_MAX_TAPS 65

/* Scratch line of the filters: w + taps - 1 floats. */
static inline size_t float_filter_line_size(unsigned w, unsigned taps)
{
    return (size_t)w + taps - 1;
}

enum FloatResampleMethod {
    FLOAT_RESAMPLE_NEAREST,
    FLOAT_RESAMPLE_BILINEAR,
    FLOAT_RESAMPLE_BICUBIC,
    FLOAT_RESAMPLE_LANCZOS4,
    FLOAT_RESAMPLE_METHODS,
};

typedef struct FloatCommonDsp {
    /* dst = sample - 128 (8-bit samples; src_stride in bytes). */
    void (*load_8)(const FloatPlane *dst, const uint8_t *src, ptrdiff_t src_stride);
    /* dst = sample / divisor - 128, divided in float (16-bit samples). */
    void (*load_16)(const FloatPlane *dst, const uint16_t *src, ptrdiff_t src_stride,
                    float divisor);

    /* dst = rows y0 .. y0 + dst->h - 1 of src filtered with the symmetric
     * filter taps[0..n) along y, then along x, each pass summing
     * taps[k] * sample in k order from 0 in float; the sample i - n/2 + k
     * is reflected about the first and last sample of src without repeating
     * them. Every dimension of src must exceed n / 2; dst is src's width,
     * its rows within src's, and may not overlap it. A band of rows gives
     * the bits of the same rows of the whole plane. */
    void (*filter)(const FloatPlane *dst, unsigned y0, const FloatPlane *src, const float *taps,
                   unsigned n, float *line);
    /* The same filter of src * src. */
    void (*filter_sq)(const FloatPlane *dst, unsigned y0, const FloatPlane *src, const float *taps,
                      unsigned n, float *line);
    /* The same filter of a * b (a and b of one size). */
    void (*filter_xy)(const FloatPlane *dst, unsigned y0, const FloatPlane *a, const FloatPlane *b,
                      const float *taps, unsigned n, float *line);

    /* src resampled to dst's size by libvmaf's nearest, bilinear, bicubic
     * (a = -0.75) and Lanczos (a = 4) samplers, sample centres aligned and
     * mirrored edges; a copy when the sizes are equal. */
    void (*resample[FLOAT_RESAMPLE_METHODS])(const FloatPlane *dst, const FloatPlane *src);
} FloatCommonDsp;

void float_common_dsp_init(FloatCommonDsp *dsp, unsigned cpu_flags);

/* The taps of output sample i along an axis of n source samples of the
 * bicubic or (any other method) Lanczos resampler; ratio: n / the output's
 * size. Returns their number: 4 or 9 (FloatResampleTaps, float_common_math.h). */
unsigned float_resample_taps(enum FloatResampleMethod method, int i, float ratio, unsigned n,
                             FloatResampleTaps *taps);

#endif
