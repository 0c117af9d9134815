/* The device stage of the float_ms_ssim twin: each scored plane's samples as
 * floats, its four decimated scales, every scale's per-pixel terms
 * (ssim_pass/cuda/ssim_pass_cuda.h) and their running sums (serial_sums.h),
 * queued on one stream. */
#ifndef VMAF_FEATURE_FLOAT_MS_SSIM_CUDA_FLOAT_MS_SSIM_CUDA_H
#define VMAF_FEATURE_FLOAT_MS_SSIM_CUDA_FLOAT_MS_SSIM_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cuda/cuda_api.h"
#include "feature/float_ms_ssim/float_ms_ssim_common.h"
#include "feature/ssim_pass/cuda/ssim_pass_cuda.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The sums of a scale: SsimSums' l, c and s, as the CPU's pass adds them. */
enum { MS_SSIM_CUDA_SUMS = 3 };

/* Thread-per-output kernels (load, decimation) take 2-D blocks of
 * MS_SSIM_CUDA_BLOCK_W x MS_SSIM_CUDA_BLOCK_H threads. */
enum { MS_SSIM_CUDA_BLOCK_W = 32, MS_SSIM_CUDA_BLOCK_H = 8 };

/* One scored plane of both pictures. */
typedef struct MsSsimCudaPlane {
    /* This frame's shared planes: samples as in VmafPicture, rows of
     * src_pitch bytes; the plane's w[0] x h[0]. */
    const void *src[2];
    size_t src_pitch;
    /* Every scale of ref (0) and dis (1) as floats, stride[scale] floats a
     * row, and the scale's terms (ssim_pass_cuda_terms_size()). */
    float *scale[2][MS_SSIM_SCALES];
    size_t stride[MS_SSIM_SCALES];
    unsigned w[MS_SSIM_SCALES], h[MS_SSIM_SCALES];
    double *terms[MS_SSIM_SCALES];
} MsSsimCudaPlane;

typedef struct MsSsimCudaFrame {
    MsSsimCudaPlane plane[3];
    unsigned planes, bpc;
    float c1, c2, c3; /* float_ssim_c1, _c2, _c3 */
    /* The running sums of every pass's l, c and s terms, into the frame's
     * result: planes x MS_SSIM_SCALES x MS_SSIM_CUDA_SUMS, on the device. */
    VmafSerialSums serial;
    double *sums;
} MsSsimCudaFrame;

enum { MS_SSIM_CUDA_ALIGN = 256 };

static inline size_t ms_ssim_cuda_align(size_t n)
{
    return (n + MS_SSIM_CUDA_ALIGN - 1) / MS_SSIM_CUDA_ALIGN * MS_SSIM_CUDA_ALIGN;
}

/* The pass of each plane's scale, in plane then scale order (count:
 * planes x MS_SSIM_SCALES, at most SSIM_PASS_CUDA_MAX). */
static inline unsigned ms_ssim_cuda_passes(const MsSsimCudaFrame *f,
                                           SsimPassCuda pass[SSIM_PASS_CUDA_MAX])
{
    unsigned n = 0;
    for (unsigned p = 0; p < f->planes; p++) {
        const MsSsimCudaPlane *pl = &f->plane[p];
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++, n++) {
            pass[n].ref = pl->scale[0][i];
            pass[n].dis = pl->scale[1][i];
            pass[n].stride = pl->stride[i];
            pass[n].w = pl->w[i];
            pass[n].h = pl->h[i];
            pass[n].terms = pl->terms[i];
        }
    }
    return n;
}

/* Lays out the scales and terms of every plane of g, and their sums'
 * scratch, in buf (aligned to MS_SSIM_CUDA_ALIGN); sets every field of *f
 * but the constants, the shared planes and sums. Returns the bytes it takes; with buf NULL it only
 * counts them. */
static inline size_t ms_ssim_cuda_layout(MsSsimCudaFrame *f, const MsSsimGeometry *g, unsigned bpc,
                                         uint8_t *buf)
{
    size_t size = 0;
    f->planes = g->planes;
    f->bpc = bpc;
    for (unsigned p = 0; p < g->planes; p++) {
        MsSsimCudaPlane *pl = &f->plane[p];
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
            pl->w[i] = g->w[p][i];
            pl->h[i] = g->h[p][i];
            pl->stride[i] = ms_ssim_cuda_align(pl->w[i] * sizeof(float)) / sizeof(float);
            for (unsigned pic = 0; pic < 2; pic++) {
                pl->scale[pic][i] = buf ? (float *)(buf + size) : NULL;
                size += ms_ssim_cuda_align(pl->stride[i] * pl->h[i] * sizeof(float));
            }
            pl->terms[i] = buf ? (double *)(buf + size) : NULL;
            size +=
                ms_ssim_cuda_align(ssim_pass_cuda_terms_size(pl->w[i], pl->h[i]) * sizeof(double));
        }
    }
    SsimPassCuda pass[SSIM_PASS_CUDA_MAX];
    const unsigned passes = ms_ssim_cuda_passes(f, pass);
    memset(&f->serial, 0, sizeof(f->serial));
    for (unsigned i = 0; i < passes; i++)
        ssim_pass_cuda_sum_jobs(&pass[i], SSIM_TERM_L, SSIM_TERM_S, i * MS_SSIM_CUDA_SUMS,
                                &f->serial);
    f->serial.segments = buf ? (SerialSumSegment *)(buf + size) : NULL;
    return size +
           sizeof(SerialSumSegment) * f->serial.count * serial_sum_segment_count(f->serial.max_n);
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_ms_ssim twins). enqueue:
 * queues the frame's work on stream: sums[(p * MS_SSIM_SCALES + scale) * MS_SSIM_CUDA_SUMS + k]
 * becomes the CPU's sum k (l, c, s) of plane p at that scale. No host synchronisation, no
 * allocation: the work can be captured in a graph. */
typedef struct MsSsimGpuKernels {
    int (*enqueue)(const MsSsimCudaFrame *frame, VmafCudaStream stream);
} MsSsimGpuKernels;

extern const MsSsimGpuKernels float_ms_ssim_cuda_kernels; /* float_ms_ssim_cuda.cu */
extern const MsSsimGpuKernels float_ms_ssim_sycl_kernels; /* ../sycl/float_ms_ssim_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
