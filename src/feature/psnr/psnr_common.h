/* What psnr and its GPU twin share: the option rows (for a state struct with
 * the fields enable_chroma, enable_mse, reduced_hbd_peak and min_sse) and the
 * arithmetic that turns a plane's squared error into libvmaf's score. */
#ifndef VMAF_FEATURE_PSNR_COMMON_H
#define VMAF_FEATURE_PSNR_COMMON_H

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/log.h"
#include "core/opt.h"

#define PSNR_OPTION_ENABLE_CHROMA(State)                                                           \
    {                                                                                              \
        .name = "enable_chroma", .help = "also score the chroma planes (never for 4:0:0)",         \
        .offset = offsetof(State, enable_chroma), .type = VMAF_OPT_TYPE_BOOL,                      \
        .default_val.b = true,                                                                     \
    }

#define PSNR_OPTION_ENABLE_MSE(State)                                                              \
    {                                                                                              \
        .name = "enable_mse", .help = "also write the mean squared error of each plane",           \
        .offset = offsetof(State, enable_mse), .type = VMAF_OPT_TYPE_BOOL, .default_val.b = false, \
    }

#define PSNR_OPTIONS_PEAK(State)                                                                   \
    {                                                                                              \
        .name = "reduced_hbd_peak",                                                                \
        .help = "use 255 scaled to the bit depth as the peak, as for upscaled 8-bit content",      \
        .offset = offsetof(State, reduced_hbd_peak),                                               \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "min_sse",                                                                         \
        .help = "smallest squared error per frame assumed when capping the score",                 \
        .offset = offsetof(State, min_sse), .type = VMAF_OPT_TYPE_DOUBLE, .default_val.d = 0.0,    \
        .min = 0.0, .max = DBL_MAX,                                                                \
    }

/* libvmaf scores 8, 10, 12 and 16 bits only. */
static inline int psnr_check_depth(const char *fex_name, unsigned bpc)
{
    if (bpc == 8 || bpc == 10 || bpc == 12 || bpc == 16)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12 or 16)", fex_name,
             bpc);
    return -EINVAL;
}

static inline uint32_t psnr_peak(unsigned bpc, bool reduced_hbd_peak)
{
    return reduced_hbd_peak ? 255u << (bpc - 8) : (1u << bpc) - 1;
}

/* The cap of a plane of `pixels` samples: what min_sse spread over the plane
 * would score, else 6 dB per bit plus 12. */
static inline double psnr_cap(double min_sse, unsigned bpc, uint32_t peak, unsigned pixels)
{
    if (min_sse == 0.0)
        return 6 * bpc + 12;
    const double min_mse = min_sse / pixels;
    return ceil(10.0 * log10(peak * peak / min_mse));
}

/* Identical planes would give infinity: the error floor and the cap keep the
 * score finite. */
static inline double psnr_from_mse(double mse, uint32_t peak, double cap)
{
    const double psnr = 10.0 * log10(peak * peak / (mse > 1e-16 ? mse : 1e-16));
    return psnr < cap ? psnr : cap;
}

/* The planes psnr reads (VmafFeatureExtractor.planes): chroma with
 * enable_chroma, which 4:0:0 has none of. */
static inline unsigned psnr_planes_read(bool enable_chroma, enum VmafPixelFormat pix_fmt)
{
    return enable_chroma && pix_fmt != VMAF_PIX_FMT_YUV400P ? 7 : 1;
}

#endif
