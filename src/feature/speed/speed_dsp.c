/* C reference of the SpEED stages. */
#include "speed_dsp.h"
#include "speed_math.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/speed_x86.h"
#endif

static void subtract_c(float *a, const float *b, ptrdiff_t stride, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++)
            a[i * stride + j] -= b[i * stride + j];
    }
}

static void decimate_16_c(const float *src, float *dst, ptrdiff_t stride, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h / 16; i++) {
        for (unsigned j = 0; j < w / 16; j++)
            dst[i * stride + j] = src[16 * i * stride + 16 * j];
    }
}

/* A block position's window: k / SPEED_BLOCK rows down, k % SPEED_BLOCK
 * columns right. */
static const float *window_at(const float *plane, ptrdiff_t stride, unsigned k)
{
    return plane + (k / SPEED_BLOCK) * stride + k % SPEED_BLOCK;
}

static void window_sums_c(float *sums, const float *plane, ptrdiff_t stride, unsigned w, unsigned h)
{
    for (unsigned k = 0; k < SPEED_BLOCK_ELEMS; k++)
        sums[k] = speed_window_sum(window_at(plane, stride, k), stride, w, h);
}

static void cov_sums_c(double *sums, const float *plane, ptrdiff_t stride, unsigned w, unsigned h,
                       const float *mean)
{
    for (unsigned a = 0; a < SPEED_BLOCK_ELEMS; a++) {
        for (unsigned b = 0; b <= a; b++)
            sums[a * SPEED_BLOCK_ELEMS + b] =
                speed_window_cov_sum(window_at(plane, stride, a), window_at(plane, stride, b),
                                     stride, w, h, mean[a], mean[b]);
    }
}

void speed_dsp_init(SpeedDsp *dsp, unsigned cpu_flags)
{
    *dsp = (SpeedDsp){
        .subtract = subtract_c,
        .decimate_16 = decimate_16_c,
        .window_sums = window_sums_c,
        .cov_sums = cov_sums_c,
    };
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        speed_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
