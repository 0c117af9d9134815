/* Per-pixel stages of SSIMULACRA 2, whose definition is libjxl's
 * tools/ssimulacra2.cc: sRGB samples to linear light, linear RGB to the
 * metric's positive XYB, 2x2 downsampling in linear light, the recursive
 * Gaussian blur (rows, then columns) and the SSIM and edge-difference maps
 * reduced to sums.
 *
 * The metric magnifies float rounding, so every stage rounds where libjxl
 * does on a CPU whose Highway dispatch fuses multiply-adds (AVX2 and up, the
 * x86 hosts it runs on): fmaf() where libjxl fuses, one rounding per float
 * operation elsewhere (the build compiles C with -ffp-contract=off). */
#ifndef VMAF_FEATURE_SSIMULACRA2_DSP_H
#define VMAF_FEATURE_SSIMULACRA2_DSP_H

#include <stddef.h>

#include "feature/float_common/float_common_dsp.h" /* FloatPlane */
#include "ssimulacra2_math.h"                      /* SSIMU2_MAP_* */

/* A planar RGB picture of integer samples: plane c is R, G, B for
 * c = 0, 1, 2, of 1 byte a sample for bits == 8, else 2 (native order). */
typedef struct Ssimu2Samples {
    const void *data[3];
    ptrdiff_t stride[3]; /* bytes */
    unsigned w, h, bits;
} Ssimu2Samples;

/* The blur's five inputs of each channel c (SSIMU2_MAPS * c + map) side by
 * side in SSIMU2_LANES lanes a column (the last lane zero), so that the
 * rows of all fifteen blur at once, a lane each, and the column blur runs
 * over them as one row of SSIMU2_LANES * w floats. */
enum { SSIMU2_LANES = 16 };

typedef struct Ssimulacra2Dsp {
    /* YUV to RGB (ssimulacra2_rgb.c), each float operation rounded on its
     * own as zimg's C code does it:
     * dst[x] = (float)src[x] * scale + offset for n samples of bpc bits
     * (uint8_t for 8, else uint16_t). */
    void (*yuv_to_float)(float *dst, const void *src, unsigned n, unsigned bpc, float scale,
                         float offset);
    /* dst[i] = the sum over k < taps, from k = 0, of coeff[i * taps + k] *
     * src[left[i] + k], for n outputs: a resampling filter along a row. */
    void (*resize_row)(float *dst, const float *src, const unsigned *left, const float *coeff,
                       unsigned taps, unsigned n);
    /* dst[x] = the sum over k < taps, from k = 0, of coeff[k] * rows[k][x]:
     * the same filter down n columns. */
    void (*resize_column)(float *dst, const float *const *rows, const float *coeff, unsigned taps,
                          unsigned n);
    /* rgb[c][x] = ((m[c][0] * y + m[c][1] * u) + m[c][2] * v) * (2^bits - 1),
     * clamped and rounded to even, as uint8_t for bits == 8, else uint16_t,
     * from the float rows yuv[0..2], for n samples. */
    void (*rgb_row)(void *const rgb[3], const float *const yuv[3], const float m[3][3],
                    unsigned bits, unsigned n);
    /* dst[i] = the linear light of the sRGB-encoded src[i] (0..1), by
     * libjxl's approximation of the sRGB transfer; dst may be src. (The
     * frame decodes every sample value once into a table.) */
    void (*linear_from_srgb)(float *dst, const float *src, size_t n);
    /* dst = the means of src's 2x2 blocks, the last row and column repeated
     * for an odd size; dst is (w + 1) / 2 x (h + 1) / 2. dst may be src (the
     * same data and stride): each output is written after its inputs are
     * read. */
    void (*downsample)(const FloatPlane *dst, const FloatPlane *src);
    /* xyb[c] = the positive XYB (X, Y, B - Y rescaled to about 0..1) of the w
     * linear RGB samples of rgb[0..2]. */
    void (*xyb_row)(float *const xyb[3], const float *const rgb[3], unsigned w);
    /* dst (SSIMU2_LANES * w) = the blur's inputs of a row from the XYB rows
     * of the reference x1 and the distorted picture x2. */
    void (*blur_inputs)(float *dst, const float *const x1[3], const float *const x2[3], unsigned w);
    /* The recursive Gaussian of sigma 1.5 along a row of w columns of
     * SSIMU2_LANES lanes, each lane its own row, samples outside the row
     * zero: dst = src blurred (both SSIMU2_LANES * w). */
    void (*blur_row)(float *dst, const float *src, unsigned w);
    /* One step n of the column blur over n_floats floats: top and bottom are
     * the rows n - N - 1 and n + N - 1 (NULL outside the plane); y[k][0]
     * holds term k's outputs of row n - 2 and gets those of row n, y[k][1]
     * holds row n - 1's; out (NULL before the first row) gets the blurred
     * row n. */
    void (*blur_column_step)(float *out, const float *top, const float *bottom,
                             float *const y[3][2], size_t n_floats);
    /* The error maps of a row of w pixels from its blurred lanes and its XYB
     * rows, added per channel c, in column order, in double: sums[c][0..1]
     * 1 - SSIM and its fourth power, [2..3] the artifacts (edges the
     * distorted picture has where the reference is smooth) and theirs,
     * [4..5] the detail lost (the reverse) and theirs. Only the sums in
     * need[c] (ssimu2_sum_mask()) are kept: the others get the terms of a
     * map that is 0. */
    void (*maps_row)(const float *blurred, const float *const x1[3], const float *const x2[3],
                     unsigned w, const unsigned need[3], double sums[3][6]);
} Ssimulacra2Dsp;

void ssimulacra2_dsp_init(Ssimulacra2Dsp *dsp, unsigned cpu_flags);

#endif
