/* What float_ansnr and its CUDA twin share: the accepted formats, the
 * kernels, the provided features and the scoring of a frame's energies. */
#ifndef VMAF_FEATURE_FLOAT_ANSNR_COMMON_H
#define VMAF_FEATURE_FLOAT_ANSNR_COMMON_H

#include "core/feature_extractor.h"
#include "float_ansnr_math.h"

/* The 5-tap mirror needs 3 samples each way. */
#define FLOAT_ANSNR_MIN_SIDE (FLOAT_ANSNR_DIS_TAPS / 2 + 1)

/* As in libvmaf, float_anpsnr is written but not provided (no lookup by
 * that name). */
extern const char *const float_ansnr_provided_features[];

/* 0, or -EINVAL logged as fex_name's error. */
int float_ansnr_check_format(const char *fex_name, unsigned bpc, unsigned w, unsigned h);

/* The kernels' weights, as libvmaf's tables hold them. */
void float_ansnr_kernels(FloatAnsnrKernels *k);

/* float_ansnr and float_anpsnr of a w x h frame of bpc bits whose energies
 * are e. */
int float_ansnr_append(VmafFexContext *ctx, VmafFeatureCollector *fc, unsigned bpc, unsigned w,
                       unsigned h, FloatAnsnrEnergy e, unsigned index);

#endif
