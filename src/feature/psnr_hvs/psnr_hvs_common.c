#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "core/log.h"
#include "psnr_hvs_common.h"
#include "psnr_hvs_math.h"

const char *const psnr_hvs_provided_features[] = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr",
                                                  "psnr_hvs", NULL};

/* Contrast sensitivity at the point of transparency, per DCT coefficient
 * (vertical frequency as the row). The chroma tables were made for 4:2:0 and
 * serve every chroma format. Double literals rounded to float, as the
 * reference initialises them. */
const float psnr_hvs_csf[3][PSNR_HVS_BLOCK] = {
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

bool psnr_hvs_supports(enum VmafPixelFormat pix_fmt, unsigned bpc)
{
    return bpc <= 12 && pix_fmt != VMAF_PIX_FMT_YUV400P;
}

int psnr_hvs_check_format(const char *fex_name, enum VmafPixelFormat pix_fmt, unsigned bpc)
{
    if (psnr_hvs_supports(pix_fmt, bpc))
        return 0;
    if (bpc > 12)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (at most 12)", fex_name,
                 bpc);
    else
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: 4:0:0 input is not supported (needs chroma)",
                 fex_name);
    return -EINVAL;
}

void psnr_hvs_mask_table(float mask[3][PSNR_HVS_BLOCK])
{
    /* Squared in double, stored as float. */
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
            mask[p][k] =
                (psnr_hvs_csf[p][k] * csf_to_mask) * (psnr_hvs_csf[p][k] * csf_to_mask);
    }
}

/* The batch of n blocks of plane p whose first block is at (x, y). */
static void load_batch(const PsnrHvsDsp *dsp, PsnrHvsBatch blk, const VmafPicture *pic,
                       unsigned p, unsigned bpc, unsigned x, unsigned y, unsigned n)
{
    const uint8_t *row = (const uint8_t *)pic->data[p] + y * pic->stride[p];
    if (bpc > 8)
        dsp->load_16(blk, (const uint16_t *)row + x, pic->stride[p], n);
    else
        dsp->load_8(blk, row + x, pic->stride[p], n);
}

/* Adds the errors of the n block pairs from (x, y) on to acc. */
static float add_batch(const PsnrHvsDsp *dsp, const float mask[PSNR_HVS_BLOCK], float acc,
                       const VmafPicture *ref, const VmafPicture *dist, unsigned p, unsigned bpc,
                       unsigned x, unsigned y, unsigned n)
{
    PsnrHvsBatch r, d;
    float r_ratio[PSNR_HVS_LANES], d_ratio[PSNR_HVS_LANES];
    float r_energy[PSNR_HVS_LANES], d_energy[PSNR_HVS_LANES], masking[PSNR_HVS_LANES];
    load_batch(dsp, r, ref, p, bpc, x, y, n);
    load_batch(dsp, d, dist, p, bpc, x, y, n);
    dsp->variance_ratio(r_ratio, r);
    dsp->variance_ratio(d_ratio, d);
    dsp->fdct8x8(r);
    dsp->fdct8x8(d);
    dsp->masked_energy(r_energy, r, mask);
    dsp->masked_energy(d_energy, d, mask);
    psnr_hvs_masking(masking, r_energy, r_ratio, d_energy, d_ratio, PSNR_HVS_LANES);
    return dsp->add_errors(acc, r, d, masking, n, psnr_hvs_csf[p], mask);
}

float psnr_hvs_plane_error(const PsnrHvsDsp *dsp, const float mask[PSNR_HVS_BLOCK],
                           const VmafPicture *ref, const VmafPicture *dist, unsigned p,
                           unsigned bpc)
{
    const unsigned across = psnr_hvs_blocks_across(ref->w[p]);
    const unsigned down = psnr_hvs_blocks_across(ref->h[p]);
    float err = 0;
    for (unsigned by = 0; by < down; by++) {
        for (unsigned first = 0; first < across; first += PSNR_HVS_LANES) {
            const unsigned n = across - first < PSNR_HVS_LANES ? across - first : PSNR_HVS_LANES;
            err = add_batch(dsp, mask, err, ref, dist, p, bpc, first * PSNR_HVS_STEP,
                            by * PSNR_HVS_STEP, n);
        }
    }
    return err;
}

double psnr_hvs_plane_score(float err, unsigned blocks, unsigned bpc)
{
    const int pixels = (int)(PSNR_HVS_BLOCK * blocks);
    err /= pixels;
    const int32_t peak = (1 << bpc) - 1;
    err /= peak * peak;
    return err;
}

/* Negated after the logarithm, as in the reference: a plane without blocks
 * then gives the NaN it gives there. */
static double to_db(double score)
{
    return 10 * -log10(score);
}

int psnr_hvs_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const double score[3],
                           unsigned index)
{
    int err = 0;
    for (unsigned p = 0; !err && p < 3; p++)
        err = vmaf_fex_append(ctx, fc, psnr_hvs_provided_features[p], to_db(score[p]), index);
    if (err)
        return err;
    const double combined = score[0] * .8 + .1 * (score[1] + score[2]);
    return vmaf_fex_append(ctx, fc, psnr_hvs_provided_features[3], to_db(combined), index);
}
