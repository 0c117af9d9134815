#include <errno.h>

#include "core/log.h"
#include "vif_common.h"

static const char *const vif_score_name[VIF_SCALES] = {
    "VMAF_integer_feature_vif_scale0_score",
    "VMAF_integer_feature_vif_scale1_score",
    "VMAF_integer_feature_vif_scale2_score",
    "VMAF_integer_feature_vif_scale3_score",
};
static const char *const vif_num_name[VIF_SCALES] = {
    "integer_vif_num_scale0",
    "integer_vif_num_scale1",
    "integer_vif_num_scale2",
    "integer_vif_num_scale3",
};
static const char *const vif_den_name[VIF_SCALES] = {
    "integer_vif_den_scale0",
    "integer_vif_den_scale1",
    "integer_vif_den_scale2",
    "integer_vif_den_scale3",
};

const char *const vif_provided_features[] = {
    "VMAF_integer_feature_vif_scale0_score",
    "VMAF_integer_feature_vif_scale1_score",
    "VMAF_integer_feature_vif_scale2_score",
    "VMAF_integer_feature_vif_scale3_score",
    "integer_vif",
    "integer_vif_num",
    "integer_vif_den",
    "integer_vif_num_scale0",
    "integer_vif_den_scale0",
    "integer_vif_num_scale1",
    "integer_vif_den_scale1",
    "integer_vif_num_scale2",
    "integer_vif_den_scale2",
    "integer_vif_num_scale3",
    "integer_vif_den_scale3",
    NULL,
};

int vif_check_format(const char *fex_name, unsigned bpc, unsigned w, unsigned h)
{
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8 to 16)", fex_name,
                 bpc);
        return -EINVAL;
    }
    if (w < VIF_MIN_SIZE || h < VIF_MIN_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: %ux%u is too small, width and height must be at least %u "
                 "(the filters of the smallest scale, 1/8 of the size, would reach past its edges)",
                 fex_name, w, h, VIF_MIN_SIZE);
        return -EINVAL;
    }
    return 0;
}

typedef struct VifFraction {
    float num, den;
} VifFraction;

/* The reference evaluates both in double and stores them as float. */
static VifFraction fraction_of(const VifSums *sums)
{
    return (VifFraction){
        .num = (float)(sums->num_log / 2048.0 +
                       (sums->den_non_log - (sums->num_non_log / 16384.0) / 65025.0)),
        .den = (float)(sums->den_log / 2048.0 + sums->den_non_log),
    };
}

static int append_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                               const VifFraction *frac, unsigned first, unsigned index)
{
    double num = 0.0, den = 0.0;
    for (unsigned scale = first; scale < VIF_SCALES; scale++) {
        num += frac[scale].num;
        den += frac[scale].den;
    }

    const struct {
        const char *name;
        double value;
    } pooled[] = {
        {"integer_vif", den == 0.0 ? 1.0 : num / den},
        {"integer_vif_num", num},
        {"integer_vif_den", den},
    };
    for (unsigned i = 0; i < sizeof(pooled) / sizeof(pooled[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, pooled[i].name, pooled[i].value, index);
        if (err)
            return err;
    }
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        /* A skipped scale 0 reads as 0 / -1. */
        const bool skipped = scale < first;
        int err =
            vmaf_fex_append(ctx, fc, vif_num_name[scale], skipped ? 0.0 : frac[scale].num, index);
        if (!err)
            err = vmaf_fex_append(ctx, fc, vif_den_name[scale], skipped ? -1.0 : frac[scale].den,
                                  index);
        if (err)
            return err;
    }
    return 0;
}

int vif_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const VifOptions *opt,
                      const VifSums sums[VIF_SCALES], unsigned index)
{
    const unsigned first = opt->skip_scale0 ? 1 : 0;
    VifFraction frac[VIF_SCALES] = {0};
    for (unsigned scale = first; scale < VIF_SCALES; scale++)
        frac[scale] = fraction_of(&sums[scale]);

    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        /* float division, as the reference */
        const float score = scale < first ? 0.0f : frac[scale].num / frac[scale].den;
        const int err = vmaf_fex_append(ctx, fc, vif_score_name[scale], score, index);
        if (err)
            return err;
    }
    return opt->debug ? append_debug_scores(ctx, fc, frac, first, index) : 0;
}
