/* The integer SSIM's arithmetic that its C stages (ssim_dsp.c) and its CUDA
 * twin share (core/hd.h): the window's taps, the mass of a window cut at
 * the picture's edges, and one pixel's SSIM from its windowed moments. */
#ifndef VMAF_FEATURE_SSIM_SSIM_MATH_H
#define VMAF_FEATURE_SSIM_SSIM_MATH_H

#include <stdint.h>

#include "core/hd.h"

/* Taps of the integer Gaussian (sigma 1.5, sum 256), symmetric:
 * round(256 exp(-d^2 / (2 1.5^2)) / (1.5 sqrt(2 pi))) for d = 1..4, and the
 * centre making the sum 256. */
#define SSIM_TAPS 9
#define SSIM_RADIUS (SSIM_TAPS / 2)
#define SSIM_KERNEL_TAPS {2, 9, 28, 55, 68, 55, 28, 9, 2}

/* Taps [*first, *end) of the window centred on i fall inside [0, n). */
static inline VMAF_HD void ssim_taps_inside(unsigned i, unsigned n, unsigned *first, unsigned *end)
{
    *first = i < SSIM_RADIUS ? SSIM_RADIUS - i : 0;
    *end = n - i <= SSIM_RADIUS ? SSIM_RADIUS + (n - i) : SSIM_TAPS;
}

/* The sum of the taps of the window centred on i that fall inside [0, n):
 * 256 away from the edges. */
static inline VMAF_HD int32_t ssim_mass_at(unsigned i, unsigned n)
{
    const int32_t taps[SSIM_TAPS] = SSIM_KERNEL_TAPS;
    unsigned first, end;
    ssim_taps_inside(i, n, &first, &end);
    /* Every tap tested, so that the loop unrolls and the taps stay
     * constants. */
    int32_t sum = 0;
    VMAF_UNROLL
    for (unsigned k = 0; k < SSIM_TAPS; k++)
        sum += k >= first && k < end ? taps[k] : 0;
    return sum;
}

/* One pixel's SSIM times the window's mass, from the windowed moments (sums
 * of g * ref, g * dis, g * ref^2, g * dis^2, g * ref * dis, exact integers
 * held in doubles). The moments are sums weighted by the mass, so the means
 * are moment / mass and the constants scale by mass^2: c1_scale and
 * c2_scale are peak^2 K1^2 and peak^2 K2^2, and c1 = c1_scale * mass * mass
 * in that order. Every operation is one rounded double operation, in this
 * order. */
static inline VMAF_HD double ssim_pixel(double ref, double dis, double ref_sq, double dis_sq,
                                        double ref_dis, double mass, double c1_scale,
                                        double c2_scale)
{
    const double c1 = c1_scale * mass * mass;
    const double c2 = c2_scale * mass * mass;
    const double mu_rr = ref * ref;
    const double mu_rd = ref * dis;
    const double mu_dd = dis * dis;
    const double num = mass * (2 * mu_rd + c1) * (c2 + 2 * (ref_dis * mass - mu_rd));
    const double den = (mu_rr + mu_dd + c1) * (ref_sq * mass - mu_rr + dis_sq * mass - mu_dd + c2);
    return num / den;
}

#endif
