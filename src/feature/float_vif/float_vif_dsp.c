/* C reference of the float VIF stages (float_vif_dsp.h). */
#include "float_vif_dsp.h"
#include "float_vif_statistic.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/float_vif_x86.h"
#endif

static void decimate_c(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const float *in = src->data + 2 * i * src->stride;
        float *out = dst->data + i * dst->stride;
        for (unsigned j = 0; j < dst->w; j++)
            out[j] = in[2 * j];
    }
}

static void statistic_c(const FloatVifMoments *m, const FloatVifStatParams *p, float *num,
                        float *den)
{
    float_vif_statistic_rows(m, p, num, den, false);
}

void float_vif_dsp_init(FloatVifDsp *dsp, unsigned cpu_flags)
{
    float_common_dsp_init(&dsp->common, cpu_flags);
    dsp->decimate = decimate_c;
    dsp->statistic = statistic_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        float_vif_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        float_vif_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
