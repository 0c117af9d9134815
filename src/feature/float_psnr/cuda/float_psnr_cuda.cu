// One block per row: each thread's squared errors as exact integer counts
// (float_psnr_cuda_tile.h), so the order of the additions cannot change the
// row's sum.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "float_psnr_cuda.h"
#include "float_psnr_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_PSNR_CUDA_THREADS;

template <bool Hbd>
__global__ void __launch_bounds__(kThreads) row_sse(const __grid_constant__ FloatPsnrCudaFrame f)
{
    const uint64_t count = float_psnr_cuda_thread_sse(&f, blockIdx.x, threadIdx.x, Hbd);
    const uint64_t sum = vmaf_cuda_block_sum<kThreads>(count);
    if (!threadIdx.x)
        f.row_sse[blockIdx.x] = sum;
}

int enqueue(const FloatPsnrCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (f->bpc > 8) {
        row_sse<true><<<f->h, kThreads, 0, s>>>(*f);
        return VMAF_CUDA_CHECK_LAUNCH(row_sse<true>);
    }
    row_sse<false><<<f->h, kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(row_sse<false>);
}

} // namespace

VMAF_GPU_KERNELS(FloatPsnrGpuKernels, float_psnr) = {enqueue};
