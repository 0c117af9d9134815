/* What float_motion and its CUDA twin share: the options, the checks and
 * plane geometry of init, the blur's taps, a frame's motion from its sums of
 * absolute differences, and which score is written for which frame when. */
#ifndef VMAF_FEATURE_FLOAT_MOTION_COMMON_H
#define VMAF_FEATURE_FLOAT_MOTION_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"

enum { FLOAT_MOTION_MAX_PLANES = 3, FLOAT_MOTION_MAX_TAPS = 5 };

/* Option values; each extractor's option table points into this. */
typedef struct FloatMotionOptions {
    bool debug;
    bool force_zero;
    double fps_weight;
    double blend_factor;
    double blend_offset;
    bool add_scale1;
    int filter_size;
    bool add_uv;
    double max_val;
} FloatMotionOptions;

#define FLOAT_MOTION_FEATURE "VMAF_feature_motion_score"
#define FLOAT_MOTION2_FEATURE "VMAF_feature_motion2_score"
#define FLOAT_MOTION3_FEATURE "VMAF_feature_motion3_score"

/* NULL-terminated. */
extern const char *const float_motion_provided_features[];

/* The option rows of FloatMotionOptions for a private struct `state` holding
 * it as `member`, in the order the feature names take their suffixes. */
/* clang-format off */
#define FLOAT_MOTION_OPTIONS(state, member)                                                        \
    {                                                                                              \
        .name = "debug",                                                                           \
        .help = "also write each frame's motion as " FLOAT_MOTION_FEATURE,                         \
        .offset = offsetof(state, member.debug),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = true,                                                                     \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_force_zero",                                                               \
        .alias = "force_0",                                                                        \
        .help = "write 0 as every score",                                                          \
        .offset = offsetof(state, member.force_zero),                                              \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_fps_weight",                                                               \
        .alias = "mfw",                                                                            \
        .help = "multiplier correcting the scores for the frame rate",                             \
        .offset = offsetof(state, member.fps_weight),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 5.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_blend_factor",                                                             \
        .alias = "mbf",                                                                            \
        .help = "weight of the raw score when blending it with its value capped at the offset",    \
        .offset = offsetof(state, member.blend_factor),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_blend_offset",                                                             \
        .alias = "mbo",                                                                            \
        .help = "score above which blending damps motion3",                                        \
        .offset = offsetof(state, member.blend_offset),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 40.0,                                                                     \
        .min = 0.0,                                                                                \
        .max = 1000.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_add_scale1",                                                               \
        .alias = "mdc",                                                                            \
        .help = "add the motion of the blurred planes resized by 1/2 (bilinear)",                  \
        .offset = offsetof(state, member.add_scale1),                                              \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_filter_size",                                                              \
        .alias = "mfs",                                                                            \
        .help = "blur: 3 taps, 1 none, anything else 5 taps",                                      \
        .offset = offsetof(state, member.filter_size),                                             \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 5,                                                                        \
        .min = 0,                                                                                  \
        .max = 9,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_add_uv",                                                                   \
        .alias = "mau",                                                                            \
        .help = "add the motion of both chroma planes",                                            \
        .offset = offsetof(state, member.add_uv),                                                  \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_max_val",                                                                  \
        .alias = "mmxv",                                                                           \
        .help = "largest score written; larger ones are clipped",                                  \
        .offset = offsetof(state, member.max_val),                                                 \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 10000.0,                                                                  \
        .min = 0.0,                                                                                \
        .max = 10000.0,                                                                            \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

/* The planes a frame's motion is measured on and the blur applied to them. */
typedef struct FloatMotionGeometry {
    unsigned planes; /* 1, 3 with add_uv; 0 with force_zero (nothing is read) */
    unsigned w[FLOAT_MOTION_MAX_PLANES], h[FLOAT_MOTION_MAX_PLANES];
    /* The second scale of each plane (add_scale1). */
    unsigned half_w[FLOAT_MOTION_MAX_PLANES], half_h[FLOAT_MOTION_MAX_PLANES];
    const float *taps;
    unsigned n_taps;
} FloatMotionGeometry;

/* The planes float_motion reads (VmafFeatureExtractor.planes): chroma with
 * add_uv, which 4:0:0 has none of. */
unsigned float_motion_planes_read(const FloatMotionOptions *opt, enum VmafPixelFormat pix_fmt);

/* float_motion's checks of the format against the options (fex_name, for
 * the messages), and *g for it; -EINVAL, logged, for what it refuses. */
int float_motion_geometry(FloatMotionGeometry *g, const char *fex_name,
                          const FloatMotionOptions *opt, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h);

/* A frame's motion, unweighted, from the sums of |a - b| of each plane
 * (sad[p][0]) and of its second scale (sad[p][1], with add_scale1): each
 * plane's mean in float, added in double. */
double float_motion_frame_score(const FloatMotionGeometry *g, bool add_scale1,
                                const float sad[][2]);

/* The last frame extracted and its motion against the one before. */
typedef struct FloatMotionTrack {
    unsigned index;
    double score; /* unweighted; of the last frame past 0 */
} FloatMotionTrack;

/* motion_force_zero: every score of frame index is 0. */
int float_motion_append_zeros(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, unsigned index);

/* Frame 0, which has no motion: its motion2 (and debug score) is 0; its
 * motion3 comes with frame 1. */
int float_motion_append_first(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, FloatMotionTrack *track);

/* Frame index > 0 with its motion `score`: its debug score, then motion2 and
 * motion3 of the frame before, whose motion against the frame before it is
 * `earlier` (not read for frame 1). */
int float_motion_append_frame(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, FloatMotionTrack *track,
                              unsigned index, double score, double earlier);

/* At the flush: motion2 and motion3 of the last frame are its own motion. */
int float_motion_append_last(VmafFexContext *ctx, VmafFeatureCollector *fc,
                             const FloatMotionOptions *opt, const FloatMotionTrack *track);

#endif
