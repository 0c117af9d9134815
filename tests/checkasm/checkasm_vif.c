/* Integer VIF's statistic and decimation at every scale and depth, on random
 * sizes from the smallest each filter allows, odd ones and ones that cross
 * the variants' column blocks, with contents that reach every branch of
 * vif_accumulate(): noise, smooth pictures with a slightly distorted copy,
 * flat patches below the noise floor, and the extremes of the depth. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/vif/vif_dsp.h"

#define MAX_W 700
#define MAX_H 40
#define BENCH_W 1920
#define BENCH_H 1080

typedef struct Pair {
    void *ref, *dis;
    ptrdiff_t stride; /* bytes */
    unsigned w, h, bytes;
} Pair;

typedef struct Lines {
    uint32_t *mem;
    VifLines lines;
} Lines;

static int pair_alloc(Pair *p, unsigned w, unsigned h, unsigned bytes, unsigned pad)
{
    *p = (Pair){.w = w, .h = h, .bytes = bytes, .stride = (ptrdiff_t)(w + pad) * bytes};
    p->ref = malloc((size_t)p->stride * h);
    p->dis = malloc((size_t)p->stride * h);
    return p->ref && p->dis ? 0 : -1;
}

static void pair_free(Pair *p)
{
    free(p->ref);
    free(p->dis);
}

static int lines_alloc(Lines *l, unsigned w)
{
    const size_t len = w + 2 * VIF_LINE_PAD;
    l->mem = calloc(5 * len, sizeof(uint32_t));
    if (!l->mem)
        return -1;
    uint32_t **const line[] = {&l->lines.mu1, &l->lines.mu2, &l->lines.ref_sq, &l->lines.dis_sq,
                               &l->lines.ref_dis};
    for (unsigned i = 0; i < 5; i++)
        *line[i] = l->mem + i * len + VIF_LINE_PAD;
    return 0;
}

static void store(const Pair *p, void *plane, unsigned x, unsigned y, unsigned v)
{
    uint8_t *row = (uint8_t *)plane + y * p->stride;
    if (p->bytes == 1)
        row[x] = (uint8_t)v;
    else
        ((uint16_t *)row)[x] = (uint16_t)v;
}

static unsigned clip(int v, unsigned max)
{
    return v < 0 ? 0 : v > (int)max ? max : (unsigned)v;
}

enum Content { NOISE, SMOOTH, FLAT, EXTREMES, CONTENTS };

/* Samples of `bits` bits (16-bit storage when p->bytes is 2); the
 * distorted plane is a function of the reference for most contents. */
static void fill(Pair *p, unsigned bits, enum Content content)
{
    const unsigned max = (1u << bits) - 1;
    const int noise = checkasm_rand_range(0, (int)(max / 16 + 1));
    const int fx = checkasm_rand_range(1, 40), fy = checkasm_rand_range(1, 40);
    const int flat_r = checkasm_rand_range(0, (int)max), flat_d = checkasm_rand_range(0, (int)max);
    for (unsigned y = 0; y < p->h; y++) {
        for (unsigned x = 0; x < p->w; x++) {
            unsigned r, d;
            switch (content) {
            case NOISE:
                r = checkasm_rand() & max;
                d = checkasm_rand() % 4 ? checkasm_rand() & max
                                        : clip((int)r + checkasm_rand_range(-noise, noise), max);
                break;
            case SMOOTH:
                r = (unsigned)(((uint64_t)max * ((x * fx + y * fy) % 1024)) / 1023);
                d = clip((int)r + checkasm_rand_range(-noise, noise), max);
                break;
            case FLAT: /* patches, at most one edge in each */
                r = (x / 24 + y / 24) % 2 ? (unsigned)flat_r : (unsigned)flat_d;
                d = checkasm_rand() % 16 ? r : checkasm_rand() & max;
                break;
            default:
                r = checkasm_rand() % 2 ? max : 0;
                d = checkasm_rand() % 3 ? max - r : r;
                break;
            }
            store(p, p->ref, x, y, r);
            store(p, p->dis, x, y, d);
        }
    }
}

static VifPlanes planes_of(const Pair *p)
{
    return (VifPlanes){
        .ref = p->ref,
        .dis = p->dis,
        .ref_stride = p->stride,
        .dis_stride = p->stride,
        .w = p->w,
        .h = p->h,
    };
}

/* The parameters vif.c uses: scale 0 keeps the input's depth. */
static VifStatParams stat_params(unsigned scale, unsigned bpc, double gain_limit)
{
    return (VifStatParams){
        .scale = scale,
        .mu_shift = scale ? 16 : bpc,
        .sq_shift = scale ? 16 : 2 * (bpc - 8),
        .log2_table = vif_log2_table(),
        .gain_limit = gain_limit,
    };
}

static unsigned random_size(unsigned scale, unsigned iter, unsigned max)
{
    const unsigned smallest = vif_filter_taps[scale] / 2 + 1;
    if (iter < 2)
        return smallest + iter;
    return (unsigned)checkasm_rand_range((int)smallest, (int)max);
}

