/* The CUDA backend of a VmafContext (vmaf_cuda_import_state()): its device,
 * the shared frame, created with the first twin, and the pinned picture
 * pool. */
#ifndef VMAF_CUDA_CUDA_STATE_H
#define VMAF_CUDA_CUDA_STATE_H

#include "libvmaf/libvmaf.h"
#include "shared_frame.h"

/* The shared frame and device of the backend state given to a twin
 * (VmafFexContext.backend); the first twin creates the frame. */
int vmaf_cuda_backend_frame(void *backend, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                            unsigned h, VmafCudaSharedFrame **frame, const VmafCudaDevice **dev);

/* The upload statistics of vmaf's shared frame so far; -ENOENT without one. */
int vmaf_cuda_frame_stats(const VmafContext *vmaf, VmafCudaFrameStats *stats);

#endif
