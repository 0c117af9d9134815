/* The option rows psnr and its GPU twin share, for a state struct with the
 * fields enable_chroma, enable_mse, reduced_hbd_peak and min_sse. */
#ifndef VMAF_FEATURE_PSNR_OPTIONS_H
#define VMAF_FEATURE_PSNR_OPTIONS_H

#include <float.h>
#include <stddef.h>

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

#endif
