#include "float_moment_common.h"

/* As in libvmaf, the provided name is the extractor's, not an emitted one. */
const char *const float_moment_provided_features[] = {"float_moment", NULL};

int float_moment_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const double ref[2],
                        const double dis[2], int pixels, unsigned index)
{
    int err = vmaf_fex_append(ctx, fc, "float_moment_ref1st", ref[0] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_dis1st", dis[0] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_ref2nd", ref[1] / pixels, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_moment_dis2nd", dis[1] / pixels, index);
    return err;
}
