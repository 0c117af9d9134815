/* The device stage of the float_motion twin: each plane of the reference
 * converted and blurred (and resized by 1/2 with add_scale1) into one of two
 * slots, then each row's sum of |previous - current| against the other slot,
 * which holds the frame before. */
#ifndef VMAF_FEATURE_FLOAT_MOTION_CUDA_FLOAT_MOTION_CUDA_H
#define VMAF_FEATURE_FLOAT_MOTION_CUDA_FLOAT_MOTION_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/float_common/float_common_math.h"
#include "feature/float_motion/float_motion_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Blocks of FLOAT_MOTION_CUDA_THREADS threads. The blur's block covers a
 * tile of _TILE_W x _TILE_H outputs; the sum's block _SAD_ROWS rows, walked
 * _SAD_COLS columns at a time. */
enum {
    FLOAT_MOTION_CUDA_THREADS = 256,
    FLOAT_MOTION_CUDA_TILE_W = 64,
    FLOAT_MOTION_CUDA_TILE_H = 16,
    FLOAT_MOTION_CUDA_SAD_ROWS = 32,
    FLOAT_MOTION_CUDA_SAD_COLS = 128,
    FLOAT_MOTION_CUDA_ALIGN = 256,
};

/* A float plane on the device in two slots; frames alternate between them. */
typedef struct FloatMotionCudaSurface {
    float *slot[2];
    size_t stride; /* floats from row to row */
    unsigned w, h;
    unsigned first_block; /* of the sums' grid */
    unsigned first_row;   /* of its row sums in the frame's result */
} FloatMotionCudaSurface;

typedef struct FloatMotionCudaPlane {
    /* This frame's reference plane, samples as in VmafPicture, rows of
     * src_pitch bytes. */
    const void *src;
    size_t src_pitch;
    FloatMotionCudaSurface blur;
    /* add_scale1: the second scale, and where its samples read the blurred
     * plane (half.w and half.h taps). */
    FloatMotionCudaSurface half;
    const FloatBilinearTap *x_taps, *y_taps;
    unsigned tiles_x;
    unsigned first_tile;       /* of the blur's grid */
    unsigned first_half_block; /* of the resampling's grid */
} FloatMotionCudaPlane;

typedef struct FloatMotionCudaFrame {
    FloatMotionCudaPlane plane[FLOAT_MOTION_MAX_PLANES];
    unsigned planes, bpc;
    float divisor; /* 2^(bpc - 8) */
    float taps[FLOAT_MOTION_MAX_TAPS];
    unsigned n_taps;
    bool scale1;
    unsigned cur; /* this frame's slot; the other holds the frame before */
    /* The frame's result, a float per row of each surface (at its
     * first_row), or NULL: no frame before to compare with. */
    float *row_sad;
    unsigned tiles, half_blocks, sad_blocks, rows; /* the grids' totals */
} FloatMotionCudaFrame;

/* Surfaces in the order of the rows and of the sums' grid: each plane's
 * blurred one, then (add_scale1) its second scale. */
static inline VMAF_HD unsigned float_motion_cuda_surfaces(const FloatMotionCudaFrame *f)
{
    return f->planes * (f->scale1 ? 2 : 1);
}

static inline VMAF_HD const FloatMotionCudaSurface *
float_motion_cuda_surface(const FloatMotionCudaFrame *f, unsigned i)
{
    const FloatMotionCudaPlane *p = &f->plane[f->scale1 ? i / 2 : i];
    return f->scale1 && i % 2 ? &p->half : &p->blur;
}

static inline size_t float_motion_cuda_align(size_t n)
{
    return (n + FLOAT_MOTION_CUDA_ALIGN - 1) / FLOAT_MOTION_CUDA_ALIGN * FLOAT_MOTION_CUDA_ALIGN;
}

/* The resampler's taps of every plane (add_scale1), where the layout puts
 * them, at the start of the buffer: each plane's x taps, then its y taps. */
static inline size_t float_motion_cuda_taps_count(const FloatMotionGeometry *g, bool scale1)
{
    size_t n = 0;
    for (unsigned p = 0; scale1 && p < g->planes; p++)
        n += g->half_w[p] + g->half_h[p];
    return n;
}

/* taps: float_motion_cuda_taps_count() of them; the CPU's resampler's
 * positions (float_common_math.h). */
static inline void float_motion_cuda_fill_taps(const FloatMotionGeometry *g, FloatBilinearTap *taps)
{
    for (unsigned p = 0; p < g->planes; p++) {
        const float ratio_x = (float)g->w[p] / g->half_w[p];
        const float ratio_y = (float)g->h[p] / g->half_h[p];
        const float right = (float)((int)g->w[p] - 1), bottom = (float)((int)g->h[p] - 1);
        for (unsigned x = 0; x < g->half_w[p]; x++)
            *taps++ = float_bilinear_tap((int)x, ratio_x, right);
        for (unsigned y = 0; y < g->half_h[p]; y++)
            *taps++ = float_bilinear_tap((int)y, ratio_y, bottom);
    }
}

