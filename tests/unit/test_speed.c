/* speed_chroma and speed_temporal: the linear algebra and DSP stages on
 * inputs with known results, the extractors on a synthetic texture against
 * the values libvmaf (f85a8536, C path) computed from the same samples, the
 * option tables, the feature names and what init refuses. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "feature/speed/speed_dsp.h"
#include "feature/speed/speed_linalg.h"
#include "feature/speed/speed_math.h"
#include "fex_test_util.h"
#include "libvmaf/feature.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_speed_chroma;
extern const VmafFeatureExtractor vmaf_fex_speed_temporal;

#define U_SCORE "Speed_chroma_feature_speed_chroma_u_score"
#define V_SCORE "Speed_chroma_feature_speed_chroma_v_score"
#define UV_SCORE "Speed_chroma_feature_speed_chroma_uv_score"
#define TEMPORAL_SCORE "Speed_temporal_feature_speed_temporal_score"
#define V16_OPTS                                                                                   \
    "speed_nn_floor", "0.1", "speed_sigma_nn", "0.19", "speed_weight_var_mode", "5",               \
        "speed_max_val", "45"

/* Noise texture drifting by (2, 1) samples a frame; the distorted picture
 * adds a periodic error of up to +-12 8-bit steps. */
static unsigned texture(unsigned x, unsigned y, unsigned p, unsigned n, unsigned bpc,
                        bool distorted)
{
    uint32_t h = (x + 2 * n) * 73856093u ^ (y + n) * 19349663u ^ p * 83492791u;
    h = (h ^ (h >> 13)) * 0x5bd1e995u;
    h ^= h >> 15;
    int v = (int)(h & ((1u << bpc) - 1));
    if (distorted)
        v += ((int)((x * 7 + y * 3 + p) % 9) - 4) * 3 * (1 << (bpc - 8));
    const int max = (1 << bpc) - 1;
    return v < 0 ? 0 : v > max ? (unsigned)max : (unsigned)v;
}

static void fill_texture(VmafPicture *pic, unsigned n, bool distorted)
{
    for (unsigned p = 0; p < plane_count(pic); p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            for (unsigned x = 0; x < pic->w[p]; x++)
                set_sample(pic, p, x, y, texture(x, y, p, n, pic->bpc, distorted));
        }
    }
}

/* --------------------------------------------------------- linear algebra */

static void test_eigenvalues(void)
{
    float scratch[SPEED_EIGEN_SCRATCH(25)], eig[25];

    /* Diagonal: nothing to reduce, the diagonal comes back as is. */
    float diag[25 * 25] = {0};
    for (int i = 0; i < 25; i++)
        diag[i * 25 + i] = (float)(i % 7) - 2.5f;
    speed_eigenvalues(diag, 25, eig, scratch);
    for (int i = 0; i < 25; i++)
        CHECK(eig[i] == (float)(i % 7) - 2.5f);

    /* The second difference matrix: 2 - sqrt 2, 2, 2 + sqrt 2. */
    const float tri[9] = {2, 1, 0, 1, 2, 1, 0, 1, 2};
    speed_eigenvalues(tri, 3, eig, scratch);
    const float lo = fminf(eig[0], fminf(eig[1], eig[2]));
    const float hi = fmaxf(eig[0], fmaxf(eig[1], eig[2]));
    CHECK_NEAR(lo, 2 - sqrt(2), 1e-6);
    CHECK_NEAR(hi, 2 + sqrt(2), 1e-6);
    CHECK_NEAR(eig[0] + eig[1] + eig[2], 6, 1e-5);

    /* A dense symmetric one: the trace and the determinant survive. */
    const float dense[16] = {4, 1, 2, 0.5f, 1, 3, 0, 1, 2, 0, 5, 1, 0.5f, 1, 1, 2};
    speed_eigenvalues(dense, 4, eig, scratch);
    CHECK_NEAR(eig[0] + eig[1] + eig[2] + eig[3], 14, 1e-5);
    CHECK_NEAR((double)eig[0] * eig[1] * eig[2] * eig[3], 62.25, 1e-3);
}

