/* Float motion: how much the blurred reference luma (optionally also the
 * chroma, and a half-size second scale) changes between frames, equal to
 * libvmaf's "float_motion" extractor.
 *
 * It keeps the blurred planes of the last two frames and the last motion,
 * so it runs frame by frame in order (TEMPORAL). motion of frame n compares
 * n with n - 1;
 * motion2 of frame n - 1 is the smaller of that and motion of n - 1, and is
 * written once frame n is seen (the last frame's at flush); motion3 is
 * motion2 blended with its value capped at an offset (float_motion_common.h,
 * which the CUDA twin shares). */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "feature/float_common/float_plane.h"
#include "float_motion_common.h"
#include "float_motion_dsp.h"

/* Blurred frames kept: n and n - 1, at index frame % 2. */
#define RING 2

typedef struct FloatMotionState {
    FloatMotionOptions opt;

    FloatMotionGeometry geo;
    FloatMotionDsp dsp;
    FloatPlane input[FLOAT_MOTION_MAX_PLANES];
    FloatPlane blur[FLOAT_MOTION_MAX_PLANES][RING];
    /* The blurred planes resized by 1/2 (add_scale1). */
    FloatPlane half[FLOAT_MOTION_MAX_PLANES][RING];
    float *line;
    /* Frame n - 1's motion, kept for motion2 at frame n: comparing the
     * blurred n - 1 and n - 2 again would give the same bits (|a - b| is
     * |b - a|) for a third plane of memory. */
    double last_motion;
    FloatMotionTrack track;
} FloatMotionState;

static const VmafOption float_motion_options[] = {
    FLOAT_MOTION_OPTIONS(FloatMotionState, opt),
    {0},
};

static void free_buffers(FloatMotionState *s)
{
    for (unsigned p = 0; p < FLOAT_MOTION_MAX_PLANES; p++) {
        float_plane_free(&s->input[p]);
        for (unsigned r = 0; r < RING; r++) {
            float_plane_free(&s->blur[p][r]);
            float_plane_free(&s->half[p][r]);
        }
    }
    free(s->line);
    s->line = NULL;
}

static int allocate_plane(FloatMotionState *s, unsigned p)
{
    const FloatMotionGeometry *g = &s->geo;
    int err = float_plane_alloc(&s->input[p], g->w[p], g->h[p]);
    for (unsigned r = 0; !err && r < RING; r++) {
        err = float_plane_alloc(&s->blur[p][r], g->w[p], g->h[p]);
        if (!err && s->opt.add_scale1)
            err = float_plane_alloc(&s->half[p][r], g->half_w[p], g->half_h[p]);
    }
    return err;
}

static int float_motion_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                             unsigned w, unsigned h)
{
    FloatMotionState *s = ctx->priv;
    int err = float_motion_geometry(&s->geo, ctx->fex->name, &s->opt, pix_fmt, bpc, w, h);
    if (err || s->opt.force_zero)
        return err; /* force_zero reads no picture */

    float_motion_dsp_init(&s->dsp, ctx->cpu_flags);
    for (unsigned p = 0; p < s->geo.planes; p++) {
        if (allocate_plane(s, p))
            goto fail;
    }
    s->line = malloc(float_filter_line_size(w, s->geo.n_taps) * sizeof(float));
    if (!s->line)
        goto fail;
    return 0;

fail:
    free_buffers(s);
    return -ENOMEM;
}

/* Motion between the blurred frames in ring slots a and b. */
static double frame_motion(const FloatMotionState *s, unsigned a, unsigned b)
{
    float sad[FLOAT_MOTION_MAX_PLANES][2] = {{0}};
    for (unsigned p = 0; p < s->geo.planes; p++) {
        sad[p][0] = s->dsp.sad(&s->blur[p][a], &s->blur[p][b]);
        if (s->opt.add_scale1)
            sad[p][1] = s->dsp.sad(&s->half[p][a], &s->half[p][b]);
    }
    return float_motion_frame_score(&s->geo, s->opt.add_scale1, sad);
}

/* Converts and blurs the planes of a frame into its ring slot. */
static void blur_frame(FloatMotionState *s, const VmafPicture *pic, unsigned slot)
{
    const FloatCommonDsp *c = &s->dsp.common;
    for (unsigned p = 0; p < s->geo.planes; p++) {
        float_plane_load(c, &s->input[p], pic, p);
        c->filter(&s->blur[p][slot], 0, &s->input[p], s->geo.taps, s->geo.n_taps, s->line);
        if (s->opt.add_scale1)
            c->resample[FLOAT_RESAMPLE_BILINEAR](&s->half[p][slot], &s->blur[p][slot]);
    }
}

static int float_motion_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                unsigned index, VmafFeatureCollector *fc)
{
    FloatMotionState *s = ctx->priv;
    (void)dist;
    if (s->opt.force_zero)
        return float_motion_append_zeros(ctx, fc, &s->opt, index);

    const unsigned cur = index % RING, prev = (index + 1) % RING;
    blur_frame(s, ref, cur);
    if (index == 0)
        return float_motion_append_first(ctx, fc, &s->opt, &s->track);
    const double score = frame_motion(s, prev, cur);
    const double earlier = index > 1 ? s->last_motion : 0.0;
    s->last_motion = score;
    return float_motion_append_frame(ctx, fc, &s->opt, &s->track, index, score, earlier);
}

static int float_motion_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    const FloatMotionState *s = ctx->priv;
    if (s->opt.force_zero)
        return 1;
    const int err = float_motion_append_last(ctx, fc, &s->opt, &s->track);
    return err < 0 ? err : 1;
}

static void float_motion_close(VmafFexContext *ctx)
{
    free_buffers(ctx->priv);
}

static unsigned float_motion_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    const FloatMotionState *s = ctx->priv;
    return float_motion_planes_read(&s->opt, pix_fmt);
}

const VmafFeatureExtractor vmaf_fex_float_motion = {
    .name = "float_motion",
    .options = float_motion_options,
    .priv_size = sizeof(FloatMotionState),
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL,
    .provided_features = float_motion_provided_features,
    .init = float_motion_init,
    .extract = float_motion_extract,
    .planes = float_motion_planes,
    .flush = float_motion_flush,
    .close = float_motion_close,
};
