/* ssimulacra2: SSIMULACRA 2 (libjxl's definition) of each frame, the YUV
 * pictures converted to RGB first (ssimulacra2_rgb.h) with the matrix,
 * range and chroma siting its options name, or, left at auto, those the
 * input file names (the tagged_* options); with matrix rgb the pictures
 * are RGB already (4:4:4 planes G, B, R, H.273's identity matrix, as
 * FFmpeg's gbrp lays them out) and are read as they are. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "core/opt.h"
#include "ssimulacra2_frame.h"
#include "ssimulacra2_rgb.h"

typedef struct Ssimu2Options {
    const char *matrix, *range, *chroma_location;
    /* What the input file says of the same ("" where it says nothing), for
     * the options left at auto: hints that describe the input, so not part
     * of the feature's name. */
    const char *tagged_matrix, *tagged_range, *tagged_chroma_location;
} Ssimu2Options;

typedef struct Ssimu2State {
    Ssimu2Options opt;
    bool gbr;          /* matrix rgb: no conversion */
    Ssimu2Rgb *rgb[2]; /* the conversions, unless gbr */
    Ssimu2Frame frame;
} Ssimu2State;

static const VmafOption ssimulacra2_options[] = {
    {
        .name = "matrix",
        .help = "YUV to RGB matrix: auto (tagged_matrix when set, else bt709 above 576 rows or "
                "1024 columns, else bt601), bt709, bt601 or bt2020nc; rgb: the pictures are RGB "
                "already (4:4:4 planes G, B, R)",
        .offset = offsetof(Ssimu2State, opt.matrix),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "auto",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "range",
        .help = "the samples' range: limited (video) or full; auto: full for RGB, else "
                "tagged_range when set, else limited",
        .offset = offsetof(Ssimu2State, opt.range),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "auto",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "chroma_location",
        .help = "where subsampled chroma sits: left (MPEG-2, H.264, HEVC), center, topleft, top, "
                "bottomleft or bottom; auto: tagged_chroma_location when set, else left",
        .offset = offsetof(Ssimu2State, opt.chroma_location),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "auto",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "tagged_matrix",
        .help = "the matrix the input file names (the vmaf tool sets it), for matrix=auto",
        .offset = offsetof(Ssimu2State, opt.tagged_matrix),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "",
    },
    {
        .name = "tagged_range",
        .help = "the range the input file names (the vmaf tool sets it), for range=auto",
        .offset = offsetof(Ssimu2State, opt.tagged_range),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "",
    },
    {
        .name = "tagged_chroma_location",
        .help = "the chroma siting the input file names (the vmaf tool sets it), for "
                "chroma_location=auto",
        .offset = offsetof(Ssimu2State, opt.tagged_chroma_location),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "",
    },
    {0},
};

static const char *const provided_features[] = {"ssimulacra2", NULL};

/* An option's choice: the index of value among names, or, for "auto", of
 * the file's tag when it has one, else count; -1 logged as a bad value. */
static int choice(const char *option, const char *value, const char *tagged,
                  const char *const *names, unsigned count)
{
    const bool is_auto = !strcmp(value, "auto");
    if (is_auto && !*tagged)
        return (int)count;
    const int i = vmaf_option_choice(is_auto ? tagged : value, names, count);
    if (i < 0)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: unknown %s%s \"%s\"", is_auto ? "tagged_" : "",
                 option, is_auto ? tagged : value);
    return i;
}

