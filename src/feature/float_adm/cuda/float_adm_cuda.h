/* The device stage of the float_adm twin. Per level, one kernel runs the db2
 * wavelet of ref and dis (the approximation into the next level's source),
 * decouples the bands, weights them and writes each position's masking
 * shares and reference cube; a second masks the restored detail and the
 * impairment at each summed position and writes their cubes. A last kernel
 * adds every level's terms row by row, left to right, into the frame's
 * result, which the host adds top to bottom as the CPU does. The steps of
 * the kernels are in float_adm_cuda_tile.h. */
#ifndef VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_CUDA_H
#define VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/float_adm/float_adm_common.h"
#include "feature/float_adm/float_adm_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The wavelet and masking kernels: a block of TILE_W x TILE_H threads, one
 * position a thread; the row kernel: ROW_THREADS rows a block, small so
 * that the few rows of a level spread over many multiprocessors. */
enum {
    FLOAT_ADM_CUDA_THREADS = 256,
    FLOAT_ADM_CUDA_ROW_THREADS = 64,
    FLOAT_ADM_CUDA_TILE_W = 32,
    FLOAT_ADM_CUDA_TILE_H = FLOAT_ADM_CUDA_THREADS / FLOAT_ADM_CUDA_TILE_W,
};

/* The sums of a level, in the terms and the frame's result: reference cubes
 * (den), masked restored cubes (num) and masked impairment cubes (aim),
 * each for bands h, v, d. */
enum {
    FLOAT_ADM_CUDA_DEN = 0,
    FLOAT_ADM_CUDA_NUM = ADM_DETAIL_BANDS,
    FLOAT_ADM_CUDA_AIM = 2 * ADM_DETAIL_BANDS,
    FLOAT_ADM_CUDA_SUMS = 3 * ADM_DETAIL_BANDS,
};

/* How a level's source stores its samples. */
enum FloatAdmCudaSample { FLOAT_ADM_CUDA_U8, FLOAT_ADM_CUDA_U16, FLOAT_ADM_CUDA_F32 };

typedef struct FloatAdmCudaLevel {
    /* ref (0) and dis (1), in_w x in_h in rows of src_pitch bytes: the
     * input's samples at level 0, else the level before's approximation. */
    const void *src[2];
    size_t src_pitch;
    int src_kind;  /* FloatAdmCudaSample */
    float divisor; /* of 16-bit samples (float_from_16()) */
    unsigned in_w, in_h;
    unsigned w, h; /* the level: (in_w + 1) / 2 x (in_h + 1) / 2 */
    /* The approximation, the next level's source; NULL at the last level. */
    float *approx[2];
    /* Floats between rows, of the approximation and the planes below. */
    ptrdiff_t stride;
    /* Decoupling, weighting and sums; false at a skipped level 0, which
     * only makes the approximation. */
    bool details;
    /* Over ext: the restored detail, the impairment, and the masking share
     * of each once weighted (the same planes at every level). */
    float *r[ADM_DETAIL_BANDS], *a[ADM_DETAIL_BANDS];
    float *flt_r[ADM_DETAIL_BANDS], *flt_a[ADM_DETAIL_BANDS];
    FloatAdmRect ext, inner;
    float rfactor[ADM_DETAIL_BANDS];
    float cos_sq; /* float_adm_cos_1deg_sq() */
    double gain_limit;
    bool bypass_cm;
    /* The device copy of float_adm_rcp_table(), or NULL where the CPU
     * divides. */
    const float *rcp;
    /* Term q of inner position (y, x) (from the inner rect's corner) at
     * (q * rows + y) * terms_pitch + x: the kernels that write them write
     * whole lines, and a row's thread in the row kernel reads its own
     * line, eight floats at a time. */
    float *terms;
    unsigned inner_w, rows, terms_pitch;
    unsigned grid_w, grid_h;           /* of the wavelet kernel */
    unsigned mask_grid_w, mask_grid_h; /* of the masking kernel */
} FloatAdmCudaLevel;

/* What the row kernel reads: thread g of the blocks from blocks_at[s] adds
 * row g % rows of sum g / rows of level s into result + rows_at[s]. */
typedef struct FloatAdmCudaRows {
    const float *terms[FLOAT_ADM_SCALES];
    unsigned inner_w[FLOAT_ADM_SCALES], rows[FLOAT_ADM_SCALES], terms_pitch[FLOAT_ADM_SCALES];
    size_t rows_at[FLOAT_ADM_SCALES]; /* floats into the result */
    unsigned blocks_at[FLOAT_ADM_SCALES + 1];
    float *result;
} FloatAdmCudaRows;

