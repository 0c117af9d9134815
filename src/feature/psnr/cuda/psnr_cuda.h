/* The device stage of the psnr twin: squared errors summed per row. */
#ifndef VMAF_FEATURE_PSNR_CUDA_PSNR_CUDA_H
#define VMAF_FEATURE_PSNR_CUDA_PSNR_CUDA_H

#include <stddef.h>
#include <stdint.h>

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

/* row_sse[y] of each plane: for 8-bit samples the row's sum modulo 2^32, as
 * the CPU extractor keeps it, else the exact sum. Queued on stream. */
int psnr_cuda_row_sse(const PsnrCudaPlane plane[3], unsigned planes, unsigned bpc,
                      VmafCudaStream stream);

#ifdef __cplusplus
}
#endif

#endif
