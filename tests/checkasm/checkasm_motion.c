/* Motion's blur stages: the vertical blur of the frame difference at every
 * depth and the horizontal blur's sum of magnitudes, on random widths from
 * the smallest up (every vector tail), rows of exactly their width, extreme
 * differences, and rows long enough to wrap the 32-bit sum. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/motion_common/motion_dsp.h"

#define MAX_W 300
#define BENCH_W 1920
/* 65535 * 65538 > 2^32: a row of the largest magnitudes wraps the sum. */
#define WRAP_W 65538
/* Past the row: columns a variant must not write. */
#define GUARD 32
#define GUARD_VALUE 0x5a5a5a5a

/* What the vertical stage leaves: |blurred| < 2^16. */
#define BLURRED_MAX 65535

typedef struct Rows {
    void *prev[MOTION_FILTER_TAPS], *cur[MOTION_FILTER_TAPS];
    MotionRows view;
} Rows;

static void rows_free(Rows *r)
{
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        free(r->prev[k]);
        free(r->cur[k]);
    }
}

/* Each row its own allocation of w samples, so that a read past the row
 * is one past an allocation. */
static int rows_alloc(Rows *r, unsigned w, unsigned bytes)
{
    int err = 0;
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        r->prev[k] = malloc((size_t)w * bytes);
        r->cur[k] = malloc((size_t)w * bytes);
        r->view.prev[k] = r->prev[k];
        r->view.cur[k] = r->cur[k];
        if (!r->prev[k] || !r->cur[k])
            err = -1;
    }
    return err;
}

static void fill_row(void *row, unsigned w, unsigned bits)
{
    if (bits == 8)
        checkasm_fill_u8(row, w);
    else
        checkasm_fill_u16(row, w, bits);
}

static void set_row(void *row, unsigned w, unsigned bits, unsigned value)
{
    for (unsigned x = 0; x < w; x++) {
        if (bits == 8)
            ((uint8_t *)row)[x] = (uint8_t)value;
        else
            ((uint16_t *)row)[x] = (uint16_t)value;
    }
}

/* Random samples; case 1 the largest positive difference everywhere, case 2
 * the largest negative one, case 3 the largest alternating by row. */
static void fill_rows(Rows *r, unsigned w, unsigned bits, unsigned iter)
{
    const unsigned peak = (1u << bits) - 1;
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        switch (iter) {
        case 1:
        case 2:
        case 3: {
            const int positive = iter == 1 || (iter == 3 && k % 2);
            set_row(r->prev[k], w, bits, positive ? peak : 0);
            set_row(r->cur[k], w, bits, positive ? 0 : peak);
            break;
        }
        default:
            fill_row(r->prev[k], w, bits);
            fill_row(r->cur[k], w, bits);
        }
    }
}

typedef void (*VerticalFn)(int32_t *, const MotionRows *, unsigned, unsigned);

static void compare_vertical(VerticalFn c, VerticalFn v, const Rows *r, unsigned w, unsigned bits)
{
    int32_t want[MAX_W + GUARD], got[MAX_W + GUARD];
    for (unsigned x = 0; x < w + GUARD; x++)
        want[x] = got[x] = GUARD_VALUE;
    c(want, &r->view, w, bits);
    v(got, &r->view, w, bits);
    for (unsigned x = 0; x < w + GUARD; x++) {
        if (want[x] != got[x]) {
            checkasm_fail("%u-bit w=%u: x=%u c %d simd %d%s", bits, w, x, (int)want[x], (int)got[x],
                          x >= w ? " (past the row)" : "");
            return;
        }
    }
}

/* Widths: the smallest, then random ones up to MAX_W. */
static void check_vertical(VerticalFn c, VerticalFn v, unsigned bits)
{
    const unsigned bytes = bits == 8 ? 1 : 2;
    for (unsigned iter = 0; iter < 300; iter++) {
        const unsigned w = iter < 4 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        Rows r;
        if (rows_alloc(&r, w, bytes)) {
            checkasm_fail("out of memory");
        } else {
            fill_rows(&r, w, bits, iter);
            compare_vertical(c, v, &r, w, bits);
        }
        rows_free(&r);
    }
}

