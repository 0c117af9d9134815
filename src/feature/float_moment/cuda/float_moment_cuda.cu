// One block per row and picture: each thread's samples and squares as exact
// integer counts (float_moment_cuda_tile.h), so the order of the additions
// cannot change the row's sums.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "float_moment_cuda.h"
#include "float_moment_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_MOMENT_CUDA_THREADS;

template <bool Hbd>
__global__ void __launch_bounds__(kThreads) row_sums(const __grid_constant__ FloatMomentCudaFrame f)
{
    const unsigned p = blockIdx.y, y = blockIdx.x;
    const FloatMomentCudaSums t = float_moment_cuda_thread_sums(&f, p, y, threadIdx.x, Hbd);
    FloatMomentCudaSums sums;
    sums.samples = vmaf_cuda_block_sum<kThreads>(t.samples);
    // The block sum's scratch is reused.
    __syncthreads();
    sums.squares = vmaf_cuda_block_sum<kThreads>(t.squares);
    if (!threadIdx.x)
        f.rows[p * f.h + y] = sums;
}

int enqueue(const FloatMomentCudaFrame *f, VmafCudaStream stream)
{
    const dim3 grid(f->h, 2);
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (f->bpc > 8) {
        row_sums<true><<<grid, kThreads, 0, s>>>(*f);
        return VMAF_CUDA_CHECK_LAUNCH(row_sums<true>);
    }
    row_sums<false><<<grid, kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(row_sums<false>);
}

} // namespace

VMAF_GPU_KERNELS(FloatMomentGpuKernels, float_moment) = {enqueue};
