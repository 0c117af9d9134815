/* checkasm for the SSIMULACRA 2 stages: every stage of each instruction
 * set's table against the C reference on random sizes (rows of every
 * length around the vector widths and the row blur's scalar head and tail),
 * strides and samples in the ranges the metric meets; outputs and sums must
 * have the same bits. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/ssimulacra2/ssimulacra2_dsp.h"

#define MAX_W 300
#define MAX_H 40
#define BENCH_W 1920

/* A value in lo..hi with 24 random bits. */
static float uniform(float lo, float hi)
{
    return lo + (hi - lo) * ((float)(checkasm_rand() >> 8) / 16777216.0f);
}

static float *random_floats(size_t n, float lo, float hi)
{
    float *p = malloc(sizeof(float) * (n ? n : 1));
    for (size_t i = 0; p && i < n; i++)
        p[i] = uniform(lo, hi);
    return p;
}

static unsigned random_width(unsigned iter)
{
    return iter < 64 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
}

static bool same_rows(const float *a, const float *b, size_t n)
{
    return !memcmp(a, b, sizeof(float) * n);
}

static void check_linear(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 100; iter++) {
        const size_t n = random_width(iter);
        /* Encoded values over the whole range, both sides of the curve's
         * linear foot (0.04045). */
        float *src = random_floats(n, iter % 2 ? 0.0f : 0.03f, iter % 2 ? 1.0f : 0.05f);
        float *want = random_floats(n, 0, 0), *got = random_floats(n, 0, 0);
        if (!src || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            c->linear_from_srgb(want, src, n);
            v->linear_from_srgb(got, src, n);
            if (!same_rows(want, got, n))
                checkasm_fail("%zu values: the linear light differs", n);
        }
        free(src);
        free(want);
        free(got);
    }
}

static void check_downsample(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 100; iter++) {
        const unsigned w = random_width(iter), h = (unsigned)checkasm_rand_range(1, MAX_H);
        const size_t stride = w + (size_t)checkasm_rand_range(0, 9);
        float *src = random_floats(stride * h, 0.0f, 1.0f);
        float *want = random_floats(stride * h, 0.0f, 0.0f);
        float *got = random_floats(stride * h, 0.0f, 0.0f);
        if (!src || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            const FloatPlane in = {src, (ptrdiff_t)stride, w, h};
            const FloatPlane hw = {want, (ptrdiff_t)stride, (w + 1) / 2, (h + 1) / 2};
            const FloatPlane hg = {got, (ptrdiff_t)stride, (w + 1) / 2, (h + 1) / 2};
            c->downsample(&hw, &in);
            v->downsample(&hg, &in);
            if (!same_rows(want, got, stride * h))
                checkasm_fail("%ux%u: the halves differ", w, h);
        }
        free(src);
        free(want);
        free(got);
    }
}

/* xyb_row, then blur_inputs on two pictures' rows. */
static void check_xyb_inputs(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 100; iter++) {
        const unsigned w = random_width(iter);
        float *rgb = random_floats(6 * (size_t)w, 0.0f, 1.0f);
        float *xyb[2] = {random_floats(6 * (size_t)w, 0, 0), random_floats(6 * (size_t)w, 0, 0)};
        float *in[2] = {random_floats(SSIMU2_LANES * (size_t)w, 0, 0),
                        random_floats(SSIMU2_LANES * (size_t)w, 0, 0)};
        if (!rgb || !xyb[0] || !xyb[1] || !in[0] || !in[1]) {
            checkasm_fail("out of memory");
        } else {
            const Ssimulacra2Dsp *dsp[2] = {c, v};
            for (unsigned d = 0; d < 2; d++) {
                const float *const src[2][3] = {{rgb, rgb + w, rgb + 2 * w},
                                                {rgb + 3 * w, rgb + 4 * w, rgb + 5 * w}};
                float *const dst[2][3] = {{xyb[d], xyb[d] + w, xyb[d] + 2 * w},
                                          {xyb[d] + 3 * w, xyb[d] + 4 * w, xyb[d] + 5 * w}};
                dsp[d]->xyb_row(dst[0], src[0], w);
                dsp[d]->xyb_row(dst[1], src[1], w);
                dsp[d]->blur_inputs(in[d], (const float *const *)dst[0],
                                    (const float *const *)dst[1], w);
            }
            if (!same_rows(xyb[0], xyb[1], 6 * (size_t)w))
                checkasm_fail("xyb_row %u: differs", w);
            if (!same_rows(in[0], in[1], SSIMU2_LANES * (size_t)w))
                checkasm_fail("blur_inputs %u: differs", w);
        }
        free(rgb);
        for (unsigned d = 0; d < 2; d++) {
            free(xyb[d]);
            free(in[d]);
        }
    }
}

