/* The per-sample arithmetic of float motion's sum of absolute differences,
 * shared by the CPU's stage (float_motion_dsp.c) and the CUDA twin's
 * kernels (core/hd.h). */
#ifndef VMAF_FEATURE_FLOAT_MOTION_MATH_H
#define VMAF_FEATURE_FLOAT_MOTION_MATH_H

#include <math.h>

#include "core/hd.h"

/* |a - b|, which a row's running sum adds in float. libvmaf widens |a - b|
 * to double, adds it to the float sum in double and rounds the result back
 * to float: that is the float sum, bit for bit, because a sum of two floats
 * rounded to double (53 >= 2 * 24 + 2 bits) and then to float is rounded
 * once. So float arithmetic, which the kernels use, gives libvmaf's bits. */
static inline VMAF_HD float float_motion_abs_diff(float a, float b)
{
    return fabsf(a - b);
}

#endif
