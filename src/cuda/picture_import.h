/* Planes that a decoder left in device memory, written into a device
 * picture: copied as is, or with samples stored in the high bits of 16-bit
 * words (P010, P016) shifted down to the picture's depth, and interleaved
 * chroma (NV12, P010) split into its two planes. */
#ifndef VMAF_CUDA_PICTURE_IMPORT_H
#define VMAF_CUDA_PICTURE_IMPORT_H

#include <stddef.h>

#include "cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 16-bit samples: dst = src >> shift, w x h, on stream. 0 or -EIO (logged). */
int vmaf_cuda_shift_plane(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                          unsigned w, unsigned h, unsigned shift, VmafCudaStream stream);

/* U and V interleaved in src (samples of `bytes` bytes, each w x h pairs)
 * into the planes u and v (same pitch), each sample >> shift, on stream.
 * 0 or -EIO (logged). */
int vmaf_cuda_split_chroma(void *u, void *v, size_t dst_pitch, const void *src, size_t src_pitch,
                           unsigned w, unsigned h, unsigned bytes, unsigned shift,
                           VmafCudaStream stream);

#ifdef __cplusplus
}
#endif

#endif