static void check_blur(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 100; iter++) {
        const unsigned w = random_width(iter);
        const size_t n = SSIMU2_LANES * (size_t)w;
        float *src = random_floats(3 * n, 0.0f, 1.0f), *want = random_floats(n, 0, 0);
        float *got = random_floats(n, 0, 0);
        float *state[2] = {random_floats(6 * n, -1.0f, 1.0f), NULL};
        state[1] = state[0] ? malloc(sizeof(float) * 6 * n) : NULL;
        if (!src || !want || !got || !state[1]) {
            checkasm_fail("out of memory");
        } else {
            c->blur_row(want, src, w);
            v->blur_row(got, src, w);
            if (!same_rows(want, got, n))
                checkasm_fail("blur_row %u: differs", w);
            /* Column steps with and without the rows above and below. */
            memcpy(state[1], state[0], sizeof(float) * 6 * n);
            for (unsigned step = 0; step < 6; step++) {
                const float *top = step % 3 ? src + n : NULL;
                const float *bottom = step % 2 ? src + 2 * n : NULL;
                float *out[2] = {step == 1 ? NULL : want, step == 1 ? NULL : got};
                for (unsigned d = 0; d < 2; d++) {
                    float *y[3][2];
                    for (unsigned k = 0; k < 3; k++)
                        for (unsigned age = 0; age < 2; age++)
                            y[k][age] = state[d] + (2 * k + (step + age) % 2) * n;
                    (d ? v : c)->blur_column_step(out[d], top, bottom, y, n);
                }
                if (!same_rows(state[0], state[1], 6 * n) || !same_rows(want, got, n))
                    checkasm_fail("blur_column_step %u, step %u: differs", w, step);
            }
        }
        free(src);
        free(want);
        free(got);
        free(state[0]);
        free(state[1]);
    }
}

static void check_maps(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 100; iter++) {
        const unsigned w = random_width(iter);
        float *lanes = random_floats(SSIMU2_LANES * (size_t)w, 0.0f, 1.0f);
        float *xyb = random_floats(6 * (size_t)w, 0.0f, 1.0f);
        if (!lanes || !xyb) {
            checkasm_fail("out of memory");
        } else {
            /* Moments about the means' products, a little either side. */
            for (unsigned x = 0; x < w; x++) {
                for (unsigned ch = 0; ch < 3; ch++) {
                    float *m = lanes + (size_t)x * SSIMU2_LANES + SSIMU2_MAPS * ch;
                    const float m1 = m[SSIMU2_MAP_MU1], m2 = m[SSIMU2_MAP_MU2];
                    m[SSIMU2_MAP_SQ1] = m1 * m1 + uniform(-0.001f, 0.05f);
                    m[SSIMU2_MAP_SQ2] = m2 * m2 + uniform(-0.001f, 0.05f);
                    m[SSIMU2_MAP_CROSS] = m1 * m2 + uniform(-0.03f, 0.03f);
                }
            }
            const float *const x1[3] = {xyb, xyb + w, xyb + 2 * w};
            const float *const x2[3] = {xyb + 3 * w, xyb + 4 * w, xyb + 5 * w};
            double want[3][6], got[3][6];
            for (unsigned i = 0; i < 18; i++)
                want[i / 6][i % 6] = got[i / 6][i % 6] = 0.25 * i;
            /* Every sum kept, or a random choice of them. */
            const unsigned need[3] = {iter % 2 ? 0x3f : checkasm_rand() % 64,
                                      iter % 2 ? 0x3f : checkasm_rand() % 64,
                                      iter % 2 ? 0x3f : checkasm_rand() % 64};
            c->maps_row(lanes, x1, x2, w, need, want);
            v->maps_row(lanes, x1, x2, w, need, got);
            if (memcmp(want, got, sizeof(want)))
                checkasm_fail("maps_row %u: c %.17g, simd %.17g (channel 0's first sum)", w,
                              want[0][0], got[0][0]);
        }
        free(lanes);
        free(xyb);
    }
}

/* yuv_to_float of random samples of each depth, then resize_column over
 * up to 8 of those rows and rgb_row of three of them, at 8 and 16 bits. */
