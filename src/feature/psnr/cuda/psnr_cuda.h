/* The device stage of the psnr twin: squared errors summed per row. */
#ifndef VMAF_FEATURE_PSNR_CUDA_PSNR_CUDA_H
#define VMAF_FEATURE_PSNR_CUDA_PSNR_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "cuda/cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PsnrCudaPlane {
    const void *ref, *dist; /* device rows of pitch bytes */
    size_t pitch;
    unsigned w, h;
    uint64_t *row_sse; /* h sums, on the device */
} PsnrCudaPlane;

/* The planes of one launch, given to the kernel by value. */
typedef struct PsnrCudaPlanes {
    PsnrCudaPlane plane[3];
} PsnrCudaPlanes;

/* *args: the first `planes` of plane; returns the rows of the tallest, the
 * launch's rows (0: nothing to launch). */
static inline unsigned psnr_cuda_planes_of(const PsnrCudaPlane plane[3], unsigned planes,
                                           PsnrCudaPlanes *args)
{
    unsigned rows = 0;
    for (unsigned i = 0; i < planes; i++) {
        args->plane[i] = plane[i];
        rows = plane[i].h > rows ? plane[i].h : rows;
    }
    return rows;
}

/* A sample's squared error, the term both backends' kernels add: 8-bit
 * samples' fit 16 bits, 16-bit samples' 32 bits unsigned. */
static inline VMAF_HD uint32_t psnr_square_error(uint32_t ref, uint32_t dist)
{
    const uint32_t e = ref > dist ? ref - dist : dist - ref;
    return e * e;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the psnr
 * twins). row_sse: row_sse[y] of each plane, for 8-bit samples the row's
 * sum modulo 2^32, as the CPU extractor keeps it, else the exact sum; queued
 * on stream. */
typedef struct PsnrGpuKernels {
    int (*row_sse)(const PsnrCudaPlane plane[3], unsigned planes, unsigned bpc,
                   VmafCudaStream stream);
} PsnrGpuKernels;

extern const PsnrGpuKernels psnr_cuda_kernels; /* psnr_cuda.cu */
extern const PsnrGpuKernels psnr_sycl_kernels; /* ../sycl/psnr_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
