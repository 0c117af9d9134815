/* Per-pixel stage of float motion: the sum of absolute differences of two
 * blurred frames. The blur and the second scale's resampling are the shared
 * float stages (../float_common/float_common_dsp.h). */
#ifndef VMAF_FEATURE_FLOAT_MOTION_DSP_H
#define VMAF_FEATURE_FLOAT_MOTION_DSP_H

#include "feature/float_common/float_common_dsp.h"

typedef struct FloatMotionDsp {
    FloatCommonDsp common;
    /* Sum of |a - b| over a plane of b's size: each row summed in float,
     * every |a - b| widened to double before it is added and the sum
     * rounded back (libvmaf takes fabs of the float difference), which
     * float_motion_math.h shows is the float sum; then the rows summed in
     * float. */
    float (*sad)(const FloatPlane *a, const FloatPlane *b);
} FloatMotionDsp;

void float_motion_dsp_init(FloatMotionDsp *dsp, unsigned cpu_flags);

#endif
