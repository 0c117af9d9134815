/* Float PSNR: known squared errors at every depth, the caps, libvmaf's
 * scores of the test pattern (to the last bit), and refused depths. */
#include <errno.h>
#include <math.h>

#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_psnr;

/* Errors of 1, 2, 3, 4 eighth-bit steps on the first row: sse 30 over 8
 * pixels in 8-bit units, at any depth. */
static void test_known_error(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    static const double peak[] = {255.0, 255.75, 255.9375, 255.99609375};
    for (unsigned i = 0; i < 4; i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_psnr, VMAF_PIX_FMT_YUV400P, depths[i], 4, 2),
                     0);
        const unsigned step = 1u << (depths[i] - 8);
        for (unsigned x = 0; x < 4; x++)
            set_sample(&r.dist, 0, x, 0, (x + 1) * step);
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        CHECK(fex_score(&r, "float_psnr", 0) == 10 * log10(peak[i] * peak[i] / 3.75));
        fex_run_close(&r);
    }
}

static void test_identical_caps(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    static const double cap[] = {60, 72, 84, 108};
    for (unsigned i = 0; i < 4; i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_psnr, VMAF_PIX_FMT_YUV420P, depths[i], 6, 4),
                     0);
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        CHECK(fex_score(&r, "float_psnr", 0) == cap[i]);
        fex_run_close(&r);
    }
}

/* Expected: libvmaf's scores of the test pattern, exactly. */
static void test_pattern_scores(void)
{
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned bpc, w, h;
        double psnr;
    } cases[] = {
        {VMAF_PIX_FMT_YUV444P, 8, 16, 16, 0x1.602461672792bp+5},
        {VMAF_PIX_FMT_YUV420P, 10, 16, 16, 0x1.60589f9741bf2p+5},
        {VMAF_PIX_FMT_YUV422P, 12, 24, 16, 0x1.61a9386a4545p+5},
        {VMAF_PIX_FMT_YUV444P, 16, 8, 6, 0x1.5f3d65dd2cd69p+5},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_float_psnr, cases[i].fmt, cases[i].bpc,
                                     cases[i].w, cases[i].h),
                     0);
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        CHECK_NEAR(fex_score(&r, "float_psnr", 0), cases[i].psnr, 0);
        fex_run_close(&r);
    }
}

static void test_refused_depths(void)
{
    static const unsigned depths[] = {9, 11, 14};
    for (unsigned i = 0; i < 3; i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_psnr, VMAF_PIX_FMT_YUV420P, depths[i], 4, 4),
                     -EINVAL);
        fex_run_close(&r);
    }
}

TEST_MAIN("float_psnr", {"known_error", test_known_error}, {"identical_caps", test_identical_caps},
          {"pattern_scores", test_pattern_scores}, {"refused_depths", test_refused_depths})
