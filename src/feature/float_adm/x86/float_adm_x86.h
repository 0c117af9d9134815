/* The x86 variants of float ADM's masked sums, compiled for AVX2 and
 * AVX-512 from float_adm_cm_sums.h. */
#ifndef VMAF_FEATURE_FLOAT_ADM_X86_H
#define VMAF_FEATURE_FLOAT_ADM_X86_H

#include "feature/float_adm/float_adm_dsp.h"

void float_adm_dsp_init_avx2(FloatAdmDsp *dsp);
void float_adm_dsp_init_avx512(FloatAdmDsp *dsp);

#endif