static void test_solve(void)
{
    float scratch[SPEED_SOLVE_SCRATCH(4, 2)], x[8];
    const float a[16] = {4, 1, 2, 0.5f, 1, 3, 0, 1, 2, 0, 5, 1, 0.5f, 1, 1, 2};
    /* Right-hand sides a * (1, 2, 3, 4)' and a * (-1, 0, 1, 0)', as the two
     * columns of b. */
    const float b[8] = {14, -2, 11, -1, 21, 3, 13.5f, 0.5f};
    CHECK_EQ_INT(speed_solve(a, 4, b, 2, x, scratch), 0);
    const float want[8] = {1, -1, 2, 0, 3, 1, 4, 0};
    for (int i = 0; i < 8; i++)
        CHECK_NEAR(x[i], want[i], 1e-5);

    /* Rank 1: R has a zero pivot. */
    const float singular[4] = {1, 2, 2, 4};
    CHECK_EQ_INT(speed_solve(singular, 2, b, 1, x, scratch), -EINVAL);
}

/* ------------------------------------------------------------------- dsp */

static void test_dsp(void)
{
    SpeedDsp dsp;
    speed_dsp_init(&dsp, 0);
    enum { W = 40, H = 33, S = 48 };
    static float a[S * H], d[S * H];
    for (int i = 0; i < H; i++) {
        for (int j = 0; j < W; j++) {
            a[i * S + j] = (float)(i * 100 + j);
        }
    }

    dsp.decimate_16(a, d, S, W, H);
    CHECK(d[0] == 0 && d[1] == 16 && d[S] == 1600 && d[S + 1] == 1616);

    /* 2x2 windows of a: position k = (r, c) sums to 400 r + 4 c + 202. */
    float sums[SPEED_BLOCK_ELEMS];
    dsp.window_sums(sums, a, S, 2, 2);
    CHECK(sums[0] == 202 && sums[6] == 606 && sums[24] == 1818);

    /* Each window less its mean is (-50.5, -49.5, 49.5, 50.5): every pair's
     * sum is 2 (50.5^2 + 49.5^2). */
    float mean[SPEED_BLOCK_ELEMS];
    for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
        mean[k] = sums[k] / 4;
    double cov[SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS];
    dsp.cov_sums(cov, a, S, 2, 2, mean);
    CHECK(cov[0] == 10001 && cov[6 * SPEED_BLOCK_ELEMS] == 10001 &&
          cov[24 * SPEED_BLOCK_ELEMS + 23] == 10001);

    dsp.subtract(a, a, S, W, H);
    dsp.window_sums(sums, a, S, W - 4, H - 4);
    CHECK(sums[0] == 0 && sums[24] == 0);
}

/* ------------------------------------------------------------ extractors */

static void test_options(void)
{
    static const struct {
        const char *name, *alias;
        double default_val, min, max;
    } shared[] = {
        {"speed_kernelscale", "ks", 1.0, 0.1, 4.0}, {"speed_prescale", "ps", 1.0, 0.1, 4.0},
        {"speed_sigma_nn", "snn", 0.29, 0.1, 2.0},  {"speed_nn_floor", "nnf", 0.0, 0.0, 1.0},
        {"speed_max_val", "mxv", 1000, 0, 1000},
    };
    const VmafFeatureExtractor *const fexes[] = {&vmaf_fex_speed_chroma, &vmaf_fex_speed_temporal};
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < sizeof(shared) / sizeof(*shared); i++) {
            const VmafOption *o = vmaf_option_find(fexes[f]->options, shared[i].name);
            CHECK(o && !strcmp(o->alias, shared[i].alias) && o->type == VMAF_OPT_TYPE_DOUBLE);
            CHECK(o && o->default_val.d == shared[i].default_val);
            CHECK(o && o->min == shared[i].min && o->max == shared[i].max);
            CHECK(o && o->flags == VMAF_OPT_FLAG_FEATURE_PARAM);
        }
        const VmafOption *m = vmaf_option_find(fexes[f]->options, "psm");
        CHECK(m && m->type == VMAF_OPT_TYPE_STRING && !strcmp(m->default_val.s, "nearest"));
        CHECK(m && m->flags == VMAF_OPT_FLAG_FEATURE_PARAM);
    }
    const VmafOption *wvm = vmaf_option_find(vmaf_fex_speed_chroma.options, "wvm");
    CHECK(wvm && wvm->type == VMAF_OPT_TYPE_INT && wvm->default_val.i == 0 && wvm->max == 6);
    CHECK(!vmaf_option_find(vmaf_fex_speed_temporal.options, "wvm"));
    const VmafOption *urd = vmaf_option_find(vmaf_fex_speed_temporal.options, "urd");
    CHECK(urd && urd->type == VMAF_OPT_TYPE_BOOL && !urd->default_val.b);
    CHECK(urd && urd->flags == VMAF_OPT_FLAG_FEATURE_PARAM);
    CHECK(!vmaf_option_find(vmaf_fex_speed_chroma.options, "urd"));
    CHECK(vmaf_fex_speed_temporal.flags & VMAF_FEATURE_EXTRACTOR_TEMPORAL);
    CHECK(!(vmaf_fex_speed_chroma.flags & VMAF_FEATURE_EXTRACTOR_TEMPORAL));
}

