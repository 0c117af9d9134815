// The float_motion twin's kernels: the steps of float_motion_cuda_tile.h
// with a block per tile (the blur), per 256 samples (the second scale) and
// per 32 rows (the sums). Float arithmetic in the CPU's order, no fused
// multiply-adds (--fmad=false), IEEE division.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "float_motion_cuda.h"
#include "float_motion_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = FLOAT_MOTION_CUDA_THREADS;

template <unsigned Taps>
__global__ void __launch_bounds__(kThreads) blur(const __grid_constant__ FloatMotionCudaFrame f)
{
    __shared__ FloatMotionTile tile;
    const FloatMotionTileAt at = float_motion_tile_at(&f, blockIdx.x);
    constexpr unsigned in =
        (FLOAT_MOTION_CUDA_TILE_H + Taps - 1) * (FLOAT_MOTION_CUDA_TILE_W + Taps - 1);
    for (unsigned i = threadIdx.x; i < in; i += kThreads)
        float_motion_tile_load(&f, at, Taps, i, &tile);
    __syncthreads();
    constexpr unsigned mid = FLOAT_MOTION_CUDA_TILE_H * (FLOAT_MOTION_CUDA_TILE_W + Taps - 1);
    for (unsigned i = threadIdx.x; i < mid; i += kThreads)
        float_motion_tile_vertical(&f, Taps, i, &tile);
    __syncthreads();
    constexpr unsigned out = FLOAT_MOTION_CUDA_TILE_H * FLOAT_MOTION_CUDA_TILE_W;
    for (unsigned i = threadIdx.x; i < out; i += kThreads)
        float_motion_tile_horizontal(&f, at, Taps, i, &tile);
}

__global__ void __launch_bounds__(kThreads) half(const __grid_constant__ FloatMotionCudaFrame f)
{
    const unsigned p = float_motion_half_plane(&f, blockIdx.x);
    const unsigned block = blockIdx.x - f.plane[p].first_half_block;
    float_motion_half_sample(&f, p, block * kThreads + threadIdx.x);
}

__global__ void __launch_bounds__(kThreads) row_sad(const __grid_constant__ FloatMotionCudaFrame f)
{
    __shared__ FloatMotionSadTile tile;
    unsigned row0;
    const FloatMotionCudaSurface *s =
        float_motion_cuda_surface(&f, float_motion_sad_surface(&f, blockIdx.x, &row0));
    const unsigned chunks = float_motion_sad_chunks(s);
    const bool adder = threadIdx.x < FLOAT_MOTION_CUDA_SAD_ROWS;
    const unsigned loader = threadIdx.x - FLOAT_MOTION_CUDA_SAD_ROWS;
    if (!adder)
        float_motion_sad_load(&f, s, row0, 0, loader, &tile);
    float sum = 0.0f;
    for (unsigned c = 0; c < chunks; c++) {
        // Chunk c is in; the adders are done with the buffer chunk c + 1 goes to.
        __syncthreads();
        if (adder)
            sum = float_motion_sad_add(s, c, threadIdx.x, &tile, sum);
        else if (c + 1 < chunks)
            float_motion_sad_load(&f, s, row0, c + 1, loader, &tile);
    }
    if (adder)
        float_motion_sad_store(&f, s, row0, threadIdx.x, sum);
}

template <unsigned Taps> int launch_blur(const FloatMotionCudaFrame *f, cudaStream_t stream)
{
    blur<Taps><<<f->tiles, kThreads, 0, stream>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(blur<Taps>);
}

int enqueue(const FloatMotionCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    int err = f->n_taps == 3 ? launch_blur<3>(f, s) : launch_blur<5>(f, s);
    if (!err && f->scale1) {
        half<<<f->half_blocks, kThreads, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(half);
    }
    if (err || !f->row_sad)
        return err;
    row_sad<<<f->sad_blocks, kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(row_sad);
}

} // namespace

VMAF_GPU_KERNELS(FloatMotionGpuKernels, float_motion) = {enqueue};
