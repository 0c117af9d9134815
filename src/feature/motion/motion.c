/* Integer motion: how much the reference luma changes between frames.
 *
 * extract() scores frame n against reference n-1 (n-2 with the five-frame
 * window) from the pictures the framework passes in, so frames can be scored
 * in any order and on several instances. flush() then derives motion2 and
 * motion3, which look at neighbouring frames, from the stored sad scores. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/feature_name.h"
#include "core/log.h"
#include "motion_dsp.h"

#define SAD_FEATURE "VMAF_integer_feature_motion_sad_score"
#define DEBUG_FEATURE "VMAF_integer_feature_motion_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_score"

typedef struct MotionState {
    bool force_zero;
    double blend_factor;
    double blend_offset;
    double fps_weight;
    double max_val;
    bool five_frame_window;
    bool moving_average;
    bool debug;

    unsigned w, h, bpc;
    int32_t *blurred_row; /* one row of the vertically blurred difference */
    MotionDsp dsp;
} MotionState;

static const VmafOption motion_options[] = {
    {
        .name = "motion_force_zero",
        .alias = "force_0",
        .help = "write 0 as the motion of every frame",
        .offset = offsetof(MotionState, force_zero),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_factor",
        .alias = "mbf",
        .help = "weight of the raw score when blending it with its value capped at the offset",
        .offset = offsetof(MotionState, blend_factor),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_offset",
        .alias = "mbo",
        .help = "score above which blending damps the motion",
        .offset = offsetof(MotionState, blend_offset),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 40.0,
        .min = 0.0,
        .max = 1000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_fps_weight",
        .alias = "mfw",
        .help = "multiplier correcting the score for the frame rate",
        .offset = offsetof(MotionState, fps_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 5.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_max_val",
        .alias = "mmxv",
        .help = "largest score written; larger ones are clipped",
        .offset = offsetof(MotionState, max_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 10000.0,
        .min = 0.0,
        .max = 10000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_five_frame_window",
        .alias = "mffw",
        .help = "compare each frame with the one two frames back",
        .offset = offsetof(MotionState, five_frame_window),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_moving_average",
        .alias = "mma",
        .help = "average motion3 with the previous frame's value",
        .offset = offsetof(MotionState, moving_average),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "debug",
        .help = "also write the sad score as " DEBUG_FEATURE,
        .offset = offsetof(MotionState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {0},
};

/* Frames scored against the reference this many frames back; earlier ones
 * have no such reference and score 0. */
static unsigned frame_distance(const MotionState *s)
{
    return s->five_frame_window ? 2 : 1;
}

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

/* The score blended with its value capped at the offset, then clipped. */
static double blend_and_clip(const MotionState *s, double score)
{
    const double blended =
        score * s->blend_factor + (1.0 - s->blend_factor) * min_of(s->blend_offset, score);
    return min_of(blended, s->max_val);
}

static int motion_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                       unsigned h)
{
    MotionState *s = ctx->priv;
    /* The mirrored 5-tap filter reaches two samples past each edge; with
     * force_zero no sample is read, so any size will do. */
    const unsigned min_size = s->force_zero ? 1 : MOTION_FILTER_TAPS / 2 + 1;
    if (w < min_size || h < min_size || bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "motion: %ux%u %u-bit pictures are not supported (at least %ux%u, 8 to 16 bits)",
                 w, h, bpc, min_size, min_size);
        return -EINVAL;
    }
    s->blurred_row = malloc(sizeof(*s->blurred_row) * w);
    if (!s->blurred_row)
        return -ENOMEM;
    s->w = w;
    s->h = h;
    s->bpc = bpc;
    motion_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return 0;
}

/* Sum of |blur(prev - cur)| over the luma plane. */
static uint64_t blurred_difference_sad(MotionState *s, const VmafPicture *prev,
                                       const VmafPicture *cur)
{
    void (*const vertical)(int32_t *, const MotionRows *, unsigned, unsigned) =
        s->bpc > 8 ? s->dsp.diff_blur_vertical_16 : s->dsp.diff_blur_vertical_8;
    const uint8_t *prev_plane = prev->data[0], *cur_plane = cur->data[0];

    uint64_t sad = 0;
    for (unsigned y = 0; y < s->h; y++) {
        MotionRows rows;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            const unsigned src_y = motion_mirror_index((int)y - MOTION_FILTER_TAPS / 2 + k, s->h);
            rows.prev[k] = prev_plane + (ptrdiff_t)src_y * prev->stride[0];
            rows.cur[k] = cur_plane + (ptrdiff_t)src_y * cur->stride[0];
        }
        vertical(s->blurred_row, &rows, s->w, s->bpc);
        sad += s->dsp.blur_horizontal_abs_sum(s->blurred_row, s->w);
    }
    return sad;
}

static int motion_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                          VmafFeatureCollector *fc)
{
    MotionState *s = ctx->priv;
    double score = 0.0;

    if (!s->force_zero && index >= frame_distance(s)) {
        const VmafPicture *earlier = s->five_frame_window ? ctx->prev_prev_ref : ctx->prev_ref;
        if (!earlier) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "motion: frame %u has no earlier reference picture",
                     index);
            return -EINVAL;
        }
        const double sad = (double)blurred_difference_sad(s, earlier, ref);
        score = min_of(sad / 256.0 / (s->w * s->h) * s->fps_weight, s->max_val);
    }

    int err = vmaf_fex_append(ctx, fc, SAD_FEATURE, score, index);
    if (!err && s->debug)
        err = vmaf_fex_append(ctx, fc, DEBUG_FEATURE, score, index);
    return err;
}

