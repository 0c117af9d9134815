/* The per-sample arithmetic of CAMBI that the CPU stages (cambi_dsp.c) and
 * the CUDA twin's kernels share, as VMAF_HD inline functions (core/hd.h). */
#ifndef VMAF_FEATURE_CAMBI_CAMBI_MATH_H
#define VMAF_FEATURE_CAMBI_CAMBI_MATH_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"

/* The histogram row of a sample that no window counts: outside a flat area
 * or outside the band. */
#define CAMBI_NOT_COUNTED UINT16_MAX

/* c-values are 0 or at least 0.5, so whole multiples of 2^-24; times this
 * they are integers, which sum exactly in any order. */
#define CAMBI_C_UNITS 16777216.0f

/* An input sample of depth bpc (8..16) at 10 bits: shallower depths shift
 * up exactly, deeper ones round half up, so that the largest 12- or 16-bit
 * sample becomes 1024. */
static inline VMAF_HD uint16_t cambi_to_10bit(unsigned v, unsigned bpc)
{
    const unsigned up = bpc < 10 ? 10 - bpc : 0;
    const unsigned down = bpc > 10 ? bpc - 10 : 0;
    const unsigned half = down ? 1u << (down - 1) : 0;
    return (uint16_t)(((v << up) + half) >> down);
}

/* Anti-dithering's rounded-down means. */
static inline VMAF_HD uint16_t cambi_mean4(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return (uint16_t)((a + b + c + d) >> 2);
}

static inline VMAF_HD uint16_t cambi_mean2(unsigned a, unsigned b)
{
    return (uint16_t)((a + b) >> 1);
}

/* Whether a sample equals its right and lower neighbours; a missing
 * neighbour is passed as the sample itself. */
static inline VMAF_HD uint16_t cambi_flat(uint16_t v, uint16_t right, uint16_t below)
{
    return (uint16_t)((v == right) & (v == below));
}

/* The value two of the three share, else the smallest. Branch-free, so that
 * the CPU's loops vectorise. */
static inline VMAF_HD uint16_t cambi_mode3(uint16_t a, uint16_t b, uint16_t c)
{
    const uint16_t ab = a < b ? a : b;
    const uint16_t least = ab < c ? ab : c;
    const uint16_t b_or_least = b == c ? b : least;
    return ((a == b) | (a == c)) ? a : b_or_least;
}

/* The histogram row of sample v under mask m, for a band of size rows from
 * base. */
static inline VMAF_HD uint16_t cambi_hist_index(uint16_t v, unsigned m, unsigned base,
                                                unsigned size)
{
    const uint16_t k = (uint16_t)(v - base);
    return ((m != 0) & (k < size)) ? k : (uint16_t)CAMBI_NOT_COUNTED;
}

/* The c-value of a pixel of histogram row k, whose window's count of row r
 * is at[r * stride]: for each contrast d + 1 tested at k (bit d of
 * visible), weight[d] times the harmonic mean of the pixel's count p0 and
 * the larger of the counts d + 1 rows up and down, as the reference
 * evaluates it (the int product converted once, times the table's
 * reciprocal of p0 + p); the largest, taken with a strict > from 0. */
static inline VMAF_HD float cambi_c_value(const uint16_t *at, size_t stride, unsigned k,
                                          uint32_t visible, const int *weight,
                                          const float *reciprocal)
{
    const unsigned p0 = at[(size_t)k * stride];
    float best = 0.0f;
    for (uint32_t todo = visible; todo; todo &= todo - 1) {
        const unsigned d = (unsigned)(31 - vmaf_clz32(todo & (0u - todo)));
        const unsigned step = d + 1;
        const unsigned up = at[(size_t)(k + step) * stride];
        const unsigned down = k >= step ? at[(size_t)(k - step) * stride] : 0;
        const unsigned p = up > down ? up : down;
        const float val = (float)(weight[d] * (int)(p0 * p)) * reciprocal[p + p0];
        if (val > best)
            best = val;
    }
    return best;
}

/* c in CAMBI_C_UNITS: exact, c being a multiple of 2^-24. */
static inline VMAF_HD uint64_t cambi_c_units(float c)
{
    return (uint64_t)(c * CAMBI_C_UNITS);
}

#endif
