/* ssimulacra2: SSIMULACRA 2 (libjxl's definition) of each frame, the YUV
 * pictures converted to RGB first (ssimulacra2_rgb.h) with the matrix,
 * range and chroma siting its options name, or, left at auto, those the
 * input file names (the tagged_* options); with matrix rgb the pictures
 * are RGB already (4:4:4 planes G, B, R, H.273's identity matrix, as
 * FFmpeg's gbrp lays them out) and are read as they are. */
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "ssimulacra2_frame.h"
#include "ssimulacra2_options.h"
#include "ssimulacra2_rgb.h"

typedef struct Ssimu2State {
    Ssimu2Options opt;
    bool gbr;          /* matrix rgb: no conversion */
    Ssimu2Rgb *rgb[2]; /* the conversions, unless gbr */
    Ssimu2Frame frame;
} Ssimu2State;

static const VmafOption ssimulacra2_options[] = {
    SSIMU2_OPTIONS(Ssimu2State, opt),
    {0},
};

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
    int err = ssimu2_options_colour(&s->opt, pix_fmt, w, h, &colour, &s->gbr);
    if (err)
        return err;
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
    .provided_features = ssimu2_provided_features,
    .init = ssimulacra2_init,
    .extract = ssimulacra2_extract,
    .close = ssimulacra2_close,
};
