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

/* A planar RGB picture of integer samples: plane c is R, G, B for
 * c = 0, 1, 2, of 1 byte a sample for bits == 8, else 2 (native order). */
typedef struct Ssimu2Samples {
    const void *data[3];
    ptrdiff_t stride[3]; /* bytes */
    unsigned w, h, bits;
} Ssimu2Samples;

/* The column blur's three terms' last three rows. */
enum { SSIMU2_BLUR_RING_ROWS = 9 };

typedef struct Ssimulacra2Dsp {
    /* dst[c] = the linear light of plane c of src, its samples scaled to
     * 0..1 by 1 / (2^bits - 1) and decoded with libjxl's approximation of
     * the sRGB transfer. dst is src's size. */
    void (*linear_from_samples)(const FloatPlane dst[3], const Ssimu2Samples *src);
    /* xyb[c] = the positive XYB (X, Y, B - Y rescaled to about 0..1) of the
     * linear RGB planes rgb; all of one size. */
    void (*xyb_from_linear)(const FloatPlane xyb[3], const FloatPlane rgb[3]);
    /* dst = the means of src's 2x2 blocks, the last row and column repeated
     * for an odd size; dst is (w + 1) / 2 x (h + 1) / 2. dst may be src (the
     * same data and stride): each output is written after its inputs are
     * read. */
    void (*downsample)(const FloatPlane *dst, const FloatPlane *src);
    /* dst = a * b, sample by sample; all of one size. */
    void (*multiply)(const FloatPlane *dst, const FloatPlane *a, const FloatPlane *b);
    /* The recursive Gaussian of sigma 1.5 along each row, and along each
     * column, of src into dst (of src's size); a plane's blur is
     * blur_rows(tmp, src) then blur_columns(dst, tmp). Samples outside the
     * plane count as zero. */
    void (*blur_rows)(const FloatPlane *dst, const FloatPlane *src);
    /* ring: scratch of SSIMU2_BLUR_RING_ROWS * w floats. */
    void (*blur_columns)(const FloatPlane *dst, const FloatPlane *src, float *ring);
    /* The 1 - SSIM map of one channel from the blurred means and (co)
     * moments: sums[0] += each pixel's error, sums[1] += its fourth power,
     * in row-major order, in double. */
    void (*ssim_map)(const FloatPlane *mu1, const FloatPlane *mu2, const FloatPlane *s11,
                     const FloatPlane *s22, const FloatPlane *s12, double sums[2]);
    /* The edge-difference maps of one channel from the pictures and their
     * blurred means: sums[0], sums[1] += the artifacts (edges the distorted
     * picture has where the reference is smooth) and their fourth powers,
     * sums[2], sums[3] += the detail lost (the reverse) and theirs. */
    void (*edge_map)(const FloatPlane *img1, const FloatPlane *mu1, const FloatPlane *img2,
                     const FloatPlane *mu2, double sums[4]);
} Ssimulacra2Dsp;

void ssimulacra2_dsp_init(Ssimulacra2Dsp *dsp, unsigned cpu_flags);

#endif
