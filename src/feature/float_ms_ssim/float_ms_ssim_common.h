/* What float_ms_ssim and its CUDA twin share: the options, the planes and
 * scales scored and their sizes (with the checks that refuse small ones),
 * and the combination of each scale's means into the scores. */
#ifndef VMAF_FEATURE_FLOAT_MS_SSIM_FLOAT_MS_SSIM_COMMON_H
#define VMAF_FEATURE_FLOAT_MS_SSIM_FLOAT_MS_SSIM_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "feature/ssim_pass/ssim_pass.h"

#define MS_SSIM_SCALES 5

/* Option values; each extractor's option table points into this. */
typedef struct FloatMsSsimOptions {
    bool enable_lcs;
    bool enable_db;
    bool clip_db;
    bool enable_chroma;
} FloatMsSsimOptions;

/* The option rows of FloatMsSsimOptions for a private struct `state`
 * holding it as `member`. */
/* clang-format off */
#define FLOAT_MS_SSIM_OPTIONS(state, member)                                                       \
    {                                                                                              \
        .name = "enable_lcs",                                                                      \
        .help = "also write the mean luminance, contrast and structure terms of every scale "     \
                "(luma)",                                                                          \
        .offset = offsetof(state, member.enable_lcs),                                              \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "enable_db",                                                                       \
        .help = "write the scores as -10 log10(1 - MS-SSIM) dB",                                   \
        .offset = offsetof(state, member.enable_db),                                               \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "clip_db",                                                                         \
        .help = "cap the dB scores where half a squared step of error over the plane would be",   \
        .offset = offsetof(state, member.clip_db),                                                 \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "enable_chroma",                                                                   \
        .help = "also score the chroma planes, as float_ms_ssim_cb and float_ms_ssim_cr",          \
        .offset = offsetof(state, member.enable_chroma),                                           \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    }
/* clang-format on */

/* NULL-terminated. */
extern const char *const float_ms_ssim_provided_features[];

/* The planes scored (luma, and with enable_chroma cb and cr) and the size of
 * each scale of each, the first a picture plane's and each next one half
 * the one before, rounded up. */
typedef struct MsSsimGeometry {
    unsigned planes;
    unsigned w[3][MS_SSIM_SCALES], h[3][MS_SSIM_SCALES];
    double max_db[3]; /* clip_db's caps, else INFINITY */
} MsSsimGeometry;

/* The geometry of w x h pictures of pix_fmt and bpc, or -EINVAL (logged by
 * fex_name) for a depth other than 8, 10, 12 or 16, or a plane too small
 * for the five scales. */
int ms_ssim_geometry(MsSsimGeometry *g, const FloatMsSsimOptions *opt, const char *fex_name,
                     enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);

/* Appends plane p's score (and for luma with enable_lcs the terms of every
 * scale) from its scales' means. */
int ms_ssim_append_plane(VmafFexContext *ctx, VmafFeatureCollector *fc,
                         const FloatMsSsimOptions *opt, const MsSsimGeometry *g, unsigned p,
                         const SsimMeans means[MS_SSIM_SCALES], unsigned index);

#endif
