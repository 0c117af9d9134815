/* Float motion: how much the blurred reference luma (optionally also the
 * chroma, and a half-size second scale) changes between frames, equal to
 * libvmaf's "float_motion" extractor.
 *
 * It keeps the blurred planes of the last three frames, so it runs frame by
 * frame in order (TEMPORAL). motion of frame n compares n with n - 1;
 * motion2 of frame n - 1 is the smaller of that and motion of n - 1, and is
 * written once frame n is seen (the last frame's at flush); motion3 is
 * motion2 blended with its value capped at an offset. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "float_motion_dsp.h"

#define MOTION_FEATURE "VMAF_feature_motion_score"
#define MOTION2_FEATURE "VMAF_feature_motion2_score"
#define MOTION3_FEATURE "VMAF_feature_motion3_score"

/* Blurred frames kept: n, n - 1 and n - 2, at index frame % 3. */
#define RING 3
#define MAX_PLANES 3

/* libvmaf's blur filters; motion_filter_size picks one. */
static const float filter_5[5] = {0.054488685, 0.244201342, 0.402619947, 0.244201342, 0.054488685};
static const float filter_3[3] = {0.166378498, 0.667243004, 0.166378498};
static const float filter_5_identity[5] = {0.0, 0.0, 1.0, 0.0, 0.0};

typedef struct FloatMotionState {
    bool debug;
    bool force_zero;
    double fps_weight;
    double blend_factor;
    double blend_offset;
    bool add_scale1;
    int filter_size;
    bool add_uv;
    double max_val;

    unsigned n_planes;
    const float *taps;
    unsigned n_taps;
    FloatMotionDsp dsp;
    FloatPlane input[MAX_PLANES];
    FloatPlane blur[MAX_PLANES][RING];
    FloatPlane half[MAX_PLANES][RING]; /* the blurred planes resized by 1/2 (add_scale1) */
    float *line;
    unsigned index; /* of the last frame extracted */
    double score;   /* its motion, unweighted */
} FloatMotionState;

