/* CAMBI: the reference's helper goldens (test_cambi.c of libvmaf), the DSP
 * stages against brute-force versions, pooling exactness, and whole-picture
 * scores the reference library computed for the pictures built here. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/feature_extractor.h"
#include "feature/cambi/cambi_dsp.h"
#include "feature/cambi/cambi_tools.h"
#include "libvmaf/feature.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_cambi;

static CambiDsp dsp;

/* A plane of w x h samples with 8 spare columns (for stale-column tests). */
static CambiPlane plane_new(unsigned w, unsigned h)
{
    CambiPlane p = {calloc((size_t)(w + 8) * h, sizeof(uint16_t)), w + 8, w, h};
    return p;
}

static CambiPlane plane_from(const uint16_t *v, unsigned w, unsigned h)
{
    CambiPlane p = plane_new(w, h);
    for (unsigned i = 0; i < h; i++)
        memcpy(p.data + i * p.stride, v + i * w, w * sizeof(*v));
    return p;
}

static uint16_t at(const CambiPlane *p, unsigned i, unsigned j)
{
    return p->data[i * p->stride + j];
}

static unsigned plane_sum(const CambiPlane *p)
{
    unsigned sum = 0;
    for (unsigned i = 0; i < p->h; i++)
        for (unsigned j = 0; j < p->w; j++)
            sum += at(p, i, j);
    return sum;
}

static uint32_t rng_state = 12345;
static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* The reference test's 4x4 sample pictures. */
static const uint16_t sample[3][16] = {
    {1, 2, 0, 100, 0, 2, 0, 100, 0, 2, 0, 100, 4, 2, 0, 100},
    {1, 1, 50, 100, 1, 1, 50, 100, 2, 1, 50, 100, 3, 1, 50, 100},
    {1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
};

static void test_anti_dither(void)
{
    CambiPlane p = plane_from(sample[0], 4, 4);
    dsp.anti_dither(&p);
    for (unsigned k = 0; k < 16; k++)
        CHECK_EQ_INT(at(&p, k / 4, k % 4), sample[1][k]);
    free(p.data);
}

static void test_decimate(void)
{
    CambiPlane p = plane_from(sample[0], 4, 4);
    dsp.decimate(&p, 2, 2);
    CHECK_EQ_INT(at(&p, 0, 0), 1);
    CHECK_EQ_INT(at(&p, 0, 1), 0);
    CHECK_EQ_INT(at(&p, 1, 0), 0);
    CHECK_EQ_INT(at(&p, 1, 1), 0);
    free(p.data);
}

static void test_nearest_grid(void)
{
    unsigned map[4];
    cambi_nearest_grid(map, 4, 2);
    CHECK(map[0] == 1 && map[1] == 3);
    cambi_nearest_grid(map, 4, 4);
    CHECK(map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3);
    cambi_nearest_grid(map, 2, 4); /* an upscaled source */
    CHECK(map[0] == 0 && map[1] == 0 && map[2] == 1 && map[3] == 1);
}

/* 4x4 sample 0 at bpc, sampled down to 2x2 (or kept at 4x4). */
static CambiPlane load(unsigned bpc, unsigned out)
{
    unsigned rows[4], cols[4];
    cambi_nearest_grid(rows, 4, out);
    cambi_nearest_grid(cols, 4, out);
    const CambiGrid grid = {rows, cols, out == 4};
    CambiPlane dst = plane_new(out, out);
    if (bpc == 8) {
        uint8_t in[16];
        for (unsigned k = 0; k < 16; k++)
            in[k] = (uint8_t)sample[0][k];
        dsp.load_8(in, 4, &grid, &dst);
    } else {
        dsp.load_16(sample[0], 8, bpc, &grid, &dst);
    }
    return dst;
}

static void test_load(void)
{
    static const struct {
        unsigned bpc;
        uint16_t a, b; /* (0, 0) == (1, 0) and (0, 1) == (1, 1) */
    } cases[] = {{10, 2, 100}, {16, 0, 2}, {12, 1, 25}, {9, 4, 200}, {8, 8, 400}};
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        CambiPlane p = load(cases[c].bpc, 2);
        CHECK_EQ_INT(at(&p, 0, 0), cases[c].a);
        CHECK_EQ_INT(at(&p, 1, 0), cases[c].a);
        CHECK_EQ_INT(at(&p, 0, 1), cases[c].b);
        CHECK_EQ_INT(at(&p, 1, 1), cases[c].b);
        free(p.data);
    }
    CambiPlane same = load(10, 4);
    for (unsigned k = 0; k < 16; k++)
        CHECK_EQ_INT(at(&same, k / 4, k % 4), sample[0][k]);
    free(same.data);

    const uint16_t deep[2] = {65535, 4095};
    const unsigned zero = 0;
    const CambiGrid one = {&zero, &zero, 1};
    CambiPlane p = plane_new(1, 1);
    dsp.load_16(&deep[0], 2, 16, &one, &p);
    CHECK_EQ_INT(at(&p, 0, 0), 1024); /* rounding reaches one above 10 bits */
    dsp.load_16(&deep[1], 2, 12, &one, &p);
    CHECK_EQ_INT(at(&p, 0, 0), 1024);
    CHECK_EQ_INT(dsp.max_16(deep, 4, 2, 1), 65535);
    free(p.data);
}