typedef void (*StatisticFn)(const VifPlanes *, const VifStatParams *, const VifLines *, VifSums *);

static void check_statistic_once(StatisticFn c_fn, StatisticFn v_fn, const Pair *p,
                                 const VifStatParams *params, unsigned bits, enum Content content)
{
    Lines lines;
    if (lines_alloc(&lines, p->w)) {
        checkasm_fail("out of memory");
        return;
    }
    const VifPlanes src = planes_of(p);
    /* both add to the same nonzero sums */
    const VifSums start = {(int64_t)checkasm_rand(), (int64_t)checkasm_rand(),
                           (int64_t)checkasm_rand(), (int64_t)checkasm_rand()};
    VifSums want = start, got = start;
    c_fn(&src, params, &lines.lines, &want);
    v_fn(&src, params, &lines.lines, &got);
    if (memcmp(&want, &got, sizeof(want)))
        checkasm_fail("scale %u, %u-bit %ux%u stride %td, content %d, gain limit %g: "
                      "num_log %lld/%lld den_log %lld/%lld num_non_log %lld/%lld "
                      "den_non_log %lld/%lld (c/simd)",
                      params->scale, bits, p->w, p->h, p->stride, (int)content, params->gain_limit,
                      (long long)want.num_log, (long long)got.num_log, (long long)want.den_log,
                      (long long)got.den_log, (long long)want.num_non_log,
                      (long long)got.num_non_log, (long long)want.den_non_log,
                      (long long)got.den_non_log);
    free(lines.mem);
}

static void check_statistic(StatisticFn c_fn, StatisticFn v_fn, unsigned scale, unsigned bpc,
                            unsigned bits, unsigned bytes, unsigned iters)
{
    for (unsigned iter = 0; iter < iters; iter++) {
        const unsigned w = random_size(scale, iter, MAX_W), h = random_size(scale, iter, MAX_H);
        Pair p;
        if (pair_alloc(&p, w, h, bytes, iter % 3 ? (unsigned)checkasm_rand_range(0, 70) : 0)) {
            checkasm_fail("out of memory");
            pair_free(&p);
            return;
        }
        const enum Content content = (enum Content)(iter % CONTENTS);
        fill(&p, bits, content);
        /* 1.0 (no enhancement credited) clamps many gains of the smooth pairs */
        const double gain_limit = iter % 5 == 4   ? 1.0 + checkasm_rand() % 100
                                  : iter % 5 >= 2 ? 1.0
                                                  : 100.0;
        const VifStatParams params = stat_params(scale, bpc, gain_limit);
        check_statistic_once(c_fn, v_fn, &p, &params, bits, content);
        pair_free(&p);
    }
}

typedef void (*DecimateFn)(const VifPlanes *, unsigned, unsigned, const VifLines *,
                           const VifDecimated *);

/* Both outputs start from the same pattern and are compared whole, padding
 * included: a variant must write the w/2 x h/2 samples and nothing else. */
static void check_decimate_once(DecimateFn c_fn, DecimateFn v_fn, const Pair *p, unsigned scale,
                                unsigned v_shift, unsigned bits)
{
    const unsigned out_w = p->w / 2, out_h = p->h / 2;
    const ptrdiff_t stride = (ptrdiff_t)(out_w + (unsigned)checkasm_rand_range(0, 9)) * 2;
    const size_t size = (size_t)stride * out_h;
    uint16_t *out = malloc(4 * size);
    Lines lines;
    if (!out || lines_alloc(&lines, p->w)) {
        free(out);
        checkasm_fail("out of memory");
        return;
    }
    memset(out, 0xa5, 4 * size);
    uint8_t *base = (uint8_t *)out;
    const VifDecimated want = {(uint16_t *)base, (uint16_t *)(base + size), stride};
    const VifDecimated got = {(uint16_t *)(base + 2 * size), (uint16_t *)(base + 3 * size), stride};
    const VifPlanes src = planes_of(p);
    c_fn(&src, scale, v_shift, &lines.lines, &want);
    v_fn(&src, scale, v_shift, &lines.lines, &got);

    for (unsigned plane = 0; plane < 2; plane++) {
        const uint8_t *a = base + plane * size, *b = base + (2 + plane) * size;
        for (size_t i = 0; i < size; i++) {
            if (a[i] != b[i]) {
                const unsigned y = (unsigned)(i / (size_t)stride);
                const unsigned x = (unsigned)(i % (size_t)stride / 2);
                checkasm_fail("to scale %u from %u-bit %ux%u stride %td: %s differs at x=%u "
                              "y=%u%s",
                              scale, bits, p->w, p->h, p->stride, plane ? "dis" : "ref", x, y,
                              x >= out_w ? " (past the row)" : "");
                break;
            }
        }
    }
    free(out);
    free(lines.mem);
}

