/* Per-pixel stage of PSNR: the sum of squared errors of one plane. */
#ifndef VMAF_FEATURE_PSNR_DSP_H
#define VMAF_FEATURE_PSNR_DSP_H

#include <stddef.h>
#include <stdint.h>

typedef struct PsnrDsp {
    /* 8-bit samples. Each row's sum is kept modulo 2^32 before it is added,
     * as the reference does. Strides in bytes. */
    uint64_t (*sse_8)(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                      ptrdiff_t dis_stride, unsigned w, unsigned h);
    /* 16-bit samples, any depth up to 16. Strides in bytes. */
    uint64_t (*sse_16)(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                       ptrdiff_t dis_stride, unsigned w, unsigned h);
} PsnrDsp;

void psnr_dsp_init(PsnrDsp *dsp, unsigned cpu_flags);

#endif
