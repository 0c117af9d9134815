/* motion_v2: the fork's single-pass motion. Blurring is linear, so the SAD
 * of two blurred frames is the sum of |blur(previous - current)|: one pass
 * over the frame difference, through the code it shares with the integer
 * motion (../motion_common/motion_common.h), with no blurred frames kept. Its sad
 * score is therefore the integer motion's
 * (VMAF_integer_feature_motion_sad_score), and motion2_v2 / motion3_v2 are
 * that extractor's motion2 / motion3 in its default three-frame window,
 * under names of their own.
 *
 * Frame n is scored against the previous reference picture the framework
 * passes in (PREV_REF), so frames may be extracted in any order; flush()
 * derives motion2_v2 and motion3_v2 from the stored sad scores. The
 * five-frame window is refused, as by the fork. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/motion_common/motion_common.h"

#define SAD_FEATURE "VMAF_integer_feature_motion_v2_sad_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_v2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_v2_score"

typedef struct MotionV2State {
    MotionScoring opt;
    MotionSad sad;
} MotionV2State;

static const VmafOption motion_v2_options[] = {
    MOTION_SCORING_OPTIONS(MotionV2State, opt, "not supported by motion_v2 (use motion)"),
    {0},
};

static const char *const motion_v2_provided_features[] = {
    SAD_FEATURE,
    MOTION2_FEATURE,
    MOTION3_FEATURE,
    NULL,
};

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
    if (s->opt.five_frame_window) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "motion_v2: motion_five_frame_window is not supported; use the motion extractor");
        return -ENOTSUP;
    }
    return motion_sad_init(&s->sad, w, h, bpc, ctx->cpu_flags);
}

static int motion_v2_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    MotionV2State *s = ctx->priv;
    (void)dist;
    double score = 0.0;
    if (!s->opt.force_zero && index > 0) {
        if (!ctx->prev_ref) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "motion_v2: frame %u has no previous reference picture",
                     index);
            return -EINVAL;
        }
        score = motion_sad_score(&s->sad, &s->opt, ctx->prev_ref, ref);
    }
    return vmaf_fex_append(ctx, fc, SAD_FEATURE, score, index);
}

/* With the three-frame window (the only one allowed) the shared derivation
 * gives motion2_v2 = min(sad[i], sad[i + 1]), the last frame its own sad, and
 * motion3_v2 = motion2_v2 blended and clipped, frame 0 taking frame 1's value. */
static int motion_v2_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    static const MotionFeatureNames names = {
        .sad = SAD_FEATURE,
        .motion2 = MOTION2_FEATURE,
        .motion3 = MOTION3_FEATURE,
    };
    MotionV2State *s = ctx->priv;
    return motion_flush_derived(ctx, fc, &s->opt, &names);
}

static void motion_v2_close(VmafFexContext *ctx)
{
    MotionV2State *s = ctx->priv;
    motion_sad_close(&s->sad);
}

const VmafFeatureExtractor vmaf_fex_motion_v2 = {
    .name = "motion_v2",
    .options = motion_v2_options,
    .priv_size = sizeof(MotionV2State),
    .flags = VMAF_FEATURE_EXTRACTOR_PREV_REF,
    .provided_features = motion_v2_provided_features,
    .init = motion_v2_init,
    .extract = motion_v2_extract,
    .planes = vmaf_fex_planes_luma,
    .flush = motion_v2_flush,
    .close = motion_v2_close,
};
