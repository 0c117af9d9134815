// One thread a sample, or a chroma pair: 16-bit samples stored MSB-aligned
// (P010) are brought down to the picture's bit depth; interleaved chroma is
// split into the picture's two planes.
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

template <typename T>
__global__ void split_chroma(T *u, T *v, size_t dst_pitch, const T *src, size_t src_pitch,
                             unsigned w, unsigned h, unsigned shift)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    const T *s = reinterpret_cast<const T *>(reinterpret_cast<const char *>(src) + y * src_pitch);
    const size_t row = y * dst_pitch;
    reinterpret_cast<T *>(reinterpret_cast<char *>(u) + row)[x] = static_cast<T>(s[2 * x] >> shift);
    reinterpret_cast<T *>(reinterpret_cast<char *>(v) + row)[x] =
        static_cast<T>(s[2 * x + 1] >> shift);
}

dim3 grid_of(unsigned w, unsigned h)
{
    return dim3((w + kThreadsX - 1) / kThreadsX, (h + kThreadsY - 1) / kThreadsY);
}

} // namespace

extern "C" int vmaf_cuda_shift_plane(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                                     unsigned w, unsigned h, unsigned shift, VmafCudaStream stream)
{
    if (!w || !h)
        return 0;
    const dim3 block(kThreadsX, kThreadsY);
    shift_plane<<<grid_of(w, h), block, 0, reinterpret_cast<cudaStream_t>(stream)>>>(
        static_cast<uint16_t *>(dst), dst_pitch, static_cast<const uint16_t *>(src), src_pitch, w,
        h, shift);
    return VMAF_CUDA_CHECK_LAUNCH(shift_plane);
}

extern "C" int vmaf_cuda_split_chroma(void *u, void *v, size_t dst_pitch, const void *src,
                                      size_t src_pitch, unsigned w, unsigned h, unsigned bytes,
                                      unsigned shift, VmafCudaStream stream)
{
    if (!w || !h)
        return 0;
    const dim3 block(kThreadsX, kThreadsY);
    const cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (bytes == 1)
        split_chroma<<<grid_of(w, h), block, 0, s>>>(
            static_cast<uint8_t *>(u), static_cast<uint8_t *>(v), dst_pitch,
            static_cast<const uint8_t *>(src), src_pitch, w, h, shift);
    else
        split_chroma<<<grid_of(w, h), block, 0, s>>>(
            static_cast<uint16_t *>(u), static_cast<uint16_t *>(v), dst_pitch,
            static_cast<const uint16_t *>(src), src_pitch, w, h, shift);
    return VMAF_CUDA_CHECK_LAUNCH(split_chroma);
}
