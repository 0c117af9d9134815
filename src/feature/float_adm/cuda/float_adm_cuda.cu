// Per level a wavelet kernel (ref and dis, decoupling, weighting, shares
// and reference cubes, a thread per position) and a masking kernel (a
// thread per summed position), then one kernel adds every level's rows
// left to right: the steps of float_adm_cuda_tile.h. Neighbours are read
// from global memory through the cache: each value is computed once and
// every reader gets the same float. Nine launches a frame.
#include "cuda/cuda_check.h"
#include "float_adm_cuda.h"
#include "float_adm_cuda_tile.h"
#include "float_adm_gpu_launches.hpp"

namespace
{

constexpr unsigned kThreads = FLOAT_ADM_CUDA_THREADS;

template <int Kind>
__global__ void __launch_bounds__(kThreads) dwt_kernel(const __grid_constant__ FloatAdmCudaLevel l)
{
    float_adm_cuda_dwt_thread(&l, Kind, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
}

__global__ void __launch_bounds__(kThreads) mask_kernel(const __grid_constant__ FloatAdmCudaLevel l)
{
    float_adm_cuda_mask_thread(&l, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
}

__global__ void __launch_bounds__(FLOAT_ADM_CUDA_ROW_THREADS)
    row_kernel(const __grid_constant__ FloatAdmCudaRows r)
{
    float_adm_cuda_row_thread(&r, blockIdx.x, threadIdx.x);
}

dim3 block()
{
    return dim3(FLOAT_ADM_CUDA_TILE_W, FLOAT_ADM_CUDA_TILE_H);
}

// The launches float_adm_gpu_launches() makes, on one stream.
struct Launch {
    cudaStream_t stream;

    template <int Kind> int dwt(const FloatAdmCudaLevel &l) const
    {
        dwt_kernel<Kind><<<dim3(l.grid_w, l.grid_h), block(), 0, stream>>>(l);
        return VMAF_CUDA_CHECK_LAUNCH(dwt_kernel<Kind>);
    }

    int mask(const FloatAdmCudaLevel &l) const
    {
        mask_kernel<<<dim3(l.mask_grid_w, l.mask_grid_h), block(), 0, stream>>>(l);
        return VMAF_CUDA_CHECK_LAUNCH(mask_kernel);
    }

    int rows(const FloatAdmCudaFrame &f) const
    {
        row_kernel<<<f.rows.blocks_at[FLOAT_ADM_SCALES], FLOAT_ADM_CUDA_ROW_THREADS, 0, stream>>>(
            f.rows);
        return VMAF_CUDA_CHECK_LAUNCH(row_kernel);
    }
};

int enqueue(const FloatAdmCudaFrame *f, VmafCudaStream stream)
{
    return float_adm_gpu_launches(f, Launch{reinterpret_cast<cudaStream_t>(stream)});
}

} // namespace

VMAF_GPU_KERNELS(FloatAdmGpuKernels, float_adm) = {enqueue};
