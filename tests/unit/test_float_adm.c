/* Float ADM: the wavelet level and the contrast masking against direct
 * evaluations of their definitions (bit for bit), the decoupling of
 * identical detail, and the extractor on pictures whose scores are known. */
#include <errno.h>
#include <stdlib.h>

#include "feature/float_adm/float_adm_dsp.h"
#include "feature/float_common/float_plane.h"
#include "float_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_adm;

static FloatAdmDsp dsp_c(void)
{
    FloatAdmDsp dsp;
    float_adm_dsp_init(&dsp, 0);
    return dsp;
}

static const float lo[4] = {0.482962913144690, 0.836516303737469, 0.224143868041857,
                            -0.129409522550921};
static const float hi[4] = {-0.129409522550921, -0.224143868041857, 0.836516303737469,
                            -0.482962913144690};

/* Source of tap t of output i: 2i - 1 + t, -1 -> 1, n + k -> n - 1 - k. */
static int source(int i, int t, int n)
{
    const int k = 2 * i - 1 + t;
    return k < 0 ? -k : k >= n ? 2 * n - 1 - k : k;
}

static float fir(const float *f, const float *s)
{
    float acc = 0;
    for (int k = 0; k < 4; k++)
        acc += f[k] * s[k];
    return acc;
}

/* Band value at (i, j): vertical filter fv at the four source columns,
 * then horizontal filter fh over them. */
static float direct_band(const float *src, int stride, int w, int h, int i, int j, const float *fv,
                         const float *fh)
{
    float v[4];
    for (int tx = 0; tx < 4; tx++) {
        const int x = source(j, tx, w);
        float s[4];
        for (int ty = 0; ty < 4; ty++)
            s[ty] = src[source(i, ty, h) * stride + x];
        v[tx] = fir(fv, s);
    }
    return fir(fh, v);
}

static void check_dwt(unsigned w, unsigned h)
{
    const FloatAdmDsp dsp = dsp_c();
    FloatPlane src;
    CHECK_EQ_INT(float_plane_alloc(&src, w, h), 0);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++)
            src.data[y * src.stride + x] = test_random_float(-128.0f, 128.0f);
    const unsigned ow = (w + 1) / 2, oh = (h + 1) / 2;
    FloatPlane band[4];
    for (int b = 0; b < 4; b++)
        CHECK_EQ_INT(float_plane_alloc(&band[b], ow, oh), 0);
    const FloatAdmBands dst = {band[0].data, {band[1].data, band[2].data, band[3].data}};
    int *idx = malloc(sizeof(int) * 4 * (ow + oh));
    FloatAdmTaps rows, cols;
    for (int t = 0; t < 4; t++) {
        rows.idx[t] = idx + t * oh;
        cols.idx[t] = idx + 4 * oh + t * ow;
        for (unsigned i = 0; i < oh; i++)
            idx[t * oh + i] = source((int)i, t, (int)h);
        for (unsigned j = 0; j < ow; j++)
            idx[4 * oh + t * ow + j] = source((int)j, t, (int)w);
    }
    float *tmp = malloc(sizeof(float) * 2 * w);
    dsp.dwt2(&dst, band[0].stride, src.data, src.stride, w, h, &rows, &cols, tmp);

    /* a: low-pass both ways; h: high-pass vertically; v: horizontally; d: both. */
    const float *const fv[4] = {lo, hi, lo, hi}, *const fh[4] = {lo, lo, hi, hi};
    unsigned bad = 0;
    for (int b = 0; b < 4; b++)
        for (unsigned i = 0; i < oh; i++)
            for (unsigned j = 0; j < ow; j++)
                bad += band[b].data[i * band[b].stride + j] !=
                       direct_band(src.data, (int)src.stride, (int)w, (int)h, (int)i, (int)j, fv[b],
                                   fh[b]);
    if (bad)
        fprintf(stderr, "  %ux%u: %u band samples differ\n", w, h, bad);
    CHECK_EQ_INT(bad, 0);
    free(tmp);
    free(idx);
    for (int b = 0; b < 4; b++)
        float_plane_free(&band[b]);
    float_plane_free(&src);
}

