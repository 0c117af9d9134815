/* checkasm for the SSIMULACRA 2 stages: every stage of each instruction
 * set's table against the C reference on random sizes (rows of every
 * length around the vector widths, and the blur's scalar head and tail),
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
#define BENCH_H 1080

/* A value in lo..hi with 24 random bits. */
static float uniform(float lo, float hi)
{
    return lo + (hi - lo) * ((float)(checkasm_rand() >> 8) / 16777216.0f);
}

typedef struct Planes {
    FloatPlane p[8];
    float *mem;
} Planes;

/* n planes of w x h with a random stride past w, filled in lo..hi. */
static bool alloc_planes(Planes *pl, unsigned n, unsigned w, unsigned h, float lo, float hi)
{
    const unsigned stride = w + (unsigned)checkasm_rand_range(0, 19);
    pl->mem = malloc(sizeof(float) * stride * h * n);
    if (!pl->mem)
        return false;
    for (unsigned i = 0; i < n; i++) {
        pl->p[i] = (FloatPlane){pl->mem + (size_t)i * stride * h, stride, w, h};
        for (size_t k = 0; k < (size_t)stride * h; k++)
            pl->p[i].data[k] = uniform(lo, hi);
    }
    return true;
}

static bool same_plane(const FloatPlane *a, const FloatPlane *b)
{
    for (unsigned y = 0; y < a->h; y++)
        if (memcmp(a->data + y * a->stride, b->data + y * b->stride, sizeof(float) * a->w))
            return false;
    return true;
}

static void random_size(unsigned iter, unsigned *w, unsigned *h)
{
    *w = iter < 64 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
    *h = (unsigned)checkasm_rand_range(1, MAX_H);
}

static void check_linear(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 120; iter++) {
        unsigned w, h;
        random_size(iter, &w, &h);
        const unsigned bits = iter % 3 ? 8 : 16, bytes = bits / 8;
        const size_t stride = (size_t)w * bytes + (size_t)checkasm_rand_range(0, 9) * bytes;
        uint8_t *samples = malloc(stride * h * 3);
        Planes want, got;
        if (!samples || !alloc_planes(&want, 3, w, h, 0, 0) || !alloc_planes(&got, 3, w, h, 0, 0)) {
            checkasm_fail("out of memory");
        } else {
            for (size_t k = 0; k < stride * h * 3; k++)
                samples[k] = (uint8_t)checkasm_rand();
            Ssimu2Samples s = {.w = w, .h = h, .bits = bits};
            for (unsigned p = 0; p < 3; p++) {
                s.data[p] = samples + p * stride * h;
                s.stride[p] = (ptrdiff_t)stride;
            }
            c->linear_from_samples(want.p, &s);
            v->linear_from_samples(got.p, &s);
            for (unsigned p = 0; p < 3; p++)
                if (!same_plane(&want.p[p], &got.p[p]))
                    checkasm_fail("%ux%u %u-bit: plane %u differs", w, h, bits, p);
        }
        free(samples);
        free(want.mem);
        free(got.mem);
    }
}

/* A stage from `inputs` planes in lo..hi to `outputs` planes. */
typedef void (*PlaneStage)(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                           float *scratch);

static void run_xyb(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                    float *scratch)
{
    (void)scratch;
    dsp->xyb_from_linear(out, in);
}

static void run_downsample(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                           float *scratch)
{
    (void)scratch;
    FloatPlane half = out[0];
    half.w = (in[0].w + 1) / 2;
    half.h = (in[0].h + 1) / 2;
    dsp->downsample(&half, &in[0]);
}

static void run_multiply(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                         float *scratch)
{
    (void)scratch;
    dsp->multiply(&out[0], &in[0], &in[1]);
}

static void run_blur_rows(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                          float *scratch)
{
    (void)scratch;
    dsp->blur_rows(&out[0], &in[0]);
}

static void run_blur_columns(const Ssimulacra2Dsp *dsp, const FloatPlane *in, const FloatPlane *out,
                             float *scratch)
{
    dsp->blur_columns(&out[0], &in[0], scratch);
}

static void check_plane_stage(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v, PlaneStage stage,
                              unsigned inputs, unsigned outputs, float lo, float hi,
                              const char *name)
{
    for (unsigned iter = 0; iter < 120; iter++) {
        unsigned w, h;
        random_size(iter, &w, &h);
        Planes in, want, got;
        float *scratch = malloc(sizeof(float) * SSIMU2_BLUR_RING_ROWS * w);
        if (!scratch || !alloc_planes(&in, inputs, w, h, lo, hi) ||
            !alloc_planes(&want, outputs, w, h, 0, 0) || !alloc_planes(&got, outputs, w, h, 0, 0)) {
            checkasm_fail("out of memory");
        } else {
            stage(c, in.p, want.p, scratch);
            stage(v, in.p, got.p, scratch);
            for (unsigned p = 0; p < outputs; p++)
                if (!same_plane(&want.p[p], &got.p[p]))
                    checkasm_fail("%s %ux%u: plane %u differs", name, w, h, p);
        }
        free(scratch);
        free(in.mem);
        free(want.mem);
        free(got.mem);
    }
}

