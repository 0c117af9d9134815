/* The SSIM stages: the integer ssim's horizontal moments and per-row score,
 * and float_ssim's (and float_ms_ssim's) conversion, decimation, window and
 * per-pixel terms. Random widths from the smallest up (every vector tail and
 * cut window), every depth, rows of exactly their width, extreme samples,
 * and the running sums carried in from earlier rows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "feature/ssim/ssim_dsp.h"

#define MAX_W 300
#define BENCH_W 1920
/* Doubles past each row: columns a variant must not write. */
#define GUARD 40

static int bits_are_equal(const void *a, const void *b, size_t n)
{
    return !memcmp(a, b, n);
}

/* Samples of `bits` bits; iteration 1 puts the peak against zero, 2 the
 * peak everywhere. */
static void fill_samples(void *ref, void *dis, unsigned w, unsigned bits, unsigned iter)
{
    const unsigned peak = (1u << bits) - 1;
    for (unsigned x = 0; x < w; x++) {
        unsigned r = peak, d = iter == 1 ? 0 : peak;
        if (iter != 1 && iter != 2) {
            r = checkasm_rand() & peak;
            d = checkasm_rand() & peak;
        }
        if (bits == 8) {
            ((uint8_t *)ref)[x] = (uint8_t)r;
            ((uint8_t *)dis)[x] = (uint8_t)d;
        } else {
            ((uint16_t *)ref)[x] = (uint16_t)r;
            ((uint16_t *)dis)[x] = (uint16_t)d;
        }
    }
}

/* SSIM_MOMENT_COUNT arrays of w + GUARD doubles. */
typedef struct MomentRow {
    double *block;
    SsimRow row;
} MomentRow;

static int moment_row_alloc(MomentRow *m, unsigned w)
{
    m->block = malloc(sizeof(*m->block) * SSIM_MOMENT_COUNT * (w + GUARD));
    if (!m->block)
        return -1;
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++) {
        m->row.moment[i] = m->block + i * (w + GUARD);
        for (unsigned x = 0; x < w + GUARD; x++)
            m->row.moment[i][x] = -1.5;
    }
    return 0;
}

static void integer_moments(const SsimDsp *dsp, const SsimRow *dst, const void *ref,
                            const void *dis, unsigned w, unsigned bits)
{
    if (bits == 8)
        dsp->moments_row_8(dst, ref, dis, w);
    else
        dsp->moments_row_16(dst, ref, dis, w);
}

static void compare_moments(const MomentRow *want, const MomentRow *got, unsigned w, unsigned bits)
{
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++) {
        for (unsigned x = 0; x < w + GUARD; x++) {
            if (!bits_are_equal(&want->row.moment[i][x], &got->row.moment[i][x], sizeof(double))) {
                checkasm_fail("%u-bit w=%u: moment %u x=%u: c %.17g simd %.17g%s", bits, w, i, x,
                              want->row.moment[i][x], got->row.moment[i][x],
                              x >= w ? " (past the row)" : "");
                return;
            }
        }
    }
}

static void check_integer_moments(const SsimDsp *c, const SsimDsp *v, unsigned bits)
{
    const unsigned bytes = bits == 8 ? 1 : 2;
    for (unsigned iter = 0; iter < 200; iter++) {
        const unsigned w = iter < 12 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        void *ref = malloc((size_t)w * bytes), *dis = malloc((size_t)w * bytes);
        MomentRow want = {0}, got = {0};
        if (!ref || !dis || moment_row_alloc(&want, w) || moment_row_alloc(&got, w)) {
            checkasm_fail("out of memory");
        } else {
            fill_samples(ref, dis, w, bits, iter % 40);
            integer_moments(c, &want.row, ref, dis, w, bits);
            integer_moments(v, &got.row, ref, dis, w, bits);
            compare_moments(&want, &got, w, bits);
        }
        free(ref);
        free(dis);
        free(want.block);
        free(got.block);
    }
}