static void bench_vertical(VerticalFn c, VerticalFn v, unsigned bits)
{
    int32_t *want = malloc(sizeof(*want) * BENCH_W), *got = malloc(sizeof(*got) * BENCH_W);
    Rows r;
    if (rows_alloc(&r, BENCH_W, bits == 8 ? 1 : 2) || !want || !got) {
        checkasm_fail("out of memory");
    } else {
        fill_rows(&r, BENCH_W, bits, 0);
        CHECKASM_BENCH(c(want, &r.view, BENCH_W, bits), v(got, &r.view, BENCH_W, bits));
        if (memcmp(want, got, sizeof(*want) * BENCH_W))
            checkasm_fail("%u-bit w=%u: outputs differ", bits, BENCH_W);
    }
    rows_free(&r);
    free(want);
    free(got);
}

typedef uint32_t (*HorizontalFn)(const int32_t *, unsigned);

static void compare_horizontal(HorizontalFn c, HorizontalFn v, const int32_t *src, unsigned w)
{
    const uint32_t want = c(src, w), got = v(src, w);
    if (want != got)
        checkasm_fail("w=%u: c %u simd %u", w, (unsigned)want, (unsigned)got);
}

/* Random blurred rows of widths from 3 (the smallest) up; every 25th row
 * holds only the largest magnitudes of one sign. */
static void check_horizontal(HorizontalFn c, HorizontalFn v)
{
    for (unsigned iter = 0; iter < 300; iter++) {
        const unsigned w = iter < 4 ? 3 + iter : (unsigned)checkasm_rand_range(3, MAX_W);
        int32_t *src = malloc(sizeof(*src) * w);
        if (!src) {
            checkasm_fail("out of memory");
            return;
        }
        for (unsigned x = 0; x < w; x++) {
            if (iter % 25 == 1)
                src[x] = iter % 50 == 1 ? BLURRED_MAX : -BLURRED_MAX;
            else
                src[x] = checkasm_rand_range(-BLURRED_MAX, BLURRED_MAX);
        }
        compare_horizontal(c, v, src, w);
        free(src);
    }
}

static void check_horizontal_wrap(HorizontalFn c, HorizontalFn v)
{
    const unsigned w = WRAP_W + (unsigned)checkasm_rand_range(0, 63);
    int32_t *src = malloc(sizeof(*src) * w);
    if (!src) {
        checkasm_fail("out of memory");
        return;
    }
    for (unsigned x = 0; x < w; x++)
        src[x] = BLURRED_MAX;
    compare_horizontal(c, v, src, w);
    free(src);
}

static void bench_horizontal(HorizontalFn c, HorizontalFn v)
{
    int32_t *src = malloc(sizeof(*src) * BENCH_W);
    if (!src) {
        checkasm_fail("out of memory");
        return;
    }
    for (unsigned x = 0; x < BENCH_W; x++)
        src[x] = checkasm_rand_range(-BLURRED_MAX, BLURRED_MAX);
    compare_horizontal(c, v, src, BENCH_W);
    CHECKASM_BENCH(c(src, BENCH_W), v(src, BENCH_W));
    free(src);
}

void checkasm_check_motion(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        MotionDsp c, v;
        motion_dsp_init(&c, 0);
        motion_dsp_init(&v, level->flags);

        if (checkasm_begin("motion_diff_blur_vertical_8", level,
                           v.diff_blur_vertical_8 != c.diff_blur_vertical_8)) {
            check_vertical(c.diff_blur_vertical_8, v.diff_blur_vertical_8, 8);
            if (checkasm_benchmarking())
                bench_vertical(c.diff_blur_vertical_8, v.diff_blur_vertical_8, 8);
            checkasm_end();
        }
        if (checkasm_begin("motion_diff_blur_vertical_16", level,
                           v.diff_blur_vertical_16 != c.diff_blur_vertical_16)) {
            for (unsigned bits = 9; bits <= 16; bits++)
                check_vertical(c.diff_blur_vertical_16, v.diff_blur_vertical_16, bits);
            if (checkasm_benchmarking())
                bench_vertical(c.diff_blur_vertical_16, v.diff_blur_vertical_16, 10);
            checkasm_end();
        }
        if (checkasm_begin("motion_blur_horizontal_abs_sum", level,
                           v.blur_horizontal_abs_sum != c.blur_horizontal_abs_sum)) {
            check_horizontal(c.blur_horizontal_abs_sum, v.blur_horizontal_abs_sum);
            check_horizontal_wrap(c.blur_horizontal_abs_sum, v.blur_horizontal_abs_sum);
            if (checkasm_benchmarking())
                bench_horizontal(c.blur_horizontal_abs_sum, v.blur_horizontal_abs_sum);
            checkasm_end();
        }
    }
}
