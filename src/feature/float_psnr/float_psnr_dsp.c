#include "float_psnr_dsp.h"
#include "float_psnr_math.h"

static double sse_8_c(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                      ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    double sse = 0;
    for (unsigned i = 0; i < h; i++, ref += ref_stride, dis += dis_stride) {
        for (unsigned j = 0; j < w; j++)
            sse += float_psnr_sq_error_8(ref[j], dis[j]);
    }
    return sse;
}

static double sse_16_c(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                       ptrdiff_t dis_stride, unsigned w, unsigned h, float divisor)
{
    double sse = 0;
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++)
            sse += float_psnr_sq_error_16(ref[j], dis[j], divisor);
        ref = (const uint16_t *)((const uint8_t *)ref + ref_stride);
        dis = (const uint16_t *)((const uint8_t *)dis + dis_stride);
    }
    return sse;
}

void float_psnr_dsp_init(FloatPsnrDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->sse_8 = sse_8_c;
    dsp->sse_16 = sse_16_c;
}
