/* Per-pixel stages of the integer SSIM ("ssim"): the windowed moments of a
 * row, in integers, and the per-pixel SSIM of a row of vertically combined
 * moments, weighted by the mass of the window that fits in the picture. */
#ifndef VMAF_FEATURE_SSIM_DSP_H
#define VMAF_FEATURE_SSIM_DSP_H

#include <stddef.h>
#include <stdint.h>

/* Taps of the integer Gaussian (sigma 1.5, sum 256). Windows are cut at the
 * picture's edges, not mirrored; the moments then carry the mass that is
 * left (weight). */
#define SSIM_TAPS 9
#define SSIM_RADIUS (SSIM_TAPS / 2)

extern const int32_t ssim_kernel[SSIM_TAPS];

/* Window-weighted sums of one position; exact for 16-bit samples (at most
 * 65536 * 65535^2 < 2^48). */
typedef struct SsimMoments {
    int64_t ref, dis;
    int64_t ref_sq, dis_sq, ref_dis;
    int64_t weight;
} SsimMoments;

typedef struct SsimDsp {
    /* Horizontal window over one row: dst[x] for every x < w. */
    void (*moments_row_8)(SsimMoments *dst, const uint8_t *ref, const uint8_t *dis, unsigned w);
    void (*moments_row_16)(SsimMoments *dst, const uint16_t *ref, const uint16_t *dis, unsigned w);
    /* Vertical window over the rows of one output row: rows[k] is the row
     * at tap k, NULL where the tap falls outside the picture. Adds each
     * pixel's weighted SSIM to *ssim and its weight to *weight, left to
     * right. peak is 2^bpc - 1. */
    void (*score_row)(double *ssim, double *weight, const SsimMoments *const rows[SSIM_TAPS],
                      unsigned w, unsigned peak);
} SsimDsp;

void ssim_dsp_init(SsimDsp *dsp, unsigned cpu_flags);

#endif
