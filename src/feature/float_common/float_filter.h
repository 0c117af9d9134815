/* libvmaf's separable float filter (float_common_dsp.h), written once and
 * compiled for each instruction set: its loops run over columns, each
 * column's sums in tap order, so a vectorised build does every column's
 * float operations in the C reference's order and gives the same bits
 * (-ffp-contract=off is global: no fused multiply-adds). */
#ifndef VMAF_FEATURE_FLOAT_COMMON_FLOAT_FILTER_H
#define VMAF_FEATURE_FLOAT_COMMON_FLOAT_FILTER_H

#include <string.h>

#include "float_common_dsp.h"
#include "float_common_math.h"

enum FilterInput { INPUT_PLAIN, INPUT_SQUARE, INPUT_PRODUCT };

/* Columns summed at once: a block's sums stay in registers through the
 * taps instead of going to memory after each one. The blocks below test
 * for a whole block so that its loop has a constant count and unrolls into
 * vectors; the last, partial block takes the plain loop. */
#define FLOAT_FILTER_BLOCK 32

/* The vertical sums of columns j0 .. j0 + cols - 1, each in tap order. */
static inline void vertical_block(float *restrict mid, const float *const *ra,
                                  const float *const *rb, const float *taps, unsigned n,
                                  unsigned j0, unsigned cols, enum FilterInput input)
{
    float acc[FLOAT_FILTER_BLOCK];
    for (unsigned j = 0; j < FLOAT_FILTER_BLOCK; j++)
        acc[j] = 0.0f;
    for (unsigned k = 0; k < n; k++) {
        const float t = taps[k], *a = ra[k] + j0, *b = rb[k] + j0;
        if (cols == FLOAT_FILTER_BLOCK) {
            for (unsigned j = 0; j < FLOAT_FILTER_BLOCK; j++)
                acc[j] += t * (input == INPUT_PLAIN ? a[j] : a[j] * b[j]);
        } else {
            for (unsigned j = 0; j < cols; j++)
                acc[j] += t * (input == INPUT_PLAIN ? a[j] : a[j] * b[j]);
        }
    }
    for (unsigned j = 0; j < cols; j++)
        mid[j0 + j] = acc[j];
}

/* The horizontal sums of output columns j0 .. j0 + cols - 1 of line. */
static inline void horizontal_block(float *restrict out, const float *line, const float *taps,
                                    unsigned n, unsigned j0, unsigned cols)
{
    float acc[FLOAT_FILTER_BLOCK];
    for (unsigned j = 0; j < FLOAT_FILTER_BLOCK; j++)
        acc[j] = 0.0f;
    for (unsigned k = 0; k < n; k++) {
        const float t = taps[k], *x = line + j0 + k;
        if (cols == FLOAT_FILTER_BLOCK) {
            for (unsigned j = 0; j < FLOAT_FILTER_BLOCK; j++)
                acc[j] += t * x[j];
        } else {
            for (unsigned j = 0; j < cols; j++)
                acc[j] += t * x[j];
        }
    }
    for (unsigned j = 0; j < cols; j++)
        out[j0 + j] = acc[j];
}

#ifdef FLOAT_FILTER_VECTOR_BYTES
/* The vector builds (x86/) define FLOAT_FILTER_VECTOR_BYTES, the width of
 * their registers: whole blocks of FILTER_VECTORS vectors then keep their
 * sums in registers, as GCC's vector type, through the taps; a sum in an
 * array of floats stays in memory and each tap waits for the store before.
 * The element operations are those of vertical_block() and
 * horizontal_block(), in the same order. */
typedef float FilterVector __attribute__((vector_size(FLOAT_FILTER_VECTOR_BYTES)));
enum {
    FILTER_VECTORS = 4,
    FILTER_VECTOR_LANES = FLOAT_FILTER_VECTOR_BYTES / sizeof(float),
    FILTER_VECTOR_COLUMNS = FILTER_VECTORS * FILTER_VECTOR_LANES,
};

static inline FilterVector load_vector(const float *p)
{
    FilterVector v;
    memcpy(&v, p, sizeof(v));
    return v;
}

/* vertical_block() of FILTER_VECTOR_COLUMNS columns from j0. */
static inline void vertical_vectors(float *restrict mid, const float *const *ra,
                                    const float *const *rb, const float *taps, unsigned n,
                                    unsigned j0, enum FilterInput input)
{
    FilterVector acc[FILTER_VECTORS];
    for (unsigned v = 0; v < FILTER_VECTORS; v++)
        acc[v] = (FilterVector){0};
    for (unsigned k = 0; k < n; k++) {
        const float t = taps[k], *a = ra[k] + j0, *b = rb[k] + j0;
        for (unsigned v = 0; v < FILTER_VECTORS; v++) {
            const FilterVector x = load_vector(a + v * FILTER_VECTOR_LANES);
            acc[v] += t * (input == INPUT_PLAIN ? x : x * load_vector(b + v * FILTER_VECTOR_LANES));
        }
    }
    for (unsigned v = 0; v < FILTER_VECTORS; v++)
        memcpy(mid + j0 + v * FILTER_VECTOR_LANES, &acc[v], sizeof(acc[v]));
}

