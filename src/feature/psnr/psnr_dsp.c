#include "core/cpu.h"
#include "psnr_dsp.h"
#if VMAF_HAVE_X86_SIMD
#include "x86/psnr_x86.h"
#endif

static uint64_t sse_8_c(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                        ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    uint64_t sse = 0;
    for (unsigned y = 0; y < h; y++) {
        uint32_t row = 0;
        for (unsigned x = 0; x < w; x++) {
            const int e = ref[x] - dis[x];
            row += (uint32_t)(e * e);
        }
        sse += row;
        ref += ref_stride;
        dis += dis_stride;
    }
    return sse;
}

static uint64_t sse_16_c(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                         ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    uint64_t sse = 0;
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            /* 65535^2 still fits 32 bits unsigned. */
            const uint32_t e = ref[x] > dis[x] ? ref[x] - dis[x] : dis[x] - ref[x];
            sse += e * e;
        }
        ref = (const uint16_t *)((const uint8_t *)ref + ref_stride);
        dis = (const uint16_t *)((const uint8_t *)dis + dis_stride);
    }
    return sse;
}

void psnr_dsp_init(PsnrDsp *dsp, unsigned cpu_flags)
{
    dsp->sse_8 = sse_8_c;
    dsp->sse_16 = sse_16_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        psnr_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        psnr_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
