/* The x86 variants of the SSIMULACRA 2 table: its stages compiled from
 * ssimulacra2_stages.h with FMA for AVX2 and AVX-512. */
#ifndef VMAF_FEATURE_SSIMULACRA2_X86_H
#define VMAF_FEATURE_SSIMULACRA2_X86_H

#include "feature/ssimulacra2/ssimulacra2_dsp.h"

void ssimulacra2_dsp_init_avx2(Ssimulacra2Dsp *dsp);
void ssimulacra2_dsp_init_avx512(Ssimulacra2Dsp *dsp);

#endif
