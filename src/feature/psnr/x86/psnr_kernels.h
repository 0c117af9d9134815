/* The PSNR sums of squared errors, written once over what psnr_avx2.c and
 * psnr_avx512.c define before including this file (the vif_kernels.h
 * pattern): vi, PSNR_STEP (samples a step), vi_zero(), sse_8_step() and
 * sse_16_step() (one step's squares added to the accumulator), the tails
 * sse_8_tail() and sse_16_tail() (fewer than PSNR_STEP samples), the
 * horizontal sums sum_u32() and sum_u64(), and PSNR_X86_NAME(name). The
 * 8-bit row sum wraps modulo 2^32 like the C reference, and wrapping
 * additions commute, so lanes and tail may be added in any order; 16-bit
 * squares are summed in 64-bit lanes, exactly. */
#ifndef PSNR_X86_NAME
#error "define PSNR_X86_NAME before including psnr_kernels.h"
#endif

static uint64_t PSNR_X86_NAME(sse_8)(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                                     ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    uint64_t sse = 0;
    for (unsigned y = 0; y < h; y++) {
        vi acc = vi_zero();
        unsigned x = 0;
        for (; x + PSNR_STEP <= w; x += PSNR_STEP)
            acc = sse_8_step(acc, ref + x, dis + x);
        sse += sum_u32(acc) + sse_8_tail(ref + x, dis + x, w - x);
        ref += ref_stride;
        dis += dis_stride;
    }
    return sse;
}

static uint64_t PSNR_X86_NAME(sse_16)(const uint16_t *ref, ptrdiff_t ref_stride,
                                      const uint16_t *dis, ptrdiff_t dis_stride, unsigned w,
                                      unsigned h)
{
    vi acc = vi_zero();
    uint64_t tail = 0;
    for (unsigned y = 0; y < h; y++) {
        unsigned x = 0;
        for (; x + PSNR_STEP <= w; x += PSNR_STEP)
            acc = sse_16_step(acc, ref + x, dis + x);
        tail += sse_16_tail(ref + x, dis + x, w - x);
        ref = (const uint16_t *)((const uint8_t *)ref + ref_stride);
        dis = (const uint16_t *)((const uint8_t *)dis + dis_stride);
    }
    return sum_u64(acc) + tail;
}

#undef PSNR_X86_NAME
