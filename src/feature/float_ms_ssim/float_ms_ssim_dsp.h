/* Per-pixel stage of MS-SSIM beyond those of SSIM (float_ssim_dsp.h): the
 * low-pass filter and decimation by 2 between scales. */
#ifndef VMAF_FEATURE_FLOAT_MS_SSIM_DSP_H
#define VMAF_FEATURE_FLOAT_MS_SSIM_DSP_H

#include <stddef.h>

typedef struct FloatMsSsimDsp {
    /* Filters with the 9x9 low-pass of the 9/7 biorthogonal wavelet (its 2-D
     * taps rounded to six decimals, not the product of the 1-D ones) and
     * keeps the even samples: ms_ssim_half(w) x ms_ssim_half(h) values. The
     * picture is mirrored about its edges (-1 -> 0, w -> w - 1); both sides
     * must be at least 4. Products in float, sums in double. Strides in
     * floats. */
    void (*decimate)(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                     unsigned w, unsigned h);
} FloatMsSsimDsp;

void float_ms_ssim_dsp_init(FloatMsSsimDsp *dsp, unsigned cpu_flags);

/* The size of the next scale: half, rounded up. */
static inline unsigned ms_ssim_half(unsigned n)
{
    return n / 2 + (n & 1);
}

#endif
