/* The per-pixel arithmetic of ANSNR, shared by the CPU's stages
 * (float_ansnr_dsp.c) and the CUDA twin's kernel (core/hd.h): the filters'
 * edges, one filtered sample, and a row's energies, each in libvmaf's float
 * operations and order, so that both get the same bits. */
#ifndef VMAF_FEATURE_FLOAT_ANSNR_FLOAT_ANSNR_MATH_H
#define VMAF_FEATURE_FLOAT_ANSNR_FLOAT_ANSNR_MATH_H

#include "core/hd.h"

/* Taps of the reference's and the distorted picture's kernels a side. */
enum {
    FLOAT_ANSNR_REF_TAPS = 3,
    FLOAT_ANSNR_DIS_TAPS = 5,
    FLOAT_ANSNR_MAX_TAPS = FLOAT_ANSNR_DIS_TAPS,
};

/* The low-pass kernels, row-major: the reference's 3 x 3 binomial and the
 * distorted picture's stronger 5 x 5 (float_ansnr_kernels()). */
typedef struct FloatAnsnrKernels {
    float ref[FLOAT_ANSNR_REF_TAPS * FLOAT_ANSNR_REF_TAPS];
    float dis[FLOAT_ANSNR_DIS_TAPS * FLOAT_ANSNR_DIS_TAPS];
} FloatAnsnrKernels;

/* The reference's asymmetric mirror: -k reflects to k, size - 1 + k to
 * size - k. Valid for -size < i < 2 * size. */
static inline VMAF_HD int float_ansnr_mirror(int i, int size)
{
    if (i < 0)
        return -i;
    if (i >= size)
        return 2 * size - i - 1;
    return i;
}

/* One output of the n x n kernel (row-major): the products of kernel row k
 * with rows[k][x .. x + n) summed in float from the left, then the n row
 * sums from the top. */
static inline VMAF_HD float float_ansnr_filter_at(const float *const *rows, int x,
                                                  const float *kernel, int n)
{
    float out = 0;
    VMAF_UNROLL
    for (int k = 0; k < n; k++) {
        float sum = 0;
        VMAF_UNROLL
        for (int m = 0; m < n; m++)
            sum += kernel[k * n + m] * rows[k][x + m];
        out += sum;
    }
    return out;
}

/* The energy of the filtered reference (signal) and of its difference from
 * the filtered distorted picture (noise). */
typedef struct FloatAnsnrEnergy {
    float signal, noise;
} FloatAnsnrEnergy;

/* Adds the energies of n filtered samples to *e, in float from the left:
 * called on consecutive pieces of a row, it continues the same sums. */
static inline VMAF_HD void float_ansnr_row_energies(const float *ref, const float *dis, int n,
                                                    FloatAnsnrEnergy *e)
{
    float signal = e->signal, noise = e->noise;
    for (int j = 0; j < n; j++) {
        signal += ref[j] * ref[j];
        noise += (ref[j] - dis[j]) * (ref[j] - dis[j]);
    }
    e->signal = signal;
    e->noise = noise;
}

/* The picture's energies are its rows', added in float from the top. */
static inline VMAF_HD void float_ansnr_add_row(FloatAnsnrEnergy *total, FloatAnsnrEnergy row)
{
    total->signal += row.signal;
    total->noise += row.noise;
}

#endif
