/* The device stages of the float_ssim twin: the luma planes as floats, their
 * box decimation, the SSIM pass's terms (ssim_pass_cuda.h) and their sums,
 * all in one allocation laid out by float_ssim_cuda_layout(). */
#ifndef VMAF_FEATURE_FLOAT_SSIM_CUDA_FLOAT_SSIM_CUDA_H
#define VMAF_FEATURE_FLOAT_SSIM_CUDA_FLOAT_SSIM_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cuda/cuda_api.h"
#include "feature/ssim_pass/cuda/ssim_pass_cuda.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FLOAT_SSIM_CUDA_THREADS = 256, FLOAT_SSIM_CUDA_ALIGN = 256 };

typedef struct FloatSsimCudaFrame {
    const void *src[2]; /* ref and dis luma, rows of src_pitch bytes */
    size_t src_pitch;
    unsigned w, h;
    bool hbd;        /* 16-bit samples */
    float divisor;   /* 2^(bpc - 8) */
    float *full[2];  /* the pictures as floats, w a row */
    unsigned factor; /* the decimation, 1 for none */
    /* Decimated, scaled_w a row; the full planes when not decimating. */
    float *scaled[2];
    unsigned scaled_w, scaled_h;
    SsimPassCuda pass;     /* of the scaled planes */
    VmafSerialSums serial; /* of the pass's terms */
    double *sums;          /* SSIM_TERMS, on the device: the frame's result */
} FloatSsimCudaFrame;

static inline size_t float_ssim_cuda_align(size_t n)
{
    return (n + FLOAT_SSIM_CUDA_ALIGN - 1) / FLOAT_SSIM_CUDA_ALIGN * FLOAT_SSIM_CUDA_ALIGN;
}

/* Lays out a frame's memory in buf (FLOAT_SSIM_CUDA_ALIGN-aligned) for w x h
 * pictures of bpc decimated by factor (1: not) to scaled_w x scaled_h
 * (FloatSsimGeometry): the float planes, the decimated ones, the pass's
 * terms and their sums' scratch; sets every field but src, src_pitch and
 * sums. Returns the bytes it
 * takes; with buf NULL it only counts them. */
static inline size_t float_ssim_cuda_layout(FloatSsimCudaFrame *f, unsigned bpc, unsigned w,
                                            unsigned h, unsigned factor, unsigned scaled_w,
                                            unsigned scaled_h, uint8_t *buf)
{
    f->w = w;
    f->h = h;
    f->hbd = bpc > 8;
    f->divisor = (float)(1u << (bpc - 8));
    f->factor = factor;
    f->scaled_w = scaled_w;
    f->scaled_h = scaled_h;
    const size_t full = float_ssim_cuda_align(sizeof(float) * w * h);
    const size_t scaled =
        factor > 1 ? float_ssim_cuda_align(sizeof(float) * scaled_w * scaled_h) : 0;
    size_t size = 0;
    for (unsigned p = 0; p < 2; p++, size += full)
        f->full[p] = buf ? (float *)(buf + size) : NULL;
    for (unsigned p = 0; p < 2; p++, size += scaled)
        f->scaled[p] = factor > 1 && buf ? (float *)(buf + size) : f->full[p];
    f->pass.ref = f->scaled[0];
    f->pass.dis = f->scaled[1];
    f->pass.stride = scaled_w;
    f->pass.w = scaled_w;
    f->pass.h = scaled_h;
    f->pass.terms = buf ? (double *)(buf + size) : NULL;
    size += float_ssim_cuda_align(sizeof(double) * ssim_pass_cuda_terms_size(scaled_w, scaled_h));
    memset(&f->serial, 0, sizeof(f->serial));
    ssim_pass_cuda_sum_jobs(&f->pass, SSIM_TERM_LCS, SSIM_TERM_S, 0, &f->serial);
    f->serial.segments = buf ? (SerialSumSegment *)(buf + size) : NULL;
    return size +
           sizeof(SerialSumSegment) * f->serial.count * serial_sum_segment_count(f->serial.max_n);
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the
 * float_ssim twins). enqueue: queues the frame's work: sums[SSIM_TERM_*]
 * become the CPU's SsimSums of the frame. c1, c2, c3: float_ssim_c1, _c2,
 * _c3. No host wait, no allocation: the work can be captured in a graph. */
typedef struct FloatSsimGpuKernels {
    int (*enqueue)(const FloatSsimCudaFrame *frame, float c1, float c2, float c3,
                   VmafCudaStream stream);
} FloatSsimGpuKernels;

extern const FloatSsimGpuKernels float_ssim_cuda_kernels; /* float_ssim_cuda.cu */
extern const FloatSsimGpuKernels float_ssim_sycl_kernels; /* ../sycl/float_ssim_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