/* p = img, mode-filtered. */
static const CambiPlane *filtered(const CambiPlane *img, CambiPlane *p, uint16_t *scratch)
{
    memcpy(p->data, img->data, (size_t)img->stride * img->h * sizeof(uint16_t));
    dsp.mode_filter(p, scratch);
    return p;
}

static void test_mode_filter(void)
{
    uint16_t scratch[CAMBI_SCRATCH(5)];
    CambiPlane img = plane_new(5, 5), p = plane_new(5, 5);
#define SET(i, j, v) img.data[(i)*img.stride + (j)] = (v)
    SET(1, 2, 1);
    SET(2, 2, 1);
    SET(1, 3, 1);
    SET(3, 3, 1);
    CHECK_EQ_INT(plane_sum(filtered(&img, &p, scratch)), 0);
    SET(3, 4, 1);
    filtered(&img, &p, scratch);
    CHECK_EQ_INT(plane_sum(&p), 1);
    CHECK_EQ_INT(at(&p, 3, 3), 0);
    CHECK_EQ_INT(at(&p, 2, 3), 1);
    SET(0, 0, 2);
    SET(0, 1, 1);
    CHECK_EQ_INT(at(filtered(&img, &p, scratch), 0, 0), 2);
    SET(1, 0, 1);
    CHECK_EQ_INT(at(filtered(&img, &p, scratch), 0, 1), 1);
    SET(2, 0, 2);
    CHECK_EQ_INT(at(filtered(&img, &p, scratch), 1, 0), 2);
#undef SET
    free(img.data);
    free(p.data);
}

