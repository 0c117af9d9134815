/* Integer motion: how much the reference luma changes between frames.
 *
 * extract() scores frame n against reference n-1 (n-2 with the five-frame
 * window) from the pictures the framework passes in, so frames can be scored
 * in any order and on several instances. flush() then derives motion2 and
 * motion3, which look at neighbouring frames, from the stored sad scores. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/motion_common/motion_common.h"

#define SAD_FEATURE "VMAF_integer_feature_motion_sad_score"
#define DEBUG_FEATURE "VMAF_integer_feature_motion_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_score"

typedef struct MotionState {
    MotionScoring opt;
    bool debug;
    MotionSad sad;
} MotionState;

static const VmafOption motion_options[] = {
    MOTION_SCORING_OPTIONS(MotionState, opt, "compare each frame with the one two frames back"),
    {
        .name = "debug",
        .help = "also write the sad score as " DEBUG_FEATURE,
        .offset = offsetof(MotionState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {0},
};

static int motion_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                       unsigned h)
{
    MotionState *s = ctx->priv;
    /* The mirrored 5-tap filter reaches two samples past each edge; with
     * force_zero no sample is read, so any size will do. */
    const unsigned min_size = s->opt.force_zero ? 1 : MOTION_FILTER_TAPS / 2 + 1;
    if (w < min_size || h < min_size || bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "motion: %ux%u %u-bit pictures are not supported (at least %ux%u, 8 to 16 bits)",
                 w, h, bpc, min_size, min_size);
        return -EINVAL;
    }
    return motion_sad_init(&s->sad, w, h, bpc, ctx->cpu_flags);
}

static int motion_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                          VmafFeatureCollector *fc)
{
    MotionState *s = ctx->priv;
    double score = 0.0;

    if (!s->opt.force_zero && index >= motion_frame_distance(&s->opt)) {
        const VmafPicture *earlier = s->opt.five_frame_window ? ctx->prev_prev_ref : ctx->prev_ref;
        if (!earlier) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "motion: frame %u has no earlier reference picture",
                     index);
            return -EINVAL;
        }
        score = motion_sad_score(&s->sad, &s->opt, earlier, ref);
    }

    int err = vmaf_fex_append(ctx, fc, SAD_FEATURE, score, index);
    if (!err && s->debug)
        err = vmaf_fex_append(ctx, fc, DEBUG_FEATURE, score, index);
    return err;
}

static int motion_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    static const MotionFeatureNames names = {
        .sad = SAD_FEATURE,
        .motion2 = MOTION2_FEATURE,
        .motion3 = MOTION3_FEATURE,
    };
    MotionState *s = ctx->priv;
    return motion_flush_derived(ctx, fc, &s->opt, &names);
}

static void motion_close(VmafFexContext *ctx)
{
    MotionState *s = ctx->priv;
    motion_sad_close(&s->sad);
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
    .planes = vmaf_fex_planes_luma,
    .flush = motion_flush,
    .close = motion_close,
};
