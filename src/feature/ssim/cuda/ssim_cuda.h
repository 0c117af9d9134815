/* The device stages of the integer SSIM twin: every pixel's SSIM times its
 * window's mass, in raster order, and their running sum as the CPU adds
 * them (cuda/serial_sums.h). */
#ifndef VMAF_FEATURE_SSIM_CUDA_SSIM_CUDA_H
#define VMAF_FEATURE_SSIM_CUDA_SSIM_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "cuda/cuda_api.h"
#include "cuda/serial_sums.h"
#include "feature/ssim/ssim_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of SSIM_CUDA_THREADS threads scores a tile of SSIM_CUDA_TILE_H x
 * SSIM_CUDA_TILE_W pixels. */
enum { SSIM_CUDA_THREADS = 256, SSIM_CUDA_TILE_W = 32, SSIM_CUDA_TILE_H = 16 };

typedef struct SsimCudaFrame {
    const void *ref, *dis; /* device luma planes, rows of pitch bytes */
    size_t pitch;
    unsigned w, h;
    bool hbd; /* 16-bit samples */
    /* peak^2 K1^2 and peak^2 K2^2 (ssim_pixel()). */
    double c1_scale, c2_scale;
    double *values;        /* w x h, on the device */
    VmafSerialSums serial; /* of values */
    double *sum;           /* the frame's result, on the device */
} SsimCudaFrame;

static inline VMAF_HD unsigned ssim_cuda_blocks_x(unsigned w)
{
    return (w + SSIM_CUDA_TILE_W - 1) / SSIM_CUDA_TILE_W;
}

static inline VMAF_HD unsigned ssim_cuda_blocks_y(unsigned h)
{
    return (h + SSIM_CUDA_TILE_H - 1) / SSIM_CUDA_TILE_H;
}

/* Every field but the planes and the buffers, for w x h pictures of bpc;
 * k1_sq, k2_sq: ssim_k1_sq, ssim_k2_sq. The scales are the products the
 * CPU's stages make, in their order. */
static inline void ssim_cuda_frame_setup(SsimCudaFrame *f, unsigned bpc, unsigned w, unsigned h,
                                         double k1_sq, double k2_sq)
{
    const double peak = (double)((1u << bpc) - 1);
    const double peak_sq = peak * peak;
    f->w = w;
    f->h = h;
    f->hbd = bpc > 8;
    f->c1_scale = peak_sq * k1_sq;
    f->c2_scale = peak_sq * k2_sq;
}

/* The sum of the masses, which the CPU adds pixel by pixel: mass_x[x] *
 * mass_y[y] over all pixels is the product of the two sums, and every
 * partial sum of these integers is exact in a double (below 2^16 w h). */
static inline double ssim_cuda_total_weight(unsigned w, unsigned h)
{
    int64_t sum_x = 0, sum_y = 0;
    for (unsigned x = 0; x < w; x++)
        sum_x += ssim_mass_at(x, w);
    for (unsigned y = 0; y < h; y++)
        sum_y += ssim_mass_at(y, h);
    return (double)(sum_x * sum_y);
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the ssim twins). enqueue: queues
 * the frame's work: *sum becomes the CPU's sum of the pixels' values. No host wait, no
 * allocation: the work can be captured in a graph. */
typedef struct SsimGpuKernels {
    int (*enqueue)(const SsimCudaFrame *frame, VmafCudaStream stream);
} SsimGpuKernels;

extern const SsimGpuKernels ssim_cuda_kernels; /* ssim_cuda.cu */
extern const SsimGpuKernels ssim_sycl_kernels; /* ../sycl/ssim_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