/* The options as a conversion into *colour, or *gbr for RGB pictures. */
static int parse_colour(const Ssimu2Options *opt, unsigned w, unsigned h, Ssimu2Colour *colour,
                        bool *gbr)
{
    enum { RANGE_LIMITED, RANGE_FULL, RANGE_AUTO };
    static const char *const ranges[] = {"limited", "full"};
#define CHOICE(option, names, count)                                                               \
    choice(#option, opt->option, opt->tagged_##option, names, count)
    const int matrix = CHOICE(matrix, ssimu2_matrix_names, SSIMU2_MATRIX_RGB + 1);
    const int range = CHOICE(range, ranges, RANGE_AUTO);
    const int siting = CHOICE(chroma_location, ssimu2_siting_names, SSIMU2_CHROMA_BOTTOM + 1);
#undef CHOICE
    if (matrix < 0 || range < 0 || siting < 0)
        return -EINVAL;
    *gbr = matrix == SSIMU2_MATRIX_RGB;
    if (*gbr && range == RANGE_LIMITED) {
        /* libjxl's tool reads full-range RGB only. */
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: RGB pictures are read as full range; "
                                       "range=limited is not supported with them");
        return -EINVAL;
    }
    /* What players and FFmpeg assume of untagged video. */
    const bool hd = h > 576 || w > 1024;
    colour->matrix = matrix >= SSIMU2_MATRIX_RGB ? (hd ? SSIMU2_MATRIX_BT709 : SSIMU2_MATRIX_BT601)
                                                 : (Ssimu2Matrix)matrix;
    colour->full_range = range == RANGE_FULL;
    colour->siting =
        siting > SSIMU2_CHROMA_BOTTOM ? SSIMU2_CHROMA_LEFT : (Ssimu2ChromaSiting)siting;
    return 0;
}

static void ssimulacra2_close(VmafFexContext *ctx)
{
    Ssimu2State *s = ctx->priv;
    for (unsigned i = 0; i < 2; i++) {
        ssimu2_rgb_close(s->rgb[i]);
        s->rgb[i] = NULL;
    }
    ssimu2_frame_close(&s->frame);
}

static int ssimulacra2_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h)
{
    Ssimu2State *s = ctx->priv;
    Ssimu2Colour colour;
    int err = parse_colour(&s->opt, w, h, &colour, &s->gbr);
    if (err)
        return err;
    if (s->gbr && pix_fmt != VMAF_PIX_FMT_YUV444P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "ssimulacra2: RGB needs 4:4:4 pictures (planes G, B, R); these are "
                 "subsampled or have no colour");
        return -EINVAL;
    }
    err = ssimu2_frame_open(&s->frame, w, h, ctx->cpu_flags);
    for (unsigned i = 0; !err && !s->gbr && i < 2; i++)
        err = ssimu2_rgb_open(&s->rgb[i], &colour, pix_fmt, bpc, w, h, ctx->cpu_flags);
    if (err)
        ssimulacra2_close(ctx);
    return err;
}

/* An RGB picture's planes as the metric's R, G, B. */
static Ssimu2Samples gbr_samples(const VmafPicture *pic)
{
    static const unsigned plane_of[3] = {2, 0, 1};
    Ssimu2Samples rgb = {.w = pic->w[0], .h = pic->h[0], .bits = pic->bpc};
    for (unsigned c = 0; c < 3; c++) {
        rgb.data[c] = pic->data[plane_of[c]];
        rgb.stride[c] = pic->stride[plane_of[c]];
    }
    return rgb;
}

static int ssimulacra2_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                               unsigned index, VmafFeatureCollector *fc)
{
    Ssimu2State *s = ctx->priv;
    Ssimu2Samples rgb[2];
    int err = 0;
    if (s->gbr) {
        rgb[0] = gbr_samples(ref);
        rgb[1] = gbr_samples(dist);
    } else {
        err = ssimu2_rgb_convert(s->rgb[0], ref, &rgb[0]);
        if (!err)
            err = ssimu2_rgb_convert(s->rgb[1], dist, &rgb[1]);
    }
    if (err)
        return err;
    return vmaf_fex_append(ctx, fc, "ssimulacra2", ssimu2_frame_score(&s->frame, &rgb[0], &rgb[1]),
                           index);
}

const VmafFeatureExtractor vmaf_fex_ssimulacra2 = {
    .name = "ssimulacra2",
    .options = ssimulacra2_options,
    .priv_size = sizeof(Ssimu2State),
    .provided_features = provided_features,
    .init = ssimulacra2_init,
    .extract = ssimulacra2_extract,
    .close = ssimulacra2_close,
};
