// One block per row: a chunk of the vertically blurred difference, with the
// horizontal filter's reach on both sides, goes to shared memory, then each
// thread filters one column horizontally: the steps of motion_cuda_tile.h.
// Integer arithmetic throughout, in the CPU's order of shifts and roundings
// (motion_dsp.c).
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "motion_cuda.h"
#include "motion_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = MOTION_CUDA_THREADS;

__constant__ int32_t kFilter[MOTION_FILTER_TAPS] = MOTION_FILTER_COEFFICIENTS;

template <bool Hbd> __global__ void row_sad(MotionCudaRows a)
{
    __shared__ int32_t blurred[MOTION_TILE_SPAN];
    const unsigned y = blockIdx.x;
    const MotionRows rows = motion_tile_rows(&a, y);
    uint32_t sum = 0;
    for (unsigned x0 = 0; x0 < a.w; x0 += kThreads) {
        const unsigned span = motion_tile_span(&a, x0);
        for (unsigned j = threadIdx.x; j < span; j += kThreads)
            motion_tile_vertical(&a, kFilter, Hbd, &rows, x0, j, blurred);
        __syncthreads();
        sum += motion_tile_abs(&a, kFilter, x0, threadIdx.x, blurred);
        __syncthreads();
    }
    sum = vmaf_cuda_block_sum<kThreads>(sum);
    if (!threadIdx.x)
        a.row_sad[y] = sum;
}

} // namespace

extern "C" int motion_cuda_row_sad(const MotionCudaRows *rows, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (rows->bpc > 8) {
        row_sad<true><<<rows->h, kThreads, 0, s>>>(*rows);
        return VMAF_CUDA_CHECK_LAUNCH(row_sad<true>);
    }
    row_sad<false><<<rows->h, kThreads, 0, s>>>(*rows);
    return VMAF_CUDA_CHECK_LAUNCH(row_sad<false>);
}
