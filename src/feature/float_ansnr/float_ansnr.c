/* libvmaf's ANSNR: the SNR of a low-passed reference against a more
 * strongly low-passed distorted picture (luma at 8-bit scale, centred on 0),
 * and the PSNR of the same noise (float_anpsnr). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "feature/float_psnr/float_psnr_range.h"
#include "float_ansnr_dsp.h"

#define REF_TAPS 3
#define DIS_TAPS 5

/* Integer weights of the kernels and their sums. */
static const int ref_weights[REF_TAPS * REF_TAPS] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
static const int dis_weights[DIS_TAPS * DIS_TAPS] = {
    2, 7, 12, 7, 2, 7, 31, 52, 31, 7, 12, 52, 127, 52, 12, 7, 31, 52, 31, 7, 2, 7, 12, 7, 2,
};
#define REF_WEIGHT_SUM 16.0
#define DIS_WEIGHT_SUM 571.0

typedef struct FloatAnsnrState {
    unsigned bpc;
    double peak, psnr_max;
    float ref_kernel[REF_TAPS * REF_TAPS], dis_kernel[DIS_TAPS * DIS_TAPS];
    FloatPlane ref, dis, ref_filtered, dis_filtered;
    float *line;
    FloatCommonDsp common;
    FloatAnsnrDsp dsp;
} FloatAnsnrState;

/* As in libvmaf, float_anpsnr is written but not provided (no lookup by
 * that name). */
static const char *const float_ansnr_features[] = {"float_ansnr", NULL};

static void float_ansnr_close(VmafFexContext *ctx)
{
    FloatAnsnrState *s = ctx->priv;
    float_plane_free(&s->ref);
    float_plane_free(&s->dis);
    float_plane_free(&s->ref_filtered);
    float_plane_free(&s->dis_filtered);
    free(s->line);
}

static int alloc_planes(FloatAnsnrState *s, unsigned w, unsigned h)
{
    s->line = malloc(w * sizeof(*s->line));
    if (!s->line)
        return -ENOMEM;
    int err = float_plane_alloc(&s->ref, w, h);
    if (!err)
        err = float_plane_alloc(&s->dis, w, h);
    if (!err)
        err = float_plane_alloc(&s->ref_filtered, w, h);
    if (!err)
        err = float_plane_alloc(&s->dis_filtered, w, h);
    return err;
}

static int float_ansnr_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h)
{
    FloatAnsnrState *s = ctx->priv;
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_ansnr: %u-bit input is not supported (8, 10, 12 or 16)", bpc);
        return -EINVAL;
    }
    if (w < DIS_TAPS / 2 + 1 || h < DIS_TAPS / 2 + 1) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "float_ansnr: %ux%u is too small (at least %dx%d)", w, h,
                 DIS_TAPS / 2 + 1, DIS_TAPS / 2 + 1);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->peak = float_psnr_peak(bpc);
    s->psnr_max = float_psnr_max(bpc);
    /* Divided in double, rounded to float, as the reference's tables. */
    for (unsigned k = 0; k < REF_TAPS * REF_TAPS; k++)
        s->ref_kernel[k] = ref_weights[k] / REF_WEIGHT_SUM;
    for (unsigned k = 0; k < DIS_TAPS * DIS_TAPS; k++)
        s->dis_kernel[k] = dis_weights[k] / DIS_WEIGHT_SUM;
    float_common_dsp_init(&s->common, vmaf_get_cpu_flags());
    float_ansnr_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    const int err = alloc_planes(s, w, h);
    if (err)
        float_ansnr_close(ctx);
    return err;
}

static int float_ansnr_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                               unsigned index, VmafFeatureCollector *fc)
{
    FloatAnsnrState *s = ctx->priv;
    float_plane_load(&s->common, &s->ref, ref, 0);
    float_plane_load(&s->common, &s->dis, dist, 0);
    s->dsp.filter(&s->ref_filtered, &s->ref, s->ref_kernel, REF_TAPS, s->line);
    s->dsp.filter(&s->dis_filtered, &s->dis, s->dis_kernel, DIS_TAPS, s->line);
    float signal, noise;
    s->dsp.energies(&s->ref_filtered, &s->dis_filtered, &signal, &noise);

    /* The SNR's ratio is taken in float. */
    const double ansnr = noise == 0 ? s->psnr_max : 10.0 * log10(signal / noise);
    const double floor = 1e-10;
    const double pixels_peak = s->peak * s->peak * s->ref.w * s->ref.h;
    double anpsnr = 10 * log10(pixels_peak / (noise > floor ? noise : floor));
    if (anpsnr > s->psnr_max)
        anpsnr = s->psnr_max;

    int err = vmaf_fex_append(ctx, fc, "float_ansnr", ansnr, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "float_anpsnr", anpsnr, index);
    return err;
}

const VmafFeatureExtractor vmaf_fex_float_ansnr = {
    .name = "float_ansnr",
    .priv_size = sizeof(FloatAnsnrState),
    .provided_features = float_ansnr_features,
    .init = float_ansnr_init,
    .extract = float_ansnr_extract,
    .close = float_ansnr_close,
};
