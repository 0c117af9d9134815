/* Per-pixel stage of float PSNR: the squared error of the luma plane. */
#ifndef VMAF_FEATURE_FLOAT_PSNR_DSP_H
#define VMAF_FEATURE_FLOAT_PSNR_DSP_H

#include <stddef.h>
#include <stdint.h>

typedef struct FloatPsnrDsp {
    /* Sum of the squared differences: each difference and its square in
     * float, the squares added in double in raster order. Strides in bytes. */
    double (*sse_8)(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                    ptrdiff_t dis_stride, unsigned w, unsigned h);
    /* The same of 16-bit samples divided (in float) by divisor first. */
    double (*sse_16)(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                     ptrdiff_t dis_stride, unsigned w, unsigned h, float divisor);
} FloatPsnrDsp;

void float_psnr_dsp_init(FloatPsnrDsp *dsp, unsigned cpu_flags);

#endif
