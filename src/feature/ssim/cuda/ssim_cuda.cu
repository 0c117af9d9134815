// A block per tile: the steps of ssim_cuda_tile.h with the tile in shared
// memory; then the values are added up in raster order as the CPU's
// running sum does (cuda/serial_sums.h).
#include "cuda/cuda_check.h"
#include "ssim_cuda.h"
#include "ssim_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = SSIM_CUDA_THREADS;

__global__ void __launch_bounds__(kThreads) pixel_values(const __grid_constant__ SsimCudaFrame f)
{
    __shared__ SsimTile tile;
    const unsigned bx = blockIdx.x, by = blockIdx.y;
    for (unsigned i = threadIdx.x; i < SSIM_TILE_IN_H * SSIM_TILE_IN_W; i += kThreads)
        ssim_tile_load(&tile, &f, bx, by, i);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < SSIM_TILE_IN_H * SSIM_CUDA_TILE_W; i += kThreads)
        ssim_tile_rows(&tile, i);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < SSIM_CUDA_TILE_H * SSIM_CUDA_TILE_W; i += kThreads)
        ssim_tile_pixel(&tile, &f, bx, by, i);
}

int enqueue(const SsimCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    const dim3 grid(ssim_cuda_blocks_x(f->w), ssim_cuda_blocks_y(f->h));
    pixel_values<<<grid, kThreads, 0, s>>>(*f);
    const int err = VMAF_CUDA_CHECK_LAUNCH(pixel_values);
    return err ? err : vmaf_serial_sums_enqueue(&f->serial, f->sum, stream);
}

} // namespace

VMAF_GPU_KERNELS(SsimGpuKernels, ssim) = {enqueue};
