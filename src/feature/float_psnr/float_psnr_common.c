#include <math.h>

#include "float_psnr_common.h"
#include "feature/float_common/float_psnr_range.h"

const char *const float_psnr_provided_features[] = {"float_psnr", NULL};

int float_psnr_append(VmafFexContext *ctx, VmafFeatureCollector *fc, unsigned bpc, int w, int h,
                      double sse, unsigned index)
{
    const double peak = float_psnr_peak(bpc), psnr_max = float_psnr_max(bpc);
    const double mse = sse / (w * h);
    /* The error floor keeps identical pictures finite before the cap. */
    const double floor = 1e-10;
    double psnr = 10 * log10(peak * peak / (mse > floor ? mse : floor));
    if (psnr > psnr_max)
        psnr = psnr_max;
    return vmaf_fex_append(ctx, fc, "float_psnr", psnr, index);
}
