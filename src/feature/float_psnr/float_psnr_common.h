/* What float_psnr and its CUDA twin share: the provided features and the
 * score of a frame's squared error. */
#ifndef VMAF_FEATURE_FLOAT_PSNR_COMMON_H
#define VMAF_FEATURE_FLOAT_PSNR_COMMON_H

#include "core/feature_extractor.h"

extern const char *const float_psnr_provided_features[];

/* float_psnr of a w x h frame of bpc bits whose squared errors (at 8-bit
 * scale) sum to sse. */
int float_psnr_append(VmafFexContext *ctx, VmafFeatureCollector *fc, unsigned bpc, int w, int h,
                      double sse, unsigned index);

#endif
