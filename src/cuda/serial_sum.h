/* A CPU's running double sum, s = s + x[i] for i = 0, 1, ..., n - 1 with
 * each addition rounded, reproduced bit for bit by a block of threads, as C
 * and as CUDA (core/hd.h): twins of float extractors whose scores are such
 * sums run it (tests/unit/test_serial_sum.c runs it on the CPU).
 *
 * Why it can be parallel: while the sum stays in one binade [2^e, 2^(e+1))
 * (of either sign), every value it takes is a multiple of the binade's unit
 * u = 2^(e - 52), and adding x rounds s + x to the nearest multiple of u: an
 * integer step of x alone, except for a tie (x / u exactly halfway), which
 * goes to the even neighbour and so depends on the parity of s / u. Each
 * addition is therefore S -> S + add[S & 1] on the integer S = |s| / u, and
 * such maps compose into one of the same kind, so a block scans them like
 * integers. An addition that leaves the binade (or would round on the finer
 * grid below it) ends the scan: it is made as a plain double addition and
 * the scan restarts in the new binade. A sum that grows steadily leaves its
 * binade about log2(n) times; one that wanders around zero more often,
 * which costs time, never exactness.
 *
 * A block of SERIAL_SUM_THREADS threads takes SERIAL_SUM_CHUNK elements at a
 * time, SERIAL_SUM_PER_THREAD consecutive ones a thread:
 * 0. plain additions while serial_sum_plain(): a burst of them after each
 *    scan, where binades change in quick succession, and any while the
 *    sum has no grid (zero, to start with);
 * 1. serial_sum_grid() of the sum, serial_sum_thread_map(): each thread
 *    composes its elements' maps;
 * 2. the block's exclusive scan of those maps in thread order (any
 *    grouping: the maps are exact integer arithmetic, wrapping past the
 *    first exit only, where nothing is kept);
 * 3. serial_sum_thread_walk(): each thread replays its elements from its
 *    prefix and reports the first that leaves the binade;
 * 4. serial_sum_advance(): the block's first exit, or the chunk's end,
 *    gives the new sum and position. */
#ifndef VMAF_CUDA_SERIAL_SUM_H
#define VMAF_CUDA_SERIAL_SUM_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"

enum {
    SERIAL_SUM_THREADS = 512,
    SERIAL_SUM_PER_THREAD = 16,
    SERIAL_SUM_CHUNK = SERIAL_SUM_THREADS * SERIAL_SUM_PER_THREAD,
    SERIAL_SUM_BURST = 32,
    SERIAL_SUM_MAX_BURST = SERIAL_SUM_CHUNK,
};

/* The sum's binade. */
typedef struct SerialSumGrid {
    double sign;   /* of the sum: elements are added as sign * x */
    double scale;  /* 1 / u */
    double limit;  /* 2^(e+1): a larger |x| leaves the binade at once */
    uint64_t base; /* |s| / u, in [2^52, 2^53) */
    bool plain;    /* s is 0, not finite or too small for a grid: plain additions */
} SerialSumGrid;

/* S -> S + add[S & 1], modulo 2^64. */
typedef struct SerialSumMap {
    uint64_t add[2];
} SerialSumMap;

/* One element in a grid. */
typedef struct SerialSumStep {
    SerialSumMap map;
    uint64_t floor; /* floor(x / u): S + floor below 2^52 rounds on the finer grid */
    bool leaves;    /* |x| >= limit, or x not finite */
} SerialSumStep;

#define SERIAL_SUM_LOW_UNITS ((uint64_t)1 << 52)
#define SERIAL_SUM_HIGH_UNITS ((uint64_t)1 << 53)

static inline VMAF_HD SerialSumGrid serial_sum_grid(double s)
{
    SerialSumGrid g = {1.0, 1.0, 0.0, 0, true};
    const double a = fabs(s);
    /* Below 2^-960 the unit 2^(e-52) would be subnormal or nearly so. */
    if (!(a >= 0x1p-960) || !(a <= 0x1p1000))
        return g;
    /* a = m 2^exp, m in [0.5, 1) (a is normal): e = exp - 1 */
    const int exp = (int)((vmaf_hd_bits(a) >> 52) & 0x7ff) - 1022;
    g.sign = s < 0 ? -1.0 : 1.0;
    g.scale = vmaf_hd_pow2(53 - exp);
    g.limit = vmaf_hd_pow2(exp);
    g.base = (uint64_t)(a * g.scale);
    g.plain = false;
    return g;
}

/* x's map in grid g: the nearest multiple of u, ties to the even total. The
 * products by powers of two and the fractional part are exact. */
