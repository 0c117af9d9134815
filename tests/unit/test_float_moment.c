/* Float moments: flat pictures at every depth, libvmaf's figures for the
 * test pattern (to the last bit), and refused depths. */
#include <errno.h>

#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_moment;

static void test_flat_pictures(void)
{
    /* 8-bit value 100.25 is 401 at 10 bits, 1604 at 12 and 25664 at 16. */
    static const unsigned depths[] = {10, 12, 16};
    for (unsigned i = 0; i < 3; i++) {
        FexRun r;
        CHECK_EQ_INT(
            fex_run_open(&r, &vmaf_fex_float_moment, VMAF_PIX_FMT_YUV400P, depths[i], 5, 3), 0);
        fill_value(&r.ref, 401u << (depths[i] - 10));
        fill_value(&r.dist, 1u << (depths[i] - 8));
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        CHECK(fex_score(&r, "float_moment_ref1st", 0) == 100.25);
        CHECK(fex_score(&r, "float_moment_ref2nd", 0) == 100.25 * 100.25);
        CHECK(fex_score(&r, "float_moment_dis1st", 0) == 1.0);
        CHECK(fex_score(&r, "float_moment_dis2nd", 0) == 1.0);
        fex_run_close(&r);
    }
}

/* Expected: libvmaf's figures of the test pattern, exactly. */
static void test_pattern(void)
{
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned bpc, w, h;
        double moment[4]; /* ref1st, dis1st, ref2nd, dis2nd */
    } cases[] = {
        {VMAF_PIX_FMT_YUV444P, 8, 16, 16, {134, 133.4140625, 22468.5, 22324.953125}},
        {VMAF_PIX_FMT_YUV420P, 10, 16, 16, {134, 133.4140625, 22468.5, 22324.953125}},
        {VMAF_PIX_FMT_YUV422P,
         12,
         24,
         16,
         {118, 0x1.d5f7aaaaaaaabp+6, 0x1.29ccaaaaaaaabp+14, 0x1.28092d5aaaaabp+14}},
        {VMAF_PIX_FMT_YUV444P,
         16,
         8,
         6,
         {63, 0x1.f255555555555p+5, 0x1.3872aaaaaaaabp+12, 4919.625}},
    };
    static const char *const names[4] = {"float_moment_ref1st", "float_moment_dis1st",
                                         "float_moment_ref2nd", "float_moment_dis2nd"};
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_float_moment, cases[i].fmt, cases[i].bpc,
                                     cases[i].w, cases[i].h),
                     0);
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        for (unsigned k = 0; k < 4; k++)
            CHECK_NEAR(fex_score(&r, names[k], 0), cases[i].moment[k], 0);
        fex_run_close(&r);
    }
}

static void test_refused_depths(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_moment, VMAF_PIX_FMT_YUV420P, 9, 4, 4), -EINVAL);
    fex_run_close(&r);
}

TEST_MAIN("float_moment", {"flat_pictures", test_flat_pictures}, {"pattern", test_pattern},
          {"refused_depths", test_refused_depths})
