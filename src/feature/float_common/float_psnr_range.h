/* The range of libvmaf's float PSNRs (float_psnr, float_anpsnr), whose
 * samples are at 8-bit scale whatever the depth (8, 10, 12 or 16). */
#ifndef VMAF_FEATURE_FLOAT_COMMON_FLOAT_PSNR_RANGE_H
#define VMAF_FEATURE_FLOAT_COMMON_FLOAT_PSNR_RANGE_H

/* The largest sample at 8-bit scale: 255, 255.75, 255.9375, 255.99609375. */
static inline double float_psnr_peak(unsigned bpc)
{
    return (double)((1u << bpc) - 1) / (1u << (bpc - 8));
}

/* The cap that keeps identical pictures finite: 60, 72, 84, 108 dB. */
static inline double float_psnr_max(unsigned bpc)
{
    return 6.0 * bpc + 12.0;
}

#endif
