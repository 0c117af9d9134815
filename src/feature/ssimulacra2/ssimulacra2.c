/* ssimulacra2: SSIMULACRA 2 (libjxl's definition) of each frame, the YUV
 * pictures converted to RGB first (ssimulacra2_rgb.h) with the matrix,
 * range and chroma siting its options name. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "core/opt.h"
#include "ssimulacra2_frame.h"
#include "ssimulacra2_rgb.h"

typedef struct Ssimu2Options {
    const char *matrix, *range, *chroma_location;
} Ssimu2Options;

typedef struct Ssimu2State {
    Ssimu2Options opt;
    Ssimu2Rgb *rgb[2];
    Ssimu2Frame frame;
} Ssimu2State;

static const VmafOption ssimulacra2_options[] = {
    {
        .name = "matrix",
        .help = "YUV to RGB matrix: auto (bt709 above 576 rows or 1024 columns, else bt601), "
                "bt709, bt601 or bt2020nc",
        .offset = offsetof(Ssimu2State, opt.matrix),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "auto",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "range",
        .help = "the YUV samples' range: limited (video) or full",
        .offset = offsetof(Ssimu2State, opt.range),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "limited",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "chroma_location",
        .help = "where subsampled chroma sits: left (MPEG-2, H.264, HEVC), center, topleft, top, "
                "bottomleft or bottom",
        .offset = offsetof(Ssimu2State, opt.chroma_location),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = "left",
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const provided_features[] = {"ssimulacra2", NULL};

/* The index of value among names, or -1 logged as option's bad value. */
static int choice(const char *option, const char *value, const char *const *names, unsigned count)
{
    const int i = vmaf_option_choice(value, names, count);
    if (i < 0)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: unknown %s \"%s\"", option, value);
    return i;
}

static int parse_colour(const Ssimu2Options *opt, unsigned w, unsigned h, Ssimu2Colour *colour)
{
    /* Each in its enum's order; auto after the matrices. */
    enum { MATRIX_AUTO = SSIMU2_MATRIX_BT2020_NCL + 1 };
    static const char *const matrices[] = {
        [SSIMU2_MATRIX_BT709] = "bt709",
        [SSIMU2_MATRIX_BT601] = "bt601",
        [SSIMU2_MATRIX_BT2020_NCL] = "bt2020nc",
        [MATRIX_AUTO] = "auto",
    };
    static const char *const ranges[] = {"limited", "full"};
    static const char *const sitings[] = {
        [SSIMU2_CHROMA_LEFT] = "left",
        [SSIMU2_CHROMA_CENTER] = "center",
        [SSIMU2_CHROMA_TOP_LEFT] = "topleft",
        [SSIMU2_CHROMA_TOP] = "top",
        [SSIMU2_CHROMA_BOTTOM_LEFT] = "bottomleft",
        [SSIMU2_CHROMA_BOTTOM] = "bottom",
    };
#define CHOICE(option, value, names) choice(option, value, names, sizeof(names) / sizeof(names[0]))
    const int matrix = CHOICE("matrix", opt->matrix, matrices);
    const int range = CHOICE("range", opt->range, ranges);
    const int siting = CHOICE("chroma_location", opt->chroma_location, sitings);
#undef CHOICE
    if (matrix < 0 || range < 0 || siting < 0)
        return -EINVAL;
    /* What players and FFmpeg assume of untagged video. */
    const bool hd = h > 576 || w > 1024;
    colour->matrix = matrix == MATRIX_AUTO ? (hd ? SSIMU2_MATRIX_BT709 : SSIMU2_MATRIX_BT601)
                                           : (Ssimu2Matrix)matrix;
    colour->full_range = range == 1;
    colour->siting = (Ssimu2ChromaSiting)siting;
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
    int err = parse_colour(&s->opt, w, h, &colour);
    if (err)
        return err;
    err = ssimu2_frame_open(&s->frame, w, h, ctx->cpu_flags);
    for (unsigned i = 0; !err && i < 2; i++)
        err = ssimu2_rgb_open(&s->rgb[i], &colour, pix_fmt, bpc, w, h);
    if (err)
        ssimulacra2_close(ctx);
    return err;
}

static int ssimulacra2_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                               unsigned index, VmafFeatureCollector *fc)
{
    Ssimu2State *s = ctx->priv;
    Ssimu2Samples rgb[2];
    int err = ssimu2_rgb_convert(s->rgb[0], ref, &rgb[0]);
    if (!err)
        err = ssimu2_rgb_convert(s->rgb[1], dist, &rgb[1]);
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
