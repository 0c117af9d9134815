/* motion_v2: the fork's single-pass motion. Blurring is linear, so the SAD
 * of two blurred frames is the sum of |blur(previous - current)|: one pass
 * over the frame difference, through the integer motion's DSP table
 * (../motion/motion_dsp.h), with no blurred frames kept. Its sad score is
 * therefore the integer motion's (VMAF_integer_feature_motion_sad_score),
 * and motion2_v2 / motion3_v2 are that extractor's motion2 / motion3 in
 * its default three-frame window, under names of their own.
 *
 * Frame n is scored against the previous reference picture the framework
 * passes in (PREV_REF), so frames may be extracted in any order; flush()
 * derives motion2_v2 and motion3_v2 from the stored sad scores. The
 * five-frame window is refused, as by the fork. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/feature_name.h"
#include "core/log.h"
#include "feature/motion/motion_dsp.h"

#define SAD_FEATURE "VMAF_integer_feature_motion_v2_sad_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_v2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_v2_score"

typedef struct MotionV2State {
    bool force_zero;
    double blend_factor;
    double blend_offset;
    double fps_weight;
    double max_val;
    bool five_frame_window;
    bool moving_average;

    unsigned w, h, bpc;
    int32_t *blurred_row; /* one row of the vertically blurred difference */
    MotionDsp dsp;
} MotionV2State;

static const VmafOption motion_v2_options[] = {
    {
        .name = "motion_force_zero",
        .alias = "force_0",
        .help = "write 0 as the motion of every frame",
        .offset = offsetof(MotionV2State, force_zero),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_factor",
        .alias = "mbf",
        .help = "weight of the raw score when blending it with its value capped at the offset",
        .offset = offsetof(MotionV2State, blend_factor),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_offset",
        .alias = "mbo",
        .help = "score above which blending damps motion3_v2",
        .offset = offsetof(MotionV2State, blend_offset),
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
        .offset = offsetof(MotionV2State, fps_weight),
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
        .offset = offsetof(MotionV2State, max_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 10000.0,
        .min = 0.0,
        .max = 10000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_five_frame_window",
        .alias = "mffw",
        .help = "not supported by motion_v2 (use motion)",
        .offset = offsetof(MotionV2State, five_frame_window),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_moving_average",
        .alias = "mma",
        .help = "average motion3_v2 with the previous frame's value",
        .offset = offsetof(MotionV2State, moving_average),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const motion_v2_provided_features[] = {
    SAD_FEATURE,
    MOTION2_FEATURE,
    MOTION3_FEATURE,
    NULL,
};

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

/* The score blended with its value capped at the offset, then clipped. */
static double blend_and_clip(const MotionV2State *s, double score)
{
    const double blended =
        score * s->blend_factor + (1.0 - s->blend_factor) * min_of(s->blend_offset, score);
    return min_of(blended, s->max_val);
}

static int motion_v2_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    MotionV2State *s = ctx->priv;
    (void)pix_fmt; /* luma only */
    /* The mirrored 5-tap filter reaches two samples past each edge. */
    const unsigned min_size = MOTION_FILTER_TAPS / 2 + 1;
    if (w < min_size || h < min_size || bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "motion_v2: %ux%u %u-bit pictures are not supported (at least %ux%u, 8 to 16 "
                 "bits)",
                 w, h, bpc, min_size, min_size);
        return -EINVAL;
    }
    if (s->five_frame_window) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "motion_v2: motion_five_frame_window is not supported; use the motion extractor");
        return -ENOTSUP;
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

/* Sum of |blur(prev - cur)| over the luma plane, row by row. */
static uint64_t blurred_difference_sad(MotionV2State *s, const VmafPicture *prev,
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

static int motion_v2_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    MotionV2State *s = ctx->priv;
    (void)dist;
    double score = 0.0;
    if (!s->force_zero && index > 0) {
        if (!ctx->prev_ref) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "motion_v2: frame %u has no previous reference picture",
                     index);
            return -EINVAL;
        }
        const double sad = (double)blurred_difference_sad(s, ctx->prev_ref, ref);
        score = min_of(sad / 256.0 / (s->w * s->h) * s->fps_weight, s->max_val);
    }
    return vmaf_fex_append(ctx, fc, SAD_FEATURE, score, index);
}

/* motion2_v2 of frame i: min(sad[i], sad[i + 1]), the last frame's own sad;
 * motion3_v2: motion2_v2 blended and clipped, frame 0 taking frame 1's
 * blended sad, optionally averaged with the previous frame's value. */
static int append_motion2_motion3(VmafFexContext *ctx, VmafFeatureCollector *fc, const double *sad,
                                  unsigned n)
{
    const MotionV2State *s = ctx->priv;
    const double first = n > 1 ? blend_and_clip(s, sad[1]) : 0.0;
    double previous = first;
    int err = 0;
    for (unsigned i = 0; !err && i < n; i++) {
        const double motion2 = i + 1 < n ? min_of(sad[i], sad[i + 1]) : sad[i];
        double motion3 = first;
        if (i > 0) {
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

static int motion_v2_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
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

static void motion_v2_close(VmafFexContext *ctx)
{
    MotionV2State *s = ctx->priv;
    free(s->blurred_row);
}

const VmafFeatureExtractor vmaf_fex_motion_v2 = {
    .name = "motion_v2",
    .options = motion_v2_options,
    .priv_size = sizeof(MotionV2State),
    .flags = VMAF_FEATURE_EXTRACTOR_PREV_REF,
    .provided_features = motion_v2_provided_features,
    .init = motion_v2_init,
    .extract = motion_v2_extract,
    .flush = motion_v2_flush,
    .close = motion_v2_close,
};
