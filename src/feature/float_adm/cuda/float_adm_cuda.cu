// Per level a wavelet kernel (ref and dis, decoupling, weighting, shares
// and reference cubes, a thread per position) and a masking kernel (a
// thread per summed position), then one kernel adds every level's rows
// left to right: the steps of float_adm_cuda_tile.h. Neighbours are read
// from global memory through the cache: each value is computed once and
// every reader gets the same float. Nine launches a frame.
#include "cuda/cuda_check.h"
#include "float_adm_cuda.h"
#include "float_adm_cuda_tile.h"

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

template <int Kind> int launch_dwt(const FloatAdmCudaLevel &l, cudaStream_t stream)
{
    dwt_kernel<Kind><<<dim3(l.grid_w, l.grid_h), block(), 0, stream>>>(l);
    return VMAF_CUDA_CHECK_LAUNCH(dwt_kernel<Kind>);
}

int launch_level(const FloatAdmCudaLevel &l, cudaStream_t stream)
{
    int err;
    switch (l.src_kind) {
    case FLOAT_ADM_CUDA_U8:
        err = launch_dwt<FLOAT_ADM_CUDA_U8>(l, stream);
        break;
    case FLOAT_ADM_CUDA_U16:
        err = launch_dwt<FLOAT_ADM_CUDA_U16>(l, stream);
        break;
    default:
        err = launch_dwt<FLOAT_ADM_CUDA_F32>(l, stream);
    }
    if (err || !l.details)
        return err;
    mask_kernel<<<dim3(l.mask_grid_w, l.mask_grid_h), block(), 0, stream>>>(l);
    return VMAF_CUDA_CHECK_LAUNCH(mask_kernel);
}

int enqueue(const FloatAdmCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    int err = 0;
    for (int level = 0; !err && level < FLOAT_ADM_SCALES; level++)
        err = launch_level(f->level[level], s);
    if (err)
        return err;
    row_kernel<<<f->rows.blocks_at[FLOAT_ADM_SCALES], FLOAT_ADM_CUDA_ROW_THREADS, 0, s>>>(f->rows);
    return VMAF_CUDA_CHECK_LAUNCH(row_kernel);
}

} // namespace

extern "C" const FloatAdmGpuKernels float_adm_cuda_kernels = {enqueue};
