// One kernel per scale, a block per FLOAT_VIF_CUDA_TILE_ROWS rows walking
// them chunk by chunk from the left: the steps of float_vif_cuda_tile.h with
// the chunk in shared memory. Each row's sums are added in one thread, left
// to right, as the CPU adds them; scales past 0 read the planes the kernel
// of the scale before decimated into. Four launches a frame.
#include "cuda/cuda_check.h"
#include "float_vif_cuda.h"
#include "float_vif_cuda_tile.h"
#include "float_vif_gpu_launches.hpp"

namespace
{

constexpr unsigned kThreads = FLOAT_VIF_CUDA_THREADS;

template <int Kind, bool Stat, bool Decimate>
__global__ void __launch_bounds__(kThreads)
    scale_kernel(const __grid_constant__ FloatVifCudaScale s)
{
    __shared__ FloatVifTile tile;
    const unsigned by = blockIdx.x, t = threadIdx.x;
    float row_sum = 0.0f;
    for (unsigned chunk = 0; chunk < s.chunks; chunk++) {
        float_vif_tile_column(&s, Kind, Stat, Decimate, by, chunk, static_cast<int>(t), &tile);
        __syncthreads();
        if constexpr (Stat) {
            for (unsigned i = t; i < FLOAT_VIF_CUDA_TILE_ROWS * s.cols; i += kThreads)
                float_vif_tile_statistic(&tile, &s, by, chunk, i);
        }
        if constexpr (Decimate) {
            for (unsigned i = t; i < FLOAT_VIF_TILE_NEXT_ROWS * (s.cols / 2); i += kThreads)
                float_vif_tile_next(&tile, &s, by, chunk, i);
        }
        __syncthreads();
        // The next chunk's terms are written after its first barrier, which
        // these lanes reach once they have read this chunk's.
        if (Stat && t < FLOAT_VIF_TILE_LANES)
            float_vif_tile_add_row(&tile, &s, by, chunk, t, &row_sum);
    }
    if (Stat && t < FLOAT_VIF_TILE_LANES)
        float_vif_tile_store_row(&s, by, t, row_sum);
}

// The launches float_vif_gpu_launches() makes, on one stream.
struct Launch {
    cudaStream_t stream;

    template <int Kind, bool Stat, bool Decimate> int scale(const FloatVifCudaScale &s) const
    {
        scale_kernel<Kind, Stat, Decimate><<<s.blocks, kThreads, 0, stream>>>(s);
        return VMAF_CUDA_CHECK_LAUNCH(scale_kernel<Kind, Stat, Decimate>);
    }
};

int enqueue(const FloatVifCudaFrame *f, VmafCudaStream stream)
{
    return float_vif_gpu_launches(f, Launch{reinterpret_cast<cudaStream_t>(stream)});
}

} // namespace

VMAF_GPU_KERNELS(FloatVifGpuKernels, float_vif) = {enqueue};