static const VmafOption float_motion_options[] = {
    {
        .name = "debug",
        .help = "also write each frame's motion as " MOTION_FEATURE,
        .offset = offsetof(FloatMotionState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = true,
    },
    {
        .name = "motion_force_zero",
        .alias = "force_0",
        .help = "write 0 as every score",
        .offset = offsetof(FloatMotionState, force_zero),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_fps_weight",
        .alias = "mfw",
        .help = "multiplier correcting the scores for the frame rate",
        .offset = offsetof(FloatMotionState, fps_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 5.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_factor",
        .alias = "mbf",
        .help = "weight of the raw score when blending it with its value capped at the offset",
        .offset = offsetof(FloatMotionState, blend_factor),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_blend_offset",
        .alias = "mbo",
        .help = "score above which blending damps motion3",
        .offset = offsetof(FloatMotionState, blend_offset),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 40.0,
        .min = 0.0,
        .max = 1000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_add_scale1",
        .alias = "mdc",
        .help = "add the motion of the blurred planes resized by 1/2 (bilinear)",
        .offset = offsetof(FloatMotionState, add_scale1),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_filter_size",
        .alias = "mfs",
        .help = "blur: 3 taps, 1 none, anything else 5 taps",
        .offset = offsetof(FloatMotionState, filter_size),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 5,
        .min = 0,
        .max = 9,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_add_uv",
        .alias = "mau",
        .help = "add the motion of both chroma planes",
        .offset = offsetof(FloatMotionState, add_uv),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "motion_max_val",
        .alias = "mmxv",
        .help = "largest score written; larger ones are clipped",
        .offset = offsetof(FloatMotionState, max_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 10000.0,
        .min = 0.0,
        .max = 10000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const float_motion_provided_features[] = {
    MOTION_FEATURE,
    MOTION2_FEATURE,
    MOTION3_FEATURE,
    NULL,
};

static void free_buffers(FloatMotionState *s)
{
    for (unsigned p = 0; p < MAX_PLANES; p++) {
        float_plane_free(&s->input[p]);
        for (unsigned r = 0; r < RING; r++) {
            float_plane_free(&s->blur[p][r]);
            float_plane_free(&s->half[p][r]);
        }
    }
    free(s->line);
    s->line = NULL;
}

/* The half size of motion_add_scale1: w * 0.5 rounded half up. */
static unsigned half_size(unsigned n)
{
    return (unsigned)(int)(n * 0.5 + 0.5);
}

static int allocate_plane(FloatMotionState *s, unsigned p, unsigned w, unsigned h)
{
    int err = float_plane_alloc(&s->input[p], w, h);
    for (unsigned r = 0; !err && r < RING; r++) {
        err = float_plane_alloc(&s->blur[p][r], w, h);
        if (!err && s->add_scale1)
            err = float_plane_alloc(&s->half[p][r], half_size(w), half_size(h));
    }
    return err;
}

static void choose_filter(FloatMotionState *s)
{
    if (s->filter_size == 1) {
        s->taps = filter_5_identity;
        s->n_taps = 5;
    } else if (s->filter_size == 3) {
        s->taps = filter_3;
        s->n_taps = 3;
    } else {
        s->taps = filter_5;
        s->n_taps = 5;
    }
}

static int float_motion_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                             unsigned w, unsigned h)
{
    FloatMotionState *s = ctx->priv;
    if (s->add_uv && pix_fmt == VMAF_PIX_FMT_YUV400P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "float_motion: motion_add_uv needs chroma planes");
        return -EINVAL;
    }
    if (s->force_zero)
        return 0; /* reads no picture */
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_motion: %u-bit input is not supported (8, 10, 12, 16)", bpc);
        return -EINVAL;
    }

    choose_filter(s);
    s->n_planes = s->add_uv ? 3 : 1;
    const unsigned ss_x = pix_fmt != VMAF_PIX_FMT_YUV444P, ss_y = pix_fmt == VMAF_PIX_FMT_YUV420P;
    for (unsigned p = 0; p < s->n_planes; p++) {
        const unsigned pw = p ? w >> ss_x : w, ph = p ? h >> ss_y : h;
        /* The mirrored filter reaches n / 2 samples past each edge. */
        if (pw <= s->n_taps / 2 || ph <= s->n_taps / 2) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "float_motion: plane %u is %ux%u, too small for the %u-tap blur", p, pw, ph,
                     s->n_taps);
            return -EINVAL;
        }
    }
    float_motion_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    for (unsigned p = 0; p < s->n_planes; p++) {
        if (allocate_plane(s, p, p ? w >> ss_x : w, p ? h >> ss_y : h))
            goto fail;
    }
    s->line = malloc(float_filter_line_size(w, s->n_taps) * sizeof(float));
    if (!s->line)
        goto fail;
    return 0;

fail:
    free_buffers(s);
    return -ENOMEM;
}

/* Motion between the blurred frames in ring slots a and b, summed over the
 * planes: per plane the mean absolute difference in float, plus that of the
 * second scale. */
static double frame_motion(const FloatMotionState *s, unsigned a, unsigned b)
{
    double score = 0.0;
    for (unsigned p = 0; p < s->n_planes; p++) {
        const FloatPlane *x = &s->blur[p][a], *y = &s->blur[p][b];
        float motion = s->dsp.sad(x, y) / (float)(int)(x->w * x->h);
        if (s->add_scale1) {
            const FloatPlane *hx = &s->half[p][a], *hy = &s->half[p][b];
            motion += s->dsp.sad(hx, hy) / (float)(int)(hx->w * hx->h);
        }
        score += motion;
    }
    return score;
}

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

static double weighted(const FloatMotionState *s, double score)
{
    return min_of(score * s->fps_weight, s->max_val);
}

/* motion3: the weighted score blended with its value capped at the offset,
 * clipped. */