/* The rows around output row y of an h-row picture of random samples, as
 * the extractor hands them over (rows outside it are zeros). */
typedef struct ScoreInput {
    MomentRow rows[SSIM_TAPS], zero;
    const SsimRow *taps[SSIM_TAPS];
    double *mass_x, *mass_y;
    unsigned w, h, y, peak;
} ScoreInput;

static void score_input_free(ScoreInput *s)
{
    for (unsigned k = 0; k < SSIM_TAPS; k++)
        free(s->rows[k].block);
    free(s->zero.block);
    free(s->mass_x);
    free(s->mass_y);
}

static int score_input_make(ScoreInput *s, const SsimDsp *c, unsigned w, unsigned h, unsigned bits,
                            unsigned iter)
{
    memset(s, 0, sizeof(*s));
    s->w = w;
    s->h = h;
    s->y = (unsigned)checkasm_rand_range(0, (int)h - 1);
    s->peak = (1u << bits) - 1;
    s->mass_x = malloc(sizeof(*s->mass_x) * w);
    s->mass_y = malloc(sizeof(*s->mass_y) * h);
    void *ref = malloc((size_t)w * 2), *dis = malloc((size_t)w * 2);
    int err = !s->mass_x || !s->mass_y || !ref || !dis || moment_row_alloc(&s->zero, w);
    for (unsigned k = 0; !err && k < SSIM_TAPS; k++)
        err = moment_row_alloc(&s->rows[k], w);
    if (!err) {
        ssim_window_mass(s->mass_x, w);
        ssim_window_mass(s->mass_y, h);
        for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
            memset(s->zero.row.moment[i], 0, sizeof(double) * w);
        for (unsigned k = 0; k < SSIM_TAPS; k++) {
            const int in = (int)(s->y + k) - SSIM_RADIUS;
            s->taps[k] = in >= 0 && in < (int)h ? &s->rows[k].row : &s->zero.row;
            fill_samples(ref, dis, w, bits, iter);
            integer_moments(c, &s->rows[k].row, ref, dis, w, bits);
        }
    }
    free(ref);
    free(dis);
    return err ? -1 : 0;
}

static void score(const SsimDsp *dsp, const ScoreInput *s, double sums[2])
{
    dsp->score_row(&sums[0], &sums[1], s->taps, s->mass_x, s->mass_y[s->y], s->w, s->peak);
}

static void compare_score(const SsimDsp *c, const SsimDsp *v, const ScoreInput *s, unsigned bits)
{
    /* Sums carried in from earlier rows: a fraction and a whole mass. */
    const double start[2] = {checkasm_rand() / 65536.0, (double)checkasm_rand()};
    double want[2] = {start[0], start[1]}, got[2] = {start[0], start[1]};
    score(c, s, want);
    score(v, s, got);
    if (!bits_are_equal(want, got, sizeof(want)))
        checkasm_fail("%u-bit w=%u h=%u y=%u: c %.17g / %.17g simd %.17g / %.17g", bits, s->w, s->h,
                      s->y, want[0], want[1], got[0], got[1]);
}

static void check_integer_score(const SsimDsp *c, const SsimDsp *v)
{
    for (unsigned bits = 8; bits <= 16; bits++) {
        for (unsigned iter = 0; iter < 60; iter++) {
            const unsigned w = iter < 10 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
            const unsigned h = (unsigned)checkasm_rand_range(1, 2 * SSIM_TAPS);
            ScoreInput s;
            if (score_input_make(&s, c, w, h, bits, iter % 20))
                checkasm_fail("out of memory");
            else
                compare_score(c, v, &s, bits);
            score_input_free(&s);
        }
    }
}

