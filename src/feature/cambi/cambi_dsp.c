/* C reference of the CAMBI stages (cambi_stages.h), and the table's choice
 * of variants. Everything but the final c-value is integer; the c-value's
 * float expression is evaluated exactly as the reference does (an int
 * product, converted once, times a table entry). */
#include "cambi_stages.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/cambi_x86.h"
#endif

CAMBI_STAGE_FUNCTIONS(c, cambi_c_row)

void cambi_dsp_init(CambiDsp *dsp, unsigned cpu_flags)
{
    cambi_stages_fill_c(dsp);
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        cambi_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        cambi_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
