// One block per row and plane: the row's squared errors are summed in
// integers, so the order of the additions cannot change the result.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "psnr_cuda.h"

namespace
{

constexpr unsigned kThreads = 256;

// 8-bit: each square fits 16 bits and the row sum wraps modulo 2^32, as the
// CPU's does; 16-bit: each square fits 32 bits unsigned, summed in 64.
template <typename Sample, typename Acc> __global__ void row_sse(PsnrCudaPlanes planes)
{
    const PsnrCudaPlane &p = planes.plane[blockIdx.y];
    const unsigned y = blockIdx.x;
    if (y >= p.h)
        return;
    const Sample *ref =
        reinterpret_cast<const Sample *>(static_cast<const char *>(p.ref) + y * p.pitch);
    const Sample *dist =
        reinterpret_cast<const Sample *>(static_cast<const char *>(p.dist) + y * p.pitch);
    Acc acc = 0;
    for (unsigned x = threadIdx.x; x < p.w; x += kThreads)
        acc += psnr_square_error(ref[x], dist[x]);
    acc = vmaf_cuda_block_sum<kThreads>(acc);
    if (!threadIdx.x)
        p.row_sse[y] = acc;
}

int row_sse_all(const PsnrCudaPlane plane[3], unsigned planes, unsigned bpc, VmafCudaStream stream)
{
    PsnrCudaPlanes args = {};
    const unsigned rows = psnr_cuda_planes_of(plane, planes, &args);
    if (!rows)
        return 0;
    const dim3 grid(rows, planes);
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (bpc == 8) {
        row_sse<uint8_t, uint32_t><<<grid, kThreads, 0, s>>>(args);
        return VMAF_CUDA_CHECK_LAUNCH(row_sse<uint8_t, uint32_t>);
    }
    row_sse<uint16_t, uint64_t><<<grid, kThreads, 0, s>>>(args);
    return VMAF_CUDA_CHECK_LAUNCH(row_sse<uint16_t, uint64_t>);
}

} // namespace

VMAF_GPU_KERNELS(PsnrGpuKernels, psnr) = {row_sse_all};
