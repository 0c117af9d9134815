/* Luma that a decoder left in device memory, written into a device
 * picture: copied as is, or with samples stored in the high bits of 16-bit
 * words (P010, P016) shifted down to the picture's depth. */
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

#ifdef __cplusplus
}
#endif

#endif
