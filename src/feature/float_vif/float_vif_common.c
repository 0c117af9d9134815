#include <errno.h>

#include "core/log.h"
#include "feature/float_common/float_kernel.h"
#include "feature/float_common/float_plane.h"
#include "float_vif_common.h"

static const char *const score_name[FLOAT_VIF_SCALES] = {
    "VMAF_feature_vif_scale0_score",
    "VMAF_feature_vif_scale1_score",
    "VMAF_feature_vif_scale2_score",
    "VMAF_feature_vif_scale3_score",
};
static const char *const num_name[FLOAT_VIF_SCALES] = {
    "vif_num_scale0",
    "vif_num_scale1",
    "vif_num_scale2",
    "vif_num_scale3",
};
static const char *const den_name[FLOAT_VIF_SCALES] = {
    "vif_den_scale0",
    "vif_den_scale1",
    "vif_den_scale2",
    "vif_den_scale3",
};

const char *const float_vif_provided_features[] = {
    "VMAF_feature_vif_scale0_score",
    "VMAF_feature_vif_scale1_score",
    "VMAF_feature_vif_scale2_score",
    "VMAF_feature_vif_scale3_score",
    "vif",
    "vif_num",
    "vif_den",
    "vif_num_scale0",
    "vif_den_scale0",
    "vif_num_scale1",
    "vif_den_scale1",
    "vif_num_scale2",
    "vif_den_scale2",
    "vif_num_scale3",
    "vif_den_scale3",
    NULL,
};

/* Gaussian filters of n taps and deviation n / 5, n growing with the kernel
 * scale. */
static int make_filters(const char *fex_name, const FloatVifOptions *opt, FloatVifSetup *setup)
{
    const float ks = (float)opt->kernel_scale;
    if (!float_kernel_scale_valid(ks)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: vif_kernelscale %g is not one of the supported values (e.g. 0.5, 1, 1.5, 2, "
                 "3)",
                 fex_name, opt->kernel_scale);
        return -EINVAL;
    }
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        const unsigned n = float_kernel_taps(scale, ks);
        setup->n_taps[scale] = n;
        float_kernel_gaussian(setup->taps[scale], n, (int)n / 5.0f);
    }
    return 0;
}

/* Every scored scale must be larger than its filter's half width, or the
 * mirrored edges would leave the picture. */
static int check_size(const char *fex_name, const FloatVifOptions *opt, const FloatVifSetup *setup)
{
    const unsigned first = opt->skip_scale0 ? 1 : 0;
    for (unsigned scale = first; scale < FLOAT_VIF_SCALES; scale++) {
        const unsigned half = setup->n_taps[scale] / 2;
        const unsigned w = setup->w >> scale, h = setup->h >> scale;
        if (w <= half || h <= half) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: %ux%u (after prescaling) is too small: scale %u is %ux%u, its %u-tap "
                     "filter needs more than %u samples each way",
                     fex_name, setup->w, setup->h, scale, w, h, setup->n_taps[scale], half);
            return -EINVAL;
        }
    }
    return 0;
}

int float_vif_setup(const char *fex_name, const FloatVifOptions *opt, unsigned bpc, unsigned w,
                    unsigned h, FloatVifSetup *setup)
{
    int err = float_plane_check_depth(fex_name, bpc);
    if (err)
        return err;
    if (!float_resample_method_from_name(opt->prescale_method, &setup->method)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: vif_prescale_method \"%s\" is not one of nearest, bilinear, bicubic, "
                 "lanczos4",
                 fex_name, opt->prescale_method);
        return -EINVAL;
    }
    if ((err = make_filters(fex_name, opt, setup)))
        return err;
    setup->w = (unsigned)(int)(w * opt->prescale + 0.5);
    setup->h = (unsigned)(int)(h * opt->prescale + 0.5);
    return check_size(fex_name, opt, setup);
}

static int append_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                               const FloatVifOptions *opt,
                               const FloatVifSums sums[FLOAT_VIF_SCALES], unsigned index)
{
    const unsigned first = opt->skip_scale0 ? 1 : 0;
    double num = 0.0, den = 0.0;
    for (unsigned scale = first; scale < FLOAT_VIF_SCALES; scale++) {
        num += sums[scale].num;
        den += sums[scale].den;
    }
    const struct {
        const char *name;
        double value;
    } pooled[] = {
        {"vif", den == 0.0 ? 1.0 : num / den},
        {"vif_num", num},
        {"vif_den", den},
    };
    for (unsigned i = 0; i < sizeof(pooled) / sizeof(pooled[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, pooled[i].name, pooled[i].value, index);
        if (err)
            return err;
    }
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        /* A skipped scale 0 reads as 0 / -1. */
        const bool skipped = scale < first;
        int err = vmaf_fex_append(ctx, fc, num_name[scale], skipped ? 0.0 : sums[scale].num, index);
        if (!err)
            err =
                vmaf_fex_append(ctx, fc, den_name[scale], skipped ? -1.0 : sums[scale].den, index);
        if (err)
            return err;
    }
    return 0;
}

int float_vif_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                            const FloatVifOptions *opt, const FloatVifSums sums[FLOAT_VIF_SCALES],
                            unsigned index)
{
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        double score;
        if (scale == 0 && opt->skip_scale0)
            score = 0.0;
        else /* double division of the float sums, as the reference */
            score = (double)sums[scale].num / sums[scale].den;
        if (scale > 0) /* libvmaf's MAX: a NaN score gives the bound */
            score = score > opt->min_val[scale] ? score : opt->min_val[scale];
        const int err = vmaf_fex_append(ctx, fc, score_name[scale], score, index);
        if (err)
            return err;
    }
    return opt->debug ? append_debug_scores(ctx, fc, opt, sums, index) : 0;
}