/* horizontal_block() of FILTER_VECTOR_COLUMNS output columns from j0. */
static inline void horizontal_vectors(float *restrict out, const float *line, const float *taps,
                                      unsigned n, unsigned j0)
{
    FilterVector acc[FILTER_VECTORS];
    for (unsigned v = 0; v < FILTER_VECTORS; v++)
        acc[v] = (FilterVector){0};
    for (unsigned k = 0; k < n; k++) {
        const float t = taps[k], *x = line + j0 + k;
        for (unsigned v = 0; v < FILTER_VECTORS; v++)
            acc[v] += t * load_vector(x + v * FILTER_VECTOR_LANES);
    }
    for (unsigned v = 0; v < FILTER_VECTORS; v++)
        memcpy(out + j0 + v * FILTER_VECTOR_LANES, &acc[v], sizeof(acc[v]));
}
#endif

/* One routine for the three filters; the callers' constant `input` lets the
 * compiler specialise it. line holds a row after the vertical pass with
 * n / 2 mirrored samples on each side, so that the horizontal pass needs no
 * edge cases. Every sum starts from 0 and adds taps[k] * sample in k order,
 * as libvmaf's. */
static inline void filter_2d(const FloatPlane *dst, unsigned y0, const FloatPlane *a,
                             const FloatPlane *b, const float *taps, unsigned n, float *line,
                             enum FilterInput input)
{
    const unsigned w = a->w, h = a->h, r = n / 2;
    float *restrict mid = line + r;
    const float *ra[FLOAT_FILTER_MAX_TAPS], *rb[FLOAT_FILTER_MAX_TAPS];
    for (unsigned i = 0; i < dst->h; i++) {
        for (unsigned k = 0; k < n; k++) {
            const size_t y = float_reflect((int)(y0 + i) - (int)r + (int)k, h);
            ra[k] = a->data + y * a->stride;
            rb[k] = input == INPUT_PRODUCT ? b->data + y * b->stride : ra[k];
        }
        unsigned j = 0;
#ifdef FLOAT_FILTER_VECTOR_BYTES
        for (; j + FILTER_VECTOR_COLUMNS <= w; j += FILTER_VECTOR_COLUMNS)
            vertical_vectors(mid, ra, rb, taps, n, j, input);
#endif
        for (; j < w; j += FLOAT_FILTER_BLOCK)
            vertical_block(mid, ra, rb, taps, n, j,
                           w - j < FLOAT_FILTER_BLOCK ? w - j : FLOAT_FILTER_BLOCK, input);
        for (unsigned m = 1; m <= r; m++) {
            mid[-(int)m] = mid[m];
            mid[w - 1 + m] = mid[w - 1 - m];
        }
        float *restrict out = dst->data + i * dst->stride;
        j = 0;
#ifdef FLOAT_FILTER_VECTOR_BYTES
        for (; j + FILTER_VECTOR_COLUMNS <= w; j += FILTER_VECTOR_COLUMNS)
            horizontal_vectors(out, line, taps, n, j);
#endif
        for (; j < w; j += FLOAT_FILTER_BLOCK)
            horizontal_block(out, line, taps, n, j,
                             w - j < FLOAT_FILTER_BLOCK ? w - j : FLOAT_FILTER_BLOCK);
    }
}

/* The DSP table's three filters, named filter_SUFFIX and so on. */
#define FLOAT_FILTER_FUNCTIONS(suffix)                                                             \
    static void filter_##suffix(const FloatPlane *dst, unsigned y0, const FloatPlane *src,         \
                                const float *taps, unsigned n, float *line)                        \
    {                                                                                              \
        filter_2d(dst, y0, src, NULL, taps, n, line, INPUT_PLAIN);                                 \
    }                                                                                              \
    static void filter_sq_##suffix(const FloatPlane *dst, unsigned y0, const FloatPlane *src,      \
                                   const float *taps, unsigned n, float *line)                     \
    {                                                                                              \
        filter_2d(dst, y0, src, NULL, taps, n, line, INPUT_SQUARE);                                \
    }                                                                                              \
    static void filter_xy_##suffix(const FloatPlane *dst, unsigned y0, const FloatPlane *a,        \
                                   const FloatPlane *b, const float *taps, unsigned n,             \
                                   float *line)                                                    \
    {                                                                                              \
        filter_2d(dst, y0, a, b, taps, n, line, INPUT_PRODUCT);                                    \
    }

#endif
