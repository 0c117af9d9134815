#include <stdlib.h>

#include "feature/float_ssim/float_ssim_dsp.h"
#include "float_ms_ssim_dsp.h"

#define LPF_RADIUS 4

/* The 9x9 low-pass, indexed by the distance of a tap from the centre
 * vertically and horizontally (the filter is symmetric both ways). */
static const float lpf[LPF_RADIUS + 1][LPF_RADIUS + 1] = {
    {0.363505f, 0.160885f, -0.047149f, -0.010146f, 0.016114f},
    {0.160885f, 0.071207f, -0.020867f, -0.004490f, 0.007132f},
    {-0.047149f, -0.020867f, 0.006115f, 0.001316f, -0.002090f},
    {-0.010146f, -0.004490f, 0.001316f, 0.000283f, -0.000450f},
    {0.016114f, 0.007132f, -0.002090f, -0.000450f, 0.000714f},
};

static void decimate_c(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                       unsigned w, unsigned h)
{
    const unsigned out_w = ms_ssim_half(w), out_h = ms_ssim_half(h);
    for (unsigned y = 0; y < out_h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < out_w; x++) {
            double sum = 0.0;
            for (int v = -LPF_RADIUS; v <= LPF_RADIUS; v++) {
                const float *row = src + ssim_mirror(2 * (int)y + v, (int)h) * src_stride;
                for (int u = -LPF_RADIUS; u <= LPF_RADIUS; u++)
                    sum += row[ssim_mirror(2 * (int)x + u, (int)w)] * lpf[abs(v)][abs(u)];
            }
            dst[x] = (float)sum;
        }
    }
}

void float_ms_ssim_dsp_init(FloatMsSsimDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->decimate = decimate_c;
}