/* A carved piece of buf, or NULL while only counting. */
static inline void *float_motion_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* A surface's two slots at *size, and its place in the sums' grid and in
 * the result after *blocks and *rows. */
static inline void float_motion_cuda_lay_surface(FloatMotionCudaSurface *s, unsigned w, unsigned h,
                                                 uint8_t *buf, size_t *size, unsigned *blocks,
                                                 unsigned *rows)
{
    s->w = w;
    s->h = h;
    s->stride = float_motion_cuda_align(w * sizeof(float)) / sizeof(float);
    for (unsigned i = 0; i < 2; i++) {
        s->slot[i] = (float *)float_motion_cuda_piece(buf, *size);
        *size += s->stride * sizeof(float) * h;
    }
    s->first_block = *blocks;
    *blocks += (h + FLOAT_MOTION_CUDA_SAD_ROWS - 1) / FLOAT_MOTION_CUDA_SAD_ROWS;
    s->first_row = *rows;
    *rows += h;
}

/* Lays out the twin's memory in buf (FLOAT_MOTION_CUDA_ALIGN-aligned): the
 * resampler's taps, then each plane's surfaces; sets every field of *f but
 * the planes' src and src_pitch, cur and row_sad. Returns the bytes it
 * takes; with buf NULL it only counts them. */
static inline size_t float_motion_cuda_layout(FloatMotionCudaFrame *f, const FloatMotionGeometry *g,
                                              bool scale1, unsigned bpc, uint8_t *buf)
{
    f->planes = g->planes;
    f->bpc = bpc;
    f->divisor = (float)(1u << (bpc - 8));
    f->n_taps = g->n_taps;
    for (unsigned k = 0; k < g->n_taps; k++)
        f->taps[k] = g->taps[k];
    f->scale1 = scale1;
    f->tiles = f->half_blocks = f->sad_blocks = f->rows = 0;
    FloatBilinearTap *taps = (FloatBilinearTap *)float_motion_cuda_piece(buf, 0);
    size_t size =
        float_motion_cuda_align(float_motion_cuda_taps_count(g, scale1) * sizeof(FloatBilinearTap));
    for (unsigned p = 0; p < g->planes; p++) {
        FloatMotionCudaPlane *pl = &f->plane[p];
        pl->tiles_x = (g->w[p] + FLOAT_MOTION_CUDA_TILE_W - 1) / FLOAT_MOTION_CUDA_TILE_W;
        pl->first_tile = f->tiles;
        f->tiles +=
            pl->tiles_x * ((g->h[p] + FLOAT_MOTION_CUDA_TILE_H - 1) / FLOAT_MOTION_CUDA_TILE_H);
        float_motion_cuda_lay_surface(&pl->blur, g->w[p], g->h[p], buf, &size, &f->sad_blocks,
                                      &f->rows);
        pl->first_half_block = f->half_blocks;
        if (!scale1)
            continue;
        pl->x_taps = taps;
        pl->y_taps = taps ? taps + g->half_w[p] : NULL;
        taps = taps ? taps + g->half_w[p] + g->half_h[p] : NULL;
        f->half_blocks += (g->half_w[p] * g->half_h[p] + FLOAT_MOTION_CUDA_THREADS - 1) /
                          FLOAT_MOTION_CUDA_THREADS;
        float_motion_cuda_lay_surface(&pl->half, g->half_w[p], g->half_h[p], buf, &size,
                                      &f->sad_blocks, &f->rows);
    }
    return size;
}

/* A surface's sum of |previous - current| from the frame's row sums: the
 * rows added in order in float, as float_motion_dsp.h's sum. */
static inline float float_motion_cuda_sad(const float *row_sad, const FloatMotionCudaSurface *s)
{
    float sum = 0.0f;
    for (unsigned y = 0; y < s->h; y++)
        sum += row_sad[s->first_row + y];
    return sum;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the
 * float_motion twins). enqueue: queues the frame's work on stream: the blur
 * (and second scale) of each plane into slot cur, then, with row_sad, every
 * row's sum of |previous - current| as the CPU's float_motion_dsp.h sums
 * it. No host synchronisation, no allocation: the work can be captured in a
 * graph. */
typedef struct FloatMotionGpuKernels {
    int (*enqueue)(const FloatMotionCudaFrame *f, VmafCudaStream stream);
} FloatMotionGpuKernels;

extern const FloatMotionGpuKernels float_motion_cuda_kernels; /* float_motion_cuda.cu */
extern const FloatMotionGpuKernels float_motion_sycl_kernels; /* ../sycl/float_motion_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
