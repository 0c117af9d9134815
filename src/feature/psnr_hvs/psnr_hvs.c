/* PSNR-HVS-M (Ponomarenko et al.) as in Xiph's Daala tools: per plane, the
 * DCT-domain error of 8x8 blocks taken every 7 samples (overlapping by one),
 * weighted by a contrast sensitivity table and reduced by what the block's
 * own activity masks. All float, in the reference's order of operations. */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "psnr_hvs_dsp.h"

/* Contrast sensitivity at the point of transparency, per DCT coefficient
 * (vertical frequency as the row). The chroma tables were made for 4:2:0 and
 * serve every chroma format. Double literals rounded to float, as the
 * reference initialises them. */
static const float csf_table[3][PSNR_HVS_BLOCK] = {
    {
        1.6193873005,   2.2901594831,   2.08509755623,  1.48366094411,  1.00227514334,
        0.678296995242, 0.466224900598, 0.3265091542,   2.2901594831,   1.94321815382,
        2.04793073064,  1.68731108984,  1.2305666963,   0.868920337363, 0.61280991668,
        0.436405793551, 2.08509755623,  2.04793073064,  1.34329019223,  1.09205635862,
        0.875748795257, 0.670882927016, 0.501731932449, 0.372504254596, 1.48366094411,
        1.68731108984,  1.09205635862,  0.772819797575, 0.605636379554, 0.48309405692,
        0.380429446972, 0.295774038565, 1.00227514334,  1.2305666963,   0.875748795257,
        0.605636379554, 0.448996256676, 0.352889268808, 0.283006984131, 0.226951348204,
        0.678296995242, 0.868920337363, 0.670882927016, 0.48309405692,  0.352889268808,
        0.27032073436,  0.215017739696, 0.17408067321,  0.466224900598, 0.61280991668,
        0.501731932449, 0.380429446972, 0.283006984131, 0.215017739696, 0.168869545842,
        0.136153931001, 0.3265091542,   0.436405793551, 0.372504254596, 0.295774038565,
        0.226951348204, 0.17408067321,  0.136153931001, 0.109083846276,
    },
    {
        1.91113096927,  2.46074210438,  1.18284184739,  1.14982565193,  1.05017074788,
        0.898018824055, 0.74725392039,  0.615105596242, 2.46074210438,  1.58529308355,
        1.21363250036,  1.38190029285,  1.33100189972,  1.17428548929,  0.996404342439,
        0.830890433625, 1.18284184739,  1.21363250036,  0.978712413627, 1.02624506078,
        1.03145147362,  0.960060382087, 0.849823426169, 0.731221236837, 1.14982565193,
        1.38190029285,  1.02624506078,  0.861317501629, 0.801821139099, 0.751437590932,
        0.685398513368, 0.608694761374, 1.05017074788,  1.33100189972,  1.03145147362,
        0.801821139099, 0.676555426187, 0.605503172737, 0.55002013668,  0.495804539034,
        0.898018824055, 1.17428548929,  0.960060382087, 0.751437590932, 0.605503172737,
        0.514674450957, 0.454353482512, 0.407050308965, 0.74725392039,  0.996404342439,
        0.849823426169, 0.685398513368, 0.55002013668,  0.454353482512, 0.389234902883,
        0.342353999733, 0.615105596242, 0.830890433625, 0.731221236837, 0.608694761374,
        0.495804539034, 0.407050308965, 0.342353999733, 0.295530605237,
    },
    {
        2.03871978502,  2.62502345193,  1.26180942886,  1.11019789803,  1.01397751469,
        0.867069376285, 0.721500455585, 0.593906509971, 2.62502345193,  1.69112867013,
        1.17180569821,  1.3342742857,   1.28513006198,  1.13381474809,  0.962064122248,
        0.802254508198, 1.26180942886,  1.17180569821,  0.944981930573, 0.990876405848,
        0.995903384143, 0.926972725286, 0.820534991409, 0.706020324706, 1.11019789803,
        1.3342742857,   0.990876405848, 0.831632933426, 0.77418706195,  0.725539939514,
        0.661776842059, 0.587716619023, 1.01397751469,  1.28513006198,  0.995903384143,
        0.77418706195,  0.653238524286, 0.584635025748, 0.531064164893, 0.478717061273,
        0.867069376285, 1.13381474809,  0.926972725286, 0.725539939514, 0.584635025748,
        0.496936637883, 0.438694579826, 0.393021669543, 0.721500455585, 0.962064122248,
        0.820534991409, 0.661776842059, 0.531064164893, 0.438694579826, 0.375820256136,
        0.330555063063, 0.593906509971, 0.802254508198, 0.706020324706, 0.587716619023,
        0.478717061273, 0.393021669543, 0.330555063063, 0.285345396658,
    },
};

/* Scales the CSF into the masking table of PSNR-HVS-M (an empirical constant
 * of Xiph's). */
static const double csf_to_mask = 0.3885746225901003;

typedef struct PsnrHvsState {
    unsigned bpc;
    float mask[3][PSNR_HVS_BLOCK];
    PsnrHvsDsp dsp;
} PsnrHvsState;