static void test_dwt_matches_definition(void)
{
    static const unsigned sizes[][2] = {{2, 2}, {3, 5}, {17, 9}, {64, 33}, {65, 37}};
    for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
        check_dwt(sizes[i][0], sizes[i][1]);
}

/* Three planes of w x h with stride w, filled at random (or zeroed). */
static FloatAdmBands random_bands(unsigned w, unsigned h, float amplitude)
{
    FloatAdmBands b = {NULL, {NULL, NULL, NULL}};
    for (int k = 0; k < 3; k++) {
        b.detail[k] = malloc(sizeof(float) * w * h);
        for (unsigned i = 0; i < w * h; i++)
            b.detail[k][i] = amplitude ? test_random_float(-amplitude, amplitude) : 0.0f;
    }
    return b;
}

static void free_bands(FloatAdmBands *b)
{
    for (int k = 0; k < 3; k++)
        free(b->detail[k]);
}

static void test_decouple_identical(void)
{
    const FloatAdmDsp dsp = dsp_c();
    const unsigned w = 9, h = 7;
    FloatAdmBands o = random_bands(w, h, 50.0f), r = random_bands(w, h, 0),
                  a = random_bands(w, h, 0);
    const FloatAdmRect all = {0, (int)h, 0, (int)w};
    dsp.decouple(&r, &a, &o, &o, w, &all, 100.0);
    unsigned bad = 0;
    for (int k = 0; k < 3; k++)
        for (unsigned i = 0; i < w * h; i++)
            bad += r.detail[k][i] != o.detail[k][i] || a.detail[k][i] != 0.0f;
    CHECK_EQ_INT(bad, 0);
    free_bands(&o);
    free_bands(&r);
    free_bands(&a);
}

/* The masking threshold from its definition: rows and columns reflected at
 * the start and repeated at the end. */
static float direct_threshold(const FloatAdmBands *flt, const FloatAdmBands *csf, int w, int h,
                              int i, int j)
{
    const int ys[3] = {i == 0 ? 1 : i - 1, i, i == h - 1 ? i : i + 1};
    const int xs[3] = {j == 0 ? 1 : j - 1, j, j == w - 1 ? j : j + 1};
    float thr = 0;
    for (int k = 0; k < 3; k++) {
        float sum = 0;
        for (int dy = 0; dy < 3; dy++) {
            for (int dx = 0; dx < 3; dx++) {
                if (dy == 1 && dx == 1)
                    sum = (float)(sum + 0.0666666701 * fabsf(csf->detail[k][i * w + j]));
                else
                    sum += flt->detail[k][ys[dy] * w + xs[dx]];
            }
        }
        thr += sum;
    }
    return thr;
}

static void test_masking_matches_definition(void)
{
    const FloatAdmDsp dsp = dsp_c();
    const unsigned w = 6, h = 5;
    FloatAdmBands src = random_bands(w, h, 40.0f), flt = random_bands(w, h, 0.5f);
    FloatAdmBands csf = random_bands(w, h, 8.0f);
    const float rf[3] = {0.5f, 0.25f, 0.125f};
    const FloatAdmRect all = {0, (int)h, 0, (int)w};
    float sums[3], expected[3] = {0};
    dsp.cm_sums(sums, &src, &flt, &csf, w, w, h, &all, rf, false, 3.0);
    for (unsigned i = 0; i < h; i++) {
        float row[3] = {0};
        for (unsigned j = 0; j < w; j++) {
            const float thr = direct_threshold(&flt, &csf, (int)w, (int)h, (int)i, (int)j);
            for (int k = 0; k < 3; k++) {
                float x = fabsf(src.detail[k][i * w + j] * rf[k]) - thr;
                x = x < 0 ? 0 : x;
                row[k] += x * x * x;
            }
        }
        for (int k = 0; k < 3; k++)
            expected[k] += row[k];
    }
    for (int k = 0; k < 3; k++)
        CHECK(sums[k] == expected[k]);

    /* Without masking the numerator sums are the denominator's. */
    float den[3];
    dsp.cm_sums(sums, &src, &flt, &csf, w, w, h, &all, rf, true, 2.5);
    dsp.den_sums(den, &src, w, &all, rf, 2.5);
    for (int k = 0; k < 3; k++)
        CHECK(sums[k] == den[k] && den[k] > 0);
    free_bands(&src);
    free_bands(&flt);
    free_bands(&csf);
}

