/* Many running double sums at once, each the CPU's `s += x[i]` from s = 0
 * bit for bit, as serial_sum.h's, but spread over the device: each sum's
 * terms are cut into segments of SERIAL_SUM_CHUNK, and
 * 1. every segment's terms are added in any order (a guess of the sum at
 *    the start of each later segment) and whether they are all zero is
 *    noted;
 * 2. every segment, in parallel, takes the grid of the sum guessed at its
 *    start (the guesses of the segments before it) and composes its terms'
 *    maps in that grid (serial_sum.h), where every term is finite and of
 *    the sum's sign, and small beside it;
 * 3. one block per sum walks its segments in order from 0: a zero
 *    segment leaves the sum as it is, a mapped segment whose grid is the
 *    sum's and whose map keeps it in its binade is applied at once, any
 *    other is added by vmaf_serial_sum_from().
 * Why step 3 is exact. A zero segment: s + 0 and s + -0 are s (s is never
 * -0: from +0, round to nearest gives -0 only from -0). A mapped segment:
 * its terms never lower |s|, so a map that ends below the binade's top kept
 * every partial sum inside it, where each addition rounds to the grid's
 * unit, which is what the map computes (serial_sum.h); the terms' size
 * bound keeps the map's integers from wrapping. A wrong guess costs time
 * only: the segment is added term by term. A sum that grows crosses about
 * log2(segments) binades, so most of its segments are applied in one step.
 * tests/unit/test_serial_sum.c runs the steps on the CPU. */
#ifndef VMAF_CUDA_SERIAL_SUMS_H
#define VMAF_CUDA_SERIAL_SUMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda_api.h"
#include "serial_sum.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One sum: out[out] = the sum of x[0..n) (device memory). */
typedef struct VmafSerialSumJob {
    const double *x;
    size_t n;
    unsigned out;
} VmafSerialSumJob;

typedef struct SerialSumSegment {
    SerialSumMap map; /* its terms' maps composed, where key != 0 */
    double key;       /* sign * scale of the grid mapped in; 0: not mapped */
    double total;     /* its terms added in any order */
    uint32_t zero;    /* every term is +0 or -0 */
} SerialSumSegment;

/* A term keeps a segment mappable while below 2^-2 of the sum's binade:
 * 8192 such terms add less than 2^63 units. */
#define SERIAL_SUM_TERM_UNITS 0x1p50

static inline VMAF_HD size_t serial_sum_segment_count(size_t n)
{
    return (n + SERIAL_SUM_CHUNK - 1) / SERIAL_SUM_CHUNK;
}

static inline VMAF_HD double serial_sum_grid_key(const SerialSumGrid *g)
{
    return g->sign * g->scale;
}

/* Step 2 for term x in grid g: *m its map; whether it keeps the segment
 * mappable (finite, of the sum's sign or zero, below SERIAL_SUM_TERM_UNITS
 * units). */
static inline VMAF_HD bool serial_sum_segment_step(const SerialSumGrid *g, double x,
                                                   SerialSumMap *m)
{
    const SerialSumStep st = serial_sum_step(g, x);
    *m = st.map;
    const double y = g->sign * x;
    return !st.leaves && y >= 0.0 && y * g->scale < SERIAL_SUM_TERM_UNITS;
}

/* Step 3 for a segment: true with *sum taken past it when the segment is
 * zero or its map applies exactly to *sum, else false (*sum unchanged). */
static inline VMAF_HD bool serial_sum_segment_apply(const SerialSumSegment *seg, double *sum)
{
    if (seg->zero)
        return true;
    if (seg->key == 0.0)
        return false;
    const SerialSumGrid g = serial_sum_grid(*sum);
    if (g.plain || serial_sum_grid_key(&g) != seg->key)
        return false;
    const uint64_t units = serial_sum_apply(seg->map, g.base);
    if (units >= SERIAL_SUM_HIGH_UNITS)
        return false;
    *sum = serial_sum_value(&g, units);
    return true;
}

/* Sums a VmafSerialSums carries at most: the jobs go to the kernels as
 * their parameters (24 bytes each, well inside CUDA's 4 KiB). */
enum { VMAF_SERIAL_SUMS_MAX = 64 };

typedef struct VmafSerialSums {
    VmafSerialSumJob job[VMAF_SERIAL_SUMS_MAX];
    unsigned count;
    size_t max_n; /* the longest job's terms */
    /* Device scratch of count * serial_sum_segment_count(max_n). */
    SerialSumSegment *segments;
} VmafSerialSums;

/* Queues the sums of s's jobs on stream, into out (device memory). No host
 * synchronisation, no allocation: it can be captured in a graph. */
int vmaf_serial_sums_enqueue(const VmafSerialSums *s, double *out, VmafCudaStream stream);

#ifdef __cplusplus
}
#endif

#endif