static const char *const psnr_hvs_features[] = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr",
                                                "psnr_hvs", NULL};

static int psnr_hvs_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                         unsigned w, unsigned h)
{
    PsnrHvsState *s = ctx->priv;
    if (bpc > 12) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "psnr_hvs: %u-bit input is not supported (at most 12)", bpc);
        return -EINVAL;
    }
    if (pix_fmt == VMAF_PIX_FMT_YUV400P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "psnr_hvs: 4:0:0 input is not supported (needs chroma)");
        return -EINVAL;
    }
    s->bpc = bpc;
    /* Squared in double, stored as float. */
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
            s->mask[p][k] = (csf_table[p][k] * csf_to_mask) * (csf_table[p][k] * csf_to_mask);
    }
    psnr_hvs_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return 0;
}

/* The batch of n blocks of plane p whose first block is at (x, y). */
static void load_batch(const PsnrHvsState *s, PsnrHvsBatch blk, const VmafPicture *pic, unsigned p,
                       unsigned x, unsigned y, unsigned n)
{
    const uint8_t *row = (const uint8_t *)pic->data[p] + y * pic->stride[p];
    if (s->bpc > 8)
        s->dsp.load_16(blk, (const uint16_t *)row + x, pic->stride[p], n);
    else
        s->dsp.load_8(blk, row + x, pic->stride[p], n);
}

/* Adds the errors of the n block pairs from (x, y) on to acc. */
static float add_batch(const PsnrHvsState *s, float acc, const VmafPicture *ref,
                       const VmafPicture *dist, unsigned p, unsigned x, unsigned y, unsigned n)
{
    const PsnrHvsDsp *dsp = &s->dsp;
    const float *mask = s->mask[p];
    PsnrHvsBatch r, d;
    float r_ratio[PSNR_HVS_LANES], d_ratio[PSNR_HVS_LANES];
    float r_energy[PSNR_HVS_LANES], d_energy[PSNR_HVS_LANES], masking[PSNR_HVS_LANES];
    load_batch(s, r, ref, p, x, y, n);
    load_batch(s, d, dist, p, x, y, n);
    dsp->variance_ratio(r_ratio, r);
    dsp->variance_ratio(d_ratio, d);
    dsp->fdct8x8(r);
    dsp->fdct8x8(d);
    dsp->masked_energy(r_energy, r, mask);
    dsp->masked_energy(d_energy, d, mask);
    /* The stronger of the two blocks' masking applies. */
    for (unsigned b = 0; b < PSNR_HVS_LANES; b++) {
        const float r_masking = sqrt(r_energy[b] * r_ratio[b]) / 32.f;
        const float d_masking = sqrt(d_energy[b] * d_ratio[b]) / 32.f;
        masking[b] = d_masking > r_masking ? d_masking : r_masking;
    }
    return dsp->add_errors(acc, r, d, masking, n, csf_table[p], mask);
}

/* The plane's mean squared weighted error relative to the squared peak.
 * A plane too small for one block gives 0 / 0, as in the reference. */
static double plane_score(const PsnrHvsState *s, const VmafPicture *ref, const VmafPicture *dist,
                          unsigned p)
{
    const int w = (int)ref->w[p], h = (int)ref->h[p];
    /* Blocks start at every step while a whole block fits. */
    const unsigned blocks = w > 7 ? (w - 8) / PSNR_HVS_STEP + 1 : 0;
    float err = 0;
    int pixels = 0;
    for (int y = 0; y < h - 7; y += PSNR_HVS_STEP) {
        for (unsigned first = 0; first < blocks; first += PSNR_HVS_LANES) {
            const unsigned n = blocks - first < PSNR_HVS_LANES ? blocks - first : PSNR_HVS_LANES;
            err = add_batch(s, err, ref, dist, p, first * PSNR_HVS_STEP, y, n);
            pixels += PSNR_HVS_BLOCK * n;
        }
    }
    err /= pixels;
    const int32_t peak = (1 << s->bpc) - 1;
    err /= peak * peak;
    return err;
}

/* Negated after the logarithm, as in the reference: a plane without blocks
 * then gives the NaN it gives there. */
static double to_db(double score)
{
    return 10 * -log10(score);
}

static int psnr_hvs_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                            unsigned index, VmafFeatureCollector *fc)
{
    const PsnrHvsState *s = ctx->priv;
    double score[3];
    int err = 0;
    for (unsigned p = 0; !err && p < 3; p++) {
        score[p] = plane_score(s, ref, dist, p);
        err = vmaf_fex_append(ctx, fc, psnr_hvs_features[p], to_db(score[p]), index);
    }
    if (err)
        return err;
    const double combined = score[0] * .8 + .1 * (score[1] + score[2]);
    return vmaf_fex_append(ctx, fc, psnr_hvs_features[3], to_db(combined), index);
}

const VmafFeatureExtractor vmaf_fex_psnr_hvs = {
    .name = "psnr_hvs",
    .priv_size = sizeof(PsnrHvsState),
    .provided_features = psnr_hvs_features,
    .init = psnr_hvs_init,
    .extract = psnr_hvs_extract,
};