static inline VMAF_HD SerialSumStep serial_sum_step(const SerialSumGrid *g, double x)
{
    SerialSumStep st = {{{0, 0}}, 0, true};
    const double y = g->sign * x;
    if (!(fabs(y) < g->limit))
        return st;
    const double z = y * g->scale, whole = floor(z), frac = z - whole;
    const uint64_t f = (uint64_t)(int64_t)whole;
    st.floor = f;
    st.leaves = false;
    if (frac == 0.5) {
        st.map.add[0] = f + (f & 1);
        st.map.add[1] = f + 1 - (f & 1);
    } else {
        st.map.add[0] = st.map.add[1] = f + (frac > 0.5);
    }
    return st;
}

/* a, then b. */
static inline VMAF_HD SerialSumMap serial_sum_compose(SerialSumMap a, SerialSumMap b)
{
    SerialSumMap c;
    c.add[0] = a.add[0] + b.add[a.add[0] & 1];
    c.add[1] = a.add[1] + b.add[(1 + a.add[1]) & 1];
    return c;
}

static inline VMAF_HD uint64_t serial_sum_apply(SerialSumMap m, uint64_t units)
{
    return units + m.add[units & 1];
}

static inline VMAF_HD double serial_sum_value(const SerialSumGrid *g, uint64_t units)
{
    return g->sign * ((double)units / g->scale);
}

/* Whether the step from units stays on the grid: the exact sum at least
 * 2^52 units and the rounded one below 2^53. */
static inline VMAF_HD bool serial_sum_stays(const SerialSumStep *st, uint64_t units)
{
    return !st->leaves && (int64_t)(units + st->floor) >= (int64_t)SERIAL_SUM_LOW_UNITS &&
           (int64_t)serial_sum_apply(st->map, units) < (int64_t)SERIAL_SUM_HIGH_UNITS;
}

/* Step 1: the composed map of the first count of a thread's elements
 * (fixed trip counts keep x in registers). */
static inline VMAF_HD SerialSumMap serial_sum_thread_map(const SerialSumGrid *g,
                                                         const double x[SERIAL_SUM_PER_THREAD],
                                                         unsigned count)
{
    SerialSumMap m = {{0, 0}};
    VMAF_UNROLL
    for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++) {
        if (j < count)
            m = serial_sum_compose(m, serial_sum_step(g, x[j]).map);
    }
    return m;
}

/* What a thread's replay found: the first of its elements that leaves the
 * grid (count: none) and the units before it, else after the last. */
typedef struct SerialSumWalk {
    unsigned exit;
    uint64_t units;
} SerialSumWalk;

/* Step 3, from the units the thread's prefix gives. */
static inline VMAF_HD SerialSumWalk serial_sum_thread_walk(const SerialSumGrid *g,
                                                           const double x[SERIAL_SUM_PER_THREAD],
                                                           unsigned count, uint64_t units)
{
    SerialSumWalk w = {count, units};
    VMAF_UNROLL
    for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++) {
        if (j >= count || w.exit < count)
            continue;
        const SerialSumStep st = serial_sum_step(g, x[j]);
        if (serial_sum_stays(&st, w.units))
            w.units = serial_sum_apply(st.map, w.units);
        else
            w.exit = j;
    }
    return w;
}

/* The block's state between chunks. */
typedef struct SerialSumState {
    double sum;
    size_t next;    /* the first element not yet added */
    unsigned plain; /* plain additions before the next scan */
    unsigned burst; /* plain additions after the next exit */
} SerialSumState;

/* The state before the first element of a sum from start (0 for the CPU's
 * loop from s = 0). */
static inline VMAF_HD SerialSumState serial_sum_start(double start)
{
    const SerialSumState state = {start, 0, SERIAL_SUM_BURST, SERIAL_SUM_BURST};
    return state;
}

/* Whether the k-th addition since a scan ended is a plain one: the burst's,
 * and any while no grid fits the sum. */
static inline VMAF_HD bool serial_sum_plain(const SerialSumState *state, unsigned k)
{
    return k < state->plain || serial_sum_grid(state->sum).plain;
}

/* Step 4: the scan of the chunk at state->next ended at its first exit,
 * element exit (SIZE_MAX: none), after units; without an exit units are
 * the sum after the chunk's last element (of n). An exit starts a burst of
 * plain additions. A scan that ends sooner than the burst before it would
 * have doubles the burst: a sum that changes binade all the time (one
 * hovering about zero) is then added mostly plainly, not rescanned at
 * each element. */
static inline VMAF_HD void serial_sum_advance(SerialSumState *state, const SerialSumGrid *g,
                                              size_t exit, uint64_t units, size_t n)
{
    state->sum = serial_sum_value(g, units);
    if (exit == SIZE_MAX) {
        const size_t next = state->next + SERIAL_SUM_CHUNK;
        state->next = next < n ? next : n;
        state->plain = 0;
        state->burst = SERIAL_SUM_BURST;
        return;
    }
    const size_t scanned = exit - state->next;
    if (scanned >= state->burst)
        state->burst = SERIAL_SUM_BURST;
    else if (state->burst < SERIAL_SUM_MAX_BURST)
        state->burst *= 2;
    state->plain = state->burst;
    state->next = exit;
}

#endif
