/* SpEED on the luma differences between consecutive frames. Frame n scores
 * (ref[n-1] - ref[n]) against (dis[n-1] - dis[n]), or against
 * (dis[n-1] - ref[n]) with speed_use_ref_diff; frame 0 scores 0. Needs the
 * frames in order, so the extractor is temporal. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "speed_common.h"
#include "speed_options.h"
#include "speed_pipeline.h"

typedef struct SpeedTemporalState {
    SpeedParams params; /* weight_var_mode stays 0: each side weighted by its own variance */
    double max_val;
    bool use_ref_diff;

    SpeedPipeline pipeline;
    float *ref[2], *dis[2]; /* frame n in [n % 2] */
} SpeedTemporalState;

static const VmafOption speed_temporal_options[] = {
    SPEED_TEMPORAL_OPTIONS(SpeedTemporalState),
    {0},
};

static void speed_temporal_close(VmafFexContext *ctx)
{
    SpeedTemporalState *s = ctx->priv;
    speed_pipeline_close(&s->pipeline);
    for (unsigned i = 0; i < 2; i++) {
        free(s->ref[i]);
        free(s->dis[i]);
        s->ref[i] = s->dis[i] = NULL;
    }
}

static int speed_temporal_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                               unsigned w, unsigned h)
{
    SpeedTemporalState *s = ctx->priv;
    int err = speed_pipeline_init(&s->pipeline, &s->params, w, h, bpc, ctx->cpu_flags);
    if (err)
        return err;
    for (unsigned i = 0; i < 2; i++) {
        s->ref[i] = speed_plane_alloc(&s->pipeline);
        s->dis[i] = speed_plane_alloc(&s->pipeline);
        if (!s->ref[i] || !s->dis[i]) {
            speed_temporal_close(ctx);
            return -ENOMEM;
        }
    }
    return 0;
}

static int speed_temporal_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                  unsigned index, VmafFeatureCollector *fc)
{
    SpeedTemporalState *s = ctx->priv;
    const unsigned cur = index % 2, prev = (index + 1) % 2;
    speed_plane_load(&s->pipeline, s->ref[cur], ref, 0);
    speed_plane_load(&s->pipeline, s->dis[cur], dist, 0);
    if (index == 0)
        return vmaf_fex_append(ctx, fc, SPEED_TEMPORAL_FEATURE, 0.0, index);

    /* The previous frames become the differences (and are consumed). */
    speed_plane_subtract(&s->pipeline, s->ref[prev], s->ref[cur]);
    speed_plane_subtract(&s->pipeline, s->dis[prev], s->use_ref_diff ? s->ref[cur] : s->dis[cur]);
    float score;
    speed_pipeline_score(&s->pipeline, s->ref[prev], s->dis[prev], &score);
    return vmaf_fex_append(ctx, fc, SPEED_TEMPORAL_FEATURE, score, index);
}

const VmafFeatureExtractor vmaf_fex_speed_temporal = {
    .name = "speed_temporal",
    .options = speed_temporal_options,
    .priv_size = sizeof(SpeedTemporalState),
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL,
    .provided_features = speed_temporal_features,
    .init = speed_temporal_init,
    .extract = speed_temporal_extract,
    .close = speed_temporal_close,
};
