/* The x86 variants of the SpEED table; each replaces the entries it has. */
#ifndef VMAF_FEATURE_SPEED_X86_H
#define VMAF_FEATURE_SPEED_X86_H

#include "feature/speed/speed_dsp.h"

void speed_dsp_init_avx512(SpeedDsp *dsp);

#endif
