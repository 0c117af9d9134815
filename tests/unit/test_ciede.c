/* CIEDE2000: the colour difference against libvmaf's unit goldens, whole
 * scores against what libvmaf computed for the test pattern (to the last
 * bit, its 4:2:2 chroma reads included), and the inputs it refuses. */
#include <errno.h>
#include <math.h>

#include "feature/ciede/ciede_dsp.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_ciede;

/* libvmaf's test_ciede.c: pairs and their differences, to float precision. */
static void test_reference_goldens(void)
{
    static const struct {
        CiedeLab a, b;
        float de00;
    } cases[] = {
        {{0.052488625, -0.587470829, -8.98771572},
         {0.465437293, 0.386364758, -12.7648535},
         2.54780269},
        {{87.156334, -12.049645, -1.205325}, {83.455727, -9.040445, -8.894289}, 4.22714281},
        {{79.718491, 9.109915, 13.727915}, {78.717224, 7.526546, 5.597448}, 4.26012468},
        {{99.205299, -3.339410, 1.205873}, {97.991730, -2.497345, 2.473533}, 1.26915979},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        CHECK(ciede_delta_e00(cases[i].a, cases[i].b) == cases[i].de00);
}

static void test_lab_of_video_range(void)
{
    /* Video black and white at every depth; grey has no chroma. */
    static const unsigned depths[] = {8, 10, 12, 16};
    for (unsigned i = 0; i < 4; i++) {
        const double s = 1 << (depths[i] - 8);
        const CiedeLab black = ciede_lab_from_yuv(16 * s, 128 * s, 128 * s, depths[i]);
        const CiedeLab white = ciede_lab_from_yuv(235 * s, 128 * s, 128 * s, depths[i]);
        CHECK_NEAR(black.l, 0, 1e-4);
        CHECK_NEAR(white.l, 100, 1e-4);
        CHECK_NEAR(white.a, 0, 1e-3);
        CHECK_NEAR(white.b, 0, 1e-3);
    }
    const CiedeLab c = ciede_lab_from_yuv(100, 140, 90, 8);
    CHECK(ciede_delta_e00(c, c) == 0.0f);
}

static void check_pattern(enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                          double expected)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_ciede, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    CHECK_NEAR(fex_score(&r, "ciede2000", 0), expected, 0);
    fex_run_close(&r);
}

/* Expected: libvmaf's scores of the test pattern, exactly. The 4:2:2 ones
 * read its zero padding (24x16, 72x4) and the next chroma row (72x4,
 * 130x6). */
static void test_pattern_scores(void)
{
    check_pattern(VMAF_PIX_FMT_YUV444P, 8, 16, 16, 0x1.7fd94f4c95662p+5);
    check_pattern(VMAF_PIX_FMT_YUV420P, 8, 16, 16, 0x1.6f28b15326e84p+5);
    check_pattern(VMAF_PIX_FMT_YUV420P, 10, 16, 16, 0x1.6f28b15326e84p+5);
    check_pattern(VMAF_PIX_FMT_YUV444P, 16, 8, 6, 0x1.6effe2b0e7738p+5);
    check_pattern(VMAF_PIX_FMT_YUV422P, 12, 24, 16, 0x1.7a1255f5aef7bp+5);
    check_pattern(VMAF_PIX_FMT_YUV422P, 8, 72, 4, 0x1.7c757df79d879p+5);
    check_pattern(VMAF_PIX_FMT_YUV422P, 10, 130, 6, 0x1.7cdf3160ef80ap+5);
}

/* The 4:2:2 reads spelled out: output row i, column j takes chroma row
 * i / 2 at offset j of libvmaf's 32-aligned rows, so a 4:4:4 picture with
 * that chroma scores the same. */
