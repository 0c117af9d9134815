/* The device stage of the psnr_hvs twin: every 8x8 block pair of every plane
 * transformed and masked by one thread (psnr_hvs_math.h), its 64 error terms
 * written out for the host, which adds them in the CPU's order. */
#ifndef VMAF_FEATURE_PSNR_HVS_CUDA_PSNR_HVS_CUDA_H
#define VMAF_FEATURE_PSNR_HVS_CUDA_PSNR_HVS_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "cuda/cuda_api.h"
#include "feature/psnr_hvs/psnr_hvs_dsp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A CUDA block of PSNR_HVS_CUDA_THREADS threads, one 8x8 block pair each.
 * Blocks are numbered plane after plane, each plane's in raster order from
 * a multiple of PSNR_HVS_CUDA_GROUP, so that a warp never spans two planes
 * (its tables are then read uniformly) and the terms of a group are stored
 * coefficient-major: one coalesced row of floats per coefficient. */
enum { PSNR_HVS_CUDA_THREADS = 128, PSNR_HVS_CUDA_GROUP = 32 };

typedef struct PsnrHvsCudaPlane {
    /* This frame's shared planes of ref (0) and dis (1): samples as in
     * VmafPicture, rows of pitch bytes. */
    const void *src[2];
    size_t pitch;
    unsigned across, down; /* blocks */
    unsigned first;        /* the number of its first block */
} PsnrHvsCudaPlane;

typedef struct PsnrHvsCudaFrame {
    PsnrHvsCudaPlane plane[3];
    unsigned bpc;
    unsigned blocks; /* numbered blocks, padding included: what the grid covers */
    /* psnr_hvs_csf and psnr_hvs_mask_table(). */
    float csf[3][PSNR_HVS_BLOCK], mask[3][PSNR_HVS_BLOCK];
    /* On the device: the frame's result, psnr_hvs_cuda_term_index(). */
    float *terms;
} PsnrHvsCudaFrame;

/* Where term k of block i lies in terms. */
static inline VMAF_HD size_t psnr_hvs_cuda_term_index(unsigned i, unsigned k)
{
    return ((size_t)(i / PSNR_HVS_CUDA_GROUP) * PSNR_HVS_BLOCK + k) * PSNR_HVS_CUDA_GROUP +
           i % PSNR_HVS_CUDA_GROUP;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the psnr_hvs twins). enqueue:
 * queues the frame's kernel on stream: the terms of every block. No host synchronisation, no
 * allocation: it can be captured in a graph. */
typedef struct PsnrHvsGpuKernels {
    int (*enqueue)(const PsnrHvsCudaFrame *frame, VmafCudaStream stream);
} PsnrHvsGpuKernels;

extern const PsnrHvsGpuKernels psnr_hvs_cuda_kernels; /* psnr_hvs_cuda.cu */
extern const PsnrHvsGpuKernels psnr_hvs_sycl_kernels; /* ../sycl/psnr_hvs_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