static void test_refusals(void)
{
    static const struct {
        const VmafFeatureExtractor *fex;
        const char *key, *val;
        enum VmafPixelFormat fmt;
        unsigned bpc, w, h;
    } bad[] = {
        {&vmaf_fex_speed_chroma, NULL, NULL, VMAF_PIX_FMT_YUV400P, 8, 320, 240}, /* no chroma */
        {&vmaf_fex_speed_chroma, NULL, NULL, VMAF_PIX_FMT_YUV420P, 8, 176, 144}, /* 88x72 */
        {&vmaf_fex_speed_temporal, NULL, NULL, VMAF_PIX_FMT_YUV420P, 8, 320, 79},
        {&vmaf_fex_speed_chroma, NULL, NULL, VMAF_PIX_FMT_YUV444P, 9, 320, 240},
        {&vmaf_fex_speed_chroma, "speed_kernelscale", "0.9", VMAF_PIX_FMT_YUV444P, 8, 320, 240},
        {&vmaf_fex_speed_temporal, "speed_prescale_method", "area", VMAF_PIX_FMT_YUV420P, 8, 320,
         240},
        {&vmaf_fex_speed_chroma, "speed_prescale", "0.5", VMAF_PIX_FMT_YUV420P, 8, 320, 240},
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
        FexRun r;
        const char *const opts[] = {bad[i].key, bad[i].val, NULL};
        CHECK_EQ_INT(
            fex_run_open_with(&r, bad[i].fex, opts, bad[i].fmt, bad[i].bpc, bad[i].w, bad[i].h),
            -EINVAL);
        fex_run_close(&r);
    }

    /* The smallest accepted: 80x80 luma, one block. */
    FexRun r;
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_temporal, NULL, VMAF_PIX_FMT_YUV420P, 8, 80, 80), 0);
    fex_run_close(&r);
}

static void test_chroma_444(void)
{
    FexRun r;
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_chroma, NULL, VMAF_PIX_FMT_YUV444P, 8, 320, 240), 0);
    for (unsigned n = 0; n < 2; n++) {
        fill_texture(&r.ref, n, false);
        fill_texture(&r.dist, n, true);
        CHECK_EQ_INT(fex_run_extract(&r, n), 0);
    }
    CHECK(fex_score(&r, U_SCORE, 0) == 0.83166694641113281);
    CHECK(fex_score(&r, V_SCORE, 0) == 0.44711622595787048);
    CHECK(fex_score(&r, UV_SCORE, 0) == 0.63939160108566284);
    CHECK(fex_score(&r, U_SCORE, 1) == 0.78379058837890625);
    CHECK(fex_score(&r, V_SCORE, 1) == 0.614715576171875);
    CHECK(fex_score(&r, UV_SCORE, 1) == 0.69925308227539062);
    fex_run_close(&r);
}

