/* ANSNR: the filters' asymmetric edges, libvmaf's scores of the test
 * pattern (to the last bit), identical pictures, and refused inputs. */
#include <errno.h>
#include <string.h>

#include "feature/float_ansnr/float_ansnr_dsp.h"
#include "feature/float_common/float_plane.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_ansnr;

/* An impulse in a corner through the 3x3 binomial kernel: the first sample
 * is mirrored without repetition (weights 2/4 per axis), the last with it
 * (3/4 per axis). */
static void test_filter_edges(void)
{
    static const float kernel[9] = {1 / 16.f, 2 / 16.f, 1 / 16.f, 2 / 16.f, 4 / 16.f,
                                    2 / 16.f, 1 / 16.f, 2 / 16.f, 1 / 16.f};
    FloatAnsnrDsp dsp;
    float_ansnr_dsp_init(&dsp, 0);
    FloatPlane src, dst;
    CHECK_EQ_INT(float_plane_alloc(&src, 5, 4), 0);
    CHECK_EQ_INT(float_plane_alloc(&dst, 5, 4), 0);

    src.data[0] = 1;
    dsp.filter(&dst, &src, kernel, 3);
    CHECK(dst.data[0] == 0.25f);
    CHECK(dst.data[1] == 0.125f);
    CHECK(dst.data[dst.stride + 1] == 0.0625f);
    CHECK(dst.data[2] == 0.0f);

    src.data[0] = 0;
    src.data[3 * src.stride + 4] = 1;
    dsp.filter(&dst, &src, kernel, 3);
    CHECK(dst.data[3 * dst.stride + 4] == 0.5625f);
    CHECK(dst.data[3 * dst.stride + 3] == 0.1875f);
    CHECK(dst.data[2 * dst.stride + 3] == 0.0625f);

    float_plane_free(&src);
    float_plane_free(&dst);
}

/* Expected: libvmaf's scores of the test pattern, exactly. */
static void test_pattern_scores(void)
{
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned bpc, w, h;
        double ansnr, anpsnr;
    } cases[] = {
        {VMAF_PIX_FMT_YUV444P, 8, 16, 16, 0x1.81707a7f1105cp+4, 0x1.246be53ef8722p+5},
        {VMAF_PIX_FMT_YUV420P, 10, 16, 16, 0x1.81707a7f1105cp+4, 0x1.24a0236f129e8p+5},
        {VMAF_PIX_FMT_YUV422P, 12, 24, 16, 0x1.6c57193d74e95p+4, 0x1.16c2a1e19b55ap+5},
        {VMAF_PIX_FMT_YUV444P, 16, 8, 6, 0x1.132faf174f13dp+5, 0x1.6c5cbf8e67883p+5},
        {VMAF_PIX_FMT_YUV420P, 8, 9, 7, 0x1.1962af0598139p+5, 0x1.7908b5d915d6ap+5},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_float_ansnr, cases[i].fmt, cases[i].bpc,
                                     cases[i].w, cases[i].h),
                     0);
        CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
        CHECK_NEAR(fex_score(&r, "float_ansnr", 0), cases[i].ansnr, 0);
        CHECK_NEAR(fex_score(&r, "float_anpsnr", 0), cases[i].anpsnr, 0);
        fex_run_close(&r);
    }
}

/* No noise (mid-grey is 0 after centring, whatever the filter): both scores
 * are the depth's cap. */
static void test_no_noise_caps(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_ansnr, VMAF_PIX_FMT_YUV420P, 10, 8, 8), 0);
    fill_value(&r.ref, 512);
    fill_value(&r.dist, 512);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    CHECK(fex_score(&r, "float_ansnr", 0) == 72.0);
    CHECK(fex_score(&r, "float_anpsnr", 0) == 72.0);
    fex_run_close(&r);
}

static void test_refused_inputs(void)
{
    static const struct {
        unsigned bpc, w, h;
    } refused[] = {{9, 8, 8}, {8, 2, 8}, {8, 8, 2}};
    for (unsigned i = 0; i < 3; i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_ansnr, VMAF_PIX_FMT_YUV444P, refused[i].bpc,
                                  refused[i].w, refused[i].h),
                     -EINVAL);
        fex_run_close(&r);
    }
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_float_ansnr, VMAF_PIX_FMT_YUV444P, 8, 3, 3), 0);
    fex_run_close(&r);
}

TEST_MAIN("float_ansnr", {"filter_edges", test_filter_edges},
          {"pattern_scores", test_pattern_scores}, {"no_noise_caps", test_no_noise_caps},
          {"refused_inputs", test_refused_inputs})
