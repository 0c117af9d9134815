/* What the integer motion extractors (motion, motion_v2) share: the options
 * that shape their scores, the sad of the blurred luma difference through
 * the DSP table, and the motion2 / motion3 derivation at the flush. */
#ifndef VMAF_FEATURE_MOTION_COMMON_COMMON_H
#define VMAF_FEATURE_MOTION_COMMON_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "motion_dsp.h"

/* Option values; each extractor's option table points into this. */
typedef struct MotionScoring {
    bool force_zero;
    double blend_factor;
    double blend_offset;
    double fps_weight;
    double max_val;
    bool five_frame_window;
    bool moving_average;
} MotionScoring;

/* The option rows of MotionScoring, in the order the feature names take
 * their suffixes, for a private struct `state` holding it as `member`. */
/* clang-format off */
#define MOTION_SCORING_OPTIONS(state, member, five_frame_window_help)                              \
    {                                                                                              \
        .name = "motion_force_zero",                                                               \
        .alias = "force_0",                                                                        \
        .help = "write 0 as the motion of every frame",                                            \
        .offset = offsetof(state, member.force_zero),                                              \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
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
        .help = "score above which blending damps the motion",                                     \
        .offset = offsetof(state, member.blend_offset),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 40.0,                                                                     \
        .min = 0.0,                                                                                \
        .max = 1000.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_fps_weight",                                                               \
        .alias = "mfw",                                                                            \
        .help = "multiplier correcting the score for the frame rate",                              \
        .offset = offsetof(state, member.fps_weight),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 5.0,                                                                                \
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
    },                                                                                             \
    {                                                                                              \
        .name = "motion_five_frame_window",                                                        \
        .alias = "mffw",                                                                           \
        .help = five_frame_window_help,                                                            \
        .offset = offsetof(state, member.five_frame_window),                                       \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "motion_moving_average",                                                           \
        .alias = "mma",                                                                            \
        .help = "average motion3 with the previous frame's value",                                 \
        .offset = offsetof(state, member.moving_average),                                          \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

/* The luma plane geometry and scratch row of one extractor instance. */
typedef struct MotionSad {
    unsigned w, h, bpc;
    int32_t *blurred_row; /* one row of the vertically blurred difference */
    MotionDsp dsp;
} MotionSad;

/* Names of the features the flush reads and writes. */
typedef struct MotionFeatureNames {
    const char *sad;
    const char *motion2;
    const char *motion3;
} MotionFeatureNames;

/* Frames scored against the reference this many frames back; earlier ones
 * have no such reference and score 0. */
unsigned motion_frame_distance(const MotionScoring *opt);

int motion_sad_init(MotionSad *m, unsigned w, unsigned h, unsigned bpc, unsigned cpu_flags);
void motion_sad_close(MotionSad *m);

/* The clipped, frame-rate-weighted score of a w x h plane's sad (the sum of
 * |blurred difference|, as the DSP table sums it). */
double motion_score_of_sad(const MotionScoring *opt, uint64_t sad, unsigned w, unsigned h);

/* The clipped, frame-rate-weighted sad score of cur against prev. */
double motion_sad_score(MotionSad *m, const MotionScoring *opt, const VmafPicture *prev,
                        const VmafPicture *cur);

/* Appends motion2 and motion3 for every frame whose sad score is stored;
 * returns 1 (flushed) or a negative errno. */
int motion_flush_derived(VmafFexContext *ctx, VmafFeatureCollector *fc, const MotionScoring *opt,
                         const MotionFeatureNames *names);

#endif
