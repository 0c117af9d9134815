/* PSNR's sums of squared errors at every depth, on random sizes from 1x1 up,
 * strides wider than the rows, and 8-bit rows long enough to wrap the
 * reference's 32-bit row sum. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/psnr/psnr_dsp.h"

#define MAX_W 300
#define MAX_H 8
/* Past 66051 pixels of error 255 the row sum wraps modulo 2^32. */
#define WRAP_W 70000
#define BENCH_W 1920
#define BENCH_H 1080

typedef struct Plane {
    void *ref, *dis;
    ptrdiff_t stride; /* bytes */
    unsigned w, h;
} Plane;

static int plane_alloc(Plane *p, unsigned w, unsigned h, unsigned bytes, unsigned pad)
{
    p->w = w;
    p->h = h;
    p->stride = (ptrdiff_t)(w + pad) * bytes;
    p->ref = malloc((size_t)p->stride * h);
    p->dis = malloc((size_t)p->stride * h);
    return p->ref && p->dis ? 0 : -1;
}

static void plane_free(Plane *p)
{
    free(p->ref);
    free(p->dis);
}

static void fill(Plane *p, unsigned bits)
{
    const size_t n = (size_t)p->stride * p->h;
    if (bits == 8) {
        checkasm_fill_u8(p->ref, n);
        checkasm_fill_u8(p->dis, n);
    } else {
        checkasm_fill_u16(p->ref, n / 2, bits);
        checkasm_fill_u16(p->dis, n / 2, bits);
    }
}

static uint64_t sse(const PsnrDsp *dsp, const Plane *p, unsigned bits)
{
    if (bits == 8)
        return dsp->sse_8(p->ref, p->stride, p->dis, p->stride, p->w, p->h);
    return dsp->sse_16(p->ref, p->stride, p->dis, p->stride, p->w, p->h);
}

static void compare(const PsnrDsp *c, const PsnrDsp *v, const Plane *p, unsigned bits)
{
    const uint64_t want = sse(c, p, bits), got = sse(v, p, bits);
    if (want != got)
        checkasm_fail("%u-bit %ux%u stride %td: c %llu, simd %llu", bits, p->w, p->h, p->stride,
                      (unsigned long long)want, (unsigned long long)got);
}

/* Random pairs; the first sizes are the smallest and the extremes of the
 * depth (all zero against all maximum). */
static void check_random(const PsnrDsp *c, const PsnrDsp *v, unsigned bits)
{
    const unsigned bytes = bits == 8 ? 1 : 2;
    for (unsigned iter = 0; iter < 200; iter++) {
        const unsigned w = iter < 2 ? 1 : (unsigned)checkasm_rand_range(1, MAX_W);
        const unsigned h = iter < 2 ? 1 : (unsigned)checkasm_rand_range(1, MAX_H);
        Plane p;
        if (plane_alloc(&p, w, h, bytes, (unsigned)checkasm_rand_range(0, 40))) {
            checkasm_fail("out of memory");
            plane_free(&p);
            return;
        }
        fill(&p, bits);
        if (iter % 50 == 1) {
            memset(p.ref, 0, (size_t)p.stride * h);
            memset(p.dis, 0xff, (size_t)p.stride * h);
            if (bits > 8)
                for (size_t i = 0; i < (size_t)p.stride * h / 2; i++)
                    ((uint16_t *)p.dis)[i] = (uint16_t)((1u << bits) - 1);
        }
        compare(c, v, &p, bits);
        plane_free(&p);
    }
}

static void check_row_wrap(const PsnrDsp *c, const PsnrDsp *v)
{
    Plane p;
    if (plane_alloc(&p, WRAP_W + (unsigned)checkasm_rand_range(0, 63), 2, 1, 0)) {
        checkasm_fail("out of memory");
        plane_free(&p);
        return;
    }
    memset(p.ref, 0, (size_t)p.stride * p.h);
    memset(p.dis, 0xff, (size_t)p.stride * p.h);
    compare(c, v, &p, 8);
    plane_free(&p);
}

static void bench(const PsnrDsp *c, const PsnrDsp *v, unsigned bits)
{
    Plane p;
    if (plane_alloc(&p, BENCH_W, BENCH_H, bits == 8 ? 1 : 2, 0)) {
        checkasm_fail("out of memory");
        plane_free(&p);
        return;
    }
    fill(&p, bits);
    compare(c, v, &p, bits);
    CHECKASM_BENCH(sse(c, &p, bits), sse(v, &p, bits));
    plane_free(&p);
}

void checkasm_check_psnr(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        PsnrDsp c, v;
        psnr_dsp_init(&c, 0);
        psnr_dsp_init(&v, level->flags);

        if (checkasm_begin("psnr_sse_8", level, v.sse_8 != c.sse_8)) {
            check_random(&c, &v, 8);
            check_row_wrap(&c, &v);
            if (checkasm_benchmarking())
                bench(&c, &v, 8);
            checkasm_end();
        }
        if (checkasm_begin("psnr_sse_16", level, v.sse_16 != c.sse_16)) {
            for (unsigned bits = 9; bits <= 16; bits++)
                check_random(&c, &v, bits);
            if (checkasm_benchmarking())
                bench(&c, &v, 10);
            checkasm_end();
        }
    }
}
