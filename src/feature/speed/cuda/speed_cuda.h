/* The device stage of the speed_chroma and speed_temporal twins: for each of
 * up to four planes (the reference and distorted sides of a score), the
 * SpEED pipeline up to the covariance matrix and the blocks' variances,
 * queued on one stream. The eigenvalues, the entropies and the score are
 * the host's (speed_pipeline.h), on what comes back. */
#ifndef VMAF_FEATURE_SPEED_CUDA_SPEED_CUDA_H
#define VMAF_FEATURE_SPEED_CUDA_SPEED_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/float_common/float_common_math.h"
#include "feature/speed/speed_pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SPEED_CUDA_MAX_PLANES = 4, SPEED_CUDA_ALIGN = 256 };

/* What a plane is made of: samples of a device picture plane, minus those
 * of a second one when sub is set (speed_temporal's differences); rows of
 * *_pitch bytes. */
typedef struct SpeedCudaInput {
    const void *plane, *sub;
    size_t plane_pitch, sub_pitch;
} SpeedCudaInput;

/* A plane's device memory; rows of the pitches of SpeedCudaFrame. */
typedef struct SpeedCudaPlane {
    SpeedCudaInput input;
    float *loaded;  /* w x h: the samples as floats (minus sub) */
    float *scaled;  /* scaled_w x scaled_h, with a resize */
    float *rows;    /* small_h x scaled_w: the anti-alias filter down each column, at rows 16 i */
    float *small;   /* small_w x small_h: the filtered plane decimated by 16 */
    float *lm_rows; /* small_w x small_h: the local mean filter down each column */
    float *centred; /* small_w x small_h: small minus its local mean */
    float *means;   /* SPEED_BLOCK_ELEMS: of the shifted covariance windows */
    float *qt, *r;  /* SPEED_BLOCK_ELEMS^2 each: the Householder QR of cov */
    /* In the frame's result buffer (speed_cuda_result_*()). */
    float *cov;      /* SPEED_BLOCK_ELEMS^2 */
    uint32_t *pivot; /* 1 when a pivot of r is below SPEED_EPS */
    float *variance; /* n_blocks */
} SpeedCudaPlane;

/* Where the resampler reads: per output column (x) and row (y), by method;
 * device copies of what speed_cuda_resize_tables() writes on the host. */
typedef struct SpeedCudaResize {
    const int *nearest_x, *nearest_y;
    const FloatBilinearTap *bilinear_x, *bilinear_y;
    const FloatResampleTaps *kernel_x, *kernel_y;
    unsigned kernel_taps; /* 4 (bicubic) or 9 (Lanczos) */
} SpeedCudaResize;

typedef struct SpeedCudaFrame {
    unsigned planes, bpc;
    float divisor; /* 2^(bpc - 8), for deeper samples */
    unsigned w, h, scaled_w, scaled_h, small_w, small_h;
    unsigned blocks_x, blocks_y, n_blocks, window_w, window_h;
    ptrdiff_t loaded_pitch, scaled_pitch, small_pitch; /* in floats */
    bool resize;
    enum FloatResampleMethod method;
    SpeedCudaResize resize_taps;
    float antialias[SPEED_MAX_TAPS], local_mean[SPEED_MAX_TAPS];
    unsigned antialias_taps, local_mean_taps;
    SpeedCudaPlane plane[SPEED_CUDA_MAX_PLANES];
} SpeedCudaFrame;

static inline size_t speed_cuda_align(size_t n)
{
    return (n + SPEED_CUDA_ALIGN - 1) / SPEED_CUDA_ALIGN * SPEED_CUDA_ALIGN;
}

static inline ptrdiff_t speed_cuda_pitch(unsigned w)
{
    return (ptrdiff_t)(speed_cuda_align(sizeof(float) * w) / sizeof(float));
}

/* Bytes of one plane's results: the covariance matrix, the pivot flag and
 * the variances, each part aligned. */
static inline size_t speed_cuda_result_plane_size(unsigned n_blocks)
{
    return speed_cuda_align(sizeof(float) * SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS) +
           speed_cuda_align(sizeof(uint32_t)) + speed_cuda_align(sizeof(float) * n_blocks);
}

static inline const float *speed_cuda_result_cov(const void *result, unsigned n_blocks, unsigned p)
{
    return (const float *)((const uint8_t *)result + p * speed_cuda_result_plane_size(n_blocks));
}

