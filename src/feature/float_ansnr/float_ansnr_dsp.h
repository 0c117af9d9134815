/* Per-pixel stages of ANSNR: the 2-D low-pass filters applied to the
 * reference and the distorted picture, and the signal and noise energies.
 * Their arithmetic is float_ansnr_math.h, which the CUDA twin runs too. */
#ifndef VMAF_FEATURE_FLOAT_ANSNR_DSP_H
#define VMAF_FEATURE_FLOAT_ANSNR_DSP_H

#include "feature/float_common/float_common_dsp.h"
#include "float_ansnr_math.h"

typedef struct FloatAnsnrDsp {
    /* dst = src filtered with the n x n kernel (row-major, n odd, at most
     * FLOAT_ANSNR_MAX_TAPS). Per sample, the products of each kernel row are
     * summed in float from the left, then the row sums from the top. Outside
     * the picture, sample -k is sample k and sample size - 1 + k is sample
     * size - k (the last one repeated): width and height must be at least
     * n / 2 + 1. dst is src's size and may not overlap it. */
    void (*filter)(const FloatPlane *dst, const FloatPlane *src, const float *kernel, unsigned n);
    /* The signal (the sum of ref^2) and the noise (the sum of (ref - dis)^2),
     * each summed in float over a row, then the row sums in float. */
    void (*energies)(const FloatPlane *ref, const FloatPlane *dis, FloatAnsnrEnergy *total);
} FloatAnsnrDsp;

void float_ansnr_dsp_init(FloatAnsnrDsp *dsp, unsigned cpu_flags);

#endif
