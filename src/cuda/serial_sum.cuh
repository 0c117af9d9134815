// The running double sum of serial_sum.h with a block of SERIAL_SUM_THREADS
// threads: the steps there, the scan of the threads' maps through warp
// shuffles and one shared row of warp totals.
#ifndef VMAF_CUDA_SERIAL_SUM_CUH
#define VMAF_CUDA_SERIAL_SUM_CUH

#include <cstddef>
#include <cstdint>

#include "serial_sum.h"

namespace serial_sum_block
{

constexpr unsigned kWarps = SERIAL_SUM_THREADS / 32;
static_assert(SERIAL_SUM_THREADS % 32 == 0 && kWarps <= 32, "whole warps, 32 at most");

__device__ inline SerialSumMap shfl_up(SerialSumMap m, unsigned delta)
{
    SerialSumMap r;
    r.add[0] = __shfl_up_sync(0xffffffffu, m.add[0], delta);
    r.add[1] = __shfl_up_sync(0xffffffffu, m.add[1], delta);
    return r;
}

// The inclusive scan of the lanes' maps, lane order.
__device__ inline SerialSumMap warp_inclusive(SerialSumMap m, unsigned lane)
{
    for (unsigned delta = 1; delta < 32; delta <<= 1) {
        const SerialSumMap before = shfl_up(m, delta);
        if (lane >= delta)
            m = serial_sum_compose(before, m);
    }
    return m;
}

// The composition of the maps of the threads before this one.
__device__ inline SerialSumMap block_exclusive(SerialSumMap m, SerialSumMap *warp_total)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const SerialSumMap identity = {{0, 0}};
    const SerialSumMap inclusive = warp_inclusive(m, lane);
    if (lane == 31)
        warp_total[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        const SerialSumMap total = lane < kWarps ? warp_total[lane] : identity;
        const SerialSumMap before = shfl_up(warp_inclusive(total, lane), 1);
        if (lane < kWarps)
            warp_total[lane] = lane ? before : identity;
    }
    __syncthreads();
    const SerialSumMap in_warp = shfl_up(inclusive, 1);
    return lane ? serial_sum_compose(warp_total[warp], in_warp) : warp_total[warp];
}

} // namespace serial_sum_block

// The CPU's `sum += x[i]` over x[0..n) from sum = start, in every thread of
// the block; all SERIAL_SUM_THREADS threads must call it.
__device__ inline double vmaf_serial_sum_from(const double *x, size_t n, double start)
{
    __shared__ SerialSumState state;
    __shared__ SerialSumMap warp_total[serial_sum_block::kWarps];
    __shared__ unsigned long long first_exit;
    __shared__ uint64_t exit_units, end_units;
    const unsigned t = threadIdx.x;
    if (!t)
        state = serial_sum_start(start);
    for (;;) {
        if (!t) {
            for (unsigned k = 0; state.next < n && serial_sum_plain(&state, k); k++)
                state.sum += x[state.next++];
            first_exit = SIZE_MAX;
        }
        __syncthreads();
        const SerialSumState at = state;
        if (at.next >= n)
            return at.sum;
        const SerialSumGrid g = serial_sum_grid(at.sum);
        const size_t first = at.next + (size_t)t * SERIAL_SUM_PER_THREAD;
        const unsigned count = first >= n                          ? 0
                               : n - first < SERIAL_SUM_PER_THREAD ? (unsigned)(n - first)
                                                                   : SERIAL_SUM_PER_THREAD;
        double v[SERIAL_SUM_PER_THREAD];
#pragma unroll
        for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++)
            v[j] = j < count ? x[first + j] : 0.0;
        const SerialSumMap before =
            serial_sum_block::block_exclusive(serial_sum_thread_map(&g, v, count), warp_total);
        const SerialSumWalk w =
            serial_sum_thread_walk(&g, v, count, serial_sum_apply(before, g.base));
        if (w.exit < count)
            atomicMin(&first_exit, (unsigned long long)(first + w.exit));
        __syncthreads();
        if (w.exit < count && first + w.exit == first_exit)
            exit_units = w.units;
        if (t == SERIAL_SUM_THREADS - 1)
            end_units = w.units;
        __syncthreads();
        if (!t) {
            const size_t exit = first_exit == SIZE_MAX ? SIZE_MAX : (size_t)first_exit;
            serial_sum_advance(&state, &g, exit, exit == SIZE_MAX ? end_units : exit_units, n);
        }
        __syncthreads();
    }
}

#endif
