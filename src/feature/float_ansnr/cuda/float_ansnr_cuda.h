/* The device stage of the float_ansnr twin: both luma planes filtered and
 * each row's energies summed as the CPU sums them (float_ansnr_math.h). */
#ifndef VMAF_FEATURE_FLOAT_ANSNR_CUDA_FLOAT_ANSNR_CUDA_H
#define VMAF_FEATURE_FLOAT_ANSNR_CUDA_FLOAT_ANSNR_CUDA_H

#include <stddef.h>

#include "cuda/cuda_api.h"
#include "feature/float_ansnr/float_ansnr_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of FLOAT_ANSNR_CUDA_THREADS threads per row, walking it in chunks
 * of FLOAT_ANSNR_CUDA_CHUNK outputs, each chunk's sources widened by
 * FLOAT_ANSNR_CUDA_PAD columns a side (the wider kernel's reach). */
enum {
    FLOAT_ANSNR_CUDA_THREADS = 256,
    FLOAT_ANSNR_CUDA_CHUNK = FLOAT_ANSNR_CUDA_THREADS,
    FLOAT_ANSNR_CUDA_PAD = FLOAT_ANSNR_DIS_TAPS / 2,
    FLOAT_ANSNR_CUDA_SPAN = FLOAT_ANSNR_CUDA_CHUNK + 2 * FLOAT_ANSNR_CUDA_PAD,
};

typedef struct FloatAnsnrCudaFrame {
    const void *ref, *dis; /* device luma, rows of pitch bytes */
    size_t pitch;
    unsigned w, h, bpc;
    float divisor; /* 2^(bpc - 8) */
    FloatAnsnrKernels kernels;
    FloatAnsnrEnergy *rows; /* h, on the device */
} FloatAnsnrCudaFrame;

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_ansnr twins). enqueue:
 * rows[y]: the energies of row y, as the CPU's stage sums a row. Queued on stream. */
typedef struct FloatAnsnrGpuKernels {
    int (*enqueue)(const FloatAnsnrCudaFrame *frame, VmafCudaStream stream);
} FloatAnsnrGpuKernels;

extern const FloatAnsnrGpuKernels float_ansnr_cuda_kernels; /* float_ansnr_cuda.cu */
extern const FloatAnsnrGpuKernels float_ansnr_sycl_kernels; /* ../sycl/float_ansnr_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
