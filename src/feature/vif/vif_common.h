/* What vif and its CUDA twin share: the options, the accepted formats, the
 * provided features and the arithmetic that turns each scale's sums into
 * libvmaf's scores. */
#ifndef VMAF_FEATURE_VIF_COMMON_H
#define VMAF_FEATURE_VIF_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "vif_math.h"

/* Scale 3 is w/8 x h/8 and its 3-tap filter reflects one sample past each
 * edge, which needs 2 samples; below that the reflection would leave the
 * picture. */
#define VIF_MIN_SIZE 16

/* Option values; each extractor's option table points into this. */
typedef struct VifOptions {
    bool debug;
    double gain_limit;
    bool skip_scale0;
} VifOptions;

/* The option rows of VifOptions for a private struct `state` holding it as
 * `member`, in the order the feature names take their suffixes. */
/* clang-format off */
#define VIF_OPTIONS(state, member)                                                                 \
    {                                                                                              \
        .name = "debug",                                                                           \
        .help = "also write the pooled score and every scale's numerator and denominator",         \
        .offset = offsetof(state, member.debug),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "vif_enhn_gain_limit",                                                             \
        .alias = "egl",                                                                            \
        .help = "largest gain credited to the distorted picture; 1.0 credits no enhancement",      \
        .offset = offsetof(state, member.gain_limit),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 100.0,                                                                    \
        .min = 1.0,                                                                                \
        .max = 100.0,                                                                              \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "vif_skip_scale0",                                                                 \
        .alias = "ssclz",                                                                          \
        .help = "do not compute scale 0; its score is written as 0",                               \
        .offset = offsetof(state, member.skip_scale0),                                             \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

/* NULL-terminated. */
extern const char *const vif_provided_features[];

/* 0 for what vif scores: 8 to 16 bits, VIF_MIN_SIZE or more each way. */
int vif_check_format(const char *fex_name, unsigned bpc, unsigned w, unsigned h);

/* Appends frame index's scores (and with debug, the pooled score and each
 * scale's numerator and denominator) from each scale's sums; those of a
 * skipped scale 0 are not read. */
int vif_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const VifOptions *opt,
                      const VifSums sums[VIF_SCALES], unsigned index);

#endif