static inline uint32_t speed_cuda_result_pivot(const void *result, unsigned n_blocks, unsigned p)
{
    return *(
        const uint32_t *)((const uint8_t *)speed_cuda_result_cov(result, n_blocks, p) +
                          speed_cuda_align(sizeof(float) * SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS));
}

static inline const float *speed_cuda_result_variance(const void *result, unsigned n_blocks,
                                                      unsigned p)
{
    return (const float *)((const uint8_t *)speed_cuda_result_cov(result, n_blocks, p) +
                           speed_cuda_align(sizeof(float) * SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS) +
                           speed_cuda_align(sizeof(uint32_t)));
}

/* Host code (the twin and its emulation test); nvcc compiles the kernels'
 * side of this header only. */
#ifndef VMAF_GPU_CC

/* A carved piece of buf at *offset, which grows by size aligned; NULL while
 * only counting. */
static inline void *speed_cuda_piece(uint8_t *buf, size_t *offset, size_t size)
{
    void *piece = buf ? buf + *offset : NULL;
    *offset += speed_cuda_align(size);
    return piece;
}

/* The resampler's tables: per output column, then per output row, the
 * method's entries. */
static inline size_t speed_cuda_resize_entry_size(enum FloatResampleMethod method)
{
    return method == FLOAT_RESAMPLE_NEAREST    ? sizeof(int)
           : method == FLOAT_RESAMPLE_BILINEAR ? sizeof(FloatBilinearTap)
                                               : sizeof(FloatResampleTaps);
}

static inline size_t speed_cuda_resize_tables_size(const SpeedPipeline *s)
{
    if (!s->resize)
        return 0;
    const size_t entry = speed_cuda_resize_entry_size(s->resize_method);
    return speed_cuda_align(entry * s->scaled_w) + speed_cuda_align(entry * s->scaled_h);
}

/* One axis of the tables: n_out outputs from n_in source samples. */
static inline void speed_cuda_resize_axis(enum FloatResampleMethod method, unsigned n_in,
                                          unsigned n_out, void *table)
{
    const float ratio = (float)n_in / n_out, last = (float)((int)n_in - 1);
    for (unsigned i = 0; i < n_out; i++) {
        if (method == FLOAT_RESAMPLE_NEAREST)
            ((int *)table)[i] = float_nearest_index((int)i, ratio);
        else if (method == FLOAT_RESAMPLE_BILINEAR)
            ((FloatBilinearTap *)table)[i] = float_bilinear_tap((int)i, ratio, last);
        else
            float_resample_taps(method, (int)i, ratio, n_in, &((FloatResampleTaps *)table)[i]);
    }
}

/* The host copy of the tables, speed_cuda_resize_tables_size() bytes. */
static inline void speed_cuda_resize_tables(const SpeedPipeline *s, uint8_t *tables)
{
    const size_t entry = speed_cuda_resize_entry_size(s->resize_method);
    speed_cuda_resize_axis(s->resize_method, s->w, s->scaled_w, tables);
    speed_cuda_resize_axis(s->resize_method, s->h, s->scaled_h,
                           tables + speed_cuda_align(entry * s->scaled_w));
}

static inline void speed_cuda_point_tables(SpeedCudaFrame *f, const SpeedPipeline *s,
                                           const uint8_t *tables)
{
    SpeedCudaResize *t = &f->resize_taps;
    *t = (SpeedCudaResize){0};
    if (!tables)
        return;
    const void *x = tables,
               *y = tables +
                    speed_cuda_align(speed_cuda_resize_entry_size(s->resize_method) * s->scaled_w);
    switch (s->resize_method) {
    case FLOAT_RESAMPLE_NEAREST:
        t->nearest_x = (const int *)x;
        t->nearest_y = (const int *)y;
        break;
    case FLOAT_RESAMPLE_BILINEAR:
        t->bilinear_x = (const FloatBilinearTap *)x;
        t->bilinear_y = (const FloatBilinearTap *)y;
        break;
    default:
        t->kernel_x = (const FloatResampleTaps *)x;
        t->kernel_y = (const FloatResampleTaps *)y;
        t->kernel_taps = s->resize_method == FLOAT_RESAMPLE_BICUBIC ? 4 : 9;
    }
}

