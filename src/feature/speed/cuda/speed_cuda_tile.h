/* The steps of the speed twins' kernels, one thread's share at a time, as C
 * and as CUDA (core/hd.h): speed_cuda.cu runs them, one launch per step
 * over every plane of the frame, tests/unit/test_speed_cuda_emu.c runs the
 * same calls on the CPU and compares with the CPU's pipeline.
 *
 * Each step is the CPU's arithmetic for the outputs it computes
 * (speed_pipeline.c, float_common_dsp.h, speed_linalg.c), through the
 * functions both share (float_common_math.h, speed_math.h):
 * 1. speed_tile_load(): the samples as floats (minus the subtracted plane).
 * 2. speed_tile_resample(), with a resize: output (x, y) of the resampler.
 * 3. speed_tile_antialias_rows(), speed_tile_antialias_cols(): the
 *    anti-alias filter's vertical pass at the rows the decimation by 16
 *    keeps, then its horizontal pass at the columns it keeps.
 * 4. speed_tile_local_mean_rows(), speed_tile_centre(): the local mean's
 *    two passes, the second subtracted from the decimated plane.
 * 5. speed_tile_mean() (25 threads), then speed_tile_covariance() (one
 *    thread per element of the lower triangle): each a sequential sum in the
 *    CPU's order, which no other order reproduces.
 * 6. The Householder QR of the covariance matrix, element by element
 *    between barriers (speed_qr_*()), as the CPU's 25 x 25 products.
 * 7. speed_tile_solve(), one thread per 5x5 block: K x = y for the block's
 *    samples from Q' and R, and the block's variance multiplier. */
#ifndef VMAF_FEATURE_SPEED_CUDA_SPEED_CUDA_TILE_H
#define VMAF_FEATURE_SPEED_CUDA_SPEED_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/float_common/float_common_math.h"
#include "feature/speed/speed_math.h"
#include "speed_cuda.h"

/* The decimation keeps every 16th row and column. */
#define SPEED_TILE_DECIMATION 16
#define SPEED_TILE_MATRIX (SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS)

static inline VMAF_HD float speed_tile_sample(const void *plane, size_t pitch, unsigned bpc,
                                              float divisor, unsigned x, unsigned y)
{
    const uint8_t *row = (const uint8_t *)plane + (size_t)y * pitch;
    return bpc == 8 ? float_from_8(row[x]) : float_from_16(((const uint16_t *)row)[x], divisor);
}

/* Step 1 for sample (x, y) of plane p. */
static inline VMAF_HD void speed_tile_load(const SpeedCudaFrame *f, unsigned p, unsigned x,
                                           unsigned y)
{
    const SpeedCudaInput *in = &f->plane[p].input;
    float v = speed_tile_sample(in->plane, in->plane_pitch, f->bpc, f->divisor, x, y);
    if (in->sub)
        v -= speed_tile_sample(in->sub, in->sub_pitch, f->bpc, f->divisor, x, y);
    f->plane[p].loaded[(ptrdiff_t)y * f->loaded_pitch + x] = v;
}

/* Step 2 for output (x, y) of plane p. */
static inline VMAF_HD void speed_tile_resample(const SpeedCudaFrame *f, unsigned p, unsigned x,
                                               unsigned y)
{
    const SpeedCudaResize *t = &f->resize_taps;
    const float *src = f->plane[p].loaded;
    const ptrdiff_t stride = f->loaded_pitch;
    float v;
    if (f->method == FLOAT_RESAMPLE_NEAREST) {
        v = src[t->nearest_y[y] * stride + t->nearest_x[x]];
    } else if (f->method == FLOAT_RESAMPLE_BILINEAR) {
        const FloatBilinearTap *tx = &t->bilinear_x[x], *ty = &t->bilinear_y[y];
        const float *r1 = src + ty->lo * stride, *r2 = src + ty->hi * stride;
        v = float_bilinear_mix(tx, ty, r1[tx->lo], r1[tx->hi], r2[tx->lo], r2[tx->hi]);
    } else {
        v = float_resample_mix(&t->kernel_x[x], &t->kernel_y[y], t->kernel_taps,
                               f->method == FLOAT_RESAMPLE_LANCZOS4, src, stride);
    }
    f->plane[p].scaled[(ptrdiff_t)y * f->scaled_pitch + x] = v;
}

/* Step 3a for small row i, column c of the (resized) plane. */
static inline VMAF_HD void speed_tile_antialias_rows(const SpeedCudaFrame *f, unsigned p,
                                                     unsigned i, unsigned c)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    const float *src = f->resize ? pl->scaled : pl->loaded;
    const ptrdiff_t stride = f->resize ? f->scaled_pitch : f->loaded_pitch;
    pl->rows[(ptrdiff_t)i * f->scaled_pitch + c] =
        float_filter_at(src + c, stride, f->scaled_h, (int)(SPEED_TILE_DECIMATION * i),
                        f->antialias, f->antialias_taps);
}

