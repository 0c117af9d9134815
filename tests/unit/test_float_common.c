/* The stages shared by the float extractors: the separable filter against a
 * direct evaluation of its definition (bit for bit), the picture
 * conversion, and the resamplers on content whose result is known. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/float_common/float_common_dsp.h"
#include "feature/float_common/float_kernel.h"
#include "feature/float_common/float_plane.h"
#include "float_test_util.h"

static FloatCommonDsp dsp_c(void)
{
    FloatCommonDsp dsp;
    float_common_dsp_init(&dsp, 0);
    return dsp;
}

static void fill_random(const FloatPlane *p, float lo, float hi)
{
    for (unsigned y = 0; y < p->h; y++)
        for (unsigned x = 0; x < p->w; x++)
            p->data[y * p->stride + x] = test_random_float(lo, hi);
}

/* Reflection about both ends without repeating them, as folding. */
static int fold(int i, int n)
{
    while (i < 0 || i >= n)
        i = i < 0 ? -i : 2 * (n - 1) - i;
    return i;
}

enum Input { PLAIN, SQUARE, PRODUCT };

/* Output (i, j) from the definition: each vertical sum recomputed for every
 * horizontal tap, in the order the DSP header documents. */
static float direct_filter(const FloatPlane *a, const FloatPlane *b, const float *taps, int n,
                           int i, int j, enum Input in)
{
    const int r = n / 2, w = (int)a->w, h = (int)a->h;
    float out = 0;
    for (int kx = 0; kx < n; kx++) {
        const int x = fold(j - r + kx, w);
        float v = 0;
        for (int ky = 0; ky < n; ky++) {
            const int y = fold(i - r + ky, h);
            const float s = a->data[y * a->stride + x];
            const float t = in == PRODUCT ? b->data[y * b->stride + x] : s;
            v += taps[ky] * (in == PLAIN ? s : s * t);
        }
        out += taps[kx] * v;
    }
    return out;
}

static void check_filter(unsigned w, unsigned h, unsigned n)
{
    const FloatCommonDsp dsp = dsp_c();
    FloatPlane a, b, out;
    CHECK_EQ_INT(float_plane_alloc(&a, w, h), 0);
    CHECK_EQ_INT(float_plane_alloc(&b, w, h), 0);
    CHECK_EQ_INT(float_plane_alloc(&out, w, h), 0);
    float *line = malloc(float_filter_line_size(w, n) * sizeof(float));
    float taps[FLOAT_FILTER_MAX_TAPS];
    for (unsigned k = 0; k < n; k++)
        taps[k] = test_random_float(0.0f, 0.3f);
    fill_random(&a, -128.0f, 128.0f);
    fill_random(&b, -128.0f, 128.0f);

    /* The whole plane, then its rows in bands of a third (the last one
     * shorter) and one by one (float_vif filters only the rows it keeps),
     * each band written to the top of out as a plane of its own. */
    const unsigned bands[] = {h, h / 3 + 1, 1};
    for (int in = PLAIN; in <= PRODUCT; in++) {
        for (unsigned i = 0; i < sizeof(bands) / sizeof(bands[0]); i++) {
            const unsigned band = bands[i];
            unsigned bad = 0;
            for (unsigned y0 = 0; y0 < h; y0 += band) {
                const FloatPlane rows = {out.data, out.stride, w, h - y0 < band ? h - y0 : band};
                if (in == PLAIN)
                    dsp.filter(&rows, y0, &a, taps, n, line);
                else if (in == SQUARE)
                    dsp.filter_sq(&rows, y0, &a, taps, n, line);
                else
                    dsp.filter_xy(&rows, y0, &a, &b, taps, n, line);
                for (unsigned y = 0; y < rows.h; y++)
                    for (unsigned x = 0; x < w; x++)
                        bad += out.data[y * out.stride + x] != direct_filter(&a, &b, taps, (int)n,
                                                                             (int)(y0 + y), (int)x,
                                                                             (enum Input)in);
            }
            if (bad)
                fprintf(stderr, "  %ux%u, %u taps, input %d, bands of %u rows: %u samples differ\n",
                        w, h, n, in, band, bad);
            CHECK_EQ_INT(bad, 0);
        }
    }
    free(line);
    float_plane_free(&a);
    float_plane_free(&b);
    float_plane_free(&out);
}

static void test_filter_matches_definition(void)
{
    static const unsigned cases[][3] = {
        {3, 3, 5}, {2, 5, 3}, {9, 9, 17}, {17, 10, 17}, {33, 20, 9}, {70, 40, 65}, {64, 64, 5},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_filter(cases[i][0], cases[i][1], cases[i][2]);
}

static void test_load(void)
{
    const FloatCommonDsp dsp = dsp_c();
    static const struct {
        unsigned bpc, sample;
        float expected;
    } cases[] = {
        {8, 0, -128.0f},       {8, 255, 127.0f},           {10, 1023, 127.75f},
        {12, 4095, 127.9375f}, {16, 65535, 127.99609375f}, {16, 32768, 0.0f},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        VmafPicture pic;
        CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV444P, cases[i].bpc, 5, 3), 0);
        for (unsigned p = 0; p < 3; p++)
            set_sample(&pic, p, 4, 2, cases[i].sample);
        FloatPlane plane;
        CHECK_EQ_INT(float_plane_alloc(&plane, 5, 3), 0);
        float_plane_load(&dsp, &plane, &pic, 2);
        CHECK(plane.data[2 * plane.stride + 4] == cases[i].expected);
        CHECK(plane.data[0] == -128.0f);
        float_plane_free(&plane);
        vmaf_picture_unref(&pic);
    }
    CHECK(float_plane_depth_supported(8) && float_plane_depth_supported(16));
    CHECK(!float_plane_depth_supported(9) && !float_plane_depth_supported(14));
}

