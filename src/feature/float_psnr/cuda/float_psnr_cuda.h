/* The device stage of the float_psnr twin: each row's squared errors as
 * exact counts (float_psnr_math.h), summed on the device. */
#ifndef VMAF_FEATURE_FLOAT_PSNR_CUDA_FLOAT_PSNR_CUDA_H
#define VMAF_FEATURE_FLOAT_PSNR_CUDA_FLOAT_PSNR_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of FLOAT_PSNR_CUDA_THREADS threads per row. */
enum { FLOAT_PSNR_CUDA_THREADS = 256 };

typedef struct FloatPsnrCudaFrame {
    const void *ref, *dis; /* device luma, rows of pitch bytes */
    size_t pitch;
    unsigned w, h, bpc;
    float divisor;     /* 2^(bpc - 8) */
    uint64_t *row_sse; /* h counts of 1 / divisor^2, on the device */
} FloatPsnrCudaFrame;

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_psnr twins). enqueue:
 * row_sse[y]: the sum of row y's squared errors as counts. Queued on stream. */
typedef struct FloatPsnrGpuKernels {
    int (*enqueue)(const FloatPsnrCudaFrame *frame, VmafCudaStream stream);
} FloatPsnrGpuKernels;

extern const FloatPsnrGpuKernels float_psnr_cuda_kernels; /* float_psnr_cuda.cu */
extern const FloatPsnrGpuKernels float_psnr_sycl_kernels; /* ../sycl/float_psnr_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
