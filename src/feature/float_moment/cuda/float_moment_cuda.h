/* The device stage of the float_moment twin: each row's sums of samples and
 * of their squares as exact counts (float_moment_math.h), for both
 * pictures. */
#ifndef VMAF_FEATURE_FLOAT_MOMENT_CUDA_FLOAT_MOMENT_CUDA_H
#define VMAF_FEATURE_FLOAT_MOMENT_CUDA_FLOAT_MOMENT_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of FLOAT_MOMENT_CUDA_THREADS threads per row and picture. */
enum { FLOAT_MOMENT_CUDA_THREADS = 256 };

/* One row's sums: the samples as counts of 1 / divisor (the integer
 * samples), their squares as counts of 1 / divisor^2. */
typedef struct FloatMomentCudaSums {
    uint64_t samples, squares;
} FloatMomentCudaSums;

typedef struct FloatMomentCudaFrame {
    const void *pic[2]; /* device luma of ref and dis, rows of pitch bytes */
    size_t pitch;
    unsigned w, h, bpc;
    float divisor;             /* 2^(bpc - 8) */
    FloatMomentCudaSums *rows; /* 2 x h on the device: ref's rows, then dis's */
} FloatMomentCudaFrame;

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_moment twins). enqueue:
 * rows[p * h + y]: the sums of row y of picture p. Queued on stream. */
typedef struct FloatMomentGpuKernels {
    int (*enqueue)(const FloatMomentCudaFrame *frame, VmafCudaStream stream);
} FloatMomentGpuKernels;

extern const FloatMomentGpuKernels float_moment_cuda_kernels; /* float_moment_cuda.cu */
extern const FloatMomentGpuKernels float_moment_sycl_kernels; /* ../sycl/float_moment_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
