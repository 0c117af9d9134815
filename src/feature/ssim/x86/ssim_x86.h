/* The x86 variants of the integer SSIM table; each replaces the entries it
 * has. */
#ifndef VMAF_FEATURE_SSIM_X86_H
#define VMAF_FEATURE_SSIM_X86_H

#include "feature/ssim/ssim_dsp.h"

void ssim_dsp_init_avx2(SsimDsp *dsp);
void ssim_dsp_init_avx512(SsimDsp *dsp);

#endif