static void test_mask_threshold(void)
{
    static const unsigned cases[][4] = {
        {3840, 2160, 7, 24}, {2560, 1440, 7, 22}, {1980, 1080, 7, 21}, {1280, 720, 7, 19},
        {960, 540, 7, 18},   {640, 360, 7, 16},   {480, 270, 7, 15},   {320, 180, 7, 13},
        {6000, 4000, 7, 27}, {960, 540, 5, 6},
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
        CHECK_EQ_INT(cambi_mask_threshold(cases[c][0], cases[c][1], cases[c][2]), cases[c][3]);
}

/* Whether sample (i, j) equals its right and lower neighbours (missing ones
 * count as equal). */
static int flat_at(const CambiPlane *p, unsigned i, unsigned j)
{
    const int right = j + 1 == p->w || at(p, i, j) == at(p, i, j + 1);
    const int below = i + 1 == p->h || at(p, i, j) == at(p, i + 1, j);
    return right && below;
}

static void test_spatial_mask(void)
{
    static const unsigned sizes[][2] = {{23, 17}, {1, 9}, {9, 1}, {7, 7}, {40, 3}};
    const int half = CAMBI_MASK_SIZE / 2;
    for (unsigned s = 0; s < 5; s++) {
        const unsigned w = sizes[s][0], h = sizes[s][1];
        CambiPlane img = plane_new(w, h), mask = plane_new(w, h);
        uint16_t *scratch = malloc(CAMBI_SCRATCH(w) * sizeof(uint16_t));
        for (unsigned i = 0; i < h; i++)
            for (unsigned j = 0; j < w; j++)
                img.data[i * img.stride + j] = (uint16_t)(rnd(5) ? 7 : rnd(3));
        for (unsigned threshold = 0; threshold < 30; threshold += 7) {
            dsp.spatial_mask(&img, &mask, threshold, scratch);
            for (int i = 0; i < (int)h; i++)
                for (int j = 0; j < (int)w; j++) {
                    unsigned count = 0;
                    for (int y = i - half; y <= i + half; y++)
                        for (int x = j - half; x <= j + half; x++)
                            if (y >= 0 && y < (int)h && x >= 0 && x < (int)w)
                                count += flat_at(&img, (unsigned)y, (unsigned)x);
                    CHECK_EQ_INT(at(&mask, (unsigned)i, (unsigned)j), count > threshold);
                }
        }
        free(scratch);
        free(img.data);
        free(mask.data);
    }
}

/* The c-values of the reference test: thresholds 178, 305, 432, 559 in its
 * offset form, that is 174..555 as samples, and no luminance floor. */
static void c_params(CambiCParams *cp, unsigned half_window, unsigned vlt_luma)
{
    static const uint16_t tvi[4] = {174, 301, 428, 555};
    cambi_c_params_init(cp, half_window, 4, tvi, vlt_luma);
}

static float *c_values_of(const CambiPlane *img, const CambiPlane *mask, const CambiCParams *cp,
                          CambiCTotals *totals)
{
    const unsigned cols = img->w > cp->half_window ? img->w : cp->half_window;
    uint16_t *hist = calloc((size_t)cp->band_size * img->w + 1, sizeof(uint16_t));
    uint16_t *scratch = malloc(CAMBI_C_SCRATCH(cols, cp->half_window) * sizeof(uint16_t));
    float *c = malloc((size_t)img->w * img->h * sizeof(float));
    dsp.c_values(img, mask, cp, hist, scratch, c, totals);
    free(hist);
    free(scratch);
    return c;
}

static void test_c_values_goldens(void)
{
    static const float expected[16] = {0.6666667f, 2.0f,  0.0f, 0.0f, 2.4f, 3.4285715f, 2.4f, 0.0f,
                                       2.6666667f, 3.75f, 3.0f, 0.0f, 2.0f, 2.4f,       2.0f, 0.0f};
    CambiCParams cp;
    CambiCTotals totals;
    c_params(&cp, 1, 0);
    CHECK_EQ_INT(cp.band_base, 0);
    CHECK_EQ_INT(cp.band_size, 560);
    CambiPlane img = plane_from(sample[0], 4, 4), mask = plane_from(sample[2], 4, 4);
    float *c = c_values_of(&img, &mask, &cp, &totals);
    for (unsigned k = 0; k < 16; k++)
        CHECK_NEAR(c[k], expected[k], 1e-6);
    free(c);
    free(img.data);
    free(mask.data);

    static const uint16_t img8[64] = {
        1, 2, 0, 100, 101, 100, 0, 1, 0, 2, 0, 100, 101, 100, 1, 0, 1, 2, 0, 100, 101, 100, 0, 1,
        0, 2, 0, 100, 101, 100, 1, 0, 0, 2, 0, 100, 101, 100, 1, 0, 4, 2, 0, 100, 101, 100, 0, 0,
        1, 2, 0, 100, 101, 100, 1, 0, 0, 2, 0, 100, 101, 100, 0, 0,
    };
    static const uint16_t mask8[64] = {
        1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1,
        1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1,
    };
    c_params(&cp, 4, 0);
    img = plane_from(img8, 8, 8);
    mask = plane_from(mask8, 8, 8);
    c = c_values_of(&img, &mask, &cp, &totals);
    double sum = 0;
    unsigned nonzero = 0;
    for (unsigned k = 0; k < 64; k++) {
        sum += c[k];
        nonzero += c[k] != 0.0f;
    }
    CHECK_NEAR(sum, 195.382527, 1e-5);
    CHECK(totals.sum == sum && totals.nonzero == nonzero);
    free(c);
    free(img.data);
    free(mask.data);
}

/* The c-value of pixel (i, j) straight from the definition: counts of equal
 * samples in the clipped window; columns up to max(w, half) count. */
static float c_value_brute(const CambiPlane *img, const CambiPlane *mask, const CambiCParams *cp,
                           int i, int j)
{
    const int r = (int)cp->half_window, cols = (int)(img->w > (unsigned)r ? img->w : (unsigned)r);
    const int v = at(img, (unsigned)i, (unsigned)j), k = v - (int)cp->band_base;
    if (!at(mask, (unsigned)i, (unsigned)j) || k < 0 || k >= (int)cp->band_size)
        return 0.0f;
    unsigned count[2 * CAMBI_MAX_DIFFS + 1] = {0};
    const int nd = (int)cp->num_diffs;
    for (int y = i - r; y <= i + r; y++)
        for (int x = j - r; x <= j + r; x++) {
            if (y < 0 || y >= (int)img->h || x < 0 || x >= cols ||
                !at(mask, (unsigned)y, (unsigned)x))
                continue;
            const int u = at(img, (unsigned)y, (unsigned)x) - v, ku = k + u;
            if (u >= -nd && u <= nd && ku >= 0 && ku < (int)cp->band_size)
                count[u + nd]++;
        }
    float best = 0.0f;
    for (int d = 0; d < nd; d++) {
        if (!cambi_c_visible(cp, (unsigned)v, (unsigned)d))
            continue;
        const unsigned p0 = count[nd], up = count[nd + d + 1], down = count[nd - d - 1];
        const unsigned p = up > down ? up : down;
        const float val = (float)(cp->weight[d] * (int)(p0 * p)) * cp->reciprocal[p + p0];
        best = val > best ? val : best;
    }
    return best;
}

static void test_c_values_brute(void)
{
    /* Sizes include a width below the half window: the spare columns count. */
    static const unsigned cases[][4] = {
        /* w, h, half window, luma floor */
        {37, 21, 3, 0}, {16, 12, 7, 0}, {5, 30, 7, 0}, {60, 9, 4, 180}, {11, 11, 5, 12},
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        const unsigned w = cases[c][0], h = cases[c][1];
        CambiPlane img = plane_new(w, h), mask = plane_new(w, h);
        for (unsigned i = 0; i < h; i++)
            for (unsigned j = 0; j < w + 8; j++) {
                /* Mostly a few neighbouring values in long runs, as banding. */
                const uint16_t base = (uint16_t)(170 + (j / 6 + i / 4) % 4);
                img.data[i * img.stride + j] = rnd(6) ? base : (uint16_t)(160 + rnd(30));
                mask.data[i * mask.stride + j] = rnd(8) != 0;
            }
        CambiCParams cp;
        CambiCTotals totals;
        c_params(&cp, cases[c][2], cases[c][3]);
        float *got = c_values_of(&img, &mask, &cp, &totals);
        unsigned bad = 0;
        for (unsigned i = 0; i < h; i++)
            for (unsigned j = 0; j < w; j++)
                bad += got[i * w + j] != c_value_brute(&img, &mask, &cp, (int)i, (int)j);
        CHECK_EQ_INT(bad, 0);
        free(got);
        free(img.data);
        free(mask.data);
    }
}

static void test_visibility(void)
{
    const CambiEotf bt1886 = cambi_eotf_by_name("bt1886");
    CHECK(bt1886 && cambi_eotf_by_name("pq") && !cambi_eotf_by_name("srgb"));
    static const int tvi[4] = {178, 305, 432, 559};
    for (int d = 0; d < 4; d++)
        CHECK_EQ_INT(cambi_tvi_for_diff(d + 1, 0.019, bt1886), tvi[d]);
    CHECK(cambi_step_visible(177, 1, 0.019, bt1886));
    CHECK(cambi_step_visible(178, 1, 0.019, bt1886));
    CHECK(!cambi_step_visible(179, 1, 0.019, bt1886));
    CHECK(cambi_step_visible(935, 4, 0.01, bt1886));
    CHECK(cambi_step_visible(936, 4, 0.01, bt1886));
    CHECK_EQ_INT(cambi_vlt_luma(0.0, bt1886), 0);
    CHECK_EQ_INT(cambi_vlt_luma(0.06, bt1886), 78);
    CHECK_EQ_INT(cambi_vlt_luma(300.0, bt1886), 940); /* white itself */

    static const int weights[8] = {1, 2, 3, 4, 4, 5, 5, 6};
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ_INT(cambi_contrast_weight(d), weights[d]);

    /* The thresholds grow with the contrast, for every option value
     * tried: the band bounds below rely on it. */
    static const double thresholds[] = {0.0001, 0.005, 0.019, 0.1, 0.5, 1.0};
    for (unsigned e = 0; e < 2; e++) {
        const CambiEotf eotf = cambi_eotf_by_name(e ? "pq" : "bt1886");
        for (unsigned t = 0; t < sizeof(thresholds) / sizeof(thresholds[0]); t++) {
            int last = 0;
            for (int d = 1; d <= CAMBI_MAX_DIFFS; d++) {
                const int now = cambi_tvi_for_diff(d, thresholds[t], eotf);
                CHECK(now >= last);
                last = now;
            }
        }
    }
}

static void test_band(void)
{
    const CambiEotf bt1886 = cambi_eotf_bt1886;
    uint16_t tvi[4];
    for (int d = 0; d < 4; d++)
        tvi[d] = (uint16_t)cambi_tvi_for_diff(d + 1, 0.019, bt1886);
    CambiCParams cp;
    cambi_c_params_init(&cp, 16, 4, tvi, 0);
    CHECK(cp.band_base == 0 && cp.band_size == 564);
    CHECK(cp.visible[178] == 0xf && cp.visible[179] == 0xe && cp.visible[559] == 0x8);
    CHECK(cp.visible[560] == 0);
    cambi_c_params_init(&cp, 16, 4, tvi, cambi_vlt_luma(0.06, bt1886));
    CHECK(cp.band_base == 67 && cp.band_size == 497);
    /* Contrast d + 1 is tested once v + 4 + d + 1 exceeds 78. */
    CHECK(cp.visible[70 - 67] == 0 && cp.visible[71 - 67] == 0x8 && cp.visible[73 - 67] == 0xe);
    /* A floor above every visible contrast empties the band. */
    cambi_c_params_init(&cp, 16, 4, tvi, cambi_vlt_luma(300.0, bt1886));
    CHECK_EQ_INT(cp.band_size, 0);
}

static void test_window(void)
{
    static const unsigned cases[][5] = {
        /* window, w, h, speed-up, adjusted */
        {63, 3840, 2160, 0, 63}, {63, 2560, 1440, 0, 43}, {63, 1920, 1080, 0, 31},
        {63, 1280, 720, 0, 21},  {63, 960, 540, 0, 15},   {63, 640, 360, 0, 11},
        {63, 480, 270, 0, 7},    {63, 320, 180, 0, 5},    {63, 6000, 4000, 0, 105},
        {60, 1920, 1080, 0, 31}, {31, 1280, 720, 0, 11},  {63, 3840, 2160, 1, 33},
        {63, 2560, 1440, 1, 21}, {63, 6000, 4000, 1, 53},
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
        CHECK_EQ_INT(cambi_adjust_window(cases[c][0], cases[c][1], cases[c][2], cases[c][3]),
                     cases[c][4]);

    const double scores[CAMBI_SCALES] = {10000, 1000, 100, 10, 1};
    CHECK(cambi_combine_scales(scores, 62) == 168421.0 / 3969);
    CHECK(cambi_combine_scales(scores, 63) == 168421.0 / 3969);
    CHECK(cambi_combine_scales(scores, 65) == 168421.0 / 4225);
}

static double pool(const float *v, unsigned n, double topk)
{
    float copy[64];
    CambiCTotals totals = {0};
    for (unsigned i = 0; i < n; i++) {
        copy[i] = v[i];
        totals.sum += v[i];
        totals.nonzero += v[i] != 0.0f;
    }
    return cambi_pool_topk(copy, n, topk, &totals);
}

static void test_pooling(void)
{
    static const float v[12] = {0, 1, 2, 3, 4, 5, 10, 7, 8, 9, 6, 11};
    CHECK(pool(v, 12, 0.0) == 11);
    CHECK(pool(v, 12, 0.1) == 11);
    CHECK(pool(v, 12, 0.2) == 10.5);
    CHECK(pool(v, 12, 1.0) == 5.5);

    float sel[12];
    memcpy(sel, v, sizeof(sel));
    cambi_select_top(sel, 12, 5);
    CHECK(sel[5] == 6);
    for (int i = 0; i < 5; i++)
        CHECK(sel[i] >= sel[5]);
    for (int i = 6; i < 12; i++)
        CHECK(sel[i] <= sel[5]);
}

/* The exact shortcut of pooling against the reference's order, on values
 * shaped like c-values (weight * p0 * p / (p0 + p)) with many zeros. */
static void test_pooling_exact(void)
{
    enum { N = 5000 };
    float *v = malloc(N * sizeof(float)), *copy = malloc(N * sizeof(float));
    const float *recip = cambi_reciprocal_table();
    unsigned shortcuts = 0;
    for (unsigned round = 0; round < 40; round++) {
        CambiCTotals totals = {0};
        const unsigned zeros = 40 + rnd(60); /* percent */
        for (unsigned i = 0; i < N; i++) {
            const unsigned p0 = 1 + rnd(2000), p = 1 + rnd(2000), w = 1 + rnd(9);
            v[i] = rnd(100) < zeros ? 0.0f : (float)(int)(w * p0 * p) * recip[p0 + p];
            totals.sum += v[i];
            totals.nonzero += v[i] != 0.0f;
        }
        const double topk = (1 + rnd(100)) / 100.0;
        shortcuts += totals.nonzero <= (unsigned)(topk * N);
        memcpy(copy, v, N * sizeof(float));
        const double fast = cambi_pool_topk(copy, N, topk, &totals);
        /* Totals that rule the shortcut out: the reference's order. */
        const CambiCTotals none = {.sum = 1e30, .nonzero = N};
        memcpy(copy, v, N * sizeof(float));
        const double ordered = cambi_pool_topk(copy, N, topk, &none);
        CHECK(fast == ordered);
    }
    CHECK(shortcuts >= 5 && shortcuts <= 35); /* both ways were taken */
    free(v);
    free(copy);
}

static void test_reciprocal(void)
{
    const float *r = cambi_reciprocal_table();
    CHECK(r[0] == 0.0f && r[1] == 1.0f && r[2] == 0.5f);
    CHECK(r[3] == 0.333333333f);
    /* 0.012195122 as written in the reference's table, not 1.0f / 82. */
    CHECK(r[82] == 0.012195122f && r[82] != 1.0f / 82);
    CHECK(r[4225] == 0.000236686391f);
}

/* Whole pictures: banded ramps, 320x240 4:0:0. The expected scores are what
 * libvmaf's cambi computed for the same pictures. */
static unsigned ramp_sample(unsigned bpc, unsigned kind, unsigned i, unsigned j)
{
    if (kind == 0)
        return (40 + j / 20 + i / 60) << (bpc - 8); /* bands of one 8-bit code */
    if (kind == 1)
        return (256 + j / 12 + i / 40 * 2) << (bpc - 10);     /* bands of one 10-bit code */
    return ((i / 8 + j / 8) % 2 ? 300u : 302u) << (bpc - 10); /* a checkerboard */
}

static void fill_ramp(VmafPicture *pic, unsigned kind)
{
    for (unsigned i = 0; i < pic->h[0]; i++) {
        uint8_t *row = (uint8_t *)pic->data[0] + i * pic->stride[0];
        for (unsigned j = 0; j < pic->w[0]; j++) {
            const unsigned v = ramp_sample(pic->bpc, kind, i, j);
            if (pic->bpc > 8)
                ((uint16_t *)row)[j] = (uint16_t)v;
            else
                row[j] = (uint8_t)v;
        }
    }
}

typedef struct Run {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    VmafPicture ref, dist;
} Run;

/* opts: "key=value" pairs separated by ':' (or NULL). */
static int run_open(Run *r, const char *opts, unsigned bpc, unsigned w, unsigned h)
{
    VmafFeatureDictionary *dict = NULL;
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", opts ? opts : "");
    for (char *kv = strtok(buf, ":"); kv; kv = strtok(NULL, ":")) {
        char *eq = strchr(kv, '=');
        *eq = '\0';
        vmaf_feature_dictionary_set(&dict, kv, eq + 1);
    }
    int err = vmaf_fex_context_create(&r->ctx, &vmaf_fex_cambi, dict);
    vmaf_feature_dictionary_free(&dict);
    CHECK_EQ_INT(err, 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&r->fc), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->ref, VMAF_PIX_FMT_YUV400P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->dist, VMAF_PIX_FMT_YUV400P, bpc, w, h), 0);
    return vmaf_fex_context_init(r->ctx, VMAF_PIX_FMT_YUV400P, bpc, w, h);
}

