/* The x86 variants of the CAMBI table: its integer stages compiled from
 * cambi_stages.h for AVX2 and AVX-512; each replaces the entries it has. */
#ifndef VMAF_FEATURE_CAMBI_X86_H
#define VMAF_FEATURE_CAMBI_X86_H

#include "feature/cambi/cambi_dsp.h"

void cambi_dsp_init_avx2(CambiDsp *dsp);
void cambi_dsp_init_avx512(CambiDsp *dsp);

#endif
