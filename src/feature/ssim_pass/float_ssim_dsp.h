/* Per-pixel stages of the float SSIM family (float_ssim, and each scale of
 * float_ms_ssim): conversion of the samples to float, the box decimation of
 * float_ssim, the separable 11x11 Gaussian window and the per-pixel SSIM terms.
 *
 * Bit-exactness with libvmaf rests on the precision of every step, which the
 * C reference keeps: samples, window outputs and (co)variances are float;
 * every filter multiplies in float and accumulates the products in double;
 * the per-pixel terms mix float and double exactly as documented below. */
#ifndef VMAF_FEATURE_SSIM_PASS_FLOAT_SSIM_DSP_H
#define VMAF_FEATURE_SSIM_PASS_FLOAT_SSIM_DSP_H

#include <stddef.h>
#include <stdint.h>

#include "float_ssim_math.h"

/* The window's taps, as libvmaf tabulates them. */
extern const float float_ssim_gaussian[SSIM_WINDOW];
/* (K1 L)^2, (K2 L)^2 and half the latter, for L = 255, in float. */
extern const float float_ssim_c1, float_ssim_c2, float_ssim_c3;

/* Running sums over the pixels of one plane, in raster order. */
typedef struct SsimSums {
    double lcs; /* l * c * s, the SSIM map */
    double l, c, s;
} SsimSums;

/* One row of the windowed moments, all of the same width. */
typedef struct SsimMomentRow {
    const float *mu_ref, *mu_dis; /* local means */
    const float *ref_sq, *dis_sq; /* local means of the squares */
    const float *ref_dis;         /* local mean of the product */
} SsimMomentRow;

typedef struct FloatSsimDsp {
    /* Samples to float in 8-bit units: 8-bit ones as they are, deeper ones
     * divided by 2^(bpc - 8) in float. Strides: src in bytes, dst in floats. */
    void (*load_8)(float *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                   unsigned w, unsigned h);
    void (*load_16)(float *dst, ptrdiff_t dst_stride, const uint16_t *src, ptrdiff_t src_stride,
                    unsigned w, unsigned h, float divisor);
    /* Mean of the factor x factor box around every factor-th sample, the
     * picture mirrored about its edges (-1 -> 0, w -> w - 1). For an even
     * factor the box spans [-factor/2, factor/2 - 1]. Writes
     * ssim_decimated_size(w, factor) x ssim_decimated_size(h, factor) values.
     * Strides in floats. */
    void (*box_decimate)(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                         unsigned w, unsigned h, unsigned factor);
    /* dst[x] = a[x] * b[x] in float. */
    void (*product_row)(float *dst, const float *a, const float *b, unsigned w);
    /* Horizontal window: dst[x] = sum over k of src[x + k] * g[k], k < SSIM_WINDOW. */
    void (*window_row)(float *dst, const float *src, unsigned out_w);
    /* Vertical window: dst[x] = sum over k of rows[k][x] * g[k]. */
    void (*window_col)(float *dst, const float *const rows[SSIM_WINDOW], unsigned w);
    /* Adds each pixel's luminance, contrast and structure terms (and their
     * product) to sums, left to right. */
    void (*accumulate_row)(SsimSums *sums, const SsimMomentRow *row, unsigned w);
} FloatSsimDsp;

void float_ssim_dsp_init(FloatSsimDsp *dsp, unsigned cpu_flags);

/* The C reference of one pixel of accumulate_row, which SIMD variants finish
 * their rows with (float_ssim_box_at(), float_ssim_math.h, is box_decimate's
 * of one output sample). */
void float_ssim_accumulate_at(SsimSums *sums, const SsimMomentRow *row, unsigned x);

/* Output size of box_decimate: n / factor, plus one when n is odd (also when
 * that leaves a sample past the last box, which then reads mirrored data;
 * libvmaf sizes it so). */
static inline unsigned ssim_decimated_size(unsigned n, unsigned factor)
{
    return n / factor + (n & 1);
}

#endif
