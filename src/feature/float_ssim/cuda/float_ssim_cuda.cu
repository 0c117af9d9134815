// The float_ssim twin's frame: one launch converts both luma planes to
// float, one decimates them (when the geometry asks for it), then the SSIM
// pass writes every window position's terms, and each sequence is added up
// as the CPU's running sums do (serial_sums.h).
#include <cstddef>

#include "cuda/cuda_check.h"
#include "float_ssim_cuda.h"
#include "float_ssim_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_SSIM_CUDA_THREADS;

__global__ void __launch_bounds__(kThreads)
    load_planes(const __grid_constant__ FloatSsimCudaFrame f)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i < static_cast<size_t>(f.w) * f.h)
        float_ssim_cuda_load(&f, blockIdx.y, i);
}

__global__ void __launch_bounds__(kThreads)
    decimate_planes(const __grid_constant__ FloatSsimCudaFrame f)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i < static_cast<size_t>(f.scaled_w) * f.scaled_h)
        float_ssim_cuda_decimate(&f, blockIdx.y, i);
}

unsigned blocks_for(size_t n)
{
    return static_cast<unsigned>((n + kThreads - 1) / kThreads);
}

int enqueue(const FloatSsimCudaFrame *f, float c1, float c2, float c3, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    load_planes<<<dim3(blocks_for(static_cast<size_t>(f->w) * f->h), 2), kThreads, 0, s>>>(*f);
    int err = VMAF_CUDA_CHECK_LAUNCH(load_planes);
    if (!err && f->factor > 1) {
        const size_t n = static_cast<size_t>(f->scaled_w) * f->scaled_h;
        decimate_planes<<<dim3(blocks_for(n), 2), kThreads, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(decimate_planes);
    }
    if (!err)
        err = ssim_pass_cuda_terms(&f->pass, 1, c1, c2, c3, stream);
    return err ? err : vmaf_serial_sums_enqueue(&f->serial, f->sums, stream);
}

} // namespace

VMAF_GPU_KERNELS(FloatSsimGpuKernels, float_ssim) = {enqueue};
