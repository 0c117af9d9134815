/* Per-pixel stages of the integer SSIM ("ssim"): the windowed moments of a
 * row, and the per-pixel SSIM of a row from the moments of the rows around
 * it, weighted by the mass of the window that fits in the picture. */
#ifndef VMAF_FEATURE_SSIM_DSP_H
#define VMAF_FEATURE_SSIM_DSP_H

#include <stddef.h>
#include <stdint.h>

#include "ssim_math.h"

/* The window's taps (SSIM_KERNEL_TAPS). Windows are cut at the picture's
 * edges, not mirrored; the moments then carry the mass that is left
 * (ssim_window_mass). */
extern const int32_t ssim_kernel[SSIM_TAPS];

/* SSIM's K1^2 and K2^2, as double products. */
extern const double ssim_k1_sq, ssim_k2_sq;

/* One input row's horizontal moments, an array of w values per moment.
 * They are exact integers held in doubles: at 16 bits a squared moment is
 * below 256 * 65535^2 < 2^40 and its vertical window below 2^48, so every
 * product by a tap and every sum of those is exact whatever its grouping. */
enum SsimMoment {
    SSIM_MOMENT_REF,     /* sum of g * ref */
    SSIM_MOMENT_DIS,     /* sum of g * dis */
    SSIM_MOMENT_REF_SQ,  /* sum of g * ref^2 */
    SSIM_MOMENT_DIS_SQ,  /* sum of g * dis^2 */
    SSIM_MOMENT_REF_DIS, /* sum of g * ref * dis */
    SSIM_MOMENT_COUNT,
};

typedef struct SsimRow {
    double *moment[SSIM_MOMENT_COUNT];
} SsimRow;

typedef struct SsimDsp {
    /* Horizontal window over one row: the moments at every x < w. */
    void (*moments_row_8)(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis, unsigned w);
    void (*moments_row_16)(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                           unsigned w);
    /* Vertical window over the rows of one output row: rows[k] is the row
     * at tap k, a row of zeros where the tap falls outside the picture.
     * The window's mass at x is mass_x[x] * mass_y. Adds each pixel's SSIM
     * times that mass to *ssim, left to right, and the mass to *weight (an
     * integer sum, exact in any order). peak is 2^bpc - 1. */
    void (*score_row)(double *ssim, double *weight, const SsimRow *const rows[SSIM_TAPS],
                      const double *mass_x, double mass_y, unsigned w, unsigned peak);
} SsimDsp;

void ssim_dsp_init(SsimDsp *dsp, unsigned cpu_flags);

/* mass[i] = ssim_mass_at(i, n) for i < n. */
void ssim_window_mass(double *mass, unsigned n);

/* The C reference at one column, which the SIMD variants finish their
 * rows with. ssim_score_column returns the pixel's SSIM times mass. */
void ssim_moments_column_8(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis, unsigned w,
                           unsigned x);
void ssim_moments_column_16(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                            unsigned w, unsigned x);
double ssim_score_column(const SsimRow *const rows[SSIM_TAPS], double mass, unsigned x,
                         double peak_sq);

#endif
