/* SpEED on the chroma planes: one score per plane and their combination. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "speed_common.h"
#include "speed_options.h"
#include "speed_pipeline.h"

typedef struct SpeedChromaState {
    SpeedParams params;
    double max_val;

    SpeedPipeline pipeline;
    float *ref, *dis;
} SpeedChromaState;

static const VmafOption speed_chroma_options[] = {
    SPEED_CHROMA_OPTIONS(SpeedChromaState),
    {0},
};

static void speed_chroma_close(VmafFexContext *ctx)
{
    SpeedChromaState *s = ctx->priv;
    speed_pipeline_close(&s->pipeline);
    free(s->ref);
    free(s->dis);
    s->ref = s->dis = NULL;
}

static int speed_chroma_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                             unsigned w, unsigned h)
{
    SpeedChromaState *s = ctx->priv;
    int err = speed_chroma_size("speed_chroma", pix_fmt, &w, &h);
    if (err)
        return err;
    err = speed_pipeline_init(&s->pipeline, &s->params, w, h, bpc, ctx->cpu_flags);
    if (err)
        return err;
    s->ref = speed_plane_alloc(&s->pipeline);
    s->dis = speed_plane_alloc(&s->pipeline);
    if (!s->ref || !s->dis) {
        speed_chroma_close(ctx);
        return -ENOMEM;
    }
    return 0;
}

/* Returns true when a covariance matrix of the plane was singular. */
static bool score_plane(SpeedChromaState *s, const VmafPicture *ref, const VmafPicture *dist,
                        unsigned p, float *score)
{
    speed_plane_load(&s->pipeline, s->ref, ref, p);
    speed_plane_load(&s->pipeline, s->dis, dist, p);
    return speed_pipeline_score(&s->pipeline, s->ref, s->dis, score);
}

static int speed_chroma_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                unsigned index, VmafFeatureCollector *fc)
{
    SpeedChromaState *s = ctx->priv;
    float u, v;
    const bool u_singular = score_plane(s, ref, dist, 1, &u);
    const bool v_singular = score_plane(s, ref, dist, 2, &v);
    return speed_chroma_append(ctx, fc, u, u_singular, v, v_singular, s->max_val, index);
}

const VmafFeatureExtractor vmaf_fex_speed_chroma = {
    .name = "speed_chroma",
    .options = speed_chroma_options,
    .priv_size = sizeof(SpeedChromaState),
    .provided_features = speed_chroma_features,
    .init = speed_chroma_init,
    .extract = speed_chroma_extract,
    .close = speed_chroma_close,
};
