/* The x86 variants of the shared float stages: the filters, compiled for
 * AVX2 and AVX-512 from float_filter.h. */
#ifndef VMAF_FEATURE_FLOAT_COMMON_X86_H
#define VMAF_FEATURE_FLOAT_COMMON_X86_H

#include "feature/float_common/float_common_dsp.h"

void float_common_dsp_init_avx2(FloatCommonDsp *dsp);
void float_common_dsp_init_avx512(FloatCommonDsp *dsp);

#endif
