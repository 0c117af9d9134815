/* checkasm for SpEED's covariance sums: the window sums and the covariance
 * sums of a block's 25 positions, on random window sizes and strides and on
 * floats of every magnitude and sign, so that a sum taken in another order
 * or a fused multiply-add shows. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/speed/speed_dsp.h"
#include "feature/speed/speed_math.h"

#define MAX_W 150
#define MAX_H 80
/* A 1080p plane decimated by 16, as SpEED's windows have it. */
#define BENCH_W 116
#define BENCH_H 63
#define BENCH_STRIDE 1920

enum { COV_ELEMS = SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS };

/* Random w x h windows and a stride, and a plane they fit in at every
 * block offset, of floats of every magnitude; plane is NULL (the failure
 * recorded) when out of memory. */
typedef struct Windows {
    unsigned w, h, stride;
    float *plane;
} Windows;

static float *random_plane(unsigned stride, unsigned h)
{
    const size_t n = (size_t)stride * (h + SPEED_BLOCK - 1);
    float *p = malloc(sizeof(float) * n);
    for (size_t i = 0; p && i < n; i++)
        p[i] = checkasm_rand_float(-10, 10);
    if (!p)
        checkasm_fail("out of memory");
    return p;
}

static Windows random_windows(void)
{
    Windows win;
    win.w = (unsigned)checkasm_rand_range(1, MAX_W);
    win.h = (unsigned)checkasm_rand_range(1, MAX_H);
    win.stride = win.w + SPEED_BLOCK - 1 + (unsigned)checkasm_rand_range(0, 20);
    win.plane = random_plane(win.stride, win.h);
    return win;
}

static void check_window_sums(const SpeedDsp *c, const SpeedDsp *v)
{
    for (unsigned iter = 0; iter < 60; iter++) {
        const Windows win = random_windows();
        if (!win.plane)
            return;
        float want[SPEED_BLOCK_ELEMS], got[SPEED_BLOCK_ELEMS];
        c->window_sums(want, win.plane, win.stride, win.w, win.h);
        v->window_sums(got, win.plane, win.stride, win.w, win.h);
        for (unsigned k = 0; k < SPEED_BLOCK_ELEMS; k++) {
            if (memcmp(&want[k], &got[k], sizeof(float))) {
                checkasm_fail("%ux%u stride %u: position %u: c %.9g simd %.9g", win.w, win.h,
                              win.stride, k, want[k], got[k]);
                break;
            }
        }
        free(win.plane);
    }
}

static void check_cov_sums(const SpeedDsp *c, const SpeedDsp *v)
{
    for (unsigned iter = 0; iter < 40; iter++) {
        const Windows win = random_windows();
        if (!win.plane)
            return;
        float mean[SPEED_BLOCK_ELEMS];
        for (unsigned k = 0; k < SPEED_BLOCK_ELEMS; k++)
            mean[k] = checkasm_rand_float(-10, 10);
        double want[COV_ELEMS], got[COV_ELEMS];
        c->cov_sums(want, win.plane, win.stride, win.w, win.h, mean);
        v->cov_sums(got, win.plane, win.stride, win.w, win.h, mean);
        for (unsigned a = 0; a < SPEED_BLOCK_ELEMS; a++) {
            for (unsigned b = 0; b <= a; b++) {
                const unsigned e = a * SPEED_BLOCK_ELEMS + b;
                if (memcmp(&want[e], &got[e], sizeof(double))) {
                    checkasm_fail("%ux%u stride %u: (%u, %u): c %.17g simd %.17g", win.w, win.h,
                                  win.stride, a, b, want[e], got[e]);
                    a = SPEED_BLOCK_ELEMS;
                    break;
                }
            }
        }
        free(win.plane);
    }
}

static void bench(const SpeedDsp *c, const SpeedDsp *v, bool cov)
{
    float *plane = random_plane(BENCH_STRIDE, BENCH_H);
    if (!plane)
        return;
    float mean[SPEED_BLOCK_ELEMS] = {0}, sums[SPEED_BLOCK_ELEMS];
    double cov_sums[COV_ELEMS];
    if (cov)
        CHECKASM_BENCH(c->cov_sums(cov_sums, plane, BENCH_STRIDE, BENCH_W, BENCH_H, mean),
                       v->cov_sums(cov_sums, plane, BENCH_STRIDE, BENCH_W, BENCH_H, mean));
    else
        CHECKASM_BENCH(c->window_sums(sums, plane, BENCH_STRIDE, BENCH_W, BENCH_H),
                       v->window_sums(sums, plane, BENCH_STRIDE, BENCH_W, BENCH_H));
    free(plane);
}

void checkasm_check_speed(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        SpeedDsp c, v;
        speed_dsp_init(&c, 0);
        speed_dsp_init(&v, level->flags);
        if (checkasm_begin("speed_window_sums", level, v.window_sums != c.window_sums)) {
            check_window_sums(&c, &v);
            if (checkasm_benchmarking())
                bench(&c, &v, false);
            checkasm_end();
        }
        if (checkasm_begin("speed_cov_sums", level, v.cov_sums != c.cov_sums)) {
            check_cov_sums(&c, &v);
            if (checkasm_benchmarking())
                bench(&c, &v, true);
            checkasm_end();
        }
    }
}
