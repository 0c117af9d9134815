/* What float_moment and its CUDA twin share: the provided features and the
 * scores of a frame's sums. */
#ifndef VMAF_FEATURE_FLOAT_MOMENT_COMMON_H
#define VMAF_FEATURE_FLOAT_MOMENT_COMMON_H

#include "core/feature_extractor.h"

extern const char *const float_moment_provided_features[];

/* The four moments of a frame of `pixels` luma samples: ref[0] and dis[0]
 * the sums of each picture's samples (at 8-bit scale), ref[1] and dis[1]
 * the sums of their squares. */
int float_moment_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const double ref[2],
                        const double dis[2], int pixels, unsigned index);

#endif
