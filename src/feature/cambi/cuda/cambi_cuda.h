/* The device stage of the cambi twin. Per picture scored (the distorted one,
 * and the reference with full_ref), on the twin's stream: the largest input
 * sample where the depth needs checking, the input brought to 10 bits at the
 * view's size (anti-dithered where needed), the flat-area mask, then per
 * scale the decimation and mode filter into the scale's planes and the
 * c-values with their exact totals; a last kernel adds each scale's partial
 * totals into the frame's result. The steps of the kernels are in
 * cambi_cuda_tile.h. */
#ifndef VMAF_FEATURE_CAMBI_CUDA_CAMBI_CUDA_H
#define VMAF_FEATURE_CAMBI_CUDA_CAMBI_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "cuda/cuda_api.h"
#include "feature/cambi/cambi_dsp.h"
#include "feature/cambi/cambi_math.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CAMBI_CUDA_VIEWS = 2, /* the distorted picture, the reference (full_ref) */
    CAMBI_CUDA_SCALES = 5,
    CAMBI_CUDA_SLOTS = 2, /* frames whose c-values are kept */
    CAMBI_CUDA_THREADS = 256,
    /* A pixel kernel's block: a tile of TILE_W x TILE_H samples. */
    CAMBI_CUDA_TILE_W = 32,
    CAMBI_CUDA_TILE_H = CAMBI_CUDA_THREADS / CAMBI_CUDA_TILE_W,
    /* Rows of the input a block of the largest-sample kernel reads. */
    CAMBI_CUDA_MAX_ROWS = 8,
    /* A c-value block is one warp: a lane per column of a strip of rows. */
    CAMBI_CUDA_LANES = 32,
    CAMBI_CUDA_MIN_STRIP = 64,
    /* The largest half window (65 samples, cambi_setup()) and the columns a
     * block's windows span. */
    CAMBI_CUDA_MAX_HALF = 32,
    CAMBI_CUDA_SEGMENT = CAMBI_CUDA_LANES + 2 * CAMBI_CUDA_MAX_HALF,
    CAMBI_CUDA_ALIGN = 256,
};

/* The c-values of a scale (or a block's share of them): their sum in
 * CAMBI_C_UNITS, exact, and how many are not zero. */
typedef struct CambiCudaTotals {
    uint64_t sum;
    uint32_t nonzero, unused;
} CambiCudaTotals;

/* One frame's result, read back a frame late. */
typedef struct CambiCudaResult {
    CambiCudaTotals totals[CAMBI_CUDA_VIEWS][CAMBI_CUDA_SCALES];
    uint32_t max_sample[CAMBI_CUDA_VIEWS]; /* 0 where not checked */
} CambiCudaResult;

typedef struct CambiCudaScale {
    unsigned w, h;
    /* Columns the windows read: max(w, half window). Where w is smaller,
     * columns w.. hold what the CPU's in-place planes hold there: the samples
     * the previous stage left (cambi_dsp.h). */
    unsigned cols;
    bool decimated; /* from the previous stage, else its planes as they are */
    /* cols x h, rows of *_pitch samples; mask aliases the view's at an
     * undecimated scale 0. */
    uint16_t *img;
    uint8_t *mask;
    size_t img_pitch, mask_pitch;
    /* The previous stage's planes: the view's loaded plane and mask at scale
     * 0, else the scale before. */
    const uint16_t *prev_img;
    const uint8_t *prev_mask;
    size_t prev_img_pitch, prev_mask_pitch;
    /* w x h row-major, as the CPU's c-values, per frame slot. */
    float *c_values[CAMBI_CUDA_SLOTS];
    unsigned strip_rows;         /* of a c-value block */
    unsigned blocks_x, blocks_y; /* c-value blocks */
    CambiCudaTotals *partials;   /* one per c-value block, row-major */
} CambiCudaScale;

