/* What ssimulacra2 and its CUDA twin share: the options, and the colour
 * conversion they resolve to for the input's format and size. */
#ifndef VMAF_FEATURE_SSIMULACRA2_SSIMULACRA2_OPTIONS_H
#define VMAF_FEATURE_SSIMULACRA2_SSIMULACRA2_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/opt.h"
#include "libvmaf/picture.h"
#include "ssimulacra2_rgb.h"

typedef struct Ssimu2Options {
    const char *matrix, *range, *chroma_location;
    /* What the input file says of the same ("" where it says nothing), for
     * the options left at auto: hints that describe the input, so not part
     * of the feature's name. */
    const char *tagged_matrix, *tagged_range, *tagged_chroma_location;
} Ssimu2Options;

/* The entries of the options table, for an Ssimu2Options at member of the
 * extractor's state. */
/* clang-format off */
#define SSIMU2_OPTIONS(state, member)                                                              \
    {                                                                                              \
        .name = "matrix",                                                                          \
        .help = "YUV to RGB matrix: auto (tagged_matrix when set, else bt709 above 576 rows or "   \
                "1024 columns, else bt601), bt709, bt601 or bt2020nc; rgb: the pictures are RGB "  \
                "already (4:4:4 planes G, B, R)",                                                  \
        .offset = offsetof(state, member.matrix),                                                  \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "auto",                                                                   \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "range",                                                                           \
        .help = "the samples' range: limited (video) or full; auto: full for RGB, else "           \
                "tagged_range when set, else limited",                                             \
        .offset = offsetof(state, member.range),                                                   \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "auto",                                                                   \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "chroma_location",                                                                 \
        .help = "where subsampled chroma sits: left (MPEG-2, H.264, HEVC), center, topleft, top, " \
                "bottomleft or bottom; auto: tagged_chroma_location when set, else left",          \
        .offset = offsetof(state, member.chroma_location),                                         \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "auto",                                                                   \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "tagged_matrix",                                                                   \
        .help = "the matrix the input file names (the vmaf tool sets it), for matrix=auto",        \
        .offset = offsetof(state, member.tagged_matrix),                                           \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "",                                                                       \
    },                                                                                             \
    {                                                                                              \
        .name = "tagged_range",                                                                    \
        .help = "the range the input file names (the vmaf tool sets it), for range=auto",          \
        .offset = offsetof(state, member.tagged_range),                                            \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "",                                                                       \
    },                                                                                             \
    {                                                                                              \
        .name = "tagged_chroma_location",                                                          \
        .help = "the chroma siting the input file names (the vmaf tool sets it), for "             \
                "chroma_location=auto",                                                            \
        .offset = offsetof(state, member.tagged_chroma_location),                                  \
        .type = VMAF_OPT_TYPE_STRING,                                                              \
        .default_val.s = "",                                                                       \
    }
/* clang-format on */

extern const char *const ssimu2_provided_features[];

/* The conversion the options name for pix_fmt, w x h pictures: *gbr for
 * RGB pictures (matrix rgb: 4:4:4 planes G, B, R, read as they are), else
 * *colour. Returns 0, or -EINVAL (logged) for an unknown value or RGB with
 * limited range or subsampled planes. */
int ssimu2_options_colour(const Ssimu2Options *opt, enum VmafPixelFormat pix_fmt, unsigned w,
                          unsigned h, Ssimu2Colour *colour, bool *gbr);

#endif
