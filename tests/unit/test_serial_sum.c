/* The running double sum of src/cuda/serial_sum.h, as
 * vmaf_serial_sum_from() (serial_sum.cuh) runs it with a block of threads,
 * emulated on the CPU thread by thread: the result must be the plain loop's
 * `s += x[i]` bit for bit, on sums that grow, shrink, cross zero, tie
 * exactly halfway between two units, hold zeros, subnormal and huge terms,
 * and end anywhere in a chunk. Also serial_sums.h's three steps over many
 * segments, whose term-by-term segments are that block's, equal to the same
 * loop: the twins of ssim, float_ssim, float_ms_ssim, ciede and ssimulacra2
 * score with them. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/serial_sum.h"
#include "cuda/serial_sums.h"
#include "test.h"
#include "xorshift.h"

/* Terms added by scans, not one by one: the cases must reach the scan. */
static size_t scanned_terms;

/* The kernel's loop: thread 0's plain additions, then every thread's map,
 * the exclusive scan in thread order, every thread's walk, the first exit. */
static double emulated_sum_from(const double *x, size_t n, double start)
{
    static SerialSumMap maps[SERIAL_SUM_THREADS];
    SerialSumState state = serial_sum_start(start);
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

static double emulated_sum(const double *x, size_t n)
{
    return emulated_sum_from(x, n, 0.0);
}

static double plain_sum(const double *x, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* How serial_sums.cu's walk went: segments applied in one step, zero,
 * added term by term. */
static size_t segments_mapped, segments_zero, segments_added;

/* The three kernels of serial_sums.cu: the totals (in another order than
 * the loop's, as the device's), the maps a segment at a time in its
 * threads' order, then the walk, whose term-by-term segments run
 * vmaf_serial_sum_from()'s steps. */
static double emulated_sums(const double *x, size_t n)
{
    const size_t n_segs = serial_sum_segment_count(n);
    SerialSumSegment *segs = calloc(n_segs, sizeof(*segs));
    for (size_t k = 0; k < n_segs; k++) {
        const size_t first = k * SERIAL_SUM_CHUNK;
        const size_t count = n - first < SERIAL_SUM_CHUNK ? n - first : SERIAL_SUM_CHUNK;
        double total = 0.0;
        segs[k].zero = 1;
        for (size_t i = count; i-- > 0;) {
            total += x[first + i];
            segs[k].zero = segs[k].zero && x[first + i] == 0.0;
        }
        segs[k].total = total;
    }
    for (size_t k = 0; k < n_segs; k++) {
        if (segs[k].zero)
            continue;
        double guess = 0.0;
        for (size_t j = 0; j < k; j++)
            guess += segs[j].total;
        const SerialSumGrid g = serial_sum_grid(guess);
        if (g.plain)
            continue;
        const size_t first = k * SERIAL_SUM_CHUNK;
        const size_t count = n - first < SERIAL_SUM_CHUNK ? n - first : SERIAL_SUM_CHUNK;
        SerialSumMap m = {{0, 0}};
        bool ok = true;
        for (size_t t = 0; t < SERIAL_SUM_THREADS; t++) {
            SerialSumMap thread = {{0, 0}};
            for (size_t j = 0; j < SERIAL_SUM_PER_THREAD; j++) {
                const size_t i = t * SERIAL_SUM_PER_THREAD + j;
                if (i >= count)
                    continue;
                SerialSumMap step;
                ok = serial_sum_segment_step(&g, x[first + i], &step) && ok;
                thread = serial_sum_compose(thread, step);
            }
            m = serial_sum_compose(m, thread);
        }
        if (ok) {
            segs[k].map = m;
            segs[k].key = serial_sum_grid_key(&g);
        }
    }
    double sum = 0.0;
    for (size_t k = 0; k < n_segs; k++) {
        if (serial_sum_segment_apply(&segs[k], &sum)) {
            segs[k].zero ? segments_zero++ : segments_mapped++;
            continue;
        }
        const size_t first = k * SERIAL_SUM_CHUNK;
        sum = emulated_sum_from(x + first,
                                n - first < SERIAL_SUM_CHUNK ? n - first : SERIAL_SUM_CHUNK, sum);
        segments_added++;
    }
    free(segs);
    return sum;
}

static unsigned check(const double *x, size_t n, const char *what)
{
    const double a = plain_sum(x, n), b = emulated_sum(x, n), c = emulated_sums(x, n);
    if (!memcmp(&a, &b, sizeof(a)) && !memcmp(&a, &c, sizeof(a)))
        return 0;
    fprintf(stderr, "%s, %zu terms: loop %a, emulated %a, in segments %a\n", what, n, a, b, c);
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

/* Sums of many segments, as the ssimulacra2 twin's maps make them: most
 * segments of a growing sum are applied in one step, zero ones skipped,
 * and the rest (binades crossed, both signs, huge terms, a guess on a
 * binade's edge) added term by term, all equal to the loop. */
static void test_segments(void)
{
    enum { SEGMENTS = 48, N = SEGMENTS * SERIAL_SUM_CHUNK + 321 };
    static double x[N];
    unsigned failed = 0;
    rng_state = 0x2545f4914f6cdd1du;
    for (unsigned kind = 0; kind < 8; kind++) {
        for (size_t i = 0; i < N; i++) {
            const double u = uniform();
            switch (kind) {
            case 0: /* SSIM errors: positive, small */
                x[i] = u * 1e-3;
                break;
            case 1: /* fourth powers: many tiny, some zero */
                x[i] = u < 0.3 ? 0.0 : u * u * u * u;
                break;
            case 2: /* a first half of zeros (identical pictures), then terms */
                x[i] = i < N / 2 ? (i % 2 ? -0.0 : 0.0) : u;
                break;
            case 3: /* ones: the sum lands exactly on powers of two at
                       segment starts, and the guesses with it */
                x[i] = 1.0;
                break;
            case 4: /* ties: the sum's unit halves each term's last bit */
                x[i] = 1.0 + (double)(rng() % 4) * 0x1p-52;
                break;
            case 5: /* negative sums: the grid's sign */
                x[i] = -u;
                break;
            case 6: /* both signs, and a huge term now and then */
                x[i] = rng() % 5000 ? u - 0.25 : 1e30 * u;
                break;
            default: /* the sum 1 after segment 0, then terms whose units
                        in its grid add to exactly 2^64 in segment 1: a
                        map of them would wrap back to 1 */
                x[i] = i < SERIAL_SUM_CHUNK ? 0x1p-13 : 0.5;
            }
        }
        segments_mapped = segments_zero = segments_added = 0;
        char what[32];
        snprintf(what, sizeof(what), "segments, kind %u", kind);
        failed += check(x, N, what);
        const size_t segs = serial_sum_segment_count(N);
        CHECK_EQ_INT(segments_mapped + segments_zero + segments_added, segs);
        if (kind <= 5 && kind != 2)
            CHECK(segments_mapped >= segs * 3 / 4);
        if (kind == 2)
            CHECK(segments_zero >= segs / 2 - 1 && segments_mapped >= segs / 3);
        if (kind == 6)
            CHECK(segments_added >= segs / 2);
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

TEST_MAIN("serial_sum", {"equal_to_the_loop", test_equal_to_the_loop}, {"segments", test_segments},
          {"differences_seen", test_differences_seen})