static void run_close(Run *r)
{
    vmaf_fex_context_destroy(r->ctx);
    vmaf_feature_collector_destroy(r->fc);
    vmaf_picture_unref(&r->ref);
    vmaf_picture_unref(&r->dist);
}

static double score_of(Run *r, const char *name)
{
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, name, &v, 0), 0);
    return v;
}

static void test_scores(void)
{
    static const struct {
        unsigned bpc, ref_kind, dis_kind;
        const char *opts, *name;
        double score;
    } cases[] = {
        {8, 0, 0, NULL, "Cambi_feature_cambi_score", 18.302932057196863},
        {10, 1, 1, NULL, "Cambi_feature_cambi_score", 3.7788609215596907},
        {12, 1, 1, NULL, "Cambi_feature_cambi_score", 3.7788609215596907},
        {10, 2, 2, NULL, "Cambi_feature_cambi_score", 14.816735075823031},
        {10, 1, 1, "cambi_max_val=2", "cambi_cmxv_2", 2.0},
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, cases[c].opts, cases[c].bpc, 320, 240), 0);
        fill_ramp(&r.ref, cases[c].ref_kind);
        fill_ramp(&r.dist, cases[c].dis_kind);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
        CHECK(score_of(&r, cases[c].name) == cases[c].score);
        run_close(&r);
    }

    /* full_ref: the source's score and the banding added keep their bare
     * names whatever the options, as in libvmaf. */
    Run r;
    CHECK_EQ_INT(run_open(&r, "full_ref=true:cambi_max_val=15", 10, 320, 240), 0);
    fill_ramp(&r.ref, 1);
    fill_ramp(&r.dist, 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(score_of(&r, "cambi_cmxv_15") == 15.0);
    CHECK(score_of(&r, "cambi_source") == 3.7788609215596907);
    CHECK(score_of(&r, "cambi_full_reference") == 14.534180089878657);
    run_close(&r);
}