typedef struct CambiCudaView {
    /* The input luma (set each frame): in_w x in_h samples of bpc bits, one
     * byte each at 8 bits, else two; rows of src_pitch bytes. */
    const void *src;
    size_t src_pitch;
    unsigned bpc, in_w, in_h;
    /* The view: w x h working samples, sample (i, j) from input sample
     * (grid_row[i], grid_col[j]). */
    unsigned w, h;
    const uint32_t *grid_row, *grid_col;
    bool anti_dither;
    uint16_t *loaded;
    uint8_t *mask;
    size_t loaded_pitch, mask_pitch; /* samples */
    unsigned mask_threshold;
    /* What decides the c-values (CambiCParams). */
    unsigned half_window, band_base, band_size;
    int weight[CAMBI_MAX_DIFFS];
    const uint32_t *visible; /* band_size masks */
    const float *reciprocal; /* CAMBI_RECIPROCAL_SIZE */
    CambiCudaScale scale[CAMBI_CUDA_SCALES];
    /* The largest sample of each block of CAMBI_CUDA_MAX_ROWS input rows;
     * NULL where the depth needs no check. */
    uint32_t *max_partials;
    unsigned max_blocks;
} CambiCudaView;

typedef struct CambiCudaFrame {
    CambiCudaView view[CAMBI_CUDA_VIEWS];
    unsigned views;
    unsigned slot;           /* of the c-values this frame writes */
    CambiCudaResult *result; /* on the device */
} CambiCudaFrame;

static inline size_t cambi_cuda_align(size_t n)
{
    return (n + CAMBI_CUDA_ALIGN - 1) / CAMBI_CUDA_ALIGN * CAMBI_CUDA_ALIGN;
}

/* buf + offset, or NULL while only counting. */
static inline void *cambi_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* Dynamic shared memory of a c-value block: the window counts of its lanes,
 * band_size rows of CAMBI_CUDA_LANES. */
static inline size_t cambi_cuda_counts_size(unsigned band_size)
{
    return (size_t)band_size * CAMBI_CUDA_LANES * sizeof(uint16_t);
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the cambi
 * twins).
 * prepare: before the first enqueue, lets the c-value kernel use
 * counts_size bytes of memory shared by its block, on stream's device;
 * -ENOSPC when the device has less to give a block.
 * enqueue: queues the frame's work on stream, reading each view's src:
 * result becomes every scale's totals and the largest samples, the slot's
 * c-values every scale's c-values. No host synchronisation, no allocation:
 * the work can be captured in a graph. */
typedef struct CambiGpuKernels {
    int (*prepare)(size_t counts_size, VmafCudaStream stream);
    int (*enqueue)(const CambiCudaFrame *f, VmafCudaStream stream);
} CambiGpuKernels;

extern const CambiGpuKernels cambi_cuda_kernels; /* cambi_cuda.cu */
extern const CambiGpuKernels cambi_sycl_kernels; /* ../sycl/cambi_sycl.cpp */

#ifdef __cplusplus
}
#endif

#ifndef VMAF_GPU_CC
#include <string.h>

#include "feature/cambi/cambi_common.h"

