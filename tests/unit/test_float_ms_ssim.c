/* float_ms_ssim: the decimation stage, the extractor against values computed
 * by libvmaf's compute_ms_ssim() (f85a8536) on the same samples, the size
 * checks, and enable_chroma (each chroma plane scored as a luma plane of its
 * size would be). */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "feature/float_ms_ssim/float_ms_ssim_dsp.h"
#include "ssim_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_ms_ssim;

static int run_open(SsimRun *r, const char *const *opts, enum VmafPixelFormat fmt, unsigned bpc,
                    unsigned w, unsigned h)
{
    return ssim_run_open(r, &vmaf_fex_float_ms_ssim, opts, fmt, bpc, w, h);
}

static void test_decimate_of_constant(void)
{
    FloatMsSsimDsp dsp;
    float_ms_ssim_dsp_init(&dsp, 0);
    enum { W = 7, H = 5 };
    float src[W * H], dst[4 * 3];
    for (unsigned i = 0; i < W * H; i++)
        src[i] = 50.0f;
    CHECK_EQ_INT(ms_ssim_half(W), 4);
    CHECK_EQ_INT(ms_ssim_half(H), 3);
    dsp.decimate(dst, 4, src, W, W, H);
    /* Mirroring keeps a flat picture flat; the rounded 2-D taps sum to
     * 1.000005. */
    for (unsigned i = 0; i < 4 * 3; i++) {
        CHECK(dst[i] == dst[0]);
        CHECK_NEAR(dst[i], 50.0, 1e-3);
    }
}

static void test_identical_is_one(void)
{
    SsimRun r;
    static const char *const opts[] = {"enable_lcs", "true", NULL};
    CHECK_EQ_INT(run_open(&r, opts, VMAF_PIX_FMT_YUV420P, 8, 176, 176), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, true), 0);
    CHECK(ssim_run_score(&r, "float_ms_ssim") == 1.0);
    CHECK(ssim_run_score(&r, "float_ms_ssim_s_scale4") == 1.0);
    ssim_run_close(&r);
}

/* Expected values: libvmaf's compute_ms_ssim() on the same float samples. */
static const struct {
    unsigned w, h, bpc;
    double ms_ssim;
    double lcs[5][3];
} libvmaf_cases[] = {
    {176,
     180,
     8,
     0.996213586117633,
     {{0.99997919797897339, 0.99510246515274048, 0.93635851144790649},
      {0.99999892711639404, 0.9999815821647644, 0.99806725978851318},
      {0.9999997615814209, 0.99998825788497925, 0.99987912178039551},
      {1, 0.99999541044235229, 0.99992609024047852},
      {1, 0.99999743700027466, 0.9999154806137085}}},
    {180,
     177,
     12,
     0.99622013508307428,
     {{0.99997985363006592, 0.99512016773223877, 0.9365573525428772},
      {0.99999898672103882, 0.99998259544372559, 0.99807256460189819},
      {0.9999997615814209, 0.99998867511749268, 0.99987900257110596},
      {1, 0.99999397993087769, 0.99991148710250854},
      {1, 0.99999481439590454, 0.99990427494049072}}},
};

static void test_matches_libvmaf(void)
{
    static const char *const names[3][5] = {
        {"float_ms_ssim_l_scale0", "float_ms_ssim_l_scale1", "float_ms_ssim_l_scale2",
         "float_ms_ssim_l_scale3", "float_ms_ssim_l_scale4"},
        {"float_ms_ssim_c_scale0", "float_ms_ssim_c_scale1", "float_ms_ssim_c_scale2",
         "float_ms_ssim_c_scale3", "float_ms_ssim_c_scale4"},
        {"float_ms_ssim_s_scale0", "float_ms_ssim_s_scale1", "float_ms_ssim_s_scale2",
         "float_ms_ssim_s_scale3", "float_ms_ssim_s_scale4"},
    };
    static const char *const opts[] = {"enable_lcs", "true", NULL};
    for (unsigned i = 0; i < sizeof(libvmaf_cases) / sizeof(libvmaf_cases[0]); i++) {
        SsimRun r;
        CHECK_EQ_INT(run_open(&r, opts, VMAF_PIX_FMT_YUV444P, libvmaf_cases[i].bpc,
                              libvmaf_cases[i].w, libvmaf_cases[i].h),
                     0);
        CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
        CHECK(ssim_run_score(&r, "float_ms_ssim") == libvmaf_cases[i].ms_ssim);
        for (unsigned scale = 0; scale < 5; scale++) {
            for (unsigned t = 0; t < 3; t++)
                CHECK(ssim_run_score(&r, names[t][scale]) == libvmaf_cases[i].lcs[scale][t]);
        }
        CHECK(!ssim_run_has(&r, "float_ms_ssim_cb"));
        ssim_run_close(&r);
    }
}