static void bench_integer(const SsimDsp *c, const SsimDsp *v, unsigned bits, int moments)
{
    const unsigned bytes = bits == 8 ? 1 : 2;
    void *ref = malloc((size_t)BENCH_W * bytes), *dis = malloc((size_t)BENCH_W * bytes);
    MomentRow want = {0}, got = {0};
    ScoreInput s = {0};
    if (!ref || !dis || moment_row_alloc(&want, BENCH_W) || moment_row_alloc(&got, BENCH_W) ||
        score_input_make(&s, c, BENCH_W, 1080, bits, 0)) {
        checkasm_fail("out of memory");
    } else if (moments) {
        fill_samples(ref, dis, BENCH_W, bits, 0);
        CHECKASM_BENCH(integer_moments(c, &want.row, ref, dis, BENCH_W, bits),
                       integer_moments(v, &got.row, ref, dis, BENCH_W, bits));
        compare_moments(&want, &got, BENCH_W, bits);
    } else {
        double sums[2] = {0};
        CHECKASM_BENCH(score(c, &s, sums), score(v, &s, sums));
        compare_score(c, v, &s, bits);
    }
    free(ref);
    free(dis);
    free(want.block);
    free(got.block);
    score_input_free(&s);
}

static void check_integer(const CheckasmLevel *level)
{
    SsimDsp c, v;
    ssim_dsp_init(&c, 0);
    ssim_dsp_init(&v, level->flags);

    if (checkasm_begin("ssim_moments_row_8", level, v.moments_row_8 != c.moments_row_8)) {
        check_integer_moments(&c, &v, 8);
        if (checkasm_benchmarking())
            bench_integer(&c, &v, 8, 1);
        checkasm_end();
    }
    if (checkasm_begin("ssim_moments_row_16", level, v.moments_row_16 != c.moments_row_16)) {
        for (unsigned bits = 9; bits <= 16; bits++)
            check_integer_moments(&c, &v, bits);
        if (checkasm_benchmarking())
            bench_integer(&c, &v, 10, 1);
        checkasm_end();
    }
    if (checkasm_begin("ssim_score_row", level, v.score_row != c.score_row)) {
        check_integer_score(&c, &v);
        if (checkasm_benchmarking())
            bench_integer(&c, &v, 8, 0);
        checkasm_end();
    }
}

/* Floats in [lo, hi), 2^-16 apart: fractions as the windows leave them. */
static float rand_float(float lo, float hi)
{
    return lo + (hi - lo) * (float)(checkasm_rand() >> 16) / 65536.0f;
}

static float *float_buffer(size_t n, float lo, float hi)
{
    float *p = malloc(sizeof(*p) * n);
    for (size_t i = 0; p && i < n; i++)
        p[i] = rand_float(lo, hi);
    return p;
}

/* Floats of either sign, every mantissa and magnitudes 2^-30 to 2^30, a
 * third of them +-2^30 exactly: sums of them cancel and lose terms
 * differently in every order, so they tell one order from another. */
static float *wide_float_buffer(size_t n)
{
    float *p = malloc(sizeof(*p) * n);
    for (size_t i = 0; p && i < n; i++) {
        const int big = checkasm_rand() % 3 == 0;
        const float mantissa = big ? 1.0f : 1.0f + (float)(checkasm_rand() >> 8) / 16777216.0f;
        const int exponent = big ? 30 : checkasm_rand_range(-30, 30);
        p[i] = ldexpf(checkasm_rand() & 1 ? mantissa : -mantissa, exponent);
    }
    return p;
}

static void compare_floats(const float *want, const float *got, size_t n, const char *what,
                           unsigned w, unsigned h)
{
    for (size_t i = 0; i < n; i++) {
        if (!bits_are_equal(&want[i], &got[i], sizeof(float))) {
            checkasm_fail("%s %ux%u: element %zu: c %.9g simd %.9g", what, w, h, i, want[i],
                          got[i]);
            return;
        }
    }
}

/* A plane of w x h samples in rows of stride samples, strides past the
 * rows on both sides (their gaps must stay as they are). */