/* Step 3b for output (j, i) of the decimated plane. */
static inline VMAF_HD void speed_tile_antialias_cols(const SpeedCudaFrame *f, unsigned p,
                                                     unsigned i, unsigned j)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    pl->small[(ptrdiff_t)i * f->small_pitch + j] =
        float_filter_at(pl->rows + (ptrdiff_t)i * f->scaled_pitch, 1, f->scaled_w,
                        (int)(SPEED_TILE_DECIMATION * j), f->antialias, f->antialias_taps);
}

/* Step 4a for (j, i) of the decimated plane. */
static inline VMAF_HD void speed_tile_local_mean_rows(const SpeedCudaFrame *f, unsigned p,
                                                      unsigned i, unsigned j)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    pl->lm_rows[(ptrdiff_t)i * f->small_pitch + j] = float_filter_at(
        pl->small + j, f->small_pitch, f->small_h, (int)i, f->local_mean, f->local_mean_taps);
}

/* Step 4b for (j, i) of the decimated plane. */
static inline VMAF_HD void speed_tile_centre(const SpeedCudaFrame *f, unsigned p, unsigned i,
                                             unsigned j)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    const ptrdiff_t at = (ptrdiff_t)i * f->small_pitch + j;
    pl->centred[at] =
        pl->small[at] - float_filter_at(pl->lm_rows + (ptrdiff_t)i * f->small_pitch, 1, f->small_w,
                                        (int)j, f->local_mean, f->local_mean_taps);
}

/* The window of block position k: the centred plane shifted by it. */
static inline VMAF_HD const float *speed_tile_window(const SpeedCudaFrame *f, unsigned p, int k)
{
    return f->plane[p].centred + (k / SPEED_BLOCK) * f->small_pitch + k % SPEED_BLOCK;
}

/* Step 5a for position k (0..24). */
static inline VMAF_HD void speed_tile_mean(const SpeedCudaFrame *f, unsigned p, int k)
{
    const float sum =
        speed_window_sum(speed_tile_window(f, p, k), f->small_pitch, f->window_w, f->window_h);
    f->plane[p].means[k] = speed_window_mean(sum, f->window_w, f->window_h);
}

/* Step 5b for element (a, b) of the covariance matrix, b <= a; the thread
 * writes it and its mirror image. */
static inline VMAF_HD void speed_tile_covariance(const SpeedCudaFrame *f, unsigned p, int a, int b)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    const double sum =
        speed_window_cov_sum(speed_tile_window(f, p, a), speed_tile_window(f, p, b), f->small_pitch,
                             f->window_w, f->window_h, pl->means[a], pl->means[b]);
    const float c = speed_covariance_of(sum, f->window_w, f->window_h);
    pl->cov[a * SPEED_BLOCK_ELEMS + b] = c;
    pl->cov[b * SPEED_BLOCK_ELEMS + a] = c;
}

/* The QR's working set, in a block's shared memory. */
typedef struct SpeedQrTile {
    float a[SPEED_TILE_MATRIX];  /* the covariance matrix */
    float z[SPEED_TILE_MATRIX];  /* the product of the reflections so far with a */
    float qt[SPEED_TILE_MATRIX]; /* the reflections so far */
    float h[SPEED_TILE_MATRIX];  /* this step's reflection */
    float next_z[SPEED_TILE_MATRIX], next_qt[SPEED_TILE_MATRIX];
    float v[SPEED_BLOCK_ELEMS];
} SpeedQrTile;

/* Step 6, element e (row-major) of each matrix, with a barrier between
 * calls: speed_qr_start(); for k = 0..23: speed_qr_minor(), then (thread 0)
 * speed_qr_vector(), speed_qr_reflect(), speed_qr_products(),
 * speed_qr_commit(); then speed_qr_finish() and (thread 0) speed_qr_pivots(). */
static inline VMAF_HD void speed_qr_start(SpeedQrTile *t, const float *cov, int e)
{
    t->a[e] = cov[e];
    t->z[e] = cov[e];
    t->qt[e] = e / SPEED_BLOCK_ELEMS == e % SPEED_BLOCK_ELEMS ? 1.0f : 0.0f;
}

static inline VMAF_HD void speed_qr_minor_step(SpeedQrTile *t, int k, int e)
{
    t->z[e] = speed_qr_minor(t->z[e], e / SPEED_BLOCK_ELEMS, e % SPEED_BLOCK_ELEMS, k);
}

static inline VMAF_HD void speed_qr_vector(SpeedQrTile *t, int k)
{
    speed_householder_vector(t->z, SPEED_BLOCK_ELEMS, k, t->a[k * SPEED_BLOCK_ELEMS + k], t->v);
}

static inline VMAF_HD void speed_qr_reflect(SpeedQrTile *t, int e)
{
    t->h[e] = speed_reflector(t->v, e / SPEED_BLOCK_ELEMS, e % SPEED_BLOCK_ELEMS);
}

