// One thread a sample pair: 16-bit samples stored MSB-aligned (P010) are
// brought down to the picture's bit depth.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "picture_import.h"

namespace
{

constexpr unsigned kThreadsX = 64, kThreadsY = 4;

__global__ void shift_plane(uint16_t *dst, size_t dst_pitch, const uint16_t *src, size_t src_pitch,
                            unsigned w, unsigned h, unsigned shift)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    const uint16_t *s =
        reinterpret_cast<const uint16_t *>(reinterpret_cast<const char *>(src) + y * src_pitch);
    uint16_t *d = reinterpret_cast<uint16_t *>(reinterpret_cast<char *>(dst) + y * dst_pitch);
    d[x] = static_cast<uint16_t>(s[x] >> shift);
}

} // namespace

extern "C" int vmaf_cuda_shift_plane(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                                     unsigned w, unsigned h, unsigned shift, VmafCudaStream stream)
{
    if (!w || !h)
        return 0;
    const dim3 block(kThreadsX, kThreadsY);
    const dim3 grid((w + kThreadsX - 1) / kThreadsX, (h + kThreadsY - 1) / kThreadsY);
    shift_plane<<<grid, block, 0, reinterpret_cast<cudaStream_t>(stream)>>>(
        static_cast<uint16_t *>(dst), dst_pitch, static_cast<const uint16_t *>(src), src_pitch, w,
        h, shift);
    return VMAF_CUDA_CHECK_LAUNCH(shift_plane);
}
