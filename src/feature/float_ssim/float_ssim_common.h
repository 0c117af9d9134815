/* What float_ssim and its CUDA twin share: the options, the decimation and
 * sizes scored (with the checks that refuse small pictures), and the scores
 * from the means of one SSIM pass. */
#ifndef VMAF_FEATURE_FLOAT_SSIM_FLOAT_SSIM_COMMON_H
#define VMAF_FEATURE_FLOAT_SSIM_FLOAT_SSIM_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "feature/ssim_pass/ssim_pass.h"

#define FLOAT_SSIM_MAX_SCALE 10

/* Option values; each extractor's option table points into this. */
typedef struct FloatSsimOptions {
    bool enable_lcs;
    bool enable_db;
    bool clip_db;
    int scale; /* 0: automatic */
} FloatSsimOptions;

/* The option rows of FloatSsimOptions for a private struct `state` holding
 * it as `member`. */
/* clang-format off */
#define FLOAT_SSIM_OPTIONS(state, member)                                                          \
    {                                                                                              \
        .name = "enable_lcs",                                                                      \
        .help = "also write the mean luminance, contrast and structure terms",                     \
        .offset = offsetof(state, member.enable_lcs),                                              \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "enable_db",                                                                       \
        .help = "write the score as -10 log10(1 - SSIM) dB",                                       \
        .offset = offsetof(state, member.enable_db),                                               \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "clip_db",                                                                         \
        .help = "cap the dB score where half a squared step of error over the frame would be",     \
        .offset = offsetof(state, member.clip_db),                                                 \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "scale",                                                                           \
        .help = "decimation factor before scoring: 0 picks one from the size, 1 keeps the size",   \
        .offset = offsetof(state, member.scale),                                                   \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 0,                                                                                  \
        .max = FLOAT_SSIM_MAX_SCALE,                                                               \
    }
/* clang-format on */

/* NULL-terminated. */
extern const char *const float_ssim_provided_features[];

/* What a frame of w x h is scored at: the picture box-decimated by factor
 * (1: not decimated) to scaled_w x scaled_h. */
typedef struct FloatSsimGeometry {
    unsigned factor;
    unsigned scaled_w, scaled_h;
    double max_db; /* clip_db's cap, else INFINITY */
} FloatSsimGeometry;

/* The geometry of w x h pictures of bpc, or -EINVAL (logged by fex_name)
 * for a depth other than 8, 10, 12 or 16, or a scaled picture smaller than
 * the window. */
int float_ssim_geometry(FloatSsimGeometry *g, const FloatSsimOptions *opt, const char *fex_name,
                        unsigned bpc, unsigned w, unsigned h);

/* Appends the frame's score (and with enable_lcs its terms) from the means
 * of its SSIM pass. */
int float_ssim_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                             const FloatSsimOptions *opt, const FloatSsimGeometry *g,
                             const SsimMeans *m, unsigned index);

#endif