static void test_db(void)
{
    SsimRun r;
    static const char *const db[] = {"enable_db", "true", "clip_db", "true", NULL};
    CHECK_EQ_INT(run_open(&r, db, VMAF_PIX_FMT_YUV444P, 8, 176, 180), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
    CHECK(ssim_run_score(&r, "float_ms_ssim") == -10.0 * log10(1.0 - libvmaf_cases[0].ms_ssim));
    ssim_run_close(&r);
}

static void test_sizes(void)
{
    static const char *const chroma[] = {"enable_chroma", "true", NULL};
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned w, h;
        bool with_chroma;
        int err;
    } cases[] = {
        /* Every side at least 176: 11 at the fifth scale when halving rounds
         * down, the rule libvmaf applies. */
        {VMAF_PIX_FMT_YUV420P, 175, 176, false, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 176, 175, false, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 176, 176, false, 0},
        /* Chroma planes are checked at their own sizes. */
        {VMAF_PIX_FMT_YUV420P, 351, 352, true, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 352, 351, true, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 352, 352, true, 0},
        {VMAF_PIX_FMT_YUV422P, 351, 176, true, -EINVAL},
        {VMAF_PIX_FMT_YUV422P, 352, 176, true, 0},
        {VMAF_PIX_FMT_YUV444P, 176, 176, true, 0},
        {VMAF_PIX_FMT_YUV400P, 176, 176, true, 0},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        SsimRun r;
        CHECK_EQ_INT(run_open(&r, cases[i].with_chroma ? chroma : NULL, cases[i].fmt, 8, cases[i].w,
                              cases[i].h),
                     cases[i].err);
        ssim_run_close(&r);
    }
}

/* A chroma plane scores as a luma plane of the same samples: here the cb
 * plane of a 4:2:0 picture holds the 180x177 12-bit pattern of
 * libvmaf_cases[1] (at its own stride), and cr is identical in both. */
static void test_chroma_planes(void)
{
    static const char *const opts[] = {"enable_chroma", "true", "enable_lcs", "true", NULL};
    SsimRun r;
    CHECK_EQ_INT(run_open(&r, opts, VMAF_PIX_FMT_YUV420P, 12, 361, 355), 0);
    CHECK_EQ_INT(r.ref.w[1], 180);
    CHECK_EQ_INT(r.ref.h[1], 177);
    fill_plane(&r.ref, 1, pattern_ref);
    fill_plane(&r.dist, 1, pattern_dis);
    fill_plane(&r.ref, 2, pattern_dis);
    fill_plane(&r.dist, 2, pattern_dis);
    CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
    CHECK(ssim_run_score(&r, "float_ms_ssim_cb") == libvmaf_cases[1].ms_ssim);
    CHECK(ssim_run_score(&r, "float_ms_ssim_cr") == 1.0);
    /* The per-scale terms stay those of luma. */
    CHECK(ssim_run_has(&r, "float_ms_ssim_l_scale0"));
    CHECK(!ssim_run_has(&r, "float_ms_ssim_cb_l_scale0"));
    ssim_run_close(&r);

    /* 4:0:0 has no chroma to score. */
    CHECK_EQ_INT(run_open(&r, opts, VMAF_PIX_FMT_YUV400P, 8, 176, 176), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
    CHECK(ssim_run_has(&r, "float_ms_ssim"));
    CHECK(!ssim_run_has(&r, "float_ms_ssim_cb") && !ssim_run_has(&r, "float_ms_ssim_cr"));
    ssim_run_close(&r);
}

TEST_MAIN("float_ms_ssim", {"decimate_of_constant", test_decimate_of_constant},
          {"identical_is_one", test_identical_is_one}, {"matches_libvmaf", test_matches_libvmaf},
          {"db", test_db}, {"sizes", test_sizes}, {"chroma_planes", test_chroma_planes})