static void check_maps(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    for (unsigned iter = 0; iter < 120; iter++) {
        unsigned w, h;
        random_size(iter, &w, &h);
        Planes in;
        if (!alloc_planes(&in, 5, w, h, 0.0f, 1.0f)) {
            checkasm_fail("out of memory");
        } else {
            /* Moments about the means' squares, a little either side. */
            for (unsigned y = 0; y < h; y++) {
                for (unsigned x = 0; x < w; x++) {
                    const size_t k = y * in.p[0].stride + x;
                    const float m1 = in.p[0].data[k], m2 = in.p[1].data[k];
                    in.p[2].data[k] = m1 * m1 + uniform(-0.001f, 0.05f);
                    in.p[3].data[k] = m2 * m2 + uniform(-0.001f, 0.05f);
                    in.p[4].data[k] = m1 * m2 + uniform(-0.03f, 0.03f);
                }
            }
            double want[4] = {0.5, 1.5, 2.5, 3.5}, got[4] = {0.5, 1.5, 2.5, 3.5};
            c->ssim_map(&in.p[0], &in.p[1], &in.p[2], &in.p[3], &in.p[4], want);
            v->ssim_map(&in.p[0], &in.p[1], &in.p[2], &in.p[3], &in.p[4], got);
            if (memcmp(want, got, 2 * sizeof(double)))
                checkasm_fail("ssim_map %ux%u: c %.17g %.17g, simd %.17g %.17g", w, h, want[0],
                              want[1], got[0], got[1]);
            c->edge_map(&in.p[2], &in.p[0], &in.p[3], &in.p[1], want);
            v->edge_map(&in.p[2], &in.p[0], &in.p[3], &in.p[1], got);
            if (memcmp(want, got, sizeof(want)))
                checkasm_fail("edge_map %ux%u: sums differ", w, h);
        }
        free(in.mem);
    }
}

static void bench_blur(const Ssimulacra2Dsp *c, const Ssimulacra2Dsp *v)
{
    Planes in, out;
    float *ring = malloc(sizeof(float) * SSIMU2_BLUR_RING_ROWS * BENCH_W);
    if (ring && alloc_planes(&in, 1, BENCH_W, BENCH_H, 0, 1) &&
        alloc_planes(&out, 1, BENCH_W, BENCH_H, 0, 0)) {
        CHECKASM_BENCH(c->blur_rows(&out.p[0], &in.p[0]), v->blur_rows(&out.p[0], &in.p[0]));
    }
    free(ring);
    free(in.mem);
    free(out.mem);
}

void checkasm_check_ssimulacra2(void)
{
    static const struct {
        const char *name;
        PlaneStage stage;
        unsigned inputs, outputs;
        float lo, hi;
        size_t entry; /* the table entry, to see whether the level overrides it */
    } stages[] = {
        {"ssimulacra2_xyb", run_xyb, 3, 3, 0.0f, 1.0f, offsetof(Ssimulacra2Dsp, xyb_from_linear)},
        {"ssimulacra2_downsample", run_downsample, 1, 1, 0.0f, 1.0f,
         offsetof(Ssimulacra2Dsp, downsample)},
        {"ssimulacra2_multiply", run_multiply, 2, 1, 0.0f, 1.0f,
         offsetof(Ssimulacra2Dsp, multiply)},
        {"ssimulacra2_blur_rows", run_blur_rows, 1, 1, 0.0f, 1.0f,
         offsetof(Ssimulacra2Dsp, blur_rows)},
        {"ssimulacra2_blur_columns", run_blur_columns, 1, 1, 0.0f, 1.0f,
         offsetof(Ssimulacra2Dsp, blur_columns)},
    };
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        Ssimulacra2Dsp c, v;
        ssimulacra2_dsp_init(&c, 0);
        ssimulacra2_dsp_init(&v, level->flags);
        if (checkasm_begin("ssimulacra2_linear", level,
                           v.linear_from_samples != c.linear_from_samples)) {
            check_linear(&c, &v);
            checkasm_end();
        }
        for (size_t i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
            const bool overridden =
                memcmp((const char *)&c + stages[i].entry, (const char *)&v + stages[i].entry,
                       sizeof(c.multiply)) != 0;
            if (checkasm_begin(stages[i].name, level, overridden)) {
                check_plane_stage(&c, &v, stages[i].stage, stages[i].inputs, stages[i].outputs,
                                  stages[i].lo, stages[i].hi, stages[i].name);
                if (checkasm_benchmarking() && stages[i].stage == run_blur_rows)
                    bench_blur(&c, &v);
                checkasm_end();
            }
        }
        if (checkasm_begin("ssimulacra2_maps", level, v.ssim_map != c.ssim_map)) {
            check_maps(&c, &v);
            checkasm_end();
        }
    }
}
