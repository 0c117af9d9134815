/* The x86 variants of the motion table; each replaces the entries it has. */
#ifndef VMAF_FEATURE_MOTION_COMMON_X86_H
#define VMAF_FEATURE_MOTION_COMMON_X86_H

#include "feature/motion_common/motion_dsp.h"

void motion_dsp_init_avx2(MotionDsp *dsp);
void motion_dsp_init_avx512(MotionDsp *dsp);

#endif
