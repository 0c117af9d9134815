/* SpEED on the chroma planes: one score per plane and their combination. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "speed_options.h"
#include "speed_pipeline.h"

typedef struct SpeedChromaState {
    SpeedParams params;
    double max_val;

    SpeedPipeline pipeline;
    float *ref, *dis;
} SpeedChromaState;

static const VmafOption speed_chroma_options[] = {
    SPEED_SHARED_OPTIONS(SpeedChromaState),
    {
        .name = "speed_max_val",
        .alias = "mxv",
        .help = "largest score written; larger ones are clipped",
        .offset = offsetof(SpeedChromaState, max_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1000.0,
        .min = 0.0,
        .max = 1000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "speed_weight_var_mode",
        .alias = "wvm",
        .help = "variances weighting the entropies: 0 each its own, 1 both the reference's, 2 "
                "both the distorted's, 3 both the mean, 4-6 the reference its own and the "
                "distorted the mean, 3:1 or 1:3 mixtures of the two",
        .offset = offsetof(SpeedChromaState, params.weight_var_mode),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 0,
        .max = 6,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const speed_chroma_features[] = {
    "Speed_chroma_feature_speed_chroma_u_score",
    "Speed_chroma_feature_speed_chroma_v_score",
    "Speed_chroma_feature_speed_chroma_uv_score",
    NULL,
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
    switch (pix_fmt) {
    case VMAF_PIX_FMT_YUV420P:
        w /= 2;
        h /= 2;
        break;
    case VMAF_PIX_FMT_YUV422P:
        w /= 2;
        break;
    case VMAF_PIX_FMT_YUV444P:
        break;
    default:
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "speed_chroma: the input has no chroma planes");
        return -EINVAL;
    }
    int err = speed_pipeline_init(&s->pipeline, &s->params, w, h, bpc, vmaf_get_cpu_flags());
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

/* min(score, max_val); a NaN score becomes max_val. */
static double clip(float score, double max_val)
{
    return score < max_val ? score : max_val;
}

static int speed_chroma_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                unsigned index, VmafFeatureCollector *fc)
{
    SpeedChromaState *s = ctx->priv;
    float u, v;
    const bool u_singular = score_plane(s, ref, dist, 1, &u);
    const bool v_singular = score_plane(s, ref, dist, 2, &v);

    /* A plane with a singular matrix (a flat one, say) takes the other
     * plane's score, which is closer to the truth than 0. */
    float uv = (float)((u + v) / 2.0);
    if (u_singular && !v_singular)
        uv = v;
    else if (v_singular && !u_singular)
        uv = u;

    int err = vmaf_fex_append(ctx, fc, speed_chroma_features[0], clip(u, s->max_val), index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, speed_chroma_features[1], clip(v, s->max_val), index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, speed_chroma_features[2], clip(uv, s->max_val), index);
    return err;
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
