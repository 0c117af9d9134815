// A thread per 8x8 block pair of any plane (psnr_hvs_cuda_tile.h): the
// planes' blocks are numbered one after the other, so one grid covers them
// all. No fp64: the CPU's per-block arithmetic is float and integer, and
// with --fmad=false and IEEE division and square root (nvcc's defaults) each
// operation rounds as on the CPU.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "psnr_hvs_cuda.h"
#include "psnr_hvs_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = PSNR_HVS_CUDA_THREADS;
static_assert(kThreads % PSNR_HVS_CUDA_GROUP == 0, "whole groups a block");

template <bool Hbd>
__global__ void __launch_bounds__(kThreads) block_terms(const __grid_constant__ PsnrHvsCudaFrame f)
{
    psnr_hvs_cuda_thread_block(&f, blockIdx.x * kThreads + threadIdx.x, Hbd);
}

int enqueue(const PsnrHvsCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    const unsigned grid = (f->blocks + kThreads - 1) / kThreads;
    if (f->bpc > 8) {
        block_terms<true><<<grid, kThreads, 0, s>>>(*f);
        return VMAF_CUDA_CHECK_LAUNCH(block_terms<true>);
    }
    block_terms<false><<<grid, kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(block_terms<false>);
}

} // namespace

VMAF_GPU_KERNELS(PsnrHvsGpuKernels, psnr_hvs) = {enqueue};
