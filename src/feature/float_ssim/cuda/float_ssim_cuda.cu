// The float_ssim twin's frame: one launch converts both luma planes to
// float, one decimates them (when the geometry asks for it), then the SSIM
// pass writes every window position's terms and a block per sequence adds
// them up as the CPU's running sums do.
#include <cstddef>

#include "cuda/cuda_check.h"
#include "cuda/serial_sum.cuh"
#include "float_ssim_cuda.h"
#include "float_ssim_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_SSIM_CUDA_THREADS;

__global__ void __launch_bounds__(kThreads) load_planes(const __grid_constant__ FloatSsimCudaFrame f)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i < static_cast<size_t>(f.w) * f.h)
        float_ssim_cuda_load(&f, blockIdx.y, i);
}

__global__ void __launch_bounds__(kThreads) decimate_planes(const __grid_constant__ FloatSsimCudaFrame f)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i < static_cast<size_t>(f.scaled_w) * f.scaled_h)
        float_ssim_cuda_decimate(&f, blockIdx.y, i);
}

// Block t: the running sum of term t's sequence.
__global__ void __launch_bounds__(SERIAL_SUM_THREADS)
    term_sums(const __grid_constant__ FloatSsimCudaFrame f)
{
    const SsimPassCuda &p = f.pass;
    const size_t n = static_cast<size_t>(ssim_pass_cuda_out_w(&p)) * ssim_pass_cuda_out_h(&p);
    const double sum = vmaf_serial_sum(p.terms + blockIdx.x * n, n);
    if (!threadIdx.x)
        f.sums[blockIdx.x] = sum;
}

unsigned blocks_for(size_t n)
{
    return static_cast<unsigned>((n + kThreads - 1) / kThreads);
}

} // namespace

extern "C" int float_ssim_cuda_enqueue(const FloatSsimCudaFrame *f, float c1, float c2, float c3,
                                       VmafCudaStream stream)
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
    if (err)
        return err;
    term_sums<<<SSIM_TERMS, SERIAL_SUM_THREADS, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(term_sums);
}
