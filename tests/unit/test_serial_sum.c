/* The running double sum of src/cuda/serial_sum.h, as vmaf_serial_sum()
 * (serial_sum.cuh) runs it with a block of threads, emulated on the CPU
 * thread by thread: the result must be the plain loop's `s += x[i]` bit for
 * bit, on sums that grow, shrink, cross zero, tie exactly halfway between
 * two units, hold zeros, subnormal and huge terms, and end anywhere in a
 * chunk. The twins of ssim, float_ssim and float_ms_ssim score with it. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/serial_sum.h"
#include "test.h"

static uint64_t rng_state;

/* Terms added by scans, not one by one: the cases must reach the scan. */
static size_t scanned_terms;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double uniform(void)
{
    return (double)(rng() >> 11) * 0x1p-53;
}

/* The kernel's loop: thread 0's plain additions, then every thread's map,
 * the exclusive scan in thread order, every thread's walk, the first exit. */
static double emulated_sum(const double *x, size_t n)
{
    static SerialSumMap maps[SERIAL_SUM_THREADS];
    SerialSumState state = serial_sum_start();
    for (;;) {
        for (unsigned k = 0; state.next < n && serial_sum_plain(&state, k); k++)
            state.sum += x[state.next++];
        if (state.next >= n)
            return state.sum;
        const SerialSumGrid g = serial_sum_grid(state.sum);
        double v[SERIAL_SUM_THREADS][SERIAL_SUM_PER_THREAD];
        unsigned count[SERIAL_SUM_THREADS];
        for (unsigned t = 0; t < SERIAL_SUM_THREADS; t++) {
            const size_t first = state.next + (size_t)t * SERIAL_SUM_PER_THREAD;
            count[t] = first >= n                          ? 0
                       : n - first < SERIAL_SUM_PER_THREAD ? (unsigned)(n - first)
                                                           : SERIAL_SUM_PER_THREAD;
            for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++)
                v[t][j] = j < count[t] ? x[first + j] : 0.0;
            maps[t] = serial_sum_thread_map(&g, v[t], count[t]);
        }
        SerialSumMap before = {{0, 0}};
        size_t first_exit = SIZE_MAX;
        uint64_t exit_units = 0, end_units = 0;
        for (unsigned t = 0; t < SERIAL_SUM_THREADS; t++) {
            const size_t first = state.next + (size_t)t * SERIAL_SUM_PER_THREAD;
            const SerialSumWalk w =
                serial_sum_thread_walk(&g, v[t], count[t], serial_sum_apply(before, g.base));
            if (w.exit < count[t] && first + w.exit < first_exit) {
                first_exit = first + w.exit;
                exit_units = w.units;
            }
            end_units = w.units;
            before = serial_sum_compose(before, maps[t]);
        }
        const size_t from = state.next;
        serial_sum_advance(&state, &g, first_exit, first_exit == SIZE_MAX ? end_units : exit_units,
                           n);
        scanned_terms += state.next - from;
    }
}

static double plain_sum(const double *x, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

static unsigned check(const double *x, size_t n, const char *what)
{
    const double a = plain_sum(x, n), b = emulated_sum(x, n);
    if (!memcmp(&a, &b, sizeof(a)))
        return 0;
    fprintf(stderr, "%s, %zu terms: loop %a, emulated %a\n", what, n, a, b);
    return 1;
}

enum { MAX_TERMS = 3 * SERIAL_SUM_CHUNK + 777 };

static void test_equal_to_the_loop(void)
{
    static double x[MAX_TERMS];
    static const size_t sizes[] = {1,
                                   31,
                                   SERIAL_SUM_PER_THREAD + 1,
                                   SERIAL_SUM_CHUNK - 1,
                                   SERIAL_SUM_CHUNK,
                                   SERIAL_SUM_CHUNK + 1,
                                   MAX_TERMS};
    unsigned failed = 0;
    rng_state = 0x9e3779b97f4a7c15u;
    for (unsigned kind = 0; kind < 8; kind++) {
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            const size_t n = sizes[s];
            for (size_t i = 0; i < n; i++) {
                switch (kind) {
                case 0: /* SSIM-like terms: positive, below one */
                    x[i] = uniform();
                    break;
                case 1: /* around zero, both signs */
                    x[i] = uniform() - 0.5;
                    break;
                case 2: /* exact ties: multiples of a power of two that the sum's
                           unit halves once the sum grows */
                    x[i] = (double)(rng() % 8) * 0x1p-50 + 0x1p0;
                    break;
                case 3: /* zeros among terms */
                    x[i] = rng() % 3 ? 0.0 : uniform();
                    break;
                case 4: /* wide magnitudes, subnormal to huge */
                    x[i] = ldexp(uniform(), (int)(rng() % 2100) - 1074);
                    break;
                case 5: /* a sum that climbs, then falls back through zero */
                    x[i] = i < n / 2 ? uniform() * 1e6 : -uniform() * 1e6 * 1.01;
                    break;
                case 6: /* integers that stay exact */
                    x[i] = (double)(rng() % 65536);
                    break;
                default: /* a large first term the others barely move */
                    x[i] = i ? uniform() * 1e-12 : 1e12;
                }
            }
            char what[64];
            snprintf(what, sizeof(what), "kind %u", kind);
            scanned_terms = 0;
            failed += check(x, n, what);
            /* Growing sums of many terms are added mostly by scans. */
            if ((kind == 0 || kind == 6) && n == MAX_TERMS)
                CHECK(scanned_terms > n / 2);
        }
    }
    CHECK_EQ_INT(failed, 0);
}

/* A changed term changes the emulated sum: the comparison sees the kernel's
 * work. */
static void test_differences_seen(void)
{
    static double x[SERIAL_SUM_CHUNK + 5];
    const size_t n = sizeof(x) / sizeof(x[0]);
    rng_state = 42;
    for (size_t i = 0; i < n; i++)
        x[i] = uniform();
    const double before = emulated_sum(x, n);
    x[n / 2] += 0x1p-20;
    CHECK(emulated_sum(x, n) != before);
    CHECK(emulated_sum(x, n) == plain_sum(x, n));
}

TEST_MAIN("serial_sum", {"equal_to_the_loop", test_equal_to_the_loop},
          {"differences_seen", test_differences_seen})