static inline VMAF_HD void speed_qr_products(SpeedQrTile *t, int e)
{
    const int i = e / SPEED_BLOCK_ELEMS, j = e % SPEED_BLOCK_ELEMS;
    t->next_z[e] = speed_product(t->h, t->z, SPEED_BLOCK_ELEMS, SPEED_BLOCK_ELEMS, i, j);
    t->next_qt[e] = speed_product(t->h, t->qt, SPEED_BLOCK_ELEMS, SPEED_BLOCK_ELEMS, i, j);
}

static inline VMAF_HD void speed_qr_commit(SpeedQrTile *t, int e)
{
    t->z[e] = t->next_z[e];
    t->qt[e] = t->next_qt[e];
}

/* r = qt a, into next_z and the plane's r; qt to the plane's qt. */
static inline VMAF_HD void speed_qr_finish(SpeedQrTile *t, const SpeedCudaPlane *pl, int e)
{
    const float r = speed_product(t->qt, t->a, SPEED_BLOCK_ELEMS, SPEED_BLOCK_ELEMS,
                                  e / SPEED_BLOCK_ELEMS, e % SPEED_BLOCK_ELEMS);
    t->next_z[e] = r;
    pl->r[e] = r;
    pl->qt[e] = t->qt[e];
}

/* The solve's refusal: a pivot of r (in next_z) below SPEED_EPS. */
static inline VMAF_HD void speed_qr_pivots(const SpeedQrTile *t, const SpeedCudaPlane *pl)
{
    uint32_t small = 0;
    for (int i = 0; i < SPEED_BLOCK_ELEMS; i++)
        small |= fabsf(t->next_z[i * SPEED_BLOCK_ELEMS + i]) < SPEED_EPS;
    *pl->pivot = small;
}

/* The 2-D steps a launch each: output (x, y) of plane p. */
enum SpeedTileStep {
    SPEED_STEP_LOAD,
    SPEED_STEP_RESAMPLE,
    SPEED_STEP_ANTIALIAS_COLS,
    SPEED_STEP_LOCAL_MEAN_ROWS,
    SPEED_STEP_CENTRE,
};

static inline VMAF_HD void speed_tile_step(const SpeedCudaFrame *f, enum SpeedTileStep step,
                                           unsigned p, unsigned x, unsigned y)
{
    switch (step) {
    case SPEED_STEP_LOAD:
        speed_tile_load(f, p, x, y);
        break;
    case SPEED_STEP_RESAMPLE:
        speed_tile_resample(f, p, x, y);
        break;
    case SPEED_STEP_ANTIALIAS_COLS:
        speed_tile_antialias_cols(f, p, y, x);
        break;
    case SPEED_STEP_LOCAL_MEAN_ROWS:
        speed_tile_local_mean_rows(f, p, y, x);
        break;
    case SPEED_STEP_CENTRE:
        speed_tile_centre(f, p, y, x);
        break;
    }
}

/* Step 6 in one thread, every element of each call in turn: the SYCL
 * kernel's form (../sycl/speed_sycl.cpp) and the CPU emulation's of the
 * CUDA kernel (tests/unit/test_speed_cuda_emu.c). */
static inline VMAF_HD void speed_qr_serial(SpeedQrTile *t, const SpeedCudaPlane *pl)
{
    for (int e = 0; e < SPEED_TILE_MATRIX; e++)
        speed_qr_start(t, pl->cov, e);
    for (int k = 0; k + 1 < SPEED_BLOCK_ELEMS; k++) {
        for (int e = 0; e < SPEED_TILE_MATRIX; e++)
            speed_qr_minor_step(t, k, e);
        speed_qr_vector(t, k);
        for (int e = 0; e < SPEED_TILE_MATRIX; e++)
            speed_qr_reflect(t, e);
        for (int e = 0; e < SPEED_TILE_MATRIX; e++)
            speed_qr_products(t, e);
        for (int e = 0; e < SPEED_TILE_MATRIX; e++)
            speed_qr_commit(t, e);
    }
    for (int e = 0; e < SPEED_TILE_MATRIX; e++)
        speed_qr_finish(t, pl, e);
    speed_qr_pivots(t, pl);
}

/* Step 7 for block b (raster order) of plane p, with Q' and R (row-major,
 * 25 x 25) as the QR left them. */
static inline VMAF_HD void speed_tile_solve(const SpeedCudaFrame *f, unsigned p, const float *qt,
                                            const float *r, unsigned b)
{
    const SpeedCudaPlane *pl = &f->plane[p];
    const unsigned bx = b % f->blocks_x, by = b / f->blocks_x;
    float y[SPEED_BLOCK_ELEMS], x[SPEED_BLOCK_ELEMS];
    VMAF_UNROLL
    for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
        y[k] = speed_block_sample(pl->centred, f->small_pitch, bx, by, k);
    VMAF_UNROLL
    for (int i = SPEED_BLOCK_ELEMS - 1; i >= 0; i--) {
        const float rhs = speed_product(qt, y, SPEED_BLOCK_ELEMS, 1, i, 0);
        x[i] = speed_back_substitute(r, SPEED_BLOCK_ELEMS, i, rhs, x, 1);
    }
    pl->variance[b] = speed_block_variance(x, y, 1);
}

#endif
