// Per scale a wavelet kernel (a block per tile of one picture, ref and dis
// in one launch) and a masking kernel (a block per tile of the region, a
// warp per tile row, one partial per row and sum), then one kernel adds
// every scale's partials row by row: the steps of adm_cuda_tile.h with the
// tiles in shared memory. Nine launches a frame.
#include <cstdint>

#include "adm_cuda.h"
#include "adm_cuda_tile.h"
#include "adm_gpu_launches.hpp"
#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"

namespace
{

constexpr unsigned kThreads = ADM_CUDA_THREADS;

template <int Kind, int Scale>
__global__ void __launch_bounds__(kThreads) dwt_kernel(const __grid_constant__ AdmCudaDwt d)
{
    __shared__ AdmDwtTile tile;
    const int img = static_cast<int>(blockIdx.z);
    const int bx = static_cast<int>(blockIdx.x), by = static_cast<int>(blockIdx.y);
    for (int i = threadIdx.x; i < ADM_CUDA_DWT_TILE_H * ADM_TILE_SLOTS; i += kThreads)
        adm_tile_dwt_vertical(&d, Kind, Scale, img, bx, by, i, &tile);
    __syncthreads();
    adm_tile_dwt_horizontal(&d, Scale, img, bx, by, static_cast<int>(threadIdx.x), &tile);
}

__device__ uint64_t warp_sum(uint64_t v)
{
    for (int offset = 16; offset; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// blockDim (ADM_CUDA_MASK_TILE_W, ADM_CUDA_MASK_TILE_H): warp ty sums tile
// row ty.
template <bool Scale0, bool Aim>
__global__ void __launch_bounds__(kThreads) mask_kernel(const __grid_constant__ AdmCudaMask m)
{
    __shared__ AdmMaskTile tile;
    const int bx = static_cast<int>(blockIdx.x), by = static_cast<int>(blockIdx.y);
    const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
    for (int k = ty * ADM_CUDA_MASK_TILE_W + tx; k < ADM_TILE_RING; k += kThreads)
        adm_tile_decouple(&m, Scale0, Aim, bx, by, k, &tile);
    __syncthreads();
    uint64_t sums[ADM_CUDA_SUMS];
    adm_tile_sums(&m, Scale0, Aim, bx, by, tx, ty, &tile, sums);
    const unsigned row = static_cast<unsigned>(by * ADM_CUDA_MASK_TILE_H + ty);
#pragma unroll
    for (int q = 0; q < ADM_CUDA_SUMS; q++) {
        const uint64_t v = warp_sum(sums[q]);
        if (!tx && row < m.rows)
            m.partials[adm_cuda_partial(&m, q, blockIdx.x, row)] = v;
    }
}

// Block (q, s): sum q of scale s, zero for a skipped scale.
__global__ void __launch_bounds__(kThreads) reduce_kernel(const __grid_constant__ AdmCudaFrame f)
{
    const int q = static_cast<int>(blockIdx.x), s = static_cast<int>(blockIdx.y);
    const AdmCudaMask &m = f.mask[s];
    uint64_t acc = 0;
    for (unsigned row = threadIdx.x; m.partials && row < m.rows; row += kThreads)
        acc += adm_cuda_row_sum(&m, q, row);
    acc = vmaf_cuda_block_sum<kThreads>(acc);
    if (!threadIdx.x)
        f.sums[s * ADM_CUDA_SUMS + q] = acc;
}

// The launches adm_gpu_launches() makes, on one stream.
struct Launch {
    cudaStream_t stream;

    template <int Kind, int Scale> int dwt(const AdmCudaDwt &d) const
    {
        const dim3 grid(adm_cuda_dwt_blocks_x(&d), adm_cuda_dwt_blocks_y(&d), 2);
        dwt_kernel<Kind, Scale><<<grid, kThreads, 0, stream>>>(d);
        return VMAF_CUDA_CHECK_LAUNCH(dwt_kernel<Kind, Scale>);
    }

    template <bool Scale0, bool Aim> int mask(const AdmCudaMask &m) const
    {
        const dim3 grid(m.tiles, adm_cuda_mask_blocks_y(&m));
        const dim3 block(ADM_CUDA_MASK_TILE_W, ADM_CUDA_MASK_TILE_H);
        mask_kernel<Scale0, Aim><<<grid, block, 0, stream>>>(m);
        return VMAF_CUDA_CHECK_LAUNCH(mask_kernel<Scale0, Aim>);
    }

    int reduce(const AdmCudaFrame &f) const
    {
        reduce_kernel<<<dim3(ADM_CUDA_SUMS, ADM_SCALES), kThreads, 0, stream>>>(f);
        return VMAF_CUDA_CHECK_LAUNCH(reduce_kernel);
    }
};

int enqueue(const AdmCudaFrame *f, VmafCudaStream stream)
{
    return adm_gpu_launches(f, Launch{reinterpret_cast<cudaStream_t>(stream)});
}

} // namespace

VMAF_GPU_KERNELS(AdmGpuKernels, adm) = {enqueue};