static void test_422_reads_as_444(void)
{
    const unsigned w = 72, h = 4, cw = w / 2, stride = 64;
    FexRun r422, r444;
    CHECK_EQ_INT(fex_run_pattern(&r422, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV422P, 8, w, h), 0);
    CHECK_EQ_INT(fex_run_open(&r444, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV444P, 8, w, h), 0);
    const VmafPicture *src[2] = {&r422.ref, &r422.dist};
    VmafPicture *dst[2] = {&r444.ref, &r444.dist};
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned y = 0; y < h; y++) {
            for (unsigned x = 0; x < w; x++) {
                set_sample(dst[pic], 0, x, y, get_sample(src[pic], 0, x, y));
                const unsigned row = y / 2 + x / stride, col = x % stride;
                for (unsigned p = 1; p < 3; p++)
                    set_sample(dst[pic], p, x, y, col < cw ? get_sample(src[pic], p, col, row) : 0);
            }
        }
    }
    CHECK_EQ_INT(fex_run_extract(&r422, 0), 0);
    CHECK_EQ_INT(fex_run_extract(&r444, 0), 0);
    CHECK_NEAR(fex_score(&r422, "ciede2000", 0), fex_score(&r444, "ciede2000", 0), 0);
    fex_run_close(&r422);
    fex_run_close(&r444);
}

/* Scores taken from the colour and pair caches (a second frame of the same
 * pictures) are those of the plain computation, pixel by pixel. */
static void test_cache_is_exact(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_pattern(&r, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV444P, 10, 40, 24), 0);
    double sum = 0;
    for (unsigned y = 0; y < 24; y++) {
        for (unsigned x = 0; x < 40; x++) {
            const CiedeLab a =
                ciede_lab_from_yuv(get_sample(&r.ref, 0, x, y), get_sample(&r.ref, 1, x, y),
                                   get_sample(&r.ref, 2, x, y), 10);
            const CiedeLab b =
                ciede_lab_from_yuv(get_sample(&r.dist, 0, x, y), get_sample(&r.dist, 1, x, y),
                                   get_sample(&r.dist, 2, x, y), 10);
            sum += ciede_delta_e00(a, b);
        }
    }
    const double expected = 45. - 20. * log10(sum / (40 * 24));
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ_INT(fex_run_extract(&r, i), 0);
        CHECK_NEAR(fex_score(&r, "ciede2000", i), expected, 0);
    }
    fex_run_close(&r);
}

static void test_identical_is_infinite(void)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV420P, 8, 16, 8), 0);
    fill_pattern(&r.ref, false);
    fill_pattern(&r.dist, false);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    const double v = fex_score(&r, "ciede2000", 0);
    CHECK(isinf(v) && v > 0);
    fex_run_close(&r);
}

static void test_refused_inputs(void)
{
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned bpc, w, h;
    } refused[] = {
        {VMAF_PIX_FMT_YUV400P, 8, 16, 16},
        {VMAF_PIX_FMT_YUV444P, 9, 16, 16},
        {VMAF_PIX_FMT_YUV420P, 14, 16, 16},
        /* libvmaf reads past its chroma planes: odd 4:2:0 heights, odd
         * 4:2:0 widths whose chroma rows fill their 32-aligned rows, and
         * pictures without chroma samples. */
        {VMAF_PIX_FMT_YUV420P, 8, 16, 15},
        {VMAF_PIX_FMT_YUV420P, 8, 65, 16},
        {VMAF_PIX_FMT_YUV422P, 8, 1, 16},
    };
    for (unsigned i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        FexRun r;
        CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_ciede, refused[i].fmt, refused[i].bpc, refused[i].w,
                                  refused[i].h),
                     -EINVAL);
        fex_run_close(&r);
    }
    /* Odd sizes whose reads stay inside: 4:2:0 of odd width, 4:2:2 of any
     * height. */
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV420P, 8, 33, 16), 0);
    fex_run_close(&r);
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_ciede, VMAF_PIX_FMT_YUV422P, 10, 65, 7), 0);
    fex_run_close(&r);
}

TEST_MAIN("ciede", {"reference_goldens", test_reference_goldens},
          {"lab_of_video_range", test_lab_of_video_range}, {"pattern_scores", test_pattern_scores},
          {"422_reads_as_444", test_422_reads_as_444}, {"cache_is_exact", test_cache_is_exact},
          {"identical_is_infinite", test_identical_is_infinite},
          {"refused_inputs", test_refused_inputs})
