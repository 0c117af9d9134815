// The frame's kernels: a thread per pixel for the colour differences, then
// their running sum (serial_sums.h). The colour arithmetic is double libm
// (pow, atan2, cos, sin, exp, sqrt) as on the CPU; --fmad=false keeps every
// rounding the CPU makes.
#include "cuda/cuda_check.h"
#include "ciede_cuda.h"
#include "ciede_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = CIEDE_CUDA_BLOCK_W * CIEDE_CUDA_BLOCK_H;

template <bool Hbd>
__global__ void __launch_bounds__(kThreads) pixels(const __grid_constant__ CiedeCudaFrame f)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < f.geo.w && y < f.geo.h)
        ciede_tile_pixel(&f, x, y, Hbd);
}

int enqueue(const CiedeCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    const dim3 block(CIEDE_CUDA_BLOCK_W, CIEDE_CUDA_BLOCK_H);
    const dim3 grid((f->geo.w + CIEDE_CUDA_BLOCK_W - 1) / CIEDE_CUDA_BLOCK_W,
                    (f->geo.h + CIEDE_CUDA_BLOCK_H - 1) / CIEDE_CUDA_BLOCK_H);
    int err;
    if (f->geo.bpc > 8) {
        pixels<true><<<grid, block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(pixels<true>);
    } else {
        pixels<false><<<grid, block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(pixels<false>);
    }
    return err ? err : vmaf_serial_sums_enqueue(&f->serial, f->sum, stream);
}

} // namespace

VMAF_GPU_KERNELS(CiedeGpuKernels, ciede) = {enqueue};
