/* What ssim and its CUDA twin share: the feature, the depths it accepts and
 * the score of a frame from its sums. */
#ifndef VMAF_FEATURE_SSIM_SSIM_COMMON_H
#define VMAF_FEATURE_SSIM_SSIM_COMMON_H

#include <errno.h>

#include "core/feature_extractor.h"
#include "core/log.h"

/* NULL-terminated. */
#define SSIM_PROVIDED_FEATURES {"ssim", NULL}

static inline int ssim_check_depth(const char *fex_name, unsigned bpc)
{
    if (bpc >= 8 && bpc <= 16)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8 to 16)", fex_name, bpc);
    return -EINVAL;
}

/* ssim: the sum of every pixel's SSIM times its window's mass, in raster
 * order; weight: the sum of the masses. */
static inline int ssim_append_score(VmafFexContext *ctx, VmafFeatureCollector *fc, double ssim,
                                    double weight, unsigned index)
{
    return vmaf_fex_append(ctx, fc, "ssim", ssim / weight, index);
}

#endif
