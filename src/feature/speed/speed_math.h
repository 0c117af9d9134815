/* The arithmetic of SpEED's per-block stages that the CPU's code (speed_dsp.c,
 * speed_linalg.c, speed_pipeline.c) and the CUDA twin's kernels share
 * (core/hd.h): the window sums of the covariance, the Householder QR's
 * reflections and the per-block back substitution and variance. Each keeps
 * the reference's operations, types and order, so that a kernel running it
 * gets the CPU's bits. */
#ifndef VMAF_FEATURE_SPEED_SPEED_MATH_H
#define VMAF_FEATURE_SPEED_SPEED_MATH_H

#include <math.h>
#include <stddef.h>

#include "core/hd.h"

#define SPEED_BLOCK 5
#define SPEED_BLOCK_ELEMS (SPEED_BLOCK * SPEED_BLOCK)
/* Pivots (and eigenvalues) below this make a covariance matrix singular. */
#define SPEED_EPS 1e-6

/* Float sum of the w x h window in row-major order, one accumulator. */
static inline VMAF_HD float speed_window_sum(const float *src, ptrdiff_t stride, unsigned w,
                                             unsigned h)
{
    float acc = 0;
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++)
            acc += src[i * stride + j];
    }
    return acc;
}

/* Sum over the window of (x - mean_x) * (y - mean_y) in double, row-major,
 * one accumulator. */
static inline VMAF_HD double speed_window_cov_sum(const float *x, const float *y, ptrdiff_t stride,
                                                  unsigned w, unsigned h, double mean_x,
                                                  double mean_y)
{
    double acc = 0;
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++) {
            const double dx = x[i * stride + j], dy = y[i * stride + j];
            acc += (dx - mean_x) * (dy - mean_y);
        }
    }
    return acc;
}

/* The mean of a window from its float sum: divided in float. */
static inline VMAF_HD float speed_window_mean(float sum, unsigned w, unsigned h)
{
    return sum / (float)((size_t)w * h);
}

/* A covariance element from its double sum: divided in double, then
 * rounded to float. */
static inline VMAF_HD float speed_covariance_of(double sum, unsigned w, unsigned h)
{
    return (float)(sum / (double)((size_t)w * h));
}

/* Position k (row-major) of block (bx, by) of a plane. */
static inline VMAF_HD float speed_block_sample(const float *plane, ptrdiff_t stride, unsigned bx,
                                               unsigned by, int k)
{
    return plane[(by * SPEED_BLOCK + k / SPEED_BLOCK) * stride + bx * SPEED_BLOCK +
                 k % SPEED_BLOCK];
}

static inline VMAF_HD int speed_sign_of(float x)
{
    return x >= 0 ? 1 : -1;
}

/* The float sum of squares in index order, its root taken in double. */
static inline VMAF_HD float speed_vector_norm(const float *v, int n)
{
    float sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i] * v[i];
    return (float)sqrt(sum);
}

/* Element (i, j) of step k's matrix of the QR: its leading k rows and
 * columns are the identity's, the rest is the previous product's. */
static inline VMAF_HD float speed_qr_minor(float z, int i, int j, int k)
{
    if (i < k || j < k)
        return i == j ? 1.0f : 0.0f;
    return z;
}

/* v = the unit Householder vector of column k of the n x n z (a minor, see
 * speed_qr_minor()); its sign is that of a_kk, element (k, k) of the
 * matrix being factorised, not of the minor. */
static inline VMAF_HD void speed_householder_vector(const float *z, int n, int k, float a_kk,
                                                    float *v)
{
    for (int i = 0; i < n; i++)
        v[i] = z[i * n + k];
    const float norm = speed_vector_norm(v, n);
    v[k] += (float)speed_sign_of(a_kk) * norm;
    const float length = speed_vector_norm(v, n);
    for (int i = 0; i < n; i++)
        v[i] = v[i] / length;
}

/* Element (i, j) of the reflection I - 2 v v': the product rounded, then 1
 * added on the diagonal. */
static inline VMAF_HD float speed_reflector(const float *v, int i, int j)
{
    const float h = -2.0f * v[i] * v[j];
    return i == j ? h + 1 : h;
}

/* Element (i, j) of a (rows x inner) times b (inner x cols), summed from 0
 * in order of the inner index, as the CPU's products sum every element. */
static inline VMAF_HD float speed_product(const float *a, const float *b, int inner, int cols,
                                          int i, int j)
{
    float acc = 0;
    for (int k = 0; k < inner; k++)
        acc += a[i * inner + k] * b[k * cols + j];
    return acc;
}

/* Row i of the back substitution of r x = rhs (r upper triangular, n x n)
 * for one right-hand side whose solution rows i + 1.. are x[k * x_step]. */
static inline VMAF_HD float speed_back_substitute(const float *r, int n, int i, float rhs,
                                                  const float *x, ptrdiff_t x_step)
{
    float t = rhs;
    for (int k = i + 1; k < n; k++)
        t -= x[k * x_step] * r[i * n + k];
    return t / r[i * n + i];
}

/* A block's variance multiplier y' K^-1 y / 25 from x = K^-1 y: the terms
 * x_k y_k / 25, each rounded, summed in float from k = 0. */
static inline VMAF_HD float speed_block_variance(const float *x, const float *y, ptrdiff_t step)
{
    float v = (x[0] * y[0]) / (float)SPEED_BLOCK_ELEMS;
    for (int k = 1; k < SPEED_BLOCK_ELEMS; k++)
        v += (x[k * step] * y[k * step]) / (float)SPEED_BLOCK_ELEMS;
    return v;
}

#endif
