/* What cambi and its CUDA twin share: the options, the sizes and thresholds
 * the options and the input resolve to, the check of the input's samples,
 * and the writing of the scores. */
#ifndef VMAF_FEATURE_CAMBI_CAMBI_COMMON_H
#define VMAF_FEATURE_CAMBI_CAMBI_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cambi_dsp.h"
#include "cambi_tools.h"
#include "core/feature_extractor.h"

#define CAMBI_DEFAULT_TOPK 0.6
#define CAMBI_DEFAULT_EOTF "bt1886"

/* Option values, as given: they also name the scores. Each extractor's
 * option table points into this. */
typedef struct CambiOptions {
    double max_val;
    int enc_width, enc_height, enc_bitdepth;
    int src_width, src_height;
    int window_size;
    double topk, cambi_topk;
    double tvi_threshold;
    double vis_lum_threshold;
    int max_log_contrast;
    bool full_ref;
    const char *eotf, *cambi_eotf;
    int high_res_speedup;
} CambiOptions;

/* The option rows of CambiOptions for a private struct `state` holding it
 * as `member`: every option but heatmaps_path. */
/* clang-format off */
#define CAMBI_OPTIONS(state, member)                                                               \
    {                                                                                              \
        .name = "cambi_max_val",                                                                   \
        .alias = "cmxv",                                                                           \
        .help = "largest score written; larger ones are clipped to it",                            \
        .offset = offsetof(state, member.max_val),                                                 \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1000.0,                                                                   \
        .min = 0.0,                                                                                \
        .max = 1000.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "enc_width",                                                                       \
        .alias = "encw",                                                                           \
        .help = "width the content was encoded at (default: the input width)",                     \
        .offset = offsetof(state, member.enc_width),                                               \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 180,                                                                                \
        .max = 7680,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "enc_height",                                                                      \
        .alias = "ench",                                                                           \
        .help = "height the content was encoded at (default: the input height)",                   \
        .offset = offsetof(state, member.enc_height),                                              \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 150,                                                                                \
        .max = 7680,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "enc_bitdepth",                                                                    \
        .alias = "encbd",                                                                          \
        .help = "bit depth the content was encoded at (default: the input's); below 10 the "      \
                "picture is anti-dithered",                                                        \
        .offset = offsetof(state, member.enc_bitdepth),                                            \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 6,                                                                                  \
        .max = 16,                                                                                 \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "src_width",                                                                       \
        .alias = "srcw",                                                                           \
        .help = "width the reference is scored at with full_ref (default: the input width)",       \
        .offset = offsetof(state, member.src_width),                                               \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 320,                                                                                \
        .max = 7680,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "src_height",                                                                      \
        .alias = "srch",                                                                           \
        .help = "height the reference is scored at with full_ref (default: the input height)",     \
        .offset = offsetof(state, member.src_height),                                              \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 200,                                                                                \
        .max = 4320,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "window_size",                                                                     \
        .alias = "ws",                                                                             \
        .help = "window side at 4K (about one degree); scaled to the picture size",                \
        .offset = offsetof(state, member.window_size),                                             \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 65,                                                                       \
        .min = 15,                                                                                 \
        .max = 127,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "topk",                                                                            \
        .help = "fraction of the largest c-values pooled into each scale's score; overrides "      \
                "cambi_topk when not 0.6",                                                         \
        .offset = offsetof(state, member.topk),                                                    \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = CAMBI_DEFAULT_TOPK,                                                       \
        .min = 0.0001,                                                                             \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "cambi_topk",                                                                      \
        .alias = "ctpk",                                                                           \
        .help = "fraction of the largest c-values pooled into each scale's score",                 \
        .offset = offsetof(state, member.cambi_topk),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = CAMBI_DEFAULT_TOPK,                                                       \
        .min = 0.0001,                                                                             \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "tvi_threshold",                                                                   \
        .alias = "tvit",                                                                           \
        .help = "a luminance step is visible when it exceeds this fraction of the luminance",      \
        .offset = offsetof(state, member.tvi_threshold),                                           \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.019,                                                                    \
        .min = 0.0001,                                                                             \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "cambi_vis_lum_threshold",                                                         \
        .alias = "vlt",                                                                            \
        .help = "luminance (cd/m^2) below which banding is taken to be invisible",                 \
        .offset = offsetof(state, member.vis_lum_threshold),                                       \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 300.0,                                                                              \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "max_log_contrast",                                                                \
        .alias = "mlc",                                                                            \
        .help = "contrasts of up to 2^max_log_contrast 10-bit codes are tested",                   \
        .offset = offsetof(state, member.max_log_contrast),                                        \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 2,                                                                        \
        .min = 0,                                                                                  \
        .max = 5,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "full_ref",                                                                        \
        .help = "also score the reference and write cambi_source and cambi_full_reference",        \
        .offset = offsetof(state, member.full_ref),                                                \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "eotf",                                                                            \
        .help = "display model of the visibility thresholds: bt1886 or pq",                        \
        .offset = offsetof(state, member.eotf),                                                    \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = CAMBI_DEFAULT_EOTF,                                                       \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "cambi_eotf",                                                                      \
        .alias = "ceot",                                                                           \
        .help = "display model of the visibility thresholds: bt1886 or pq; overrides eotf when "   \
                "not bt1886",                                                                      \
        .offset = offsetof(state, member.cambi_eotf),                                              \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = CAMBI_DEFAULT_EOTF,                                                       \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "cambi_high_res_speedup",                                                          \
        .alias = "hrs",                                                                            \
        .help = "from this height on (1080, 1440 or 2160; 0: never) the first scale is "           \
                "decimated too, which is faster and slightly less accurate",                       \
        .offset = offsetof(state, member.high_res_speedup),                                        \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 0,                                                                                  \
        .max = 2160,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

/* NULL-terminated. */
extern const char *const cambi_provided_features[];

/* One picture size CAMBI runs at: the encoding's, or the source's for the
 * reference picture of full_ref. */
typedef struct CambiView {
    unsigned w, h;
    unsigned window; /* adjusted to the size */
    unsigned mask_threshold;
    CambiCParams cp;
} CambiView;

/* What the options and the input resolve to. */
typedef struct CambiSetup {
    unsigned bpc, in_w, in_h;
    bool speedup;     /* the first scale is decimated too */
    bool anti_dither; /* encoded below 10 bits */
    double pool_topk;
    CambiView dis, src; /* src only counts with full_ref */
} CambiSetup;

/* Resolves and checks sizes, windows and thresholds as the reference does;
 * 0 or -EINVAL, logged. */
int cambi_setup(const CambiOptions *opt, unsigned bpc, unsigned w, unsigned h, CambiSetup *s);

/* Whether scale `scale` of a view is decimated from the one before it (or,
 * at scale 0, from the view itself). */
static inline bool cambi_scale_decimated(const CambiSetup *s, unsigned scale)
{
    return scale > 0 || s->speedup;
}

/* Samples above the input's depth are refused, as the reference does (not at
 * 16 bits, where none can be): whether pictures need the check, and the
 * check of their largest sample, logged. */
static inline bool cambi_depth_checked(unsigned bpc)
{
    return bpc > 8 && bpc < 16;
}

int cambi_check_samples(unsigned bpc, unsigned max_sample);

/* Appends frame index's score of the distorted picture, clipped to
 * cambi_max_val. */
int cambi_append_score(VmafFexContext *ctx, VmafFeatureCollector *fc, const CambiOptions *opt,
                       double dis_score, unsigned index);

/* With full_ref, after it: the reference's score and the banding the
 * distortion added, each clipped to cambi_max_val. */
int cambi_append_full_reference(VmafFeatureCollector *fc, const CambiOptions *opt, double dis_score,
                                double src_score, unsigned index);

#endif
