/* PSNR-HVS: the DCT against libvmaf's on a test block, whole scores against
 * what libvmaf computed for the test pattern (to the last bit), and the
 * cases it refuses or cannot score. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "feature/psnr_hvs/psnr_hvs_dsp.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_psnr_hvs;

/* A batch holding copies of one block in every lane. */
static void fill_batch(PsnrHvsBatch blk, const int32_t px[PSNR_HVS_BLOCK])
{
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < PSNR_HVS_LANES; b++)
            blk[k][b] = px[k];
    }
}

static void test_dct_matches_reference(void)
{
    /* Coefficients libvmaf's od_bin_fdct8x8 gives for the block below. */
    static const int32_t expected[PSNR_HVS_BLOCK] = {
        14496, -1807, -277, 466,   512,   -346, 669,   -1076, -1878, -516, -479, -1055, -602,
        95,    -454,  456,  -2953, -2750, -150, 927,   277,   -184,  362,  700,  -1694, 1246,
        3353,  -575,  140,  642,   -1235, -99,  -1536, 2459,  -3507, -793, -511, -276,  898,
        -771,  608,   -944, 298,   1665,  710,  15,    645,   601,   -440, -219, 362,   168,
        -669,  -1163, -874, -326,  662,   -567, 986,   -1736, 402,   1795, 27,   340,
    };
    PsnrHvsDsp dsp;
    psnr_hvs_dsp_init(&dsp, 0);
    int32_t px[PSNR_HVS_BLOCK];
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++)
            px[8 * i + j] = ((i * 37 + j * 11 + i * j * 5) * 16) % 4096;
    }
    PsnrHvsBatch blk;
    fill_batch(blk, px);
    dsp.fdct8x8(blk);
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < PSNR_HVS_LANES; b++)
            CHECK_EQ_INT(blk[k][b], expected[k]);
    }
}

static void test_dct_of_flat_block(void)
{
    PsnrHvsDsp dsp;
    psnr_hvs_dsp_init(&dsp, 0);
    PsnrHvsBatch blk;
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < PSNR_HVS_LANES; b++)
            blk[k][b] = 4095 - (int32_t)b;
    }
    dsp.fdct8x8(blk);
    /* Orthonormal up to the integer rounding: DC near 8 * value, AC at most
     * a rounding step. */
    for (unsigned b = 0; b < PSNR_HVS_LANES; b++) {
        CHECK(abs(blk[0][b] - 8 * (4095 - (int32_t)b)) <= 2);
        for (unsigned k = 1; k < PSNR_HVS_BLOCK; k++)
            CHECK(abs(blk[k][b]) <= 1);
    }
}

/* The n blocks of a batch are loaded 7 samples apart; other lanes are 0. */
static void test_load_steps_by_seven(void)
{
    PsnrHvsDsp dsp;
    psnr_hvs_dsp_init(&dsp, 0);
    uint8_t px[8][64];
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 64; j++)
            px[i][j] = (uint8_t)(3 * i + j);
    }
    PsnrHvsBatch blk;
    dsp.load_8(blk, &px[0][1], 64, 3);
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < PSNR_HVS_LANES; b++)
            CHECK_EQ_INT(blk[k][b], b < 3 ? px[k / 8][1 + 7 * b + k % 8] : 0);
    }
}

static void test_variance_ratio(void)
{
    PsnrHvsDsp dsp;
    psnr_hvs_dsp_init(&dsp, 0);
    int32_t px[PSNR_HVS_BLOCK];
    PsnrHvsBatch blk;
    float ratio[PSNR_HVS_LANES];
    /* Quadrants flat but different: all the variance is between them. */
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
        px[k] = 100 * ((k / 8) / 4) + 30 * ((k % 8) / 4);
    fill_batch(blk, px);
    dsp.variance_ratio(ratio, blk);
    CHECK(ratio[0] == 0.0f && ratio[PSNR_HVS_LANES - 1] == 0.0f);
    /* Four copies of one quadrant: only the unbiased estimates' factors
     * differ, (16 / 15) / (64 / 63). */
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
        px[k] = (int32_t)((k / 8 % 4) * 17 + (k % 4) * (k % 4) * 5);
    fill_batch(blk, px);
    dsp.variance_ratio(ratio, blk);
    CHECK_NEAR(ratio[3], (16.0 / 15) / (64.0 / 63), 1e-6);
    /* A flat block. */
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
        px[k] = 7;
    fill_batch(blk, px);
    dsp.variance_ratio(ratio, blk);
    CHECK(ratio[5] == 0.0f);
}

