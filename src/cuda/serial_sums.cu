// The three steps of serial_sums.h: a block per segment of every sum for
// the totals, a block per segment for the maps, a block per sum for the
// walk.
#include <cstddef>
#include <cstdint>

#include "cuda_check.h"
#include "serial_sum.cuh"
#include "serial_sums.h"

namespace
{

constexpr unsigned kTotalThreads = 256;

// Segment blockIdx.x of job blockIdx.y: its first term and count (0 past
// the job's end).
__device__ size_t segment_terms(const VmafSerialSumJob &job, size_t *first)
{
    *first = (size_t)blockIdx.x * SERIAL_SUM_CHUNK;
    return *first >= job.n ? 0 : min((size_t)SERIAL_SUM_CHUNK, job.n - *first);
}

__device__ double warp_sum(double v)
{
    for (int offset = 16; offset; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// Step 1.
__global__ void __launch_bounds__(kTotalThreads) totals(const __grid_constant__ VmafSerialSums a)
{
    __shared__ double warp_totals[kTotalThreads / 32];
    const VmafSerialSumJob &job = a.job[blockIdx.y];
    size_t first;
    const size_t count = segment_terms(job, &first);
    if (!count)
        return;
    double total = 0.0;
    bool zero = true;
    for (size_t i = threadIdx.x; i < count; i += kTotalThreads) {
        const double x = job.x[first + i];
        total += x;
        zero = zero && x == 0.0;
    }
    zero = __syncthreads_and(zero);
    total = warp_sum(total);
    if (threadIdx.x % 32 == 0)
        warp_totals[threadIdx.x / 32] = total;
    __syncthreads();
    if (threadIdx.x)
        return;
    for (unsigned w = 1; w < kTotalThreads / 32; w++)
        total += warp_totals[w];
    SerialSumSegment *seg =
        &a.segments[blockIdx.y * serial_sum_segment_count(a.max_n) + blockIdx.x];
    seg->total = total;
    seg->zero = zero;
    seg->key = 0.0;
}

// Step 2.
__global__ void __launch_bounds__(SERIAL_SUM_THREADS) maps(const __grid_constant__ VmafSerialSums a)
{
    __shared__ SerialSumMap warp_total[serial_sum_block::kWarps];
    __shared__ double guess;
    const VmafSerialSumJob &job = a.job[blockIdx.y];
    size_t first;
    const size_t count = segment_terms(job, &first);
    SerialSumSegment *segs = &a.segments[blockIdx.y * serial_sum_segment_count(a.max_n)];
    if (!count || segs[blockIdx.x].zero)
        return;
    const unsigned t = threadIdx.x;
    if (t < 32) {
        double before = 0.0;
        for (unsigned k = t; k < blockIdx.x; k += 32)
            before += segs[k].total;
        before = warp_sum(before);
        if (!t)
            guess = before;
    }
    __syncthreads();
    const SerialSumGrid g = serial_sum_grid(guess);
    if (g.plain)
        return;
    const size_t mine = (size_t)t * SERIAL_SUM_PER_THREAD;
    SerialSumMap m = {{0, 0}};
    bool ok = true;
#pragma unroll
    for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++) {
        if (mine + j < count) {
            SerialSumMap step;
            ok = serial_sum_segment_step(&g, job.x[first + mine + j], &step) && ok;
            m = serial_sum_compose(m, step);
        }
    }
    if (!__syncthreads_and(ok))
        return;
    const SerialSumMap before = serial_sum_block::block_exclusive(m, warp_total);
    if (t == SERIAL_SUM_THREADS - 1) {
        segs[blockIdx.x].map = serial_sum_compose(before, m);
        segs[blockIdx.x].key = serial_sum_grid_key(&g);
    }
}

// Step 3: job blockIdx.x.
__global__ void __launch_bounds__(SERIAL_SUM_THREADS)
    walk(const __grid_constant__ VmafSerialSums a, double *out)
{
    __shared__ double sum;
    __shared__ size_t at;
    const VmafSerialSumJob &job = a.job[blockIdx.x];
    const SerialSumSegment *segs = &a.segments[blockIdx.x * serial_sum_segment_count(a.max_n)];
    const size_t n_segs = serial_sum_segment_count(job.n);
    if (!threadIdx.x) {
        sum = 0.0;
        at = 0;
    }
    __syncthreads();
    for (;;) {
        if (!threadIdx.x) {
            double s = sum;
            size_t k = at;
            while (k < n_segs && serial_sum_segment_apply(&segs[k], &s))
                k++;
            sum = s;
            at = k;
        }
        __syncthreads();
        const size_t k = at;
        if (k >= n_segs)
            break;
        const size_t first = k * SERIAL_SUM_CHUNK;
        const double s =
            vmaf_serial_sum_from(job.x + first, min((size_t)SERIAL_SUM_CHUNK, job.n - first), sum);
        __syncthreads();
        if (!threadIdx.x) {
            sum = s;
            at = k + 1;
        }
        __syncthreads();
    }
    if (!threadIdx.x)
        out[job.out] = sum;
}

} // namespace

extern "C" int vmaf_serial_sums_enqueue(const VmafSerialSums *s, double *out, VmafCudaStream stream)
{
    if (!s->count)
        return 0;
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    const dim3 grid((unsigned)serial_sum_segment_count(s->max_n), s->count);
    totals<<<grid, kTotalThreads, 0, st>>>(*s);
    int err = VMAF_CUDA_CHECK_LAUNCH(totals);
    if (err)
        return err;
    maps<<<grid, SERIAL_SUM_THREADS, 0, st>>>(*s);
    if ((err = VMAF_CUDA_CHECK_LAUNCH(maps)))
        return err;
    walk<<<s->count, SERIAL_SUM_THREADS, 0, st>>>(*s, out);
    return VMAF_CUDA_CHECK_LAUNCH(walk);
}
