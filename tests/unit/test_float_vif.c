/* Float VIF: libvmaf's log2 approximation, the statistic on moments whose
 * terms are known, and the extractor's options, sizes and limits. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "feature/float_common/float_plane.h"
#include "feature/float_vif/float_vif_dsp.h"
#include "float_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_vif;

static void test_log2(void)
{
    for (int e = -20; e <= 40; e++)
        CHECK(float_vif_log2(ldexpf(1.0f, e)) == (float)e);
    CHECK(float_vif_log2(0.0f) == -INFINITY);
    CHECK(isnan(float_vif_log2(-1.0f)));
    for (int i = 0; i < 10000; i++) {
        const float x = expf(test_random_float(-10.0f, 20.0f));
        CHECK_NEAR(float_vif_log2(x), log2(x), 2e-6 * fabs(log2(x)) + 1e-6);
    }
}

/* 1x1 moment planes holding one pixel's values. */
typedef struct Pixel {
    float values[5]; /* mu1, mu2, ref_sq, dis_sq, ref_dis */
    FloatVifMoments m;
} Pixel;

static void pixel_init(Pixel *px, float mu1, float mu2, float xx, float yy, float xy)
{
    const float v[5] = {mu1, mu2, xx, yy, xy};
    memcpy(px->values, v, sizeof(v));
    FloatPlane *const planes[5] = {&px->m.mu1, &px->m.mu2, &px->m.ref_sq, &px->m.dis_sq,
                                   &px->m.ref_dis};
    for (int i = 0; i < 5; i++)
        *planes[i] = (FloatPlane){.data = &px->values[i], .stride = 1, .w = 1, .h = 1};
}

static void statistic(float mu1, float mu2, float xx, float yy, float xy, double gain_limit,
                      float *num, float *den)
{
    FloatVifDsp dsp;
    float_vif_dsp_init(&dsp, 0);
    Pixel px;
    pixel_init(&px, mu1, mu2, xx, yy, xy);
    const FloatVifStatParams p = {.gain_limit = gain_limit, .sigma_nsq = 2.0};
    *num = *den = 0.0f;
    dsp.statistic(&px.m, &p, num, den);
}

static void test_statistic_terms(void)
{
    float num, den;
    /* Equal variances and full covariance: the distorted pixel keeps all
     * of the reference's information, log2(1 + 10 / 2) both ways. */
    statistic(1.0f, 1.0f, 11.0f, 11.0f, 11.0f, 100.0, &num, &den);
    CHECK(num == den && den == float_vif_log2(6.0f));
    /* Below the noise floor (sigma1^2 = 1 < 2): num = 1 - sigma2^2 * 4 / 255^2. */
    statistic(0.0f, 0.0f, 1.0f, 3.0f, 1.0f, 100.0, &num, &den);
    CHECK(den == 1.0f);
    CHECK(num == 1.0f - 3.0f * (float)(4.0f / (255.0 * 255.0)));
    /* Negative covariance: no information kept. */
    statistic(0.0f, 0.0f, 10.0f, 10.0f, -5.0f, 100.0, &num, &den);
    CHECK(num == 0.0f && den == float_vif_log2(6.0f));
    /* An enhancing gain of 2 is capped at the limit. */
    float capped, free_gain;
    statistic(0.0f, 0.0f, 10.0f, 40.0f, 20.0f, 1.0, &capped, &den);
    statistic(0.0f, 0.0f, 10.0f, 40.0f, 20.0f, 100.0, &free_gain, &den);
    CHECK(capped == float_vif_log2((float)(1.0f + 10.0f / (1e-10f + 2.0))));
    CHECK(free_gain > capped);
}

static int open_vif(TestRun *r, unsigned w, unsigned h, unsigned bpc, const char *const *opts)
{
    return test_run_open(r, &vmaf_fex_float_vif, VMAF_PIX_FMT_YUV420P, bpc, w, h, opts);
}

