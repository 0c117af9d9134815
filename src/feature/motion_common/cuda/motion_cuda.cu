// A block per strip of MOTION_STRIP_ROWS rows and MOTION_CUDA_THREADS
// columns: each thread keeps its column of prev - cur for the vertical pass,
// kRowsAtOnce rows of the vertically blurred difference go to shared memory,
// then each thread filters one column of each horizontally: the steps of
// motion_cuda_tile.h. A barrier pair serves kRowsAtOnce rows, and their
// reductions are independent of each other. The blocks beside each other
// add into a row's sum atomically, so the sums are zeroed first. Integer
// arithmetic throughout, in the CPU's order of shifts and roundings
// (motion_dsp.c).
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "motion_cuda.h"
#include "motion_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = MOTION_CUDA_THREADS;
constexpr unsigned kRowsAtOnce = 8;
static_assert(MOTION_STRIP_ROWS % kRowsAtOnce == 0, "a strip is whole batches of rows");

__constant__ int32_t kFilter[MOTION_FILTER_TAPS] = MOTION_FILTER_COEFFICIENTS;

template <bool Hbd> __global__ void __launch_bounds__(kThreads) strip_sad(MotionCudaRows a)
{
    __shared__ int32_t blurred[kRowsAtOnce][MOTION_TILE_SPAN];
    __shared__ uint32_t strip_sum[MOTION_STRIP_ROWS];
    const unsigned t = threadIdx.x, x0 = blockIdx.x * kThreads;
    const unsigned y0 = blockIdx.y * MOTION_STRIP_ROWS;
    const unsigned rows = a.h - y0 < MOTION_STRIP_ROWS ? a.h - y0 : MOTION_STRIP_ROWS;
    const unsigned span = motion_tile_span(&a, x0);
    // Position t, and t + kThreads for the few threads the chunk's reach
    // past its last column needs.
    const bool first = t < span, second = t + kThreads < span;
    MotionColumn c[2];
    if (first)
        motion_column_start(&a, Hbd, x0, t, y0, &c[0]);
    if (second)
        motion_column_start(&a, Hbd, x0, t + kThreads, y0, &c[1]);
    if (t < MOTION_STRIP_ROWS)
        strip_sum[t] = 0;
    for (unsigned r0 = 0; r0 < rows; r0 += kRowsAtOnce) {
#pragma unroll
        for (unsigned b = 0; b < kRowsAtOnce; b++) {
            if (r0 + b >= rows)
                break;
            if (first)
                motion_column_step(&a, kFilter, Hbd, x0, t, y0 + r0 + b, &c[0], blurred[b]);
            if (second)
                motion_column_step(&a, kFilter, Hbd, x0, t + kThreads, y0 + r0 + b, &c[1],
                                   blurred[b]);
        }
        __syncthreads();
        uint32_t v[kRowsAtOnce];
#pragma unroll
        for (unsigned b = 0; b < kRowsAtOnce; b++)
            v[b] = r0 + b < rows ? motion_tile_abs(&a, kFilter, x0, t, blurred[b]) : 0;
#pragma unroll
        for (int offset = 16; offset; offset >>= 1) {
#pragma unroll
            for (unsigned b = 0; b < kRowsAtOnce; b++)
                v[b] += __shfl_down_sync(0xffffffffu, v[b], offset);
        }
        if (t % 32 == 0) {
#pragma unroll
            for (unsigned b = 0; b < kRowsAtOnce; b++)
                if (r0 + b < rows)
                    atomicAdd(&strip_sum[r0 + b], v[b]);
        }
        __syncthreads();
    }
    if (t < rows)
        atomicAdd(&a.row_sad[y0 + t], strip_sum[t]);
}

int row_sad(const MotionCudaRows *rows, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    int err =
        VMAF_CUDA_CHECK(cudaMemsetAsync(rows->row_sad, 0, rows->h * sizeof(*rows->row_sad), s));
    if (err)
        return err;
    const dim3 grid((rows->w + kThreads - 1) / kThreads,
                    (rows->h + MOTION_STRIP_ROWS - 1) / MOTION_STRIP_ROWS);
    if (rows->bpc > 8) {
        strip_sad<true><<<grid, kThreads, 0, s>>>(*rows);
        return VMAF_CUDA_CHECK_LAUNCH(strip_sad<true>);
    }
    strip_sad<false><<<grid, kThreads, 0, s>>>(*rows);
    return VMAF_CUDA_CHECK_LAUNCH(strip_sad<false>);
}

} // namespace

VMAF_GPU_KERNELS(MotionGpuKernels, motion) = {row_sad};
