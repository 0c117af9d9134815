/* checkasm for float VIF's statistic: random sizes and strides (rows of
 * every length around the vector blocks), and moments drawn so that every
 * branch of a pixel's terms is taken: variances below eps and negative,
 * negative gains and covariances, pixels below the noise floor, and
 * options at their limits (sigma_nsq 0, gain limit 1). The two sums must be
 * the same floats. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/float_vif/float_vif_dsp.h"

#define MAX_W 300
#define BENCH_W 1920
#define BENCH_H 1080

enum { MU1, MU2, XX, YY, XY, MOMENTS };

/* A variance or covariance: zero, below eps, small, large, or negative. */
static float spread(void)
{
    static const float scale[] = {0.0f, 1e-12f, 0.5f, 4.0f, 300.0f, 20000.0f, -3.0f};
    const float u = (float)(checkasm_rand() >> 8) / 16777216.0f;
    return scale[checkasm_rand() % 7] * u;
}

static void fill_moments(float *const p[MOMENTS], unsigned w, unsigned h, unsigned stride)
{
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++) {
            const size_t k = (size_t)i * stride + j;
            const float mu1 = (float)checkasm_rand_range(0, 255 * 256) / 256.0f;
            const float mu2 = (float)checkasm_rand_range(0, 255 * 256) / 256.0f;
            p[MU1][k] = mu1;
            p[MU2][k] = mu2;
            p[XX][k] = mu1 * mu1 + spread();
            p[YY][k] = mu2 * mu2 + spread();
            p[XY][k] = mu1 * mu2 + (checkasm_rand() & 1 ? spread() : -spread());
        }
    }
}

static FloatVifMoments moments(float *const p[MOMENTS], unsigned w, unsigned h, unsigned stride)
{
    const FloatVifMoments m = {
        .mu1 = {p[MU1], stride, w, h},
        .mu2 = {p[MU2], stride, w, h},
        .ref_sq = {p[XX], stride, w, h},
        .dis_sq = {p[YY], stride, w, h},
        .ref_dis = {p[XY], stride, w, h},
    };
    return m;
}

static bool alloc_moments(float *p[MOMENTS], size_t n)
{
    bool ok = true;
    for (unsigned i = 0; i < MOMENTS; i++)
        ok &= (p[i] = malloc(sizeof(float) * n)) != NULL;
    return ok;
}

static void free_moments(float *p[MOMENTS])
{
    for (unsigned i = 0; i < MOMENTS; i++)
        free(p[i]);
}

static void check_statistic(const FloatVifDsp *c, const FloatVifDsp *v)
{
    static const FloatVifStatParams params[] = {
        {100.0, 2.0}, {1.0, 2.0}, {1.5, 0.0}, {100.0, 5.0}, {2.5, 0.4},
    };
    for (unsigned iter = 0; iter < 150; iter++) {
        const unsigned w = iter < 70 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range(1, 12);
        const unsigned stride = w + (unsigned)checkasm_rand_range(0, 17);
        const FloatVifStatParams *p = &params[iter % 5];
        float *planes[MOMENTS] = {0};
        if (!alloc_moments(planes, (size_t)stride * h)) {
            checkasm_fail("out of memory");
        } else {
            fill_moments(planes, w, h, stride);
            const FloatVifMoments m = moments(planes, w, h, stride);
            /* Sums carried in from the rows of an earlier band. */
            const float carried[2] = {checkasm_rand_float(-8, 12), checkasm_rand_float(-8, 12)};
            float want[2] = {carried[0], carried[1]}, got[2] = {carried[0], carried[1]};
            c->statistic(&m, p, &want[0], &want[1]);
            v->statistic(&m, p, &got[0], &got[1]);
            if (memcmp(want, got, sizeof(want)))
                checkasm_fail("%ux%u, gain limit %g, sigma_nsq %g: c %.9g %.9g, simd %.9g %.9g", w,
                              h, p->gain_limit, p->sigma_nsq, want[0], want[1], got[0], got[1]);
        }
        free_moments(planes);
    }
}

static void bench_statistic(const FloatVifDsp *c, const FloatVifDsp *v)
{
    float *planes[MOMENTS] = {0};
    if (alloc_moments(planes, (size_t)BENCH_W * BENCH_H)) {
        fill_moments(planes, BENCH_W, BENCH_H, BENCH_W);
        const FloatVifMoments m = moments(planes, BENCH_W, BENCH_H, BENCH_W);
        const FloatVifStatParams p = {100.0, 2.0};
        float num = 0.0f, den = 0.0f;
        CHECKASM_BENCH(c->statistic(&m, &p, &num, &den), v->statistic(&m, &p, &num, &den));
    }
    free_moments(planes);
}

void checkasm_check_float_vif(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        FloatVifDsp c, v;
        float_vif_dsp_init(&c, 0);
        float_vif_dsp_init(&v, level->flags);
        if (checkasm_begin("float_vif_statistic", level, v.statistic != c.statistic)) {
            check_statistic(&c, &v);
            if (checkasm_benchmarking())
                bench_statistic(&c, &v);
            checkasm_end();
        }
    }
}
