#include <errno.h>

#include "core/log.h"
#include "speed_common.h"

const char *const speed_chroma_features[] = {
    "Speed_chroma_feature_speed_chroma_u_score",
    "Speed_chroma_feature_speed_chroma_v_score",
    "Speed_chroma_feature_speed_chroma_uv_score",
    NULL,
};

const char *const speed_temporal_features[] = {SPEED_TEMPORAL_FEATURE, NULL};

int speed_chroma_size(const char *name, enum VmafPixelFormat pix_fmt, unsigned *w, unsigned *h)
{
    switch (pix_fmt) {
    case VMAF_PIX_FMT_YUV420P:
        *w /= 2;
        *h /= 2;
        return 0;
    case VMAF_PIX_FMT_YUV422P:
        *w /= 2;
        return 0;
    case VMAF_PIX_FMT_YUV444P:
        return 0;
    default:
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: the input has no chroma planes", name);
        return -EINVAL;
    }
}

/* min(score, max_val); a NaN score becomes max_val. */
static double clip(float score, double max_val)
{
    return score < max_val ? score : max_val;
}

int speed_chroma_append(VmafFexContext *ctx, VmafFeatureCollector *fc, float u, bool u_singular,
                        float v, bool v_singular, double max_val, unsigned index)
{
    /* A plane with a singular matrix (a flat one, say) takes the other
     * plane's score, which is closer to the truth than 0. */
    float uv = (float)((u + v) / 2.0);
    if (u_singular && !v_singular)
        uv = v;
    else if (v_singular && !u_singular)
        uv = u;

    int err = vmaf_fex_append(ctx, fc, speed_chroma_features[0], clip(u, max_val), index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, speed_chroma_features[1], clip(v, max_val), index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, speed_chroma_features[2], clip(uv, max_val), index);
    return err;
}
