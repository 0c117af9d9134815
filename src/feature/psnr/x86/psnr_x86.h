/* The x86 variants of the PSNR table; each replaces the entries it has. */
#ifndef VMAF_FEATURE_PSNR_X86_H
#define VMAF_FEATURE_PSNR_X86_H

#include "feature/psnr/psnr_dsp.h"

void psnr_dsp_init_avx2(PsnrDsp *dsp);
void psnr_dsp_init_avx512(PsnrDsp *dsp);

#endif
