/* Per-pixel stages of the integer motion feature: the reference luma of frame
 * n is subtracted from that of an earlier frame, the difference is blurred
 * with a separable 5-tap Q16 filter (mirrored edges, vertical pass first) and
 * the absolute values of the blurred difference are summed. */
#ifndef VMAF_FEATURE_MOTION_COMMON_DSP_H
#define VMAF_FEATURE_MOTION_COMMON_DSP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"

enum { MOTION_FILTER_TAPS = 5, MOTION_RADIUS = MOTION_FILTER_TAPS / 2 };

/* Q16 Gaussian-like taps, symmetric, summing to 65536; the initialiser
 * also fills the CUDA twins' constant copy. */
#define MOTION_FILTER_COEFFICIENTS                                                                 \
    {                                                                                              \
        3571, 16004, 26386, 16004, 3571                                                            \
    }
extern const int32_t motion_filter[MOTION_FILTER_TAPS];

/* Index i of a line of n samples, reflected about the first and the last
 * sample without repeating them; valid for -n < i < 2n - 1. The CUDA
 * twins' kernels reflect with it too (core/hd.h). */
static inline VMAF_HD unsigned motion_mirror_index(int i, unsigned n)
{
    if (i < 0)
        return (unsigned)-i;
    if ((unsigned)i >= n)
        return 2 * n - (unsigned)i - 2;
    return (unsigned)i;
}

/* round(sum_k filter[k] * src[mirror(x + k - 2)] / 2^16) for one column of a
 * row of w >= 3: the C reference's, and the edge and leftover columns of the
 * SIMD variants. */
static inline int32_t motion_blur_horizontal_at(const int32_t *src, unsigned w, unsigned x)
{
    const int left = (int)x - MOTION_RADIUS;
    const bool inside = x >= MOTION_RADIUS && x + MOTION_RADIUS < w;
    int64_t acc = 0;
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        const unsigned col = inside ? (unsigned)(left + k) : motion_mirror_index(left + k, w);
        acc += (int64_t)motion_filter[k] * src[col];
    }
    return (int32_t)((acc + (1 << 15)) >> 16);
}

/* Sources: MOTION_FILTER_TAPS row pointers each, the edge rows already
 * mirrored by the caller, samples of the bit depth the variant is for. */
typedef struct MotionRows {
    const void *prev[MOTION_FILTER_TAPS];
    const void *cur[MOTION_FILTER_TAPS];
} MotionRows;

typedef struct MotionDsp {
    /* dst[x] = round(sum_k filter[k] * (prev[k][x] - cur[k][x]) / 2^shift),
     * rounding half up (an arithmetic shift, so negatives floor). shift is
     * the bit depth (8, or 9 to 16). One function for 8-bit samples, one
     * for 16-bit. |dst[x]| < 2^16. */
    void (*diff_blur_vertical_8)(int32_t *dst, const MotionRows *rows, unsigned w, unsigned shift);
    void (*diff_blur_vertical_16)(int32_t *dst, const MotionRows *rows, unsigned w, unsigned shift);
    /* Sum over x of |round(sum_k filter[k] * src[mirror(x + k - 2)] / 2^16)|,
     * accumulated modulo 2^32 as the reference does. Needs w >= 3 and
     * |src[x]| < 2^16, as the vertical stage leaves it. */
    uint32_t (*blur_horizontal_abs_sum)(const int32_t *src, unsigned w);
} MotionDsp;

void motion_dsp_init(MotionDsp *dsp, unsigned cpu_flags);

/* The C references of the vertical stage, which the SIMD variants finish
 * their rows with. */
void motion_diff_blur_vertical_8_c(int32_t *dst, const MotionRows *rows, unsigned w,
                                   unsigned shift);
void motion_diff_blur_vertical_16_c(int32_t *dst, const MotionRows *rows, unsigned w,
                                    unsigned shift);

#endif
