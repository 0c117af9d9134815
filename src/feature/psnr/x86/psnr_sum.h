/* Horizontal sums shared by the PSNR variants (AVX2 and up). Vector adds
 * wrap, as the 8-bit row sums must. */
#ifndef VMAF_FEATURE_PSNR_SUM_H
#define VMAF_FEATURE_PSNR_SUM_H

#include <immintrin.h>
#include <stdint.h>

static inline uint32_t psnr_sum_epi32(__m256i v)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

#endif