static inline unsigned cambi_cuda_max_u(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

/* The scales of view v: sizes, planes, c-values and partials, from *size
 * on. */
static inline void cambi_cuda_layout_scales(CambiCudaView *v, const CambiSetup *s, uint8_t *buf,
                                            size_t *size)
{
    unsigned w = v->w, h = v->h;
    const uint16_t *prev_img = v->loaded;
    const uint8_t *prev_mask = v->mask;
    size_t prev_img_pitch = v->loaded_pitch, prev_mask_pitch = v->mask_pitch;
    for (unsigned i = 0; i < CAMBI_CUDA_SCALES; i++) {
        CambiCudaScale *sc = &v->scale[i];
        sc->decimated = cambi_scale_decimated(s, i);
        if (sc->decimated) {
            w = (w + 1) >> 1;
            h = (h + 1) >> 1;
        }
        sc->w = w;
        sc->h = h;
        sc->cols = cambi_cuda_max_u(w, v->half_window);
        sc->prev_img = prev_img;
        sc->prev_mask = prev_mask;
        sc->prev_img_pitch = prev_img_pitch;
        sc->prev_mask_pitch = prev_mask_pitch;
        sc->img_pitch = cambi_cuda_align(sc->cols * sizeof(uint16_t)) / sizeof(uint16_t);
        sc->img = (uint16_t *)cambi_cuda_piece(buf, *size);
        *size += cambi_cuda_align(sc->img_pitch * sizeof(uint16_t) * h);
        if (sc->decimated) {
            sc->mask_pitch = cambi_cuda_align(sc->cols);
            sc->mask = (uint8_t *)cambi_cuda_piece(buf, *size);
            *size += cambi_cuda_align(sc->mask_pitch * h);
        } else {
            sc->mask_pitch = v->mask_pitch;
            sc->mask = v->mask;
        }
        for (unsigned slot = 0; slot < CAMBI_CUDA_SLOTS; slot++) {
            sc->c_values[slot] = (float *)cambi_cuda_piece(buf, *size);
            *size += cambi_cuda_align((size_t)w * h * sizeof(float));
        }
        sc->strip_rows = cambi_cuda_max_u(CAMBI_CUDA_MIN_STRIP, 4 * v->half_window);
        sc->blocks_x = (w + CAMBI_CUDA_LANES - 1) / CAMBI_CUDA_LANES;
        sc->blocks_y = (h + sc->strip_rows - 1) / sc->strip_rows;
        sc->partials = (CambiCudaTotals *)cambi_cuda_piece(buf, *size);
        *size += cambi_cuda_align(sizeof(CambiCudaTotals) * sc->blocks_x * sc->blocks_y);
        prev_img = sc->img;
        prev_mask = sc->mask;
        prev_img_pitch = sc->img_pitch;
        prev_mask_pitch = sc->mask_pitch;
    }
}

/* The first part of the twin's memory, what cambi_cuda_constants() fills:
 * the reciprocal table, then per view the visibility masks and the sampling
 * grid; also every view's parameters. Returns its bytes. */
static inline size_t cambi_cuda_layout_constants(CambiCudaFrame *f, const CambiSetup *s,
                                                 bool full_ref, uint8_t *buf)
{
    f->views = full_ref ? 2 : 1;
    const float *reciprocal = (const float *)cambi_cuda_piece(buf, 0);
    size_t size = cambi_cuda_align(CAMBI_RECIPROCAL_SIZE * sizeof(float));
    for (unsigned i = 0; i < f->views; i++) {
        const CambiView *cv = i ? &s->src : &s->dis;
        CambiCudaView *v = &f->view[i];
        v->bpc = s->bpc;
        v->in_w = s->in_w;
        v->in_h = s->in_h;
        v->w = cv->w;
        v->h = cv->h;
        v->anti_dither = s->anti_dither;
        v->mask_threshold = cv->mask_threshold;
        v->half_window = cv->cp.half_window;
        v->band_base = cv->cp.band_base;
        v->band_size = cv->cp.band_size;
        for (unsigned d = 0; d < CAMBI_MAX_DIFFS; d++)
            v->weight[d] = d < cv->cp.num_diffs ? cv->cp.weight[d] : 0;
        v->reciprocal = reciprocal;
        v->visible = (const uint32_t *)cambi_cuda_piece(buf, size);
        size += cambi_cuda_align(v->band_size * sizeof(uint32_t));
        v->grid_row = (const uint32_t *)cambi_cuda_piece(buf, size);
        size += cambi_cuda_align(v->h * sizeof(uint32_t));
        v->grid_col = (const uint32_t *)cambi_cuda_piece(buf, size);
        size += cambi_cuda_align(v->w * sizeof(uint32_t));
    }
    return size;
}

/* Lays out the twin's memory in buf (CAMBI_CUDA_ALIGN-aligned): the
 * constants (cambi_cuda_layout_constants()), then per view the loaded
 * plane, the mask, the scales and the largest-sample partials. Sets every
 * field of *f but the views' src and src_pitch, slot and result. Returns the
 * bytes it takes; with buf NULL it only counts them. */
static inline size_t cambi_cuda_layout(CambiCudaFrame *f, const CambiSetup *s, bool full_ref,
                                       uint8_t *buf)
{
    size_t size = cambi_cuda_layout_constants(f, s, full_ref, buf);
    for (unsigned i = 0; i < f->views; i++) {
        CambiCudaView *v = &f->view[i];
        v->loaded_pitch = cambi_cuda_align(v->w * sizeof(uint16_t)) / sizeof(uint16_t);
        v->loaded = (uint16_t *)cambi_cuda_piece(buf, size);
        size += cambi_cuda_align(v->loaded_pitch * sizeof(uint16_t) * v->h);
        v->mask_pitch = cambi_cuda_align(v->w);
        v->mask = (uint8_t *)cambi_cuda_piece(buf, size);
        size += cambi_cuda_align(v->mask_pitch * v->h);
        cambi_cuda_layout_scales(v, s, buf, &size);
        const bool checked = cambi_depth_checked(s->bpc);
        v->max_blocks = (v->in_h + CAMBI_CUDA_MAX_ROWS - 1) / CAMBI_CUDA_MAX_ROWS;
        v->max_partials = checked ? (uint32_t *)cambi_cuda_piece(buf, size) : NULL;
        size += checked ? cambi_cuda_align(v->max_blocks * sizeof(uint32_t)) : 0;
    }
    return size;
}

/* Fills the constants of a layout made in host memory
 * (cambi_cuda_layout_constants()): the reciprocal table, and per view its
 * visibility masks and sampling grid. */
static inline void cambi_cuda_constants(const CambiCudaFrame *f, const CambiSetup *s)
{
    memcpy((float *)f->view[0].reciprocal, cambi_reciprocal_table(),
           CAMBI_RECIPROCAL_SIZE * sizeof(float));
    for (unsigned i = 0; i < f->views; i++) {
        const CambiView *cv = i ? &s->src : &s->dis;
        const CambiCudaView *v = &f->view[i];
        memcpy((uint32_t *)v->visible, cv->cp.visible, v->band_size * sizeof(uint32_t));
        cambi_nearest_grid((unsigned *)v->grid_row, s->in_h, v->h);
        cambi_nearest_grid((unsigned *)v->grid_col, s->in_w, v->w);
    }
}

/* The CPU's totals of a scale: the sum is exact below 2^53 units, and
 * otherwise rounds to 2^29 or more, which pooling never takes from totals. */
static inline CambiCTotals cambi_cuda_totals(const CambiCudaTotals *t)
{
    return (CambiCTotals){(double)t->sum / CAMBI_C_UNITS, t->nonzero};
}

/* Copies the c-values of scale sc of the frame in slot to host memory that
 * pooling may reorder, *values. */
typedef int (*CambiCudaFetch)(void *opaque, const CambiCudaScale *sc, unsigned slot,
                              float **values);

/* The score of view v of a frame from its result r, with the CPU's checks
 * and pooling (cambi.c's score_picture()); fetch brings a scale's c-values
 * where pooling needs them. */
static inline int cambi_cuda_view_score(const CambiCudaFrame *f, const CambiSetup *s, unsigned v,
                                        const CambiCudaResult *r, unsigned slot,
                                        CambiCudaFetch fetch, void *opaque, double *score)
{
    if (cambi_depth_checked(s->bpc)) {
        const int err = cambi_check_samples(s->bpc, r->max_sample[v]);
        if (err)
            return err;
    }
    double scale_score[CAMBI_SCALES];
    for (unsigned scale = 0; scale < CAMBI_SCALES; scale++) {
        const CambiCudaScale *sc = &f->view[v].scale[scale];
        const unsigned n = sc->w * sc->h;
        const CambiCTotals totals = cambi_cuda_totals(&r->totals[v][scale]);
        float *values = NULL;
        if (cambi_pool_needs_values(n, s->pool_topk, &totals)) {
            const int err = fetch(opaque, sc, slot, &values);
            if (err)
                return err;
        }
        scale_score[scale] = cambi_pool_topk(values, n, s->pool_topk, &totals);
    }
    *score = cambi_combine_scales(scale_score, v ? s->src.window : s->dis.window);
    return 0;
}
#endif

#endif
