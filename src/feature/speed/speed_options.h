/* The option rows of speed_chroma and speed_temporal (and their CUDA twins):
 * the shared ones write into a SpeedParams named params in the extractor's
 * state; every row is part of the feature names when not at its default. */
#ifndef VMAF_FEATURE_SPEED_OPTIONS_H
#define VMAF_FEATURE_SPEED_OPTIONS_H

#include <stddef.h>

#include "core/opt.h"

/* clang-format off */
#define SPEED_SHARED_OPTIONS(State)                                                                \
    {                                                                                              \
        .name = "speed_kernelscale",                                                               \
        .alias = "ks",                                                                             \
        .help = "width of the Gaussian filters relative to the default (one of libvmaf's "         \
                "supported kernel scales)",                                                        \
        .offset = offsetof(State, params.kernelscale),                                             \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.1,                                                                                \
        .max = 4.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_prescale",                                                                  \
        .alias = "ps",                                                                             \
        .help = "resize factor applied to each plane first (0.5 halves width and height)",         \
        .offset = offsetof(State, params.prescale),                                                \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.1,                                                                                \
        .max = 4.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_prescale_method",                                                           \
        .alias = "psm",                                                                            \
        .help = "resize method: nearest, bilinear, bicubic or lanczos4",                           \
        .offset = offsetof(State, params.prescale_method),                                         \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "nearest",                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_sigma_nn",                                                                  \
        .alias = "snn",                                                                            \
        .help = "standard deviation of the neural noise added to each coefficient",                \
        .offset = offsetof(State, params.sigma_nn),                                                \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.29,                                                                     \
        .min = 0.1,                                                                                \
        .max = 2.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_nn_floor",                                                                  \
        .alias = "nnf",                                                                            \
        .help = "blocks whose entropies both stay below that of the neural noise raised by "       \
                "this fraction count as identical",                                                \
        .offset = offsetof(State, params.nn_floor),                                                \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }

/* speed_chroma's own rows; State has a double max_val. */
#define SPEED_CHROMA_OPTIONS(State)                                                                \
    SPEED_SHARED_OPTIONS(State),                                                                   \
    {                                                                                              \
        .name = "speed_max_val",                                                                   \
        .alias = "mxv",                                                                            \
        .help = "largest score written; larger ones are clipped",                                  \
        .offset = offsetof(State, max_val),                                                        \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1000.0,                                                                   \
        .min = 0.0,                                                                                \
        .max = 1000.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_weight_var_mode",                                                           \
        .alias = "wvm",                                                                            \
        .help = "variances weighting the entropies: 0 each its own, 1 both the reference's, 2 "    \
                "both the distorted's, 3 both the mean, 4-6 the reference its own and the "        \
                "distorted the mean, 3:1 or 1:3 mixtures of the two",                              \
        .offset = offsetof(State, params.weight_var_mode),                                         \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 0,                                                                                  \
        .max = 6,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }

/* speed_temporal's own rows; State has a double max_val and a bool
 * use_ref_diff. */
#define SPEED_TEMPORAL_OPTIONS(State)                                                              \
    SPEED_SHARED_OPTIONS(State),                                                                   \
    {                                                                                              \
        .name = "speed_max_val",                                                                   \
        .alias = "mxv",                                                                            \
        .help = "accepted and part of the feature name, but (as in libvmaf) it clips nothing",     \
        .offset = offsetof(State, max_val),                                                        \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1000.0,                                                                   \
        .min = 0.0,                                                                                \
        .max = 1000.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "speed_use_ref_diff",                                                              \
        .alias = "urd",                                                                            \
        .help = "take the distorted difference against the current reference frame",              \
        .offset = offsetof(State, use_ref_diff),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

#endif
