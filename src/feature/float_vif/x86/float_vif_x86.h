/* The x86 variants of float VIF's statistic, compiled for AVX2 and AVX-512
 * from float_vif_statistic.h. */
#ifndef VMAF_FEATURE_FLOAT_VIF_X86_H
#define VMAF_FEATURE_FLOAT_VIF_X86_H

#include "feature/float_vif/float_vif_dsp.h"

void float_vif_dsp_init_avx2(FloatVifDsp *dsp);
void float_vif_dsp_init_avx512(FloatVifDsp *dsp);

#endif
