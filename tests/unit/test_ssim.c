/* Integer SSIM ("ssim"): the kernel, edge handling on tiny pictures, and the
 * extractor against calc_ssim() of libvmaf's unbuilt integer_ssim.c
 * (f85a8536) on the same samples; for 16 bits against the same function
 * with its 32-bit overflows removed (see docs/integer-ssim.md). */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "feature/ssim/ssim_dsp.h"
#include "ssim_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_ssim, vmaf_fex_float_ssim;

/* Scores the pattern (or the reference against itself) with fex, whose
 * feature is name; NAN when init fails. */
static double score_of(const VmafFeatureExtractor *fex, const char *name, const char *opt,
                       const char *val, unsigned bpc, unsigned w, unsigned h, bool identical)
{
    const char *const opts[] = {opt, val, NULL};
    SsimRun r;
    double v = NAN;
    if (!ssim_run_open(&r, fex, opts, VMAF_PIX_FMT_YUV400P, bpc, w, h)) {
        CHECK_EQ_INT(ssim_run_extract(&r, identical), 0);
        v = ssim_run_score(&r, name);
    }
    ssim_run_close(&r);
    return v;
}

static double ssim_of(unsigned bpc, unsigned w, unsigned h, bool identical)
{
    return score_of(&vmaf_fex_ssim, "ssim", NULL, NULL, bpc, w, h, identical);
}

static void test_kernel(void)
{
    int32_t sum = 0;
    for (unsigned k = 0; k < SSIM_TAPS; k++) {
        const double d = (double)k - SSIM_RADIUS;
        const double g = 256 * exp(-d * d / (2 * 1.5 * 1.5)) / (1.5 * sqrt(2 * M_PI));
        if (k != SSIM_RADIUS)
            CHECK_EQ_INT(ssim_kernel[k], (int32_t)(g + 0.5));
        sum += ssim_kernel[k];
    }
    CHECK_EQ_INT(sum, 256);
}

static void test_matches_libvmaf(void)
{
    static const struct {
        unsigned w, h, bpc;
        double ssim;
    } cases[] = {
        {64, 48, 8, 0.77675738674546824},  {37, 23, 8, 0.64641629331404127},
        {37, 23, 10, 0.64669218456452904}, {45, 33, 12, 0.70501687254997825},
        {37, 23, 16, 0.6470506679844934},  {3, 2, 8, 0.3832621028925951},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        CHECK(ssim_of(cases[i].bpc, cases[i].w, cases[i].h, false) == cases[i].ssim);
}

static void test_identical_is_one(void)
{
    /* Windows cut at the edges weigh less than 2^16, and the division by the
     * weights may round in the last place. */
    static const unsigned sizes[][2] = {{1, 1}, {2, 7}, {9, 9}, {40, 30}};
    for (unsigned i = 0; i < 4; i++) {
        CHECK_NEAR(ssim_of(8, sizes[i][0], sizes[i][1], true), 1.0, 1e-14);
        CHECK_NEAR(ssim_of(16, sizes[i][0], sizes[i][1], true), 1.0, 1e-14);
    }
}

/* docs/integer-ssim.md: without float_ssim's decimation the two differ by
 * their windows, borders and constants only; on this strongly distorted
 * pattern (SSIM 0.93) by 0.0053, at any depth. */
static void test_close_to_float_ssim(void)
{
    static const unsigned depths[] = {8, 10, 16};
    for (unsigned i = 0; i < 3; i++) {
        const double fs =
            score_of(&vmaf_fex_float_ssim, "float_ssim", "scale", "1", depths[i], 176, 180, false);
        const double is = ssim_of(depths[i], 176, 180, false);
        CHECK_NEAR(is - fs, -0.0053, 0.0002);
    }
}

static void test_depth_refused(void)
{
    VmafFexContext *ctx = NULL;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_ssim, NULL), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 7, 16, 16), -EINVAL);
    vmaf_fex_context_destroy(ctx);
}

TEST_MAIN("ssim", {"kernel", test_kernel}, {"matches_libvmaf", test_matches_libvmaf},
          {"identical_is_one", test_identical_is_one},
          {"close_to_float_ssim", test_close_to_float_ssim}, {"depth_refused", test_depth_refused})