/* Fills every field of *f from the pipeline's geometry and filters but the
 * planes' inputs and results, carving the scratch and, with a resize, the
 * resampler's tables (first, speed_cuda_resize_tables()) out of buf,
 * SPEED_CUDA_ALIGN-aligned. Returns the bytes it takes; with buf NULL it
 * only counts them. */
static inline size_t speed_cuda_layout(SpeedCudaFrame *f, const SpeedPipeline *s, unsigned planes,
                                       unsigned bpc, uint8_t *buf)
{
    *f = (SpeedCudaFrame){
        .planes = planes,
        .bpc = bpc,
        .divisor = (float)(1u << (bpc - 8)),
        .w = s->w,
        .h = s->h,
        .scaled_w = s->scaled_w,
        .scaled_h = s->scaled_h,
        .small_w = s->small_w,
        .small_h = s->small_h,
        .blocks_x = s->blocks_x,
        .blocks_y = s->blocks_y,
        .n_blocks = s->n_blocks,
        .window_w = s->window_w,
        .window_h = s->window_h,
        .loaded_pitch = speed_cuda_pitch(s->w),
        .scaled_pitch = speed_cuda_pitch(s->scaled_w),
        .small_pitch = speed_cuda_pitch(s->small_w),
        .resize = s->resize,
        .method = s->resize_method,
        .antialias_taps = s->antialias_taps,
        .local_mean_taps = s->local_mean_taps,
    };
    for (unsigned k = 0; k < SPEED_MAX_TAPS; k++) {
        f->antialias[k] = s->antialias[k];
        f->local_mean[k] = s->local_mean[k];
    }
    size_t size = 0;
    const size_t tables = speed_cuda_resize_tables_size(s);
    speed_cuda_point_tables(f, s,
                            tables ? (const uint8_t *)speed_cuda_piece(buf, &size, tables) : NULL);
    const size_t small = sizeof(float) * f->small_pitch * s->small_h;
    const size_t matrix = sizeof(float) * SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS;
    for (unsigned p = 0; p < planes; p++) {
        SpeedCudaPlane *pl = &f->plane[p];
        pl->loaded = (float *)speed_cuda_piece(buf, &size, sizeof(float) * f->loaded_pitch * s->h);
        pl->scaled = s->resize ? (float *)speed_cuda_piece(
                                     buf, &size, sizeof(float) * f->scaled_pitch * s->scaled_h)
                               : NULL;
        pl->rows =
            (float *)speed_cuda_piece(buf, &size, sizeof(float) * f->scaled_pitch * s->small_h);
        pl->small = (float *)speed_cuda_piece(buf, &size, small);
        pl->lm_rows = (float *)speed_cuda_piece(buf, &size, small);
        pl->centred = (float *)speed_cuda_piece(buf, &size, small);
        pl->means = (float *)speed_cuda_piece(buf, &size, sizeof(float) * SPEED_BLOCK_ELEMS);
        pl->qt = (float *)speed_cuda_piece(buf, &size, matrix);
        pl->r = (float *)speed_cuda_piece(buf, &size, matrix);
    }
    return size;
}

/* Points the planes' results into a frame's result buffer, planes x
 * speed_cuda_result_plane_size() bytes. */
static inline void speed_cuda_set_result(SpeedCudaFrame *f, void *result)
{
    for (unsigned p = 0; p < f->planes; p++) {
        SpeedCudaPlane *pl = &f->plane[p];
        pl->cov = (float *)speed_cuda_result_cov(result, f->n_blocks, p);
        pl->pivot =
            (uint32_t *)((uint8_t *)pl->cov +
                         speed_cuda_align(sizeof(float) * SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS));
        pl->variance = (float *)speed_cuda_result_variance(result, f->n_blocks, p);
    }
}

#endif

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the speed twins). enqueue: queues
 * the frame's kernels on stream. No host synchronisation, no allocation: the work can be
 * captured in a graph. */
typedef struct SpeedGpuKernels {
    int (*enqueue)(const SpeedCudaFrame *f, VmafCudaStream stream);
} SpeedGpuKernels;

extern const SpeedGpuKernels speed_cuda_kernels; /* speed_cuda.cu */
extern const SpeedGpuKernels speed_sycl_kernels; /* ../sycl/speed_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