static void check_pattern(enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                          const double expected[4])
{
    static const char *const names[4] = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"};
    FexRun r;
    CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_psnr_hvs, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    for (unsigned i = 0; i < 4; i++)
        CHECK_NEAR(fex_score(&r, names[i], 0), expected[i], 0);
    fex_run_close(&r);
}

/* Expected: libvmaf's scores of the test pattern, exactly. */
static void test_pattern_scores(void)
{
    static const double c444_8[4] = {0x1.e1f518ceef8bcp+5, 0x1.d67272069296cp+5,
                                     0x1.a66e4dd3f227ep+5, 0x1.d4025ac9bd1d2p+5};
    static const double c420_10[4] = {0x1.a6eeb657efb89p+5, 0x1.b492d938daec7p+5,
                                      0x1.f43ce66a7c716p+5, 0x1.ab708e06b592fp+5};
    static const double c422_12[4] = {0x1.9cf3887fa826bp+5, 0x1.b1be9a8c1f3bep+5,
                                      0x1.0a659fd81d01p+6, 0x1.a2443f6ee22d9p+5};
    check_pattern(VMAF_PIX_FMT_YUV444P, 8, 16, 16, c444_8);
    check_pattern(VMAF_PIX_FMT_YUV420P, 10, 16, 16, c420_10);
    check_pattern(VMAF_PIX_FMT_YUV422P, 12, 24, 16, c422_12);
}

static void test_identical_planes_are_infinite(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV420P, 8, 32, 32), 0);
    fill_pattern(&r.ref, false);
    fill_pattern(&r.dist, false);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    const double y = fex_score(&r, "psnr_hvs_y", 0), all = fex_score(&r, "psnr_hvs", 0);
    CHECK(isinf(y) && y > 0);
    CHECK(isinf(all) && all > 0);
    fex_run_close(&r);
}

/* A plane smaller than a block has no blocks: 0 / 0, a positive NaN, as
 * libvmaf prints it. */
static void test_plane_without_blocks_is_nan(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV420P, 8, 16, 14), 0);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    CHECK(!isnan(fex_score(&r, "psnr_hvs_y", 0)));
    const double cb = fex_score(&r, "psnr_hvs_cb", 0), all = fex_score(&r, "psnr_hvs", 0);
    CHECK(isnan(cb) && !signbit(cb));
    CHECK(isnan(all) && !signbit(all));
    fex_run_close(&r);
}

static void test_refused_inputs(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV420P, 16, 16, 16), -EINVAL);
    fex_run_close(&r);
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV400P, 8, 16, 16), -EINVAL);
    fex_run_close(&r);
    /* Any depth up to 12 is fine, 9 and 11 included. */
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV444P, 11, 16, 16), 0);
    fex_run_close(&r);
}

TEST_MAIN("psnr_hvs", {"dct_matches_reference", test_dct_matches_reference},
          {"dct_of_flat_block", test_dct_of_flat_block},
          {"load_steps_by_seven", test_load_steps_by_seven},
          {"variance_ratio", test_variance_ratio}, {"pattern_scores", test_pattern_scores},
          {"identical_planes_are_infinite", test_identical_planes_are_infinite},
          {"plane_without_blocks_is_nan", test_plane_without_blocks_is_nan},
          {"refused_inputs", test_refused_inputs})
