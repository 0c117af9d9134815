/* checkasm for the shared float stages: the separable filter, of a plane,
 * of its squares and of a product of two, on random sizes, strides and
 * taps, and on samples of every magnitude and sign, so that a sum taken in
 * another order or a fused multiply-add shows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/float_common/float_common_dsp.h"

#define MAX_W 300
#define BENCH_W 1920
#define BENCH_H 1080
#define BENCH_TAPS 17

enum Filter { FILTER, FILTER_SQ, FILTER_XY };

static const char *const filter_name[] = {"float_filter", "float_filter_sq", "float_filter_xy"};

/* Floats of either sign, magnitudes 2^-20 to 2^20. */
static void fill_wide(float *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = checkasm_rand_float(-20, 20);
}

static void run(const FloatCommonDsp *dsp, enum Filter f, const FloatPlane *dst, unsigned y0,
                const FloatPlane *a, const FloatPlane *b, const float *taps, unsigned n,
                float *line)
{
    if (f == FILTER)
        dsp->filter(dst, y0, a, taps, n, line);
    else if (f == FILTER_SQ)
        dsp->filter_sq(dst, y0, a, taps, n, line);
    else
        dsp->filter_xy(dst, y0, a, b, taps, n, line);
}

static FloatPlane plane(float *data, unsigned w, unsigned h, unsigned stride)
{
    const FloatPlane p = {data, stride, w, h};
    return p;
}

static void check_filter(const FloatCommonDsp *c, const FloatCommonDsp *v, enum Filter f)
{
    static const unsigned tap_counts[] = {3, 5, 9, 17, 33, 65};
    for (unsigned iter = 0; iter < 120; iter++) {
        const unsigned n = tap_counts[iter % 6];
        const unsigned min = n / 2 + 1;
        const unsigned w =
            iter < 24 ? min + iter / 6 : (unsigned)checkasm_rand_range((int)min, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range((int)min, (int)min + 40);
        const unsigned src_stride = w + (unsigned)checkasm_rand_range(0, 17);
        const unsigned dst_stride = w + (unsigned)checkasm_rand_range(0, 17);
        const size_t n_src = (size_t)src_stride * h, n_dst = (size_t)dst_stride * h;
        float taps[FLOAT_FILTER_MAX_TAPS];
        float *a = malloc(sizeof(float) * n_src), *b = malloc(sizeof(float) * n_src);
        float *want = malloc(sizeof(float) * n_dst), *got = malloc(sizeof(float) * n_dst);
        float *line = malloc(sizeof(float) * float_filter_line_size(w, n));
        if (!a || !b || !want || !got || !line) {
            checkasm_fail("out of memory");
        } else {
            for (unsigned k = 0; k < n; k++)
                taps[k] = (float)(checkasm_rand() >> 8) / 16777216.0f;
            fill_wide(a, n_src);
            fill_wide(b, n_src);
            fill_wide(want, n_dst);
            memcpy(got, want, sizeof(float) * n_dst);
            const FloatPlane pa = plane(a, w, h, src_stride), pb = plane(b, w, h, src_stride);
            /* Every other plane is filtered as a band of its rows. */
            const unsigned y0 = iter % 2 ? (unsigned)checkasm_rand_range(0, (int)h - 1) : 0;
            const unsigned rows = iter % 2 ? (unsigned)checkasm_rand_range(1, (int)(h - y0)) : h;
            const FloatPlane pw = plane(want, w, rows, dst_stride);
            const FloatPlane pg = plane(got, w, rows, dst_stride);
            run(c, f, &pw, y0, &pa, &pb, taps, n, line);
            run(v, f, &pg, y0, &pa, &pb, taps, n, line);
            for (size_t i = 0; i < n_dst; i++) {
                if (memcmp(&want[i], &got[i], sizeof(float))) {
                    checkasm_fail("%ux%u, %u taps: element %zu: c %.9g simd %.9g", w, h, n, i,
                                  want[i], got[i]);
                    break;
                }
            }
        }
        free(a);
        free(b);
        free(want);
        free(got);
        free(line);
    }
}

static void bench_filter(const FloatCommonDsp *c, const FloatCommonDsp *v, enum Filter f)
{
    const size_t n = (size_t)BENCH_W * BENCH_H;
    float taps[BENCH_TAPS];
    float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
    float *dst = malloc(sizeof(float) * n);
    float *line = malloc(sizeof(float) * float_filter_line_size(BENCH_W, BENCH_TAPS));
    if (a && b && dst && line) {
        for (unsigned k = 0; k < BENCH_TAPS; k++)
            taps[k] = 1.0f / BENCH_TAPS;
        fill_wide(a, n);
        fill_wide(b, n);
        const FloatPlane pa = plane(a, BENCH_W, BENCH_H, BENCH_W);
        const FloatPlane pb = plane(b, BENCH_W, BENCH_H, BENCH_W);
        const FloatPlane pd = plane(dst, BENCH_W, BENCH_H, BENCH_W);
        CHECKASM_BENCH(run(c, f, &pd, 0, &pa, &pb, taps, BENCH_TAPS, line),
                       run(v, f, &pd, 0, &pa, &pb, taps, BENCH_TAPS, line));
    }
    free(a);
    free(b);
    free(dst);
    free(line);
}

static void check_level(const CheckasmLevel *level)
{
    FloatCommonDsp c, v;
    float_common_dsp_init(&c, 0);
    float_common_dsp_init(&v, level->flags);
    const bool overridden[] = {v.filter != c.filter, v.filter_sq != c.filter_sq,
                               v.filter_xy != c.filter_xy};
    for (enum Filter f = FILTER; f <= FILTER_XY; f++) {
        if (checkasm_begin(filter_name[f], level, overridden[f])) {
            check_filter(&c, &v, f);
            if (checkasm_benchmarking())
                bench_filter(&c, &v, f);
            checkasm_end();
        }
    }
}

void checkasm_check_float_common(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++)
        check_level(level);
}