static void check_load(const FloatSsimDsp *c, const FloatSsimDsp *v, unsigned bits)
{
    for (unsigned iter = 0; iter < 150; iter++) {
        const unsigned w = iter < 20 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range(1, 4);
        const unsigned src_stride = w + (unsigned)checkasm_rand_range(0, 40);
        const unsigned dst_stride = w + (unsigned)checkasm_rand_range(0, 40);
        const size_t n_dst = (size_t)dst_stride * h;
        void *src = malloc((size_t)src_stride * h * 2);
        float *want = float_buffer(n_dst, -1.0f, 0.0f), *got = malloc(sizeof(*got) * n_dst);
        if (!src || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            memcpy(got, want, sizeof(*got) * n_dst);
            for (unsigned y = 0; y < h; y++)
                fill_samples((uint8_t *)src + (size_t)y * src_stride * (bits == 8 ? 1 : 2),
                             (uint8_t *)src + (size_t)y * src_stride * (bits == 8 ? 1 : 2), w, bits,
                             iter % 40 == 2 ? 2 : 0);
            if (bits == 8) {
                c->load_8(want, dst_stride, src, src_stride, w, h);
                v->load_8(got, dst_stride, src, src_stride, w, h);
            } else {
                const float divisor = (float)(1u << (bits - 8));
                c->load_16(want, dst_stride, src, (ptrdiff_t)src_stride * 2, w, h, divisor);
                v->load_16(got, dst_stride, src, (ptrdiff_t)src_stride * 2, w, h, divisor);
            }
            compare_floats(want, got, n_dst, bits == 8 ? "8-bit" : "16-bit", w, h);
        }
        free(src);
        free(want);
        free(got);
    }
}

/* Factors 2 to 20 (past 16 the variants fall back), sizes from the factor
 * up, so every edge column and row is mirrored once at most. */