static bool planes_equal(const FloatPlane *a, const FloatPlane *b)
{
    for (unsigned y = 0; y < a->h; y++)
        if (memcmp(a->data + y * a->stride, b->data + y * b->stride, a->w * sizeof(float)))
            return false;
    return true;
}

static void test_resample_same_size_copies(void)
{
    const FloatCommonDsp dsp = dsp_c();
    FloatPlane src, dst;
    CHECK_EQ_INT(float_plane_alloc(&src, 21, 13), 0);
    CHECK_EQ_INT(float_plane_alloc(&dst, 21, 13), 0);
    fill_random(&src, -100.0f, 100.0f);
    for (int m = 0; m < FLOAT_RESAMPLE_METHODS; m++) {
        memset(dst.data, 0, dst.stride * dst.h * sizeof(float));
        dsp.resample[m](&dst, &src);
        CHECK(planes_equal(&dst, &src));
    }
    float_plane_free(&src);
    float_plane_free(&dst);
}

static void test_resample_known_content(void)
{
    const FloatCommonDsp dsp = dsp_c();
    FloatPlane src, half, twice;
    CHECK_EQ_INT(float_plane_alloc(&src, 40, 30), 0);
    CHECK_EQ_INT(float_plane_alloc(&half, 20, 15), 0);
    CHECK_EQ_INT(float_plane_alloc(&twice, 80, 60), 0);
    fill_random(&src, -100.0f, 100.0f);

    /* Halving: nearest keeps the even samples, bilinear averages 2x2 with
     * weights of exactly 1/4. */
    dsp.resample[FLOAT_RESAMPLE_NEAREST](&half, &src);
    unsigned bad = 0;
    for (unsigned y = 0; y < 15; y++)
        for (unsigned x = 0; x < 20; x++)
            bad += half.data[y * half.stride + x] != src.data[2 * y * src.stride + 2 * x];
    CHECK_EQ_INT(bad, 0);
    dsp.resample[FLOAT_RESAMPLE_BILINEAR](&half, &src);
    const float *s = src.data;
    const float avg =
        0.25f * s[0] + 0.25f * s[1] + 0.25f * s[src.stride] + 0.25f * s[src.stride + 1];
    CHECK_NEAR(half.data[0], avg, 1e-4);

    /* A constant stays constant (to rounding) through every sampler. */
    for (unsigned y = 0; y < 30; y++)
        for (unsigned x = 0; x < 40; x++)
            src.data[y * src.stride + x] = 37.0f;
    for (int m = 0; m < FLOAT_RESAMPLE_METHODS; m++) {
        dsp.resample[m](&twice, &src);
        dsp.resample[m](&half, &src);
        CHECK_NEAR(twice.data[7 * twice.stride + 79], 37.0, 1e-4);
        CHECK_NEAR(half.data[14 * half.stride + 3], 37.0, 1e-4);
    }
    float_plane_free(&src);
    float_plane_free(&half);
    float_plane_free(&twice);
}

static void test_kernels(void)
{
    /* 17, 9, 5 and 3 taps at kernel scale 1; never fewer than 3. */
    static const unsigned taps_1[5] = {17, 9, 5, 3, 3}, taps_half[5] = {9, 5, 3, 3, 3};
    for (unsigned s = 0; s < 5; s++) {
        CHECK_EQ_INT(float_kernel_taps(s, 1.0f), taps_1[s]);
        CHECK_EQ_INT(float_kernel_taps(s, 0.5f), taps_half[s]);
    }
    CHECK_EQ_INT(float_kernel_taps(0, 2.0f), 35);
    CHECK_EQ_INT(float_kernel_taps(0, 360.0f / 97.0f), 65);
    CHECK(float_kernel_scale_valid(1.0f) && float_kernel_scale_valid(0.7111f));
    CHECK(float_kernel_scale_valid(1.5f) && float_kernel_scale_valid(3.7113f));
    CHECK(!float_kernel_scale_valid(0.55f) && !float_kernel_scale_valid(4.0f));

    float g[17];
    float_kernel_gaussian(g, 17, 17 / 5.0f);
    double sum = 0;
    for (int i = 0; i < 17; i++) {
        sum += g[i];
        CHECK(g[i] == g[16 - i]);
        CHECK(i == 0 || (i <= 8 ? g[i] > g[i - 1] : g[i] < g[i - 1]));
    }
    CHECK_NEAR(sum, 1.0, 1e-6);

    enum FloatResampleMethod m = FLOAT_RESAMPLE_NEAREST;
    CHECK(float_resample_method_from_name("lanczos4", &m) && m == FLOAT_RESAMPLE_LANCZOS4);
    CHECK(float_resample_method_from_name("bilinear", &m) && m == FLOAT_RESAMPLE_BILINEAR);
    CHECK(!float_resample_method_from_name("area", &m) && m == FLOAT_RESAMPLE_BILINEAR);
}

TEST_MAIN("float_common", {"kernels", test_kernels},
          {"filter_matches_definition", test_filter_matches_definition}, {"load", test_load},
          {"resample_same_size_copies", test_resample_same_size_copies},
          {"resample_known_content", test_resample_known_content})