typedef struct FloatAdmCudaFrame {
    FloatAdmCudaLevel level[FLOAT_ADM_SCALES];
    FloatAdmCudaRows rows;
    size_t result_size; /* bytes */
} FloatAdmCudaFrame;

/* Settings of the kernels that come from the options. */
typedef struct FloatAdmCudaParams {
    float rfactor[FLOAT_ADM_SCALES][ADM_DETAIL_BANDS]; /* float_adm_rfactors() */
    double gain_limit;
    float cos_sq;
    bool bypass_cm, skip_scale0;
    bool rcp; /* the CPU divides with the reciprocal estimate */
} FloatAdmCudaParams;

enum { FLOAT_ADM_CUDA_ALIGN = 256 };

/* float_adm_rcp_table()'s bytes (FLOAT_ADM_RCP_TABLE_SIZE floats), spelt
 * out: that enum exists only where the CPU divides with the estimate. */
#define FLOAT_ADM_CUDA_RCP_SIZE (((size_t)1 << 23) * sizeof(float))

static inline size_t float_adm_cuda_align(size_t n)
{
    return (n + FLOAT_ADM_CUDA_ALIGN - 1) / FLOAT_ADM_CUDA_ALIGN * FLOAT_ADM_CUDA_ALIGN;
}

/* buf + offset, or NULL while only counting. */
static inline void *float_adm_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* Lays out the frame's memory in buf (FLOAT_ADM_CUDA_ALIGN-aligned): the
 * reciprocal table first when p->rcp (FLOAT_ADM_CUDA_RCP_SIZE bytes), two
 * pairs of approximations (level s writes pair s % 2), the decoupled planes
 * and shares, then every level's terms; sets every field of *f but level
 * 0's source and the result. Returns the bytes it takes; with buf NULL it
 * only counts them. */
static inline size_t float_adm_cuda_layout(FloatAdmCudaFrame *f, const FloatAdmCudaParams *p,
                                           unsigned w, unsigned h, unsigned bpc, uint8_t *buf)
{
    size_t size = 0;
    const float *rcp = NULL;
    if (p->rcp) {
        rcp = (const float *)float_adm_cuda_piece(buf, 0);
        size = float_adm_cuda_align(FLOAT_ADM_CUDA_RCP_SIZE);
    }
    const unsigned w0 = (w + 1) / 2, h0 = (h + 1) / 2;
    const size_t pitch = float_adm_cuda_align(sizeof(float) * w0), plane = pitch * h0;
    float *approx[2][2];
    for (int pair = 0; pair < 2; pair++) {
        for (int img = 0; img < 2; img++, size += plane)
            approx[pair][img] = (float *)float_adm_cuda_piece(buf, size);
    }
    float *r[ADM_DETAIL_BANDS], *a[ADM_DETAIL_BANDS], *flt_r[ADM_DETAIL_BANDS],
        *flt_a[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = (float *)float_adm_cuda_piece(buf, size);
        a[b] = (float *)float_adm_cuda_piece(buf, size + plane);
        flt_r[b] = (float *)float_adm_cuda_piece(buf, size + 2 * plane);
        flt_a[b] = (float *)float_adm_cuda_piece(buf, size + 3 * plane);
        size += 4 * plane;
    }

    FloatAdmCudaRows *rows = &f->rows;
    size_t result = 0;
    unsigned blocks = 0, in_w = w, in_h = h;
    for (int s = 0; s < FLOAT_ADM_SCALES; s++) {
        FloatAdmCudaLevel *l = &f->level[s];
        l->src_kind = s ? FLOAT_ADM_CUDA_F32 : bpc > 8 ? FLOAT_ADM_CUDA_U16 : FLOAT_ADM_CUDA_U8;
        l->divisor = (float)(1u << (bpc - 8));
        l->src[0] = s ? f->level[s - 1].approx[0] : NULL;
        l->src[1] = s ? f->level[s - 1].approx[1] : NULL;
        l->src_pitch = s ? pitch : 0;
        l->in_w = in_w;
        l->in_h = in_h;
        l->w = (in_w + 1) / 2;
        l->h = (in_h + 1) / 2;
        for (int img = 0; img < 2; img++)
            l->approx[img] = s + 1 < FLOAT_ADM_SCALES ? approx[s % 2][img] : NULL;
        l->stride = (ptrdiff_t)(pitch / sizeof(float));
        l->details = !(s == 0 && p->skip_scale0);
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            l->r[b] = r[b];
            l->a[b] = a[b];
            l->flt_r[b] = flt_r[b];
            l->flt_a[b] = flt_a[b];
            l->rfactor[b] = p->rfactor[s][b];
        }
        l->ext = float_adm_extended_rect(l->w, l->h);
        l->inner = float_adm_inner_rect(l->w, l->h);
        l->cos_sq = p->cos_sq;
        l->gain_limit = p->gain_limit;
        l->bypass_cm = p->bypass_cm;
        l->rcp = rcp;
        l->inner_w = (unsigned)(l->inner.right - l->inner.left);
        l->rows = (unsigned)(l->inner.bottom - l->inner.top);
        l->grid_w = (l->w + FLOAT_ADM_CUDA_TILE_W - 1) / FLOAT_ADM_CUDA_TILE_W;
        l->grid_h = (l->h + FLOAT_ADM_CUDA_TILE_H - 1) / FLOAT_ADM_CUDA_TILE_H;
        l->mask_grid_w = (l->inner_w + FLOAT_ADM_CUDA_TILE_W - 1) / FLOAT_ADM_CUDA_TILE_W;
        l->mask_grid_h = (l->rows + FLOAT_ADM_CUDA_TILE_H - 1) / FLOAT_ADM_CUDA_TILE_H;
        l->terms_pitch =
            (unsigned)(float_adm_cuda_align(sizeof(float) * l->inner_w) / sizeof(float));
        const size_t terms = (size_t)FLOAT_ADM_CUDA_SUMS * l->rows * l->terms_pitch;
        l->terms = l->details ? (float *)float_adm_cuda_piece(buf, size) : NULL;
        size += l->details ? float_adm_cuda_align(sizeof(float) * terms) : 0;

        rows->terms[s] = l->terms;
        rows->inner_w[s] = l->inner_w;
        rows->terms_pitch[s] = l->terms_pitch;
        rows->rows[s] = l->details ? l->rows : 0;
        rows->rows_at[s] = result;
        rows->blocks_at[s] = blocks;
        result += (size_t)FLOAT_ADM_CUDA_SUMS * rows->rows[s];
        blocks += (FLOAT_ADM_CUDA_SUMS * rows->rows[s] + FLOAT_ADM_CUDA_ROW_THREADS - 1) /
                  FLOAT_ADM_CUDA_ROW_THREADS;
        in_w = l->w;
        in_h = l->h;
    }
    rows->blocks_at[FLOAT_ADM_SCALES] = blocks;
    f->result_size = result * sizeof(float);
    return size;
}

