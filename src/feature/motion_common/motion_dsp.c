#include <stdlib.h>

#include "core/cpu.h"
#include "motion_dsp.h"
#include "x86/motion_x86.h"

const int32_t motion_filter[MOTION_FILTER_TAPS] = MOTION_FILTER_COEFFICIENTS;

void motion_diff_blur_vertical_8_c(int32_t *dst, const MotionRows *rows, unsigned w, unsigned shift)
{
    const uint8_t *prev[MOTION_FILTER_TAPS], *cur[MOTION_FILTER_TAPS];
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        prev[k] = rows->prev[k];
        cur[k] = rows->cur[k];
    }
    const int32_t round = 1 << (shift - 1);
    /* 8-bit differences times the taps stay well inside 32 bits. */
    for (unsigned x = 0; x < w; x++) {
        int32_t acc = 0;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++)
            acc += motion_filter[k] * (prev[k][x] - cur[k][x]);
        dst[x] = (acc + round) >> shift;
    }
}

void motion_diff_blur_vertical_16_c(int32_t *dst, const MotionRows *rows, unsigned w,
                                    unsigned shift)
{
    const uint16_t *prev[MOTION_FILTER_TAPS], *cur[MOTION_FILTER_TAPS];
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        prev[k] = rows->prev[k];
        cur[k] = rows->cur[k];
    }
    const int64_t round = INT64_C(1) << (shift - 1);
    for (unsigned x = 0; x < w; x++) {
        int64_t acc = 0;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++)
            acc += (int64_t)motion_filter[k] * (prev[k][x] - cur[k][x]);
        dst[x] = (int32_t)((acc + round) >> shift);
    }
}

static uint32_t blur_horizontal_abs_sum_c(const int32_t *src, unsigned w)
{
    uint32_t sum = 0;
    for (unsigned x = 0; x < w; x++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, x));
    return sum;
}

void motion_dsp_init(MotionDsp *dsp, unsigned cpu_flags)
{
    dsp->diff_blur_vertical_8 = motion_diff_blur_vertical_8_c;
    dsp->diff_blur_vertical_16 = motion_diff_blur_vertical_16_c;
    dsp->blur_horizontal_abs_sum = blur_horizontal_abs_sum_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        motion_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        motion_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
