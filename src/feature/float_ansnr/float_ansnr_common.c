#include <errno.h>
#include <math.h>

#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "feature/float_common/float_psnr_range.h"
#include "float_ansnr_common.h"

const char *const float_ansnr_provided_features[] = {"float_ansnr", NULL};

int float_ansnr_check_format(const char *fex_name, unsigned bpc, unsigned w, unsigned h)
{
    const int err = float_plane_check_depth(fex_name, bpc);
    if (err)
        return err;
    if (w < FLOAT_ANSNR_MIN_SIDE || h < FLOAT_ANSNR_MIN_SIDE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %ux%u is too small (at least %dx%d)", fex_name, w, h,
                 FLOAT_ANSNR_MIN_SIDE, FLOAT_ANSNR_MIN_SIDE);
        return -EINVAL;
    }
    return 0;
}

void float_ansnr_kernels(FloatAnsnrKernels *k)
{
    /* Integer weights over their sums, divided in double and rounded to
     * float, as the reference's tables. */
    static const int ref_weights[FLOAT_ANSNR_REF_TAPS * FLOAT_ANSNR_REF_TAPS] = {
        1, 2, 1, 2, 4, 2, 1, 2, 1,
    };
    static const int dis_weights[FLOAT_ANSNR_DIS_TAPS * FLOAT_ANSNR_DIS_TAPS] = {
        2, 7, 12, 7, 2, 7, 31, 52, 31, 7, 12, 52, 127, 52, 12, 7, 31, 52, 31, 7, 2, 7, 12, 7, 2,
    };
    for (unsigned i = 0; i < FLOAT_ANSNR_REF_TAPS * FLOAT_ANSNR_REF_TAPS; i++)
        k->ref[i] = (float)(ref_weights[i] / 16.0);
    for (unsigned i = 0; i < FLOAT_ANSNR_DIS_TAPS * FLOAT_ANSNR_DIS_TAPS; i++)
        k->dis[i] = (float)(dis_weights[i] / 571.0);
}

int float_ansnr_append(VmafFexContext *ctx, VmafFeatureCollector *fc, unsigned bpc, unsigned w,
                       unsigned h, FloatAnsnrEnergy e, unsigned index)
{
    const double peak = float_psnr_peak(bpc), psnr_max = float_psnr_max(bpc);
    /* The SNR's ratio is taken in float. */
    const double ansnr = e.noise == 0 ? psnr_max : 10.0 * log10(e.signal / e.noise);
    const double floor = 1e-10;
    const double pixels_peak = peak * peak * w * h;
    double anpsnr = 10 * log10(pixels_peak / (e.noise > floor ? e.noise : floor));
    if (anpsnr > psnr_max)
        anpsnr = psnr_max;

    int err = vmaf_fex_append(ctx, fc, "float_ansnr", ansnr, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_anpsnr", anpsnr, index);
    return err;
}
