// One block per row, walking it in chunks: the chunk's sources into shared
// memory, every output of both filters by its thread, then one thread adds
// the chunk's energies to the row's, in the CPU's order
// (float_ansnr_cuda_tile.h). Float sums cannot be regrouped without
// changing their bits, so the additions along a row stay sequential.
#include "cuda/cuda_check.h"
#include "float_ansnr_cuda.h"
#include "float_ansnr_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_ANSNR_CUDA_THREADS;

template <bool Hbd>
__global__ void __launch_bounds__(kThreads)
    row_energies(const __grid_constant__ FloatAnsnrCudaFrame f)
{
    __shared__ FloatAnsnrTile tile;
    const unsigned y = blockIdx.x, t = threadIdx.x;
    FloatAnsnrEnergy row = {0, 0};
    for (unsigned c0 = 0; c0 < f.w; c0 += FLOAT_ANSNR_CUDA_CHUNK) {
        for (unsigned q = t; q < FLOAT_ANSNR_CUDA_SPAN; q += kThreads)
            float_ansnr_tile_load(&f, y, c0, q, Hbd, &tile);
        __syncthreads();
        float_ansnr_tile_filter(&f, c0, t, &tile);
        __syncthreads();
        if (!t)
            float_ansnr_tile_energies(&f, c0, &tile, &row);
        // The next chunk overwrites the tile.
        __syncthreads();
    }
    if (!t)
        f.rows[y] = row;
}

int enqueue(const FloatAnsnrCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (f->bpc > 8) {
        row_energies<true><<<f->h, kThreads, 0, s>>>(*f);
        return VMAF_CUDA_CHECK_LAUNCH(row_energies<true>);
    }
    row_energies<false><<<f->h, kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(row_energies<false>);
}

} // namespace

VMAF_GPU_KERNELS(FloatAnsnrGpuKernels, float_ansnr) = {enqueue};
