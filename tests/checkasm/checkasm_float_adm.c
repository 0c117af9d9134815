/* checkasm for float ADM's masked sums: random level sizes from 3x3 (the
 * first and last rows and columns included), rectangles inside them, p = 3 and
 * another p, masking on and bypassed, and band values of either sign and
 * many magnitudes, so that masked terms are both zero and positive. The
 * three sums must be the same floats. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/float_adm/float_adm_dsp.h"

#define MAX_W 300
#define BENCH_W 960
#define BENCH_H 540

/* The bands of one level: the values, their CSF weighting and its shares. */
typedef struct Level {
    float *data;
    FloatAdmBands src, csf, flt;
} Level;

static bool level_alloc(Level *l, size_t n)
{
    l->data = malloc(sizeof(float) * n * 3 * ADM_DETAIL_BANDS);
    if (!l->data)
        return false;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        l->src.detail[b] = l->data + n * b;
        l->csf.detail[b] = l->data + n * (ADM_DETAIL_BANDS + b);
        l->flt.detail[b] = l->data + n * (2 * ADM_DETAIL_BANDS + b);
    }
    for (size_t i = 0; i < n; i++) {
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            l->src.detail[b][i] = checkasm_rand_float(-12, 8);
            l->csf.detail[b][i] = checkasm_rand_float(-12, 8);
            l->flt.detail[b][i] = fabsf(checkasm_rand_float(-12, 8)) / 30.0f;
        }
    }
    return true;
}

static void check_cm_sums(const FloatAdmDsp *c, const FloatAdmDsp *v)
{
    static const float rfactors[][3] = {
        {0.5f, 0.5f, 0.25f}, {1.0f, 1.0f, 1.0f}, {3.0f, 3.0f, 0.1f}};
    for (unsigned iter = 0; iter < 160; iter++) {
        /* 3x3 at least, as the extractor's smallest fourth level: the
         * masking reflects row and column 0 onto 1. */
        const unsigned w = iter < 40 ? 3 + iter * 3 : (unsigned)checkasm_rand_range(3, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range(3, 9);
        const unsigned stride = w + (unsigned)checkasm_rand_range(0, 9);
        FloatAdmRect rect = {.top = checkasm_rand_range(0, (int)h - 1),
                             .left = checkasm_rand_range(0, (int)w - 1)};
        rect.bottom = checkasm_rand_range(rect.top + 1, (int)h);
        rect.right = checkasm_rand_range(rect.left + 1, (int)w);
        if (iter % 4 == 0)
            rect = (FloatAdmRect){0, (int)h, 0, (int)w};
        const bool bypass_cm = iter % 7 == 3;
        const double p_norm = iter % 5 == 4 ? 2.5 : 3.0;
        const float *rfactor = rfactors[iter % 3];
        Level l;
        if (!level_alloc(&l, (size_t)stride * h)) {
            checkasm_fail("out of memory");
            continue;
        }
        float want[3], got[3];
        c->cm_sums(want, &l.src, &l.flt, &l.csf, stride, w, h, &rect, rfactor, bypass_cm, p_norm);
        v->cm_sums(got, &l.src, &l.flt, &l.csf, stride, w, h, &rect, rfactor, bypass_cm, p_norm);
        if (memcmp(want, got, sizeof(want)))
            checkasm_fail(
                "%ux%u, rect %d..%d x %d..%d, p %g%s: c %.9g %.9g %.9g, simd %.9g %.9g %.9g", w, h,
                rect.left, rect.right, rect.top, rect.bottom, p_norm,
                bypass_cm ? ", no masking" : "", want[0], want[1], want[2], got[0], got[1], got[2]);
        free(l.data);
    }
}

static void bench_cm_sums(const FloatAdmDsp *c, const FloatAdmDsp *v)
{
    Level l;
    if (!level_alloc(&l, (size_t)BENCH_W * BENCH_H))
        return;
    const FloatAdmRect rect = {1, BENCH_H - 1, 1, BENCH_W - 1};
    const float rfactor[3] = {0.5f, 0.5f, 0.25f};
    float sums[3];
    CHECKASM_BENCH(c->cm_sums(sums, &l.src, &l.flt, &l.csf, BENCH_W, BENCH_W, BENCH_H, &rect,
                              rfactor, false, 3.0),
                   v->cm_sums(sums, &l.src, &l.flt, &l.csf, BENCH_W, BENCH_W, BENCH_H, &rect,
                              rfactor, false, 3.0));
    free(l.data);
}

void checkasm_check_float_adm(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        FloatAdmDsp c, v;
        float_adm_dsp_init(&c, 0);
        float_adm_dsp_init(&v, level->flags);
        if (checkasm_begin("float_adm_cm_sums", level, v.cm_sums != c.cm_sums)) {
            check_cm_sums(&c, &v);
            if (checkasm_benchmarking())
                bench_cm_sums(&c, &v);
            checkasm_end();
        }
    }
}