static void check_yuv_to_rgb(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    enum { ROWS = 8 };
    for (unsigned iter = 0; iter < 200; iter++) {
        const unsigned w = random_width(iter), bpc = 8 + iter % 9, taps = 1 + iter % ROWS;
        const unsigned bits = iter % 2 ? 16 : 8;
        uint16_t *samples = malloc(sizeof(uint16_t) * w);
        float *rows = random_floats((size_t)ROWS * w, 0, 0), *out[2];
        float *coeff = random_floats(ROWS, -0.3f, 1.0f);
        uint16_t *rgb[2] = {malloc(sizeof(uint16_t) * 3 * w), malloc(sizeof(uint16_t) * 3 * w)};
        out[0] = random_floats(w, 0, 0);
        out[1] = random_floats(w, 0, 0);
        if (!samples || !rows || !coeff || !out[0] || !out[1] || !rgb[0] || !rgb[1]) {
            checkasm_fail("out of memory");
            goto next;
        }
        /* 8-bit rows leave the rest of each row's words as zeroed. */
        memset(rgb[0], 0, sizeof(uint16_t) * 3 * w);
        memset(rgb[1], 0, sizeof(uint16_t) * 3 * w);
        const float scale = uniform(0.0001f, 0.01f), offset = uniform(-0.6f, 0.0f);
        const Ssimulacra2Dsp *dsp[2] = {c, v};
        for (unsigned r = 0; r < ROWS; r++) {
            for (unsigned x = 0; x < w; x++)
                samples[x] = (uint16_t)(checkasm_rand() & ((1u << bpc) - 1));
            if (bpc == 8)
                for (unsigned x = 0; x < w; x++)
                    ((uint8_t *)samples)[x] = (uint8_t)samples[x];
            float *row[2] = {rows + (size_t)r * w, out[0]};
            c->yuv_to_float(row[0], samples, w, bpc, scale, offset);
            v->yuv_to_float(row[1], samples, w, bpc, scale, offset);
            if (!same_rows(row[0], row[1], w))
                checkasm_fail("yuv_to_float %u of %u bits: differs", w, bpc);
        }
        const float *in[ROWS];
        for (unsigned k = 0; k < ROWS; k++)
            in[k] = rows + (size_t)k * w;
        for (unsigned d = 0; d < 2; d++)
            dsp[d]->resize_column(out[d], in, coeff, taps, w);
        if (!same_rows(out[0], out[1], w))
            checkasm_fail("resize_column %u, %u taps: differs", w, taps);
        /* Matrix entries and inputs that reach past both ends of the range. */
        const float m[3][3] = {{1.0f, 0.0f, 1.5748f},
                               {1.0f, -0.1873f, -0.4681f},
                               {uniform(0.9f, 1.1f), 1.8556f, uniform(-0.1f, 0.1f)}};
        for (unsigned d = 0; d < 2; d++) {
            void *dst[3] = {rgb[d], rgb[d] + w, rgb[d] + 2 * w};
            dsp[d]->rgb_row(dst, (const float *const[3]){in[0], in[1], in[2]}, m, bits, w);
        }
        if (memcmp(rgb[0], rgb[1], sizeof(uint16_t) * 3 * w))
            checkasm_fail("rgb_row %u at %u bits: differs", w, bits);
    next:
        free(samples);
        free(rows);
        free(coeff);
        for (unsigned d = 0; d < 2; d++) {
            free(out[d]);
            free(rgb[d]);
        }
    }
}

static void bench_blur_row(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    float *src = random_floats(SSIMU2_LANES * (size_t)BENCH_W, 0.0f, 1.0f);
    float *dst = random_floats(SSIMU2_LANES * (size_t)BENCH_W, 0, 0);
    if (src && dst)
        CHECKASM_BENCH(c->blur_row(dst, src, BENCH_W), v->blur_row(dst, src, BENCH_W));
    free(src);
    free(dst);
}

void checkasm_check_ssimulacra2(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        Ssimulacra2Dsp c, v;
        ssimulacra2_dsp_init(&c, 0);
        ssimulacra2_dsp_init(&v, level->flags);
        if (checkasm_begin("ssimulacra2_linear", level, v.linear_from_srgb != c.linear_from_srgb)) {
            check_linear(&c, &v);
            checkasm_end();
        }
        if (checkasm_begin("ssimulacra2_downsample", level, v.downsample != c.downsample)) {
            check_downsample(&c, &v);
            checkasm_end();
        }
        if (checkasm_begin("ssimulacra2_xyb_inputs", level,
                           v.xyb_row != c.xyb_row || v.blur_inputs != c.blur_inputs)) {
            check_xyb_inputs(&c, &v);
            checkasm_end();
        }
        if (checkasm_begin("ssimulacra2_blur", level,
                           v.blur_row != c.blur_row || v.blur_column_step != c.blur_column_step)) {
            check_blur(&c, &v);
            if (checkasm_benchmarking())
                bench_blur_row(&c, &v);
            checkasm_end();
        }
        if (checkasm_begin("ssimulacra2_yuv_to_rgb", level,
                           v.yuv_to_float != c.yuv_to_float || v.resize_column != c.resize_column ||
                               v.rgb_row != c.rgb_row)) {
            check_yuv_to_rgb(&c, &v);
            checkasm_end();
        }
        if (checkasm_begin("ssimulacra2_maps", level, v.maps_row != c.maps_row)) {
            check_maps(&c, &v);
            checkasm_end();
        }
    }
}
