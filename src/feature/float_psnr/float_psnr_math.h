/* The per-pixel arithmetic of float PSNR, shared by the CPU's stage
 * (float_psnr_dsp.c) and the CUDA twin's kernel (core/hd.h). */
#ifndef VMAF_FEATURE_FLOAT_PSNR_FLOAT_PSNR_MATH_H
#define VMAF_FEATURE_FLOAT_PSNR_FLOAT_PSNR_MATH_H

#include <stdint.h>

#include "core/hd.h"

/* The squared error of a sample pair at 8-bit scale, in float. */
static inline VMAF_HD float float_psnr_sq_error_8(uint8_t ref, uint8_t dis)
{
    const float d = (float)ref - (float)dis;
    return d * d;
}

/* The same of deeper samples, each divided (in float) by divisor =
 * 2^(bpc - 8) first. */
static inline VMAF_HD float float_psnr_sq_error_16(uint16_t ref, uint16_t dis, float divisor)
{
    const float d = (float)ref / divisor - (float)dis / divisor;
    return d * d;
}

/* A squared error above as a count of 1 / divisor^2: the samples' quotients
 * are exact multiples of 1 / divisor, so is their difference, and its square
 * is the integer difference's square rounded to 24 bits, times 1 / divisor^2.
 * The count is a whole number below 2^32, so sums of counts are exact in any
 * order; the CPU's double sum equals the count's sum over divisor^2 while
 * that sum stays below 2^53 counts. */
static inline VMAF_HD uint64_t float_psnr_sq_error_count(float sq_error, float divisor)
{
    return (uint64_t)(sq_error * (divisor * divisor));
}

#endif