static void check_box_decimate(const FloatSsimDsp *c, const FloatSsimDsp *v)
{
    for (unsigned iter = 0; iter < 150; iter++) {
        const unsigned factor = iter < 7 ? 2 + iter : (unsigned)checkasm_rand_range(2, 20);
        const unsigned w = (unsigned)checkasm_rand_range((int)factor, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range((int)factor, 3 * (int)factor);
        const unsigned src_stride = w + (unsigned)checkasm_rand_range(0, 8);
        const unsigned out_w = ssim_decimated_size(w, factor);
        const unsigned out_h = ssim_decimated_size(h, factor);
        const unsigned dst_stride = out_w + (unsigned)checkasm_rand_range(0, 8);
        const size_t n_dst = (size_t)dst_stride * out_h;
        const size_t n_src = (size_t)src_stride * h;
        float *src = iter % 2 ? wide_float_buffer(n_src) : float_buffer(n_src, 0.0f, 256.0f);
        float *want = float_buffer(n_dst, -1.0f, 0.0f), *got = malloc(sizeof(*got) * n_dst);
        if (!src || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            memcpy(got, want, sizeof(*got) * n_dst);
            c->box_decimate(want, dst_stride, src, src_stride, w, h, factor);
            v->box_decimate(got, dst_stride, src, src_stride, w, h, factor);
            compare_floats(want, got, n_dst, "box", w, h);
        }
        free(src);
        free(want);
        free(got);
    }
}

static void check_product_row(const FloatSsimDsp *c, const FloatSsimDsp *v)
{
    for (unsigned iter = 0; iter < 150; iter++) {
        const unsigned w = iter < 20 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        float *a = float_buffer(w, 0.0f, 256.0f), *b = float_buffer(w, 0.0f, 256.0f);
        float *want = float_buffer(w + GUARD, -1.0f, 0.0f),
              *got = malloc(sizeof(*got) * (w + GUARD));
        if (!a || !b || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            memcpy(got, want, sizeof(*got) * (w + GUARD));
            c->product_row(want, a, b, w);
            v->product_row(got, a, b, w);
            compare_floats(want, got, w + GUARD, "product", w, 1);
        }
        free(a);
        free(b);
        free(want);
        free(got);
    }
}

/* Windows of samples, of their products (up to 255^2), and of floats of
 * all magnitudes. */
static void check_window(const FloatSsimDsp *c, const FloatSsimDsp *v, int vertical)
{
    for (unsigned iter = 0; iter < 150; iter++) {
        const unsigned w = iter < 20 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        const float hi = iter % 3 ? 65025.0f : 256.0f;
        const int wide = iter % 3 == 2;
        const size_t n_src = w + SSIM_WINDOW - 1;
        float *rows[SSIM_WINDOW] = {0};
        float *src = wide ? wide_float_buffer(n_src) : float_buffer(n_src, 0.0f, hi);
        int err = !src;
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            err |= !(rows[k] = wide ? wide_float_buffer(w) : float_buffer(w, 0.0f, hi));
        float *want = float_buffer(w + GUARD, -1.0f, 0.0f),
              *got = malloc(sizeof(*got) * (w + GUARD));
        if (err || !want || !got) {
            checkasm_fail("out of memory");
        } else {
            memcpy(got, want, sizeof(*got) * (w + GUARD));
            if (vertical) {
                c->window_col(want, (const float *const *)rows, w);
                v->window_col(got, (const float *const *)rows, w);
            } else {
                c->window_row(want, src, w);
                v->window_row(got, src, w);
            }
            compare_floats(want, got, w + GUARD, vertical ? "column" : "row", w, 1);
        }
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            free(rows[k]);
        free(src);
        free(want);
        free(got);
    }
}

/* Windowed moments of w pixels: random means and variances, with flat
 * windows whose variance or covariance rounded slightly below zero. */
typedef struct MomentInput {
    float *block;
    SsimMomentRow row;
} MomentInput;

static int moment_input_make(MomentInput *m, unsigned w)
{
    m->block = malloc(sizeof(*m->block) * 5 * w);
    if (!m->block)
        return -1;
    float *mu_r = m->block, *mu_d = mu_r + w, *rr = mu_d + w, *dd = rr + w, *rd = dd + w;
    for (unsigned x = 0; x < w; x++) {
        mu_r[x] = rand_float(0.0f, 255.0f);
        mu_d[x] = checkasm_rand() % 4 ? rand_float(0.0f, 255.0f) : mu_r[x];
        const int flat = checkasm_rand() % 4 == 0;
        const float nudge = flat ? rand_float(-0.01f, 0.01f) : 0.0f;
        rr[x] = mu_r[x] * mu_r[x] + (flat ? nudge : rand_float(0.0f, 3000.0f));
        dd[x] = mu_d[x] * mu_d[x] + (flat ? -nudge : rand_float(0.0f, 3000.0f));
        rd[x] = mu_r[x] * mu_d[x] + (flat ? nudge : rand_float(-1500.0f, 1500.0f));
    }
    m->row = (SsimMomentRow){mu_r, mu_d, rr, dd, rd};
    return 0;
}

/* Sums carried in from earlier rows: small ones, whose additions change
 * binade (so that a change of order shows), or large ones. */
static double rand_start(unsigned iter)
{
    return checkasm_rand() / (iter % 2 ? 256.0 : 4294967296.0);
}

static void compare_sums(const FloatSsimDsp *c, const FloatSsimDsp *v, const MomentInput *m,
                         unsigned w, unsigned iter)
{
    const SsimSums start = {rand_start(iter), rand_start(iter), rand_start(iter), rand_start(iter)};
    SsimSums want = start, got = start;
    c->accumulate_row(&want, &m->row, w);
    v->accumulate_row(&got, &m->row, w);
    if (!bits_are_equal(&want, &got, sizeof(want)))
        checkasm_fail("w=%u: c %.17g %.17g %.17g %.17g simd %.17g %.17g %.17g %.17g", w, want.lcs,
                      want.l, want.c, want.s, got.lcs, got.l, got.c, got.s);
}

static void check_accumulate(const FloatSsimDsp *c, const FloatSsimDsp *v)
{
    for (unsigned iter = 0; iter < 200; iter++) {
        const unsigned w = iter < 20 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        MomentInput m;
        if (moment_input_make(&m, w))
            checkasm_fail("out of memory");
        else
            compare_sums(c, v, &m, w, iter);
        free(m.block);
    }
}

/* One 1080p luma plane, as float_ssim meets it. */
static void bench_float(const FloatSsimDsp *c, const FloatSsimDsp *v, const char *stage)
{
    const unsigned w = BENCH_W, h = 1080;
    uint8_t *samples = malloc((size_t)w * h);
    float *plane = float_buffer((size_t)w * h, 0.0f, 256.0f);
    float *want = malloc(sizeof(*want) * w * h), *got = malloc(sizeof(*got) * w * h);
    float *rows[SSIM_WINDOW];
    MomentInput m = {0};
    if (!samples || !plane || !want || !got || moment_input_make(&m, w)) {
        checkasm_fail("out of memory");
    } else {
        checkasm_fill_u8(samples, (size_t)w * h);
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            rows[k] = plane + (size_t)k * w;
        SsimSums sums = {0};
        if (!strcmp(stage, "load"))
            CHECKASM_BENCH(c->load_8(want, w, samples, w, w, h),
                           v->load_8(got, w, samples, w, w, h));
        else if (!strcmp(stage, "box"))
            CHECKASM_BENCH(c->box_decimate(want, w / 4, plane, w, w, h, 4),
                           v->box_decimate(got, w / 4, plane, w, w, h, 4));
        else if (!strcmp(stage, "product"))
            CHECKASM_BENCH(c->product_row(want, plane, plane + w, w),
                           v->product_row(got, plane, plane + w, w));
        else if (!strcmp(stage, "row"))
            CHECKASM_BENCH(c->window_row(want, plane, w - 10), v->window_row(got, plane, w - 10));
        else if (!strcmp(stage, "column"))
            CHECKASM_BENCH(c->window_col(want, (const float *const *)rows, w),
                           v->window_col(got, (const float *const *)rows, w));
        else
            CHECKASM_BENCH(c->accumulate_row(&sums, &m.row, w),
                           v->accumulate_row(&sums, &m.row, w));
    }
    free(samples);
    free(plane);
    free(want);
    free(got);
    free(m.block);
}

static void check_float(const CheckasmLevel *level)
{
    FloatSsimDsp c, v;
    float_ssim_dsp_init(&c, 0);
    float_ssim_dsp_init(&v, level->flags);

    if (checkasm_begin("float_ssim_load_8", level, v.load_8 != c.load_8)) {
        check_load(&c, &v, 8);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "load");
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_load_16", level, v.load_16 != c.load_16)) {
        for (unsigned bits = 9; bits <= 16; bits++)
            check_load(&c, &v, bits);
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_box_decimate", level, v.box_decimate != c.box_decimate)) {
        check_box_decimate(&c, &v);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "box");
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_product_row", level, v.product_row != c.product_row)) {
        check_product_row(&c, &v);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "product");
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_window_row", level, v.window_row != c.window_row)) {
        check_window(&c, &v, 0);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "row");
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_window_col", level, v.window_col != c.window_col)) {
        check_window(&c, &v, 1);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "column");
        checkasm_end();
    }
    if (checkasm_begin("float_ssim_accumulate_row", level, v.accumulate_row != c.accumulate_row)) {
        check_accumulate(&c, &v);
        if (checkasm_benchmarking())
            bench_float(&c, &v, "accumulate");
        checkasm_end();
    }
}

void checkasm_check_ssim(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        check_integer(level);
        check_float(level);
    }
}
