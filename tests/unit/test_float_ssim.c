/* float_ssim: the DSP stages on inputs with known results, the extractor on
 * a synthetic pattern against values computed by libvmaf's compute_ssim()
 * (f85a8536) on the same samples, and the options. */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "feature/ssim_pass/float_ssim_dsp.h"
#include "ssim_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_ssim;

static int run_open(SsimRun *r, const char *const *opts, unsigned bpc, unsigned w, unsigned h)
{
    return ssim_run_open(r, &vmaf_fex_float_ssim, opts, VMAF_PIX_FMT_YUV420P, bpc, w, h);
}

static void test_window_of_constant(void)
{
    FloatSsimDsp dsp;
    float_ssim_dsp_init(&dsp, 0);
    float src[SSIM_WINDOW + 2], dst[3];
    for (unsigned i = 0; i < SSIM_WINDOW + 2; i++)
        src[i] = 100.0f;
    dsp.window_row(dst, src, 3);
    /* The tabulated taps sum to 1.000002, not 1. */
    for (unsigned i = 0; i < 3; i++)
        CHECK_NEAR(dst[i], 100.0002, 1e-4);

    const float *rows[SSIM_WINDOW];
    for (unsigned k = 0; k < SSIM_WINDOW; k++)
        rows[k] = src;
    dsp.window_col(dst, rows, 3);
    CHECK(dst[0] == dst[2]);
    CHECK_NEAR(dst[1], 100.0002, 1e-4);
}

static void test_box_decimate_mirrors(void)
{
    FloatSsimDsp dsp;
    float_ssim_dsp_init(&dsp, 0);
    /* 3x1 by 2: boxes [-1, 0] and [1, 2] on the row mirrored about its edges,
     * and an extra sample for the odd width (box [3, 4] reads 2 and 1); the
     * row itself is mirrored vertically too (-1 -> 0). */
    const float src[3] = {1.0f, 2.0f, 4.0f};
    float dst[2 * 2];
    CHECK_EQ_INT(ssim_decimated_size(3, 2), 2);
    CHECK_EQ_INT(ssim_decimated_size(1, 2), 1);
    dsp.box_decimate(dst, 2, src, 3, 3, 1, 2);
    CHECK(dst[0] == 1.0f);
    CHECK(dst[1] == 3.0f);

    /* An odd factor centres the box: factor 3 at sample 0 spans [-1, 1]. */
    const float col[1] = {6.0f};
    dsp.box_decimate(dst, 1, col, 1, 1, 1, 3);
    double sum = 0.0;
    for (unsigned i = 0; i < 9; i++)
        sum += 6.0f * (1.0f / 9);
    CHECK(dst[0] == (float)sum);
}

static void test_identical_is_one(void)
{
    SsimRun r;
    static const char *const opts[] = {"enable_lcs", "true", NULL};
    CHECK_EQ_INT(run_open(&r, opts, 8, 40, 30), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, true), 0);
    CHECK(ssim_run_score(&r, "float_ssim") == 1.0);
    CHECK(ssim_run_score(&r, "float_ssim_l") == 1.0);
    CHECK(ssim_run_score(&r, "float_ssim_c") == 1.0);
    CHECK(ssim_run_score(&r, "float_ssim_s") == 1.0);
    ssim_run_close(&r);
}

/* Expected values: libvmaf's compute_ssim() on the same float samples. */
static void test_matches_libvmaf(void)
{
    static const struct {
        unsigned w, h, bpc;
        const char *scale;
        double ssim, l, c, s;
    } cases[] = {
        {64, 48, 8, "0", 0.80014848709106445, 0.99996989965438843, 0.96857893466949463,
         0.82302987575531006},
        {70, 50, 10, "2", 0.99477940797805786, 0.99999892711639404, 0.99997037649154663,
         0.99480986595153809},
        {45, 33, 12, "3", 0.99887418746948242, 0.99999988079071045, 0.99999141693115234,
         0.99888288974761963},
        {37, 23, 16, "0", 0.64694696664810181, 0.99998652935028076, 0.92499321699142456,
         0.69812625646591187},
        {176, 180, 8, "0", 0.93240344524383545, 0.99997919797897339, 0.99510246515274048,
         0.93635851144790649},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *const opts[] = {"enable_lcs", "true", "scale", cases[i].scale, NULL};
        SsimRun r;
        CHECK_EQ_INT(run_open(&r, opts, cases[i].bpc, cases[i].w, cases[i].h), 0);
        CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
        CHECK(ssim_run_score(&r, "float_ssim") == cases[i].ssim);
        CHECK(ssim_run_score(&r, "float_ssim_l") == cases[i].l);
        CHECK(ssim_run_score(&r, "float_ssim_c") == cases[i].c);
        CHECK(ssim_run_score(&r, "float_ssim_s") == cases[i].s);
        ssim_run_close(&r);
    }
}

static void test_db(void)
{
    SsimRun r;
    static const char *const db[] = {"enable_db", "true", NULL};
    CHECK_EQ_INT(run_open(&r, db, 8, 64, 48), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, false), 0);
    CHECK(ssim_run_score(&r, "float_ssim") == -10.0 * log10(1.0 - 0.80014848709106445));
    CHECK(!ssim_run_has(&r, "float_ssim_l"));
    ssim_run_close(&r);

    /* Identical pictures: infinity, or with clip_db the dB value of half a
     * squared step over the frame, ceil(10 log10(1023^2 * 2 * 64 * 48)) = 99. */
    static const char *const clip[] = {"enable_db", "true", "clip_db", "true", NULL};
    CHECK_EQ_INT(run_open(&r, db, 10, 64, 48), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, true), 0);
    CHECK(isinf(ssim_run_score(&r, "float_ssim")));
    ssim_run_close(&r);
    CHECK_EQ_INT(run_open(&r, clip, 10, 64, 48), 0);
    CHECK_EQ_INT(ssim_run_extract(&r, true), 0);
    CHECK(ssim_run_score(&r, "float_ssim") == 99.0);
    ssim_run_close(&r);
}

static void test_refused(void)
{
    SsimRun r;
    /* 20x20 halved is 10x10, smaller than the window. */
    static const char *const half[] = {"scale", "2", NULL};
    CHECK_EQ_INT(run_open(&r, half, 8, 20, 20), -EINVAL);
    ssim_run_close(&r);
    CHECK_EQ_INT(run_open(&r, NULL, 8, 10, 40), -EINVAL);
    ssim_run_close(&r);
    CHECK_EQ_INT(run_open(&r, NULL, 9, 40, 40), -EINVAL);
    ssim_run_close(&r);

    VmafFexContext *ctx = NULL;
    VmafFeatureDictionary *d = NULL;
    vmaf_feature_dictionary_set(&d, "scale", "11");
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_float_ssim, d), -EINVAL);
    vmaf_feature_dictionary_free(&d);
    vmaf_fex_context_destroy(ctx);
}

TEST_MAIN("float_ssim", {"window_of_constant", test_window_of_constant},
          {"box_decimate_mirrors", test_box_decimate_mirrors},
          {"identical_is_one", test_identical_is_one}, {"matches_libvmaf", test_matches_libvmaf},
          {"db", test_db}, {"refused", test_refused})
