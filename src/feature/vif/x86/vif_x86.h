/* The x86 variants of the integer VIF table; each replaces every entry. */
#ifndef VMAF_FEATURE_VIF_X86_H
#define VMAF_FEATURE_VIF_X86_H

#include "feature/vif/vif_dsp.h"

void vif_dsp_init_avx2(VifDsp *dsp);
void vif_dsp_init_avx512(VifDsp *dsp);
void vif_dsp_init_avx512vnni(VifDsp *dsp);

#endif
