/* The device stage of the ciede twin: every pixel's colour difference from
 * the shared planes (ciede_cuda_tile.h), then their running double sum in
 * raster order (serial_sums.h), the CPU's sum bit for bit where the
 * device's libm gives glibc's bits. */
#ifndef VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_H
#define VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "cuda/serial_sums.h"
#include "feature/ciede/ciede_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The pixel kernel takes 2-D blocks of CIEDE_CUDA_BLOCK_W x
 * CIEDE_CUDA_BLOCK_H threads, one thread a pixel. */
enum { CIEDE_CUDA_BLOCK_W = 32, CIEDE_CUDA_BLOCK_H = 8 };

typedef struct CiedeCudaFrame {
    CiedeGeometry geo;
    /* This frame's shared planes of ref (0) and dis (1), Y, U and V, as in
     * VmafPicture, rows of pitch[plane] bytes. */
    const void *src[2][3];
    size_t pitch[3];
    /* w x h, raster order: each pixel's colour difference, widened to
     * double as the CPU adds it. */
    double *diff;
    VmafSerialSums serial; /* of diff */
    double *sum;           /* the frame's result, on the device */
} CiedeCudaFrame;

enum { CIEDE_CUDA_ALIGN = 256 };

static inline size_t ciede_cuda_align(size_t n)
{
    return (n + CIEDE_CUDA_ALIGN - 1) / CIEDE_CUDA_ALIGN * CIEDE_CUDA_ALIGN;
}

/* Lays out diff and its sum's scratch in buf (aligned to CIEDE_CUDA_ALIGN)
 * and sets geo; the shared planes and sum are the frame's. Returns the
 * bytes it takes; with buf NULL it only counts them. */
static inline size_t ciede_cuda_layout(CiedeCudaFrame *f, const CiedeGeometry *g, uint8_t *buf)
{
    f->geo = *g;
    const size_t n = (size_t)g->w * g->h;
    size_t size = 0;
    f->diff = buf ? (double *)buf : NULL;
    size += ciede_cuda_align(n * sizeof(double));
    f->serial.job[0].x = f->diff;
    f->serial.job[0].n = n;
    f->serial.job[0].out = 0;
    f->serial.count = 1;
    f->serial.max_n = n;
    f->serial.segments = buf ? (SerialSumSegment *)(buf + size) : NULL;
    size += ciede_cuda_align(serial_sum_segment_count(n) * sizeof(SerialSumSegment));
    return size;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the ciede twins). enqueue: queues
 * the frame's work on stream: *sum becomes the CPU's sum of the frame's colour differences. No
 * host synchronisation, no allocation: the work can be captured in a graph. */
typedef struct CiedeGpuKernels {
    int (*enqueue)(const CiedeCudaFrame *frame, VmafCudaStream stream);
} CiedeGpuKernels;

extern const CiedeGpuKernels ciede_cuda_kernels; /* ciede_cuda.cu */
extern const CiedeGpuKernels ciede_sycl_kernels; /* ../sycl/ciede_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
