/* The device stage of the float_vif twin: per scale, one kernel filters the
 * pair, computes every pixel's terms and sums each row left to right, and
 * low-passes and decimates the pair into the next scale; the rows' sums are
 * the frame's result, which the host adds in the CPU's order. */
#ifndef VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_CUDA_H
#define VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/float_common/float_common_dsp.h"
#include "feature/float_vif/float_vif_common.h"
#include "feature/float_vif/float_vif_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of FLOAT_VIF_CUDA_THREADS threads walks FLOAT_VIF_CUDA_TILE_ROWS
 * rows of a scale from left to right, a chunk of `cols` columns at a time:
 * one thread per column of the chunk widened by the filter's reach. The
 * rows are even in number, so that a block decimates whole rows. */
enum { FLOAT_VIF_CUDA_THREADS = 256, FLOAT_VIF_CUDA_TILE_ROWS = 4 };

/* How a plane stores its samples. */
enum FloatVifCudaSample { FLOAT_VIF_CUDA_U8, FLOAT_VIF_CUDA_U16, FLOAT_VIF_CUDA_F32 };

typedef struct FloatVifCudaScale {
    /* The pair at this scale, rows of pitch bytes: the input's samples at
     * scale 0, else floats. */
    const void *ref, *dis;
    size_t pitch;
    int kind;      /* FloatVifCudaSample */
    float divisor; /* of 16-bit samples (float_from_16()) */
    unsigned w, h;
    int half, next_half; /* the filters have 2 half + 1 taps */
    unsigned cols;       /* a chunk's columns: FLOAT_VIF_CUDA_THREADS - 2 half */
    unsigned chunks;     /* across the scale */
    unsigned blocks;     /* down the scale */
    float taps[FLOAT_FILTER_MAX_TAPS], next_taps[FLOAT_FILTER_MAX_TAPS];
    FloatVifPixelParams pixel;
    /* Row y's sums: num at rows[y], den at rows[h + y]; NULL: no statistic
     * at this scale (a skipped scale 0). */
    float *rows;
    /* The next scale, w/2 x h/2 floats in rows of next_pitch bytes; NULL at
     * the last scale. */
    float *next_ref, *next_dis;
    size_t next_pitch;
} FloatVifCudaScale;

typedef struct FloatVifCudaFrame {
    FloatVifCudaScale scale[FLOAT_VIF_SCALES];
    /* Where each scale's rows start in the frame's result, in floats, and
     * its length. */
    size_t rows_at[FLOAT_VIF_SCALES];
    size_t result_size; /* bytes */
    bool skip_scale0;
    /* Set per frame: the result on the device (and scale 0's pair). */
    float *result;
} FloatVifCudaFrame;

enum { FLOAT_VIF_CUDA_ALIGN = 256 };

static inline size_t float_vif_cuda_align(size_t n)
{
    return (n + FLOAT_VIF_CUDA_ALIGN - 1) / FLOAT_VIF_CUDA_ALIGN * FLOAT_VIF_CUDA_ALIGN;
}

static inline void *float_vif_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* Lays out the decimated planes of scales 1..3 in buf and sets every field
 * of *f but scale 0's pair and the result. Returns the bytes it takes; with
 * buf NULL it only counts them. */
static inline size_t float_vif_cuda_layout(FloatVifCudaFrame *f, const FloatVifSetup *setup,
                                           const FloatVifOptions *opt, unsigned bpc, uint8_t *buf)
{
    const FloatVifPixelParams pixel = {
        .gain_limit = (float)opt->gain_limit,
        .sigma_max_inv = float_vif_sigma_max_inv(opt->sigma_nsq),
        .sigma_nsq = opt->sigma_nsq,
    };
    size_t size = 0, rows = 0;
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        FloatVifCudaScale *s = &f->scale[scale];
        s->kind = scale ? FLOAT_VIF_CUDA_F32 : bpc > 8 ? FLOAT_VIF_CUDA_U16 : FLOAT_VIF_CUDA_U8;
        s->divisor = (float)(1u << (bpc - 8));
        s->w = setup->w >> scale;
        s->h = setup->h >> scale;
        s->half = (int)setup->n_taps[scale] / 2;
        s->cols = FLOAT_VIF_CUDA_THREADS - 2 * (unsigned)s->half;
        s->chunks = (s->w + s->cols - 1) / s->cols;
        s->blocks = (s->h + FLOAT_VIF_CUDA_TILE_ROWS - 1) / FLOAT_VIF_CUDA_TILE_ROWS;
        for (unsigned k = 0; k < FLOAT_FILTER_MAX_TAPS; k++)
            s->taps[k] = k < setup->n_taps[scale] ? setup->taps[scale][k] : 0.0f;
        s->pixel = pixel;
        f->rows_at[scale] = rows;
        rows += 2 * (size_t)s->h;
        s->next_ref = s->next_dis = NULL;
        s->next_half = 0;
        if (scale + 1 == FLOAT_VIF_SCALES)
            break;
        FloatVifCudaScale *next = &f->scale[scale + 1];
        s->next_half = (int)setup->n_taps[scale + 1] / 2;
        for (unsigned k = 0; k < FLOAT_FILTER_MAX_TAPS; k++)
            s->next_taps[k] = k < setup->n_taps[scale + 1] ? setup->taps[scale + 1][k] : 0.0f;
        s->next_pitch = float_vif_cuda_align(sizeof(float) * (s->w / 2));
        const size_t plane = s->next_pitch * (s->h / 2);
        s->next_ref = (float *)float_vif_cuda_piece(buf, size);
        s->next_dis = (float *)float_vif_cuda_piece(buf, size + plane);
        next->ref = s->next_ref;
        next->dis = s->next_dis;
        next->pitch = s->next_pitch;
        size += 2 * float_vif_cuda_align(plane);
    }
    f->result_size = rows * sizeof(float);
    f->skip_scale0 = opt->skip_scale0;
    return size;
}

/* What a scale's kernel is given this frame: the scale with its rows in the
 * frame's result (none for a skipped scale 0). */
static inline FloatVifCudaScale float_vif_cuda_scale(const FloatVifCudaFrame *f, unsigned scale)
{
    FloatVifCudaScale s = f->scale[scale];
    s.rows = scale == 0 && f->skip_scale0 ? NULL : f->result + f->rows_at[scale];
    return s;
}

/* Each scale's sums from the frame's result, on the host: its rows added
 * top to bottom, as the CPU's statistic adds them. */
static inline void float_vif_cuda_sums(const FloatVifCudaFrame *f, const float *result,
                                       FloatVifSums sums[FLOAT_VIF_SCALES])
{
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        sums[scale] = (FloatVifSums){0};
        if (scale == 0 && f->skip_scale0)
            continue;
        const float *rows = result + f->rows_at[scale];
        const unsigned h = f->scale[scale].h;
        for (unsigned y = 0; y < h; y++)
            float_vif_add_row(&sums[scale].num, &sums[scale].den, rows[y], rows[h + y]);
    }
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_vif twins). enqueue:
 * queues the frame's work on stream, reading scale 0's pair: the frame's result becomes the row
 * sums of every scored scale. No host synchronisation, no allocation: the work can be captured
 * in a graph. */
typedef struct FloatVifGpuKernels {
    int (*enqueue)(const FloatVifCudaFrame *f, VmafCudaStream stream);
} FloatVifGpuKernels;

extern const FloatVifGpuKernels float_vif_cuda_kernels; /* float_vif_cuda.cu */
extern const FloatVifGpuKernels float_vif_sycl_kernels; /* ../sycl/float_vif_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
