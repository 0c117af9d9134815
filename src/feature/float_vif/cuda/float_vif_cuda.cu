// One kernel per scale, a block per FLOAT_VIF_CUDA_TILE_ROWS rows walking
// them chunk by chunk from the left: the steps of float_vif_cuda_tile.h with
// the chunk in shared memory. Each row's sums are added in one thread, left
// to right, as the CPU adds them; scales past 0 read the planes the kernel
// of the scale before decimated into. Four launches a frame.
#include "cuda/cuda_check.h"
#include "float_vif_cuda.h"
#include "float_vif_cuda_tile.h"

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

template <int Kind, bool Stat, bool Decimate>
int launch(const FloatVifCudaScale &s, cudaStream_t stream)
{
    scale_kernel<Kind, Stat, Decimate><<<s.blocks, kThreads, 0, stream>>>(s);
    return VMAF_CUDA_CHECK_LAUNCH(scale_kernel<Kind, Stat, Decimate>);
}

template <int Kind> int launch_scale0(const FloatVifCudaScale &s, cudaStream_t stream)
{
    return s.rows ? launch<Kind, true, true>(s, stream) : launch<Kind, false, true>(s, stream);
}

int enqueue(const FloatVifCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    const FloatVifCudaScale s0 = float_vif_cuda_scale(f, 0);
    int err = s0.kind == FLOAT_VIF_CUDA_U8 ? launch_scale0<FLOAT_VIF_CUDA_U8>(s0, st)
                                           : launch_scale0<FLOAT_VIF_CUDA_U16>(s0, st);
    for (unsigned scale = 1; !err && scale < FLOAT_VIF_SCALES; scale++) {
        const FloatVifCudaScale s = float_vif_cuda_scale(f, scale);
        err = scale + 1 < FLOAT_VIF_SCALES ? launch<FLOAT_VIF_CUDA_F32, true, true>(s, st)
                                           : launch<FLOAT_VIF_CUDA_F32, true, false>(s, st);
    }
    return err;
}

} // namespace

extern "C" const FloatVifGpuKernels float_vif_cuda_kernels = {enqueue};