static int open_adm(TestRun *r, unsigned w, unsigned h, unsigned bpc, const char *const *opts)
{
    return test_run_open(r, &vmaf_fex_float_adm, VMAF_PIX_FMT_YUV420P, bpc, w, h, opts);
}

static void test_identical_pictures(void)
{
    static const unsigned depths[] = {8, 10, 16};
    for (unsigned d = 0; d < 3; d++) {
        TestRun r;
        CHECK_EQ_INT(open_adm(&r, 71, 40, depths[d], NULL), 0);
        test_fill_picture(&r.ref, 30u << (depths[d] - 8), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.ref, 0, r.fc), 0);
        /* What the reference restores is all there is: adm2 1, no impairment. */
        CHECK(test_score(&r, "VMAF_feature_adm2_score", 0) == 1.0);
        CHECK(test_score(&r, "VMAF_feature_aim_score", 0) == 0.0);
        CHECK(test_score(&r, "VMAF_feature_adm3_score", 0) == 1.0);
        CHECK(test_score(&r, "VMAF_feature_adm_scale2_score", 0) == 1.0);
        test_run_close(&r);
    }
}

static void test_sizes_and_depths(void)
{
    TestRun r;
    CHECK_EQ_INT(open_adm(&r, 16, 17, 8, NULL), -EINVAL);
    test_run_close(&r);
    CHECK_EQ_INT(open_adm(&r, 17, 16, 8, NULL), -EINVAL);
    test_run_close(&r);
    CHECK_EQ_INT(open_adm(&r, 64, 64, 14, NULL), -EINVAL);
    test_run_close(&r);
    CHECK_EQ_INT(open_adm(&r, 17, 17, 8, NULL), 0);
    test_fill_picture(&r.ref, 50, 0);
    test_fill_picture(&r.dist, 80, 3);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(isfinite(test_score(&r, "VMAF_feature_adm2_score", 0)));
    test_run_close(&r);
}

static void test_flat_pictures_without_noise_floor(void)
{
    /* No detail and no noise floor: a zero denominator scores 1, aim 0. */
    static const char *const opts[] = {"adm_noise_weight", "0", NULL};
    TestRun r;
    CHECK_EQ_INT(open_adm(&r, 40, 40, 8, opts), 0);
    for (unsigned p = 0; p < 3; p++)
        for (unsigned y = 0; y < r.ref.h[p]; y++)
            for (unsigned x = 0; x < r.ref.w[p]; x++)
                set_sample(&r.ref, p, x, y, 77);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.ref, 0, r.fc), 0);
    CHECK(test_score(&r, "adm2_nw_0", 0) == 1.0);
    CHECK(test_score(&r, "aim_nw_0", 0) == 0.0);
    test_run_close(&r);
}

static void test_names(void)
{
    static const char *const opts[] = {"adm_ref_display_height", "2160", "debug", "true",
                                       "adm_csf_mode",           "3",    NULL};
    TestRun r;
    CHECK_EQ_INT(open_adm(&r, 48, 32, 8, opts), 0);
    test_fill_picture(&r.ref, 50, 0);
    test_fill_picture(&r.dist, 60, 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(test_has_score(&r, "adm2_csf_3_rdf_2160", 0));
    CHECK(test_has_score(&r, "adm_num_scale1_csf_3_rdf_2160", 0));
    /* libvmaf does not list "adm" as provided, so it keeps its bare name. */
    CHECK(test_score(&r, "adm", 0) == test_score(&r, "adm2_csf_3_rdf_2160", 0));
    test_run_close(&r);

    static const char *const bad[] = {"adm_skip_aim_scale", "4", NULL};
    CHECK(open_adm(&r, 48, 32, 8, bad) < 0);
}

TEST_MAIN("float_adm", {"dwt_matches_definition", test_dwt_matches_definition},
          {"decouple_identical", test_decouple_identical},
          {"masking_matches_definition", test_masking_matches_definition},
          {"identical_pictures", test_identical_pictures},
          {"sizes_and_depths", test_sizes_and_depths},
          {"flat_pictures_without_noise_floor", test_flat_pictures_without_noise_floor},
          {"names", test_names})