static double blended(const FloatMotionState *s, double score)
{
    const double x = score * s->fps_weight;
    const double v = x * s->blend_factor + (1 - s->blend_factor) * min_of(s->blend_offset, x);
    return min_of(v, s->max_val);
}

static int append_zeros(VmafFexContext *ctx, VmafFeatureCollector *fc, unsigned index)
{
    const FloatMotionState *s = ctx->priv;
    int err = vmaf_fex_append(ctx, fc, MOTION2_FEATURE, 0.0, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, MOTION3_FEATURE, 0.0, index);
    if (!err && s->debug)
        err = vmaf_fex_append(ctx, fc, MOTION_FEATURE, 0.0, index);
    return err;
}

/* Converts and blurs the planes of frame `index` into its ring slot. */
static void blur_frame(FloatMotionState *s, const VmafPicture *pic, unsigned slot)
{
    const FloatCommonDsp *c = &s->dsp.common;
    for (unsigned p = 0; p < s->n_planes; p++) {
        float_plane_load(c, &s->input[p], pic, p);
        c->filter(&s->blur[p][slot], &s->input[p], s->taps, s->n_taps, s->line);
        if (s->add_scale1)
            c->resample[FLOAT_RESAMPLE_BILINEAR](&s->half[p][slot], &s->blur[p][slot]);
    }
}

static int float_motion_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                unsigned index, VmafFeatureCollector *fc)
{
    FloatMotionState *s = ctx->priv;
    (void)dist;
    if (s->force_zero)
        return append_zeros(ctx, fc, index);

    s->index = index;
    const unsigned cur = index % RING, prev = (index + 2) % RING, prev2 = (index + 1) % RING;
    blur_frame(s, ref, cur);
    if (index == 0) {
        int err = vmaf_fex_append(ctx, fc, MOTION2_FEATURE, 0.0, index);
        if (!err && s->debug)
            err = vmaf_fex_append(ctx, fc, MOTION_FEATURE, 0.0, index);
        return err;
    }

    const double score = frame_motion(s, prev, cur);
    int err = s->debug ? vmaf_fex_append(ctx, fc, MOTION_FEATURE, weighted(s, score), index) : 0;
    if (err)
        return err;
    s->score = score;
    /* Frame 0's motion3 takes frame 1's motion; its motion2 is 0. */
    if (index == 1)
        return vmaf_fex_append(ctx, fc, MOTION3_FEATURE, blended(s, score), 0);

    const double motion2 = min_of(frame_motion(s, prev, prev2), score);
    err = vmaf_fex_append(ctx, fc, MOTION2_FEATURE, weighted(s, motion2), index - 1);
    if (!err)
        err = vmaf_fex_append(ctx, fc, MOTION3_FEATURE, blended(s, motion2), index - 1);
    return err;
}

/* The last frame's motion2 and motion3 are its own motion. */
static int float_motion_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    const FloatMotionState *s = ctx->priv;
    if (s->force_zero)
        return 1;
    int err;
    if (s->index > 0) {
        err = vmaf_fex_append(ctx, fc, MOTION2_FEATURE, weighted(s, s->score), s->index);
        if (!err)
            err = vmaf_fex_append(ctx, fc, MOTION3_FEATURE, blended(s, s->score), s->index);
    } else {
        err = vmaf_fex_append(ctx, fc, MOTION3_FEATURE, 0.0, 0);
    }
    return err < 0 ? err : 1;
}

static void float_motion_close(VmafFexContext *ctx)
{
    free_buffers(ctx->priv);
}

const VmafFeatureExtractor vmaf_fex_float_motion = {
    .name = "float_motion",
    .options = float_motion_options,
    .priv_size = sizeof(FloatMotionState),
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL,
    .provided_features = float_motion_provided_features,
    .init = float_motion_init,
    .extract = float_motion_extract,
    .flush = float_motion_flush,
    .close = float_motion_close,
};