/* motion2 of frame i: the smaller of the sad scores around it, so that a
 * lone spike (a scene cut) is not taken for motion. */
static double motion2_at(const MotionState *s, const double *sad, unsigned n, unsigned i)
{
    const unsigned first = frame_distance(s);
    if (i < first)
        return 0.0;
    if (i + 1 >= n)
        return sad[i];
    const unsigned lo = i - (first - 1);
    if (lo >= first)
        return sad[lo] < sad[i + 1] ? sad[lo] : sad[i + 1];
    return sad[i + 1];
}

static int append_motion2_motion3(VmafFexContext *ctx, VmafFeatureCollector *fc, const double *sad,
                                  unsigned n)
{
    const MotionState *s = ctx->priv;
    const unsigned first = frame_distance(s);
    /* Frames without an earlier reference take the first real frame's value. */
    const double leading = n > first ? blend_and_clip(s, sad[first]) : 0.0;

    double previous = leading;
    int err = 0;
    for (unsigned i = 0; !err && i < n; i++) {
        const double motion2 = motion2_at(s, sad, n, i);
        double motion3 = leading;
        if (i >= first) {
            const double current = blend_and_clip(s, motion2);
            motion3 = s->moving_average ? (current + previous) / 2.0 : current;
            previous = current;
        }
        err = vmaf_fex_append(ctx, fc, MOTION2_FEATURE, motion2, i);
        if (!err)
            err = vmaf_fex_append(ctx, fc, MOTION3_FEATURE, motion3, i);
    }
    return err;
}

static int motion_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    char sad_name[256];
    /* Stored under the suffixed name vmaf_fex_append() gave it. */
    int err = vmaf_feature_name_from_state(sad_name, sizeof(sad_name), SAD_FEATURE,
                                           ctx->fex->options, ctx->priv);
    if (err < 0)
        return err;

    unsigned n = 0;
    double score;
    while (!vmaf_feature_collector_get_score(fc, sad_name, &score, n))
        n++;
    if (!n)
        return 1;

    double *sad = malloc(sizeof(*sad) * n);
    if (!sad)
        return -ENOMEM;
    for (unsigned i = 0; i < n; i++)
        vmaf_feature_collector_get_score(fc, sad_name, &sad[i], i);
    err = append_motion2_motion3(ctx, fc, sad, n);
    free(sad);
    return err < 0 ? err : 1;
}

static void motion_close(VmafFexContext *ctx)
{
    MotionState *s = ctx->priv;
    free(s->blurred_row);
}

static const char *const motion_provided_features[] = {
    SAD_FEATURE, DEBUG_FEATURE, MOTION2_FEATURE, MOTION3_FEATURE, NULL,
};

const VmafFeatureExtractor vmaf_fex_motion = {
    .name = "motion",
    .options = motion_options,
    .priv_size = sizeof(MotionState),
    .flags = VMAF_FEATURE_EXTRACTOR_PREV_REF,
    .provided_features = motion_provided_features,
    .init = motion_init,
    .extract = motion_extract,
    .flush = motion_flush,
    .close = motion_close,
};