static void test_refused(void)
{
    static const struct {
        const char *opts;
        unsigned w, h;
    } cases[] = {
        {NULL, 215, 215}, /* both sides below 216 */
        {"enc_width=200:enc_height=200", 320, 240},
        {"eotf=srgb", 320, 240},         /* unknown display model */
        {"window_size=127", 3840, 2160}, /* window above 65 */
        {NULL, 1920, 100},               /* the coarsest scale is flatter than half the window */
        {"full_ref=true:src_width=320:src_height=1000", 640,
         360}, /* wider one way, taller the other */
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, cases[c].opts, 8, cases[c].w, cases[c].h), -EINVAL);
        run_close(&r);
    }

    /* A narrow picture is fine: spare columns stand in at the coarse scales. */
    Run r;
    CHECK_EQ_INT(run_open(&r, NULL, 8, 40, 1080), 0);
    run_close(&r);

    /* Samples beyond the bit depth. */
    CHECK_EQ_INT(run_open(&r, NULL, 10, 320, 240), 0);
    ((uint16_t *)r.dist.data[0])[5] = 1024;
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), -EINVAL);
    run_close(&r);
}

static void test_heatmaps(void)
{
    char dir[] = "/tmp/vmaf_cambi_test_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char opts[128];
    snprintf(opts, sizeof(opts), "heatmaps_path=%s/a/b", dir);
    Run r;
    CHECK_EQ_INT(run_open(&r, opts, 10, 320, 240), 0);
    fill_ramp(&r.dist, 1);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 1, r.fc), 0);
    run_close(&r);
    static const char *const names[CAMBI_SCALES] = {"0_320x240", "1_160x120", "2_80x60", "3_40x30",
                                                    "4_20x15"};
    static const long sizes[CAMBI_SCALES] = {320 * 240, 160 * 120, 80 * 60, 40 * 30, 20 * 15};
    for (unsigned s = 0; s < CAMBI_SCALES; s++) {
        char path[256];
        snprintf(path, sizeof(path), "%s/a/b/cambi_heatmap_scale_%s_16b.gray", dir, names[s]);
        struct stat st;
        CHECK_EQ_INT(stat(path, &st), 0);
        CHECK_EQ_INT(st.st_size, 2 * 2 * sizes[s]); /* frame 1, after an empty frame 0 */
        unlink(path);
    }
    char path[256];
    snprintf(path, sizeof(path), "%s/a/b", dir);
    rmdir(path);
    snprintf(path, sizeof(path), "%s/a", dir);
    rmdir(path);
    rmdir(dir);
}

/* First: the table every other test calls through. */
static void test_dsp_init(void)
{
    cambi_dsp_init(&dsp, 0);
    CHECK(dsp.load_8 && dsp.load_16 && dsp.max_16 && dsp.anti_dither && dsp.spatial_mask &&
          dsp.decimate && dsp.mode_filter && dsp.c_values);
}

TEST_MAIN("cambi", {"dsp_init", test_dsp_init}, {"anti_dither", test_anti_dither},
          {"decimate", test_decimate}, {"nearest_grid", test_nearest_grid}, {"load", test_load},
          {"mode_filter", test_mode_filter}, {"mask_threshold", test_mask_threshold},
          {"spatial_mask", test_spatial_mask}, {"c_values_goldens", test_c_values_goldens},
          {"c_values_brute", test_c_values_brute}, {"visibility", test_visibility},
          {"band", test_band}, {"window", test_window}, {"pooling", test_pooling},
          {"pooling_exact", test_pooling_exact}, {"reciprocal", test_reciprocal},
          {"scores", test_scores}, {"refused", test_refused}, {"heatmaps", test_heatmaps})