/* The options of the v1.0.16 models, on 10-bit 4:2:0; they name the
 * features. */
static void test_chroma_v16_10bit(void)
{
    FexRun r;
    const char *const opts[] = {V16_OPTS, NULL};
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_chroma, opts, VMAF_PIX_FMT_YUV420P, 10, 640, 480), 0);
    fill_texture(&r.ref, 0, false);
    fill_texture(&r.dist, 0, true);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    CHECK(fex_score(&r, "speed_chroma_u_mxv_45_nnf_0.1_snn_0.19_wvm_5", 0) == 0.4766133725643158);
    CHECK(fex_score(&r, "speed_chroma_v_mxv_45_nnf_0.1_snn_0.19_wvm_5", 0) == 0.28733381628990173);
    CHECK(fex_score(&r, "speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5", 0) == 0.38197359442710876);
    fex_run_close(&r);
}

static void test_chroma_identical_and_clipped(void)
{
    FexRun r;
    const char *const opts[] = {"speed_max_val", "0.5", NULL};
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_chroma, opts, VMAF_PIX_FMT_YUV444P, 8, 320, 240), 0);
    fill_texture(&r.ref, 0, false);
    fill_texture(&r.dist, 0, false);
    CHECK_EQ_INT(fex_run_extract(&r, 0), 0);
    fill_texture(&r.dist, 0, true);
    CHECK_EQ_INT(fex_run_extract(&r, 1), 0);
    CHECK(fex_score(&r, "speed_chroma_u_mxv_0.5", 0) == 0);
    CHECK(fex_score(&r, "speed_chroma_uv_mxv_0.5", 0) == 0);
    CHECK(fex_score(&r, "speed_chroma_u_mxv_0.5", 1) == 0.5); /* 0.83 clipped */
    CHECK(fex_score(&r, "speed_chroma_v_mxv_0.5", 1) == 0.44711622595787048);
    fex_run_close(&r);
}

static void test_temporal(void)
{
    FexRun r;
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_temporal, NULL, VMAF_PIX_FMT_YUV420P, 8, 320, 240),
        0);
    for (unsigned n = 0; n < 3; n++) {
        fill_texture(&r.ref, n, false);
        fill_texture(&r.dist, n, true);
        CHECK_EQ_INT(fex_run_extract(&r, n), 0);
    }
    CHECK(fex_score(&r, TEMPORAL_SCORE, 0) == 0);
    CHECK(fex_score(&r, TEMPORAL_SCORE, 1) == 0.98543292284011841);
    CHECK(fex_score(&r, TEMPORAL_SCORE, 2) == 0.98047763109207153);
    fex_run_close(&r);
}

/* A still scene has no temporal differences: every covariance matrix is
 * singular on both sides, which scores 0. speed_max_val only renames. */
static void test_temporal_still(void)
{
    FexRun r;
    const char *const opts[] = {"speed_use_ref_diff", "true", "speed_max_val", "3", NULL};
    CHECK_EQ_INT(
        fex_run_open_with(&r, &vmaf_fex_speed_temporal, opts, VMAF_PIX_FMT_YUV420P, 8, 320, 240),
        0);
    fill_texture(&r.ref, 0, false);
    fill_texture(&r.dist, 0, false);
    for (unsigned n = 0; n < 2; n++)
        CHECK_EQ_INT(fex_run_extract(&r, n), 0);
    CHECK(fex_score(&r, "speed_temporal_mxv_3_urd", 1) == 0);
    fex_run_close(&r);
}

int main(void)
{
    static const struct test_case cases[] = {
        {"eigenvalues", test_eigenvalues},
        {"solve", test_solve},
        {"dsp", test_dsp},
        {"options", test_options},
        {"refusals", test_refusals},
        {"chroma_444", test_chroma_444},
        {"chroma_v16_10bit", test_chroma_v16_10bit},
        {"chroma_identical_and_clipped", test_chroma_identical_and_clipped},
        {"temporal", test_temporal},
        {"temporal_still", test_temporal_still},
        {NULL, NULL},
    };
    return run_tests("speed", cases);
}
