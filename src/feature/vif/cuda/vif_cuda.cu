// One kernel per scale, a block per tile: the steps of vif_cuda_tile.h with
// the tile in shared memory, the block's sums written as one partial; then
// one block per scale adds the partials into the frame's result. Scales
// past 0 read the planes the kernel of the scale before decimated into.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "vif_cuda.h"
#include "vif_cuda_tile.h"
#include "vif_gpu_launches.hpp"

namespace
{

constexpr unsigned kThreads = VIF_CUDA_THREADS;

__constant__ uint16_t kFilter[VIF_SCALES][VIF_MAX_TAPS] = VIF_FILTER_COEFFICIENTS;

// The block's sums, in thread 0. Each call of vmaf_cuda_block_sum reuses its
// shared scratch: a barrier between them.
__device__ VifSums block_sums(VifSums v)
{
    VifSums r;
    r.num_log = vmaf_cuda_block_sum<kThreads>(v.num_log);
    __syncthreads();
    r.den_log = vmaf_cuda_block_sum<kThreads>(v.den_log);
    __syncthreads();
    r.num_non_log = vmaf_cuda_block_sum<kThreads>(v.num_non_log);
    __syncthreads();
    r.den_non_log = vmaf_cuda_block_sum<kThreads>(v.den_non_log);
    return r;
}

__device__ void add_sums(VifSums *acc, const VifSums &v)
{
    acc->num_log += v.num_log;
    acc->den_log += v.den_log;
    acc->num_non_log += v.num_non_log;
    acc->den_non_log += v.den_non_log;
}

// Two blocks an SM: up to 128 registers a thread keep a column's sums of
// every row of the tile in registers.
template <int Scale, bool Hbd, bool Stat, bool Decimate>
__global__ void __launch_bounds__(kThreads, 2)
    scale_kernel(const __grid_constant__ VifCudaScale s, const uint16_t *log2_table,
                 double gain_limit)
{
    __shared__ VifTile tile;
    vif_tile_column(&s, Scale, kFilter, Hbd, Stat, Decimate, blockIdx.x, blockIdx.y,
                    static_cast<int>(threadIdx.x), &tile);
    __syncthreads();
    if constexpr (Stat) {
        VifSums sums = {0, 0, 0, 0};
        for (unsigned i = threadIdx.x; i < VIF_TILE_RUNS(Scale); i += kThreads)
            vif_tile_statistic(&tile, &s, Scale, kFilter[Scale], blockIdx.x, blockIdx.y, i,
                               log2_table, gain_limit, &sums);
        sums = block_sums(sums);
        if (!threadIdx.x)
            s.partials[blockIdx.y * gridDim.x + blockIdx.x] = sums;
    }
    if constexpr (Decimate) {
        constexpr unsigned outputs = VIF_CUDA_TILE_COLS(Scale) / 2 * VIF_TILE_NEXT_ROWS(Scale);
        for (unsigned i = threadIdx.x; i < outputs; i += kThreads)
            vif_tile_next(&tile, &s, Scale, kFilter[Scale + 1], blockIdx.x, blockIdx.y, i);
    }
}

// Block s: the partials of scale s, none for a skipped scale 0.
__global__ void __launch_bounds__(kThreads) sum_partials(const __grid_constant__ VifCudaFrame f)
{
    const VifCudaScale &s = f.scale[blockIdx.x];
    VifSums acc = {0, 0, 0, 0};
    const unsigned n = s.partials ? s.blocks_x * s.blocks_y : 0;
    for (unsigned i = threadIdx.x; i < n; i += kThreads)
        add_sums(&acc, s.partials[i]);
    acc = block_sums(acc);
    if (!threadIdx.x)
        f.sums[blockIdx.x] = acc;
}

// The launches vif_gpu_launches() makes, on one stream.
struct Launch {
    cudaStream_t stream;

    template <int Scale, bool Hbd, bool Stat, bool Decimate> int scale(const VifCudaFrame *f) const
    {
        const VifCudaScale &s = f->scale[Scale];
        const dim3 grid(s.blocks_x, s.blocks_y);
        scale_kernel<Scale, Hbd, Stat, Decimate>
            <<<grid, kThreads, 0, stream>>>(s, f->log2_table, f->gain_limit);
        return VMAF_CUDA_CHECK_LAUNCH(scale_kernel<Scale, Hbd, Stat, Decimate>);
    }

    int sums(const VifCudaFrame *f) const
    {
        sum_partials<<<VIF_SCALES, kThreads, 0, stream>>>(*f);
        return VMAF_CUDA_CHECK_LAUNCH(sum_partials);
    }
};

int enqueue(const VifCudaFrame *f, VmafCudaStream stream)
{
    return vif_gpu_launches(f, Launch{reinterpret_cast<cudaStream_t>(stream)});
}

} // namespace

VMAF_GPU_KERNELS(VifGpuKernels, vif) = {enqueue};
