/* PSNR-HVS-M (Ponomarenko et al.) as in Xiph's Daala tools: per plane, the
 * DCT-domain error of 8x8 blocks taken every 7 samples (overlapping by one),
 * weighted by a contrast sensitivity table and reduced by what the block's
 * own activity masks. All float, in the reference's order of operations
 * (psnr_hvs_math.h, psnr_hvs_common.c). */
#include "core/feature_extractor.h"
#include "psnr_hvs_common.h"
#include "psnr_hvs_dsp.h"

typedef struct PsnrHvsState {
    unsigned bpc;
    float mask[3][PSNR_HVS_BLOCK];
    PsnrHvsDsp dsp;
} PsnrHvsState;

static int psnr_hvs_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                         unsigned w, unsigned h)
{
    PsnrHvsState *s = ctx->priv;
    const int err = psnr_hvs_check_format(ctx->fex->name, pix_fmt, bpc);
    if (err)
        return err;
    s->bpc = bpc;
    psnr_hvs_mask_table(s->mask);
    psnr_hvs_dsp_init(&s->dsp, ctx->cpu_flags);
    return 0;
}

static int psnr_hvs_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                            unsigned index, VmafFeatureCollector *fc)
{
    const PsnrHvsState *s = ctx->priv;
    double score[3];
    for (unsigned p = 0; p < 3; p++) {
        const float err = psnr_hvs_plane_error(&s->dsp, s->mask[p], ref, dist, p, s->bpc);
        const unsigned blocks =
            psnr_hvs_blocks_across(ref->w[p]) * psnr_hvs_blocks_across(ref->h[p]);
        score[p] = psnr_hvs_plane_score(err, blocks, s->bpc);
    }
    return psnr_hvs_append_scores(ctx, fc, score, index);
}

const VmafFeatureExtractor vmaf_fex_psnr_hvs = {
    .name = "psnr_hvs",
    .priv_size = sizeof(PsnrHvsState),
    .provided_features = psnr_hvs_provided_features,
    .init = psnr_hvs_init,
    .extract = psnr_hvs_extract,
};
