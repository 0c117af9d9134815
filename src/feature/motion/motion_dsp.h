/* Per-pixel stages of the integer motion feature: the reference luma of frame
 * n is subtracted from that of an earlier frame, the difference is blurred
 * with a separable 5-tap Q16 filter (mirrored edges, vertical pass first) and
 * the absolute values of the blurred difference are summed. */
#ifndef VMAF_FEATURE_MOTION_DSP_H
#define VMAF_FEATURE_MOTION_DSP_H

#include <stddef.h>
#include <stdint.h>

enum { MOTION_FILTER_TAPS = 5 };

/* Index i of a line of n samples, reflected about the first and the last
 * sample without repeating them; valid for -n < i < 2n - 1. */
static inline unsigned motion_mirror_index(int i, unsigned n)
{
    if (i < 0)
        return (unsigned)-i;
    if ((unsigned)i >= n)
        return 2 * n - (unsigned)i - 2;
    return (unsigned)i;
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
     * the bit depth. One function for 8-bit samples, one for 16-bit. */
    void (*diff_blur_vertical_8)(int32_t *dst, const MotionRows *rows, unsigned w, unsigned shift);
    void (*diff_blur_vertical_16)(int32_t *dst, const MotionRows *rows, unsigned w, unsigned shift);
    /* Sum over x of |round(sum_k filter[k] * src[mirror(x + k - 2)] / 2^16)|,
     * accumulated modulo 2^32 as the reference does. Needs w >= 3. */
    uint32_t (*blur_horizontal_abs_sum)(const int32_t *src, unsigned w);
} MotionDsp;

void motion_dsp_init(MotionDsp *dsp, unsigned cpu_flags);

#endif
