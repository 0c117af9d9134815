// The frame's kernels: a thread per pixel for the colour differences and
// the first that is not 0, then one block for their running sum. The
// colour arithmetic is double libm (pow, atan2, cos, sin, exp, sqrt) as on
// the CPU; --fmad=false keeps every rounding the CPU makes.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/serial_sum.cuh"
#include "ciede_cuda.h"
#include "ciede_cuda_tile.h"

namespace
{

constexpr unsigned kThreads = CIEDE_CUDA_BLOCK_W * CIEDE_CUDA_BLOCK_H;

template <bool Hbd>
__global__ void __launch_bounds__(kThreads) pixels(const __grid_constant__ CiedeCudaFrame f)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    uint32_t first = ciede_tile_pixel(&f, x, y, Hbd);
    // One atomic a warp: most pixels of a distorted frame differ.
    for (int offset = 16; offset; offset >>= 1)
        first = min(first, __shfl_down_sync(0xffffffffu, first, offset));
    if (first != CIEDE_CUDA_NONE && !(threadIdx.x % 32))
        atomicMin(f.first_nonzero, first);
}

__global__ void __launch_bounds__(SERIAL_SUM_THREADS) sum(const __grid_constant__ CiedeCudaFrame f)
{
    const size_t n = (size_t)f.geo.w * f.geo.h, first = *f.first_nonzero;
    // The differences before first are +0 or -0: the CPU's sum is +0 there.
    const double s = first < n ? vmaf_serial_sum(f.diff + first, n - first) : 0.0;
    if (!threadIdx.x)
        *f.sum = s;
}

} // namespace

extern "C" int ciede_cuda_enqueue(const CiedeCudaFrame *f, VmafCudaStream stream)
{
    static_assert(CIEDE_CUDA_BLOCK_W == 32, "a block row is a warp");
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    int err =
        VMAF_CUDA_CHECK(cudaMemsetAsync(f->first_nonzero, 0xff, sizeof(*f->first_nonzero), st));
    if (err)
        return err;
    const dim3 block(CIEDE_CUDA_BLOCK_W, CIEDE_CUDA_BLOCK_H);
    const dim3 grid((f->geo.w + CIEDE_CUDA_BLOCK_W - 1) / CIEDE_CUDA_BLOCK_W,
                    (f->geo.h + CIEDE_CUDA_BLOCK_H - 1) / CIEDE_CUDA_BLOCK_H);
    if (f->geo.bpc > 8) {
        pixels<true><<<grid, block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(pixels<true>);
    } else {
        pixels<false><<<grid, block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(pixels<false>);
    }
    if (err)
        return err;
    sum<<<1, SERIAL_SUM_THREADS, 0, st>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(sum);
}
