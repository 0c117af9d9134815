/* What float VIF's extractors (float_vif and its CUDA twin float_vif_cuda)
 * share: the option rows, the provided features, the checks and filters of
 * the setup, and the arithmetic that turns each scale's sums into libvmaf's
 * scores. Both score alike because both call this. */
#ifndef VMAF_FEATURE_FLOAT_VIF_FLOAT_VIF_COMMON_H
#define VMAF_FEATURE_FLOAT_VIF_FLOAT_VIF_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_common_dsp.h"

#define FLOAT_VIF_SCALES 4

/* Option values; each extractor's option table points into this. */
typedef struct FloatVifOptions {
    bool debug;
    double gain_limit;
    double kernel_scale;
    double prescale;
    double min_val[FLOAT_VIF_SCALES]; /* lower bound of scales 1..3 */
    const char *prescale_method;
    double sigma_nsq;
    bool skip_scale0;
} FloatVifOptions;

/* The defaults of the options a twin may leave out of its table: its init
 * sets them, as the CPU's table would. */
#define FLOAT_VIF_DEFAULT_PRESCALE 1.0
#define FLOAT_VIF_DEFAULT_PRESCALE_METHOD "nearest"

/* The option rows of FloatVifOptions for a private struct `state` holding
 * it as `member`, one macro a row; FLOAT_VIF_OPTIONS lists them all, in the
 * order the feature names take their suffixes. */
/* clang-format off */
#define FLOAT_VIF_OPTION_DEBUG(state, member)                                                      \
    {                                                                                              \
        .name = "debug",                                                                           \
        .help = "also write the pooled score and every scale's numerator and denominator",         \
        .offset = offsetof(state, member.debug),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    }
#define FLOAT_VIF_OPTION_GAIN_LIMIT(state, member)                                                 \
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
    }
#define FLOAT_VIF_OPTION_KERNEL_SCALE(state, member)                                               \
    {                                                                                              \
        .name = "vif_kernelscale",                                                                 \
        .alias = "ks",                                                                             \
        .help = "multiplier of the Gaussian filters' width and deviation (one of 21 values, "      \
                "e.g. 0.5, 1, 1.5, 2)",                                                            \
        .offset = offsetof(state, member.kernel_scale),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.1,                                                                                \
        .max = 4.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTION_PRESCALE(state, member)                                                   \
    {                                                                                              \
        .name = "vif_prescale",                                                                    \
        .alias = "ps",                                                                             \
        .help = "factor both pictures are resized by before scoring (2.0 doubles each side)",      \
        .offset = offsetof(state, member.prescale),                                                \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = FLOAT_VIF_DEFAULT_PRESCALE,                                               \
        .min = 0.1,                                                                                \
        .max = 4.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTION_MIN_VAL(state, member, n)                                                 \
    {                                                                                              \
        .name = "vif_scale" #n "_min_val",                                                         \
        .alias = "s" #n "miv",                                                                     \
        .help = "lower bound of the scale " #n " score",                                           \
        .offset = offsetof(state, member.min_val[n]),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTION_PRESCALE_METHOD(state, member)                                            \
    {                                                                                              \
        .name = "vif_prescale_method",                                                             \
        .alias = "pm",                                                                             \
        .help = "resampler of vif_prescale: nearest, bilinear, bicubic or lanczos4",               \
        .offset = offsetof(state, member.prescale_method),                                         \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = FLOAT_VIF_DEFAULT_PRESCALE_METHOD,                                        \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTION_SIGMA_NSQ(state, member)                                                  \
    {                                                                                              \
        .name = "vif_sigma_nsq",                                                                   \
        .alias = "snsq",                                                                           \
        .help = "variance of the neural noise added to both pictures",                             \
        .offset = offsetof(state, member.sigma_nsq),                                               \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 2.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 5.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTION_SKIP_SCALE0(state, member)                                                \
    {                                                                                              \
        .name = "vif_skip_scale0",                                                                 \
        .alias = "ssclz",                                                                          \
        .help = "do not compute scale 0; its score is written as 0",                               \
        .offset = offsetof(state, member.skip_scale0),                                             \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_VIF_OPTIONS(state, member)                                                           \
    FLOAT_VIF_OPTION_DEBUG(state, member),                                                         \
    FLOAT_VIF_OPTION_GAIN_LIMIT(state, member),                                                    \
    FLOAT_VIF_OPTION_KERNEL_SCALE(state, member),                                                  \
    FLOAT_VIF_OPTION_PRESCALE(state, member),                                                      \
    FLOAT_VIF_OPTION_MIN_VAL(state, member, 1),                                                    \
    FLOAT_VIF_OPTION_MIN_VAL(state, member, 2),                                                    \
    FLOAT_VIF_OPTION_MIN_VAL(state, member, 3),                                                    \
    FLOAT_VIF_OPTION_PRESCALE_METHOD(state, member),                                               \
    FLOAT_VIF_OPTION_SIGMA_NSQ(state, member),                                                     \
    FLOAT_VIF_OPTION_SKIP_SCALE0(state, member)
/* clang-format on */

/* NULL-terminated. */
extern const char *const float_vif_provided_features[];

/* What the options and the input's size make of the computation. */
typedef struct FloatVifSetup {
    enum FloatResampleMethod method;
    unsigned w, h; /* of scale 0, after prescaling */
    unsigned n_taps[FLOAT_VIF_SCALES];
    /* Gaussian filters of n_taps taps: scale s's moments, and the low-pass
     * of scale s - 1 before it is decimated into scale s. */
    float taps[FLOAT_VIF_SCALES][FLOAT_FILTER_MAX_TAPS];
} FloatVifSetup;

/* Checks the depth, the kernel scale, the resampler's name and that every
 * scored scale holds its filter; logs under fex_name otherwise (-EINVAL). */
int float_vif_setup(const char *fex_name, const FloatVifOptions *opt, unsigned bpc, unsigned w,
                    unsigned h, FloatVifSetup *setup);

/* One scale's statistic: the sums of its num and den terms. */
typedef struct FloatVifSums {
    float num, den;
} FloatVifSums;

/* Appends frame index's scores (and with debug, the pooled score and each
 * scale's numerator and denominator) from each scale's sums; those of a
 * skipped scale 0 are not read. */
int float_vif_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                            const FloatVifOptions *opt, const FloatVifSums sums[FLOAT_VIF_SCALES],
                            unsigned index);

/* The CPU extractor's (vmaf_fex_float_vif's) sums of one frame, for tests of
 * other implementations; ctx is an initialised instance of it. */
void float_vif_cpu_sums(VmafFexContext *ctx, const VmafPicture *ref, const VmafPicture *dis,
                        FloatVifSums sums[FLOAT_VIF_SCALES]);

#endif
