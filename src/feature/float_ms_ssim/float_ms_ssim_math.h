/* The decimation between MS-SSIM's scales, one output at a time, as C and as
 * CUDA (core/hd.h): the CPU stage (float_ms_ssim_dsp.c) and the twin's
 * kernel run this. */
#ifndef VMAF_FEATURE_FLOAT_MS_SSIM_FLOAT_MS_SSIM_MATH_H
#define VMAF_FEATURE_FLOAT_MS_SSIM_FLOAT_MS_SSIM_MATH_H

#include <stddef.h>

#include "core/hd.h"
#include "feature/ssim_pass/float_ssim_math.h"

#define MS_SSIM_LPF_RADIUS 4

/* The 9x9 low-pass of the 9/7 biorthogonal wavelet, its 2-D taps rounded to
 * six decimals (not the product of the 1-D ones), indexed by the distance
 * of a tap from the centre vertically and horizontally, as an initialiser
 * of float [MS_SSIM_LPF_RADIUS + 1][MS_SSIM_LPF_RADIUS + 1]. */
#define MS_SSIM_LPF_TAPS                                                                           \
    {                                                                                              \
        {0.363505f, 0.160885f, -0.047149f, -0.010146f, 0.016114f},                                 \
            {0.160885f, 0.071207f, -0.020867f, -0.004490f, 0.007132f},                             \
            {-0.047149f, -0.020867f, 0.006115f, 0.001316f, -0.002090f},                            \
            {-0.010146f, -0.004490f, 0.001316f, 0.000283f, -0.000450f},                            \
            {0.016114f, 0.007132f, -0.002090f, -0.000450f, 0.000714f},                             \
    }

static inline VMAF_HD int ms_ssim_abs(int v)
{
    return v < 0 ? -v : v;
}

/* Output (x, y) of the decimation of a w x h plane (stride floats a row):
 * the low-pass centred on sample (2x, 2y), the plane mirrored about its
 * edges; products in float, summed in double row by row, each row left to
 * right, rounded to float. */
static inline VMAF_HD float ms_ssim_decimate_at(const float *src, ptrdiff_t stride, int w, int h,
                                                int x, int y,
                                                const float (*lpf)[MS_SSIM_LPF_RADIUS + 1])
{
    double sum = 0.0;
    for (int v = -MS_SSIM_LPF_RADIUS; v <= MS_SSIM_LPF_RADIUS; v++) {
        const float *row = src + ssim_mirror(2 * y + v, h) * stride;
        const float *taps = lpf[ms_ssim_abs(v)];
        VMAF_UNROLL
        for (int u = -MS_SSIM_LPF_RADIUS; u <= MS_SSIM_LPF_RADIUS; u++)
            sum += row[ssim_mirror(2 * x + u, w)] * taps[ms_ssim_abs(u)];
    }
    return (float)sum;
}

#endif