static void check_decimate(DecimateFn c_fn, DecimateFn v_fn, unsigned scale, unsigned v_shift,
                           unsigned bits, unsigned bytes, unsigned iters)
{
    for (unsigned iter = 0; iter < iters; iter++) {
        /* the rows and columns the filter reads reflect inside the plane */
        const unsigned smallest = vif_filter_taps[scale] / 2 + 1;
        const unsigned w =
            iter < 2 ? smallest + iter : (unsigned)checkasm_rand_range((int)smallest, MAX_W);
        const unsigned h =
            iter < 2 ? smallest + iter : (unsigned)checkasm_rand_range((int)smallest, MAX_H);
        Pair p;
        if (pair_alloc(&p, w, h, bytes, iter % 3 ? (unsigned)checkasm_rand_range(0, 70) : 0)) {
            checkasm_fail("out of memory");
            pair_free(&p);
            return;
        }
        fill(&p, bits, (enum Content)(iter % CONTENTS));
        check_decimate_once(c_fn, v_fn, &p, scale, v_shift, bits);
        pair_free(&p);
    }
}

static void bench_statistic(StatisticFn c_fn, StatisticFn v_fn, unsigned scale, unsigned bpc)
{
    Pair p;
    const unsigned bytes = scale == 0 && bpc == 8 ? 1 : 2;
    Lines lines;
    if (pair_alloc(&p, BENCH_W >> scale, BENCH_H >> scale, bytes, 0) || lines_alloc(&lines, p.w)) {
        checkasm_fail("out of memory");
        pair_free(&p);
        return;
    }
    fill(&p, scale ? 16 : bpc, SMOOTH);
    const VifStatParams params = stat_params(scale, bpc, 100.0);
    const VifPlanes src = planes_of(&p);
    VifSums sums = {0};
    CHECKASM_BENCH(c_fn(&src, &params, &lines.lines, &sums),
                   v_fn(&src, &params, &lines.lines, &sums));
    free(lines.mem);
    pair_free(&p);
}

static void bench_decimate(DecimateFn c_fn, DecimateFn v_fn, unsigned scale, unsigned bpc)
{
    Pair p;
    const unsigned bytes = scale == 1 && bpc == 8 ? 1 : 2;
    const unsigned v_shift = scale == 1 ? bpc : 16;
    Lines lines;
    if (pair_alloc(&p, BENCH_W >> (scale - 1), BENCH_H >> (scale - 1), bytes, 0) ||
        lines_alloc(&lines, p.w)) {
        checkasm_fail("out of memory");
        pair_free(&p);
        return;
    }
    fill(&p, scale == 1 ? bpc : 16, SMOOTH);
    uint16_t *out = malloc((size_t)p.w * p.h);
    if (!out) {
        checkasm_fail("out of memory");
    } else {
        const VifDecimated dst = {out, out + p.w / 2 * (p.h / 2), (ptrdiff_t)(p.w / 2 * 2)};
        const VifPlanes src = planes_of(&p);
        CHECKASM_BENCH(c_fn(&src, scale, v_shift, &lines.lines, &dst),
                       v_fn(&src, scale, v_shift, &lines.lines, &dst));
    }
    free(out);
    free(lines.mem);
    pair_free(&p);
}

void checkasm_check_vif(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        VifDsp c, v;
        vif_dsp_init(&c, 0);
        vif_dsp_init(&v, level->flags);

        if (checkasm_begin("vif_statistic_8", level, v.statistic_8 != c.statistic_8)) {
            check_statistic(c.statistic_8, v.statistic_8, 0, 8, 8, 1, 60);
            if (checkasm_benchmarking())
                bench_statistic(c.statistic_8, v.statistic_8, 0, 8);
            checkasm_end();
        }
        if (checkasm_begin("vif_statistic_16", level, v.statistic_16 != c.statistic_16)) {
            for (unsigned bpc = 8; bpc <= 16; bpc++)
                check_statistic(c.statistic_16, v.statistic_16, 0, bpc, bpc, 2, 12);
            for (unsigned scale = 1; scale < VIF_SCALES; scale++)
                check_statistic(c.statistic_16, v.statistic_16, scale, 16, 16, 2, 30);
            if (checkasm_benchmarking())
                bench_statistic(c.statistic_16, v.statistic_16, 1, 8);
            checkasm_end();
        }
        if (checkasm_begin("vif_decimate_8", level, v.decimate_8 != c.decimate_8)) {
            check_decimate(c.decimate_8, v.decimate_8, 1, 8, 8, 1, 60);
            if (checkasm_benchmarking())
                bench_decimate(c.decimate_8, v.decimate_8, 1, 8);
            checkasm_end();
        }
        if (checkasm_begin("vif_decimate_16", level, v.decimate_16 != c.decimate_16)) {
            for (unsigned bpc = 9; bpc <= 16; bpc++)
                check_decimate(c.decimate_16, v.decimate_16, 1, bpc, bpc, 2, 10);
            for (unsigned scale = 2; scale < VIF_SCALES; scale++)
                check_decimate(c.decimate_16, v.decimate_16, scale, 16, 16, 2, 30);
            if (checkasm_benchmarking())
                bench_decimate(c.decimate_16, v.decimate_16, 2, 8);
            checkasm_end();
        }
    }
}
