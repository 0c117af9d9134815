/* The C reference of the SSIMULACRA 2 stages (ssimulacra2_stages.h) and the
 * table's filling from the CPU's flags. */
#include "ssimulacra2_dsp.h"
#include "ssimulacra2_stages.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/ssimulacra2_x86.h"
#endif

SSIMU2_STAGE_FUNCTIONS(c)

/* Scalar in every table: each output's taps start where left[] says, and
 * vectors of outputs would gather them, slower than this on the hosts
 * measured. */
static void resize_row_c(float *dst, const float *src, const unsigned *left, const float *coeff,
                         unsigned taps, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const float *c = coeff + (size_t)i * taps, *x = src + left[i];
        float acc = 0.0f;
        for (unsigned k = 0; k < taps; k++)
            acc += c[k] * x[k];
        dst[i] = acc;
    }
}

void ssimulacra2_dsp_init(Ssimulacra2Dsp *dsp, unsigned cpu_flags)
{
    ssimu2_stages_fill_c(dsp);
    dsp->resize_row = resize_row_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        ssimulacra2_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        ssimulacra2_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