/* Level 0's source this frame: the pair of luma planes, rows of pitch
 * bytes. */
static inline void float_adm_cuda_set_source(FloatAdmCudaFrame *f, const void *ref, const void *dis,
                                             size_t pitch)
{
    f->level[0].src[0] = ref;
    f->level[0].src[1] = dis;
    f->level[0].src_pitch = pitch;
}

/* Each level's sums from the frame's result, on the host: its rows added
 * top to bottom (float_adm_add_row()), as the CPU's stages add them; those
 * of a skipped level 0 are zero, as the CPU leaves them. */
static inline void float_adm_cuda_sums(const FloatAdmCudaFrame *f, const float *result,
                                       FloatAdmLevelSums sums[FLOAT_ADM_SCALES])
{
    for (int s = 0; s < FLOAT_ADM_SCALES; s++) {
        FloatAdmLevelSums *out = &sums[s];
        *out = (FloatAdmLevelSums){0};
        const unsigned n = f->rows.rows[s];
        const float *rows = result + f->rows.rows_at[s];
        for (unsigned y = 0; y < n; y++) {
            float den[ADM_DETAIL_BANDS], num[ADM_DETAIL_BANDS], aim[ADM_DETAIL_BANDS];
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                den[b] = rows[(FLOAT_ADM_CUDA_DEN + b) * n + y];
                num[b] = rows[(FLOAT_ADM_CUDA_NUM + b) * n + y];
                aim[b] = rows[(FLOAT_ADM_CUDA_AIM + b) * n + y];
            }
            float_adm_add_row(out->den, den);
            float_adm_add_row(out->num, num);
            float_adm_add_row(out->aim, aim);
        }
    }
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the float_adm twins). enqueue:
 * queues the frame's work on stream, reading level 0's source and writing f->rows.result: the
 * row sums of every scored level. No host synchronisation, no allocation: the work can be
 * captured in a graph. */
typedef struct FloatAdmGpuKernels {
    int (*enqueue)(const FloatAdmCudaFrame *f, VmafCudaStream stream);
} FloatAdmGpuKernels;

extern const FloatAdmGpuKernels float_adm_cuda_kernels; /* float_adm_cuda.cu */
extern const FloatAdmGpuKernels float_adm_sycl_kernels; /* ../sycl/float_adm_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
