/* The x86 variants of the float SSIM table; each replaces the entries it
 * has. */
#ifndef VMAF_FEATURE_SSIM_PASS_X86_FLOAT_SSIM_X86_H
#define VMAF_FEATURE_SSIM_PASS_X86_FLOAT_SSIM_X86_H

#include "feature/ssim_pass/float_ssim_dsp.h"

void float_ssim_dsp_init_avx2(FloatSsimDsp *dsp);
void float_ssim_dsp_init_avx512(FloatSsimDsp *dsp);

#endif
