// The SSIM pass: a block per tile of window positions of one pass (the
// launch's z), the steps of ssim_pass_cuda_tile.h with the tile in shared
// memory.
#include <cerrno>

#include "cuda/cuda_check.h"
#include "ssim_pass_cuda.h"
#include "ssim_pass_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = SSIM_PASS_CUDA_THREADS;

__constant__ float kTaps[SSIM_WINDOW] = FLOAT_SSIM_GAUSSIAN_TAPS;

__global__ void __launch_bounds__(kThreads)
    pass_terms(const __grid_constant__ SsimPassLaunch passes, float c1, float c2, float c3)
{
    const SsimPassCuda &p = passes.pass[blockIdx.z];
    const unsigned bx = blockIdx.x, by = blockIdx.y;
    if (bx >= ssim_pass_cuda_blocks_x(&p) || by >= ssim_pass_cuda_blocks_y(&p))
        return;
    __shared__ SsimPassTile tile;
    for (unsigned i = threadIdx.x; i < SSIM_PASS_TILE_IN_H * SSIM_PASS_TILE_IN_W; i += kThreads)
        ssim_pass_tile_load(&tile, &p, bx, by, i);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < SSIM_PASS_TILE_IN_H * SSIM_PASS_CUDA_TILE_W; i += kThreads)
        ssim_pass_tile_rows(&tile, kTaps, i);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < SSIM_PASS_CUDA_TILE_H * SSIM_PASS_CUDA_TILE_W; i += kThreads)
        ssim_pass_tile_terms(&tile, &p, kTaps, c1, c2, c3, bx, by, i);
}

} // namespace

extern "C" int ssim_pass_cuda_terms(const SsimPassCuda *pass, unsigned count, float c1, float c2,
                                    float c3, VmafCudaStream stream)
{
    if (!count || count > SSIM_PASS_CUDA_MAX)
        return -EINVAL;
    SsimPassLaunch args = {};
    ssim_pass_launch_of(pass, count, &args);
    const dim3 grid(args.blocks_x, args.blocks_y, count);
    pass_terms<<<grid, kThreads, 0, reinterpret_cast<cudaStream_t>(stream)>>>(args, c1, c2, c3);
    return VMAF_CUDA_CHECK_LAUNCH(pass_terms);
}