static void test_identical_pictures_score_one(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    for (unsigned d = 0; d < 4; d++) {
        TestRun r;
        CHECK_EQ_INT(open_vif(&r, 67, 45, depths[d], NULL), 0);
        test_fill_picture(&r.ref, 40u << (depths[d] - 8), 0);
        test_fill_picture(&r.dist, 0, 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.ref, 0, r.fc), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 1, r.fc), 0);
        static const char *const names[] = {
            "VMAF_feature_vif_scale0_score", "VMAF_feature_vif_scale1_score",
            "VMAF_feature_vif_scale2_score", "VMAF_feature_vif_scale3_score"};
        for (unsigned s = 0; s < 4; s++) {
            CHECK_NEAR(test_score(&r, names[s], 0), 1.0, 1e-6);
            if (s == 0) /* the noise, gone from dist, dominates the finest scale */
                CHECK(test_score(&r, names[s], 1) < 0.9);
        }
        test_run_close(&r);
    }
}

static void test_rejected_setups(void)
{
    static const struct {
        unsigned w, h;
        const char *opts[3];
    } cases[] = {
        {15, 64, {NULL}},
        {64, 15, {NULL}},
        {64, 64, {"vif_kernelscale", "0.55", NULL}},
        {64, 64, {"vif_prescale_method", "area", NULL}},
        {16, 16, {"vif_kernelscale", "2", NULL}}, /* scale 3: 7 taps over 2 samples */
        {24, 24, {"vif_prescale", "0.5", NULL}},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        TestRun r;
        CHECK_EQ_INT(open_vif(&r, cases[i].w, cases[i].h, 8, cases[i].opts), -EINVAL);
        test_run_close(&r);
    }
    TestRun r;
    CHECK_EQ_INT(open_vif(&r, 16, 16, 8, NULL), 0);
    test_run_close(&r);
    CHECK_EQ_INT(open_vif(&r, 64, 64, 9, NULL), -EINVAL); /* libvmaf reads 9 bits as bytes */
    test_run_close(&r);
    static const char *const out_of_range[] = {"vif_sigma_nsq", "5.5", NULL};
    CHECK(open_vif(&r, 64, 64, 8, out_of_range) < 0);
}

static void test_options(void)
{
    TestRun r;
    static const char *const skip[] = {"vif_skip_scale0",    "true", "debug", "true",
                                       "vif_scale3_min_val", "1",    NULL};
    CHECK_EQ_INT(open_vif(&r, 64, 48, 10, skip), 0);
    test_fill_picture(&r.ref, 200, 0);
    test_fill_picture(&r.dist, 300, 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(test_score(&r, "vif_scale0_s3miv_1_ssclz", 0) == 0.0);
    CHECK(test_score(&r, "vif_scale3_s3miv_1_ssclz", 0) == 1.0);
    CHECK(test_score(&r, "vif_num_scale0_s3miv_1_ssclz", 0) == 0.0);
    CHECK(test_score(&r, "vif_den_scale0_s3miv_1_ssclz", 0) == -1.0);
    const double num = test_score(&r, "vif_num_s3miv_1_ssclz", 0);
    double expected = 0;
    for (int s = 1; s < 4; s++) {
        char name[64];
        snprintf(name, sizeof(name), "vif_num_scale%d_s3miv_1_ssclz", s);
        expected += test_score(&r, name, 0);
    }
    CHECK(num == expected);
    test_run_close(&r);

    static const char *const prescale[] = {
        "vif_prescale", "2", "vif_prescale_method", "bilinear", "vif_enhn_gain_limit", "1.0", NULL};
    CHECK_EQ_INT(open_vif(&r, 32, 24, 8, prescale), 0);
    test_fill_picture(&r.ref, 20, 0);
    test_fill_picture(&r.dist, 30, 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(test_has_score(&r, "vif_scale2_egl_1_ps_2_pm_bilinear", 0));
    test_run_close(&r);
}

TEST_MAIN("float_vif", {"log2", test_log2}, {"statistic_terms", test_statistic_terms},
          {"identical_pictures_score_one", test_identical_pictures_score_one},
          {"rejected_setups", test_rejected_setups}, {"options", test_options})
