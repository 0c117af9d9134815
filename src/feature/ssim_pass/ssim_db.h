/* The dB form of an SSIM score (enable_db) and its optional cap (clip_db),
 * shared by float_ssim and float_ms_ssim. */
#ifndef VMAF_FEATURE_SSIM_PASS_SSIM_DB_H
#define VMAF_FEATURE_SSIM_PASS_SSIM_DB_H

#include <math.h>

/* The cap: the dB value of an error of half a squared step spread over a
 * w x h plane, rounded up. */
static inline double ssim_max_db(unsigned bpc, unsigned w, unsigned h)
{
    const unsigned peak = (1u << bpc) - 1;
    const double mse = 0.5 / (w * h);
    return ceil(10.0 * log10(peak * peak / mse));
}

/* -10 log10(1 - score), at most max_db (INFINITY for no cap). */
static inline double ssim_to_db(double score, double max_db)
{
    const double db = -10.0 * log10(1.0 - score);
    return db < max_db ? db : max_db;
}

#endif
