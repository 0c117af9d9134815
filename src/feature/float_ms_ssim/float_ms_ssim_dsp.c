#include "float_ms_ssim_dsp.h"
#include "float_ms_ssim_math.h"

static const float lpf[MS_SSIM_LPF_RADIUS + 1][MS_SSIM_LPF_RADIUS + 1] = MS_SSIM_LPF_TAPS;

static void decimate_c(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                       unsigned w, unsigned h)
{
    const unsigned out_w = ms_ssim_half(w), out_h = ms_ssim_half(h);
    for (unsigned y = 0; y < out_h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < out_w; x++)
            dst[x] = ms_ssim_decimate_at(src, src_stride, (int)w, (int)h, (int)x, (int)y, lpf);
    }
}

void float_ms_ssim_dsp_init(FloatMsSsimDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->decimate = decimate_c;
}
