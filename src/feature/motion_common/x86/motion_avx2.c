/* AVX2 layer of the motion stages (motion_kernels.h): eight int32 lanes. */
#include <immintrin.h>
#include <stdlib.h>

#include "motion_x86.h"

typedef __m256i vi;
#define MOTION_LANES 8
#define vi_set1_32(x) _mm256_set1_epi32(x)
#define vi_zero() _mm256_setzero_si256()
#define vi_loadu(p) _mm256_loadu_si256((const __m256i *)(p))
#define vi_storeu(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define vi_add16(a, b) _mm256_add_epi16(a, b)
#define vi_add32(a, b) _mm256_add_epi32(a, b)
#define vi_mullo32(a, b) _mm256_mullo_epi32(a, b)
#define vi_sra32(a, count) _mm256_sra_epi32(a, count)
#define vi_srl32(a, count) _mm256_srl_epi32(a, count)
#define vi_and(a, b) _mm256_and_si256(a, b)
#define vi_abs32(a) _mm256_abs_epi32(a)
#define vi_madd16(a, b) _mm256_madd_epi16(a, b)
#define vi_unpacklo16(a, b) _mm256_unpacklo_epi16(a, b)
#define vi_unpackhi16(a, b) _mm256_unpackhi_epi16(a, b)

/* 16 differences of 8-bit samples, as 16-bit lanes. */
static inline __m256i diff_u8(const void *prev, const void *cur, unsigned x)
{
    const __m256i p =
        _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)prev + x)));
    const __m256i c =
        _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)cur + x)));
    return _mm256_sub_epi16(p, c);
}

/* 8 differences of 16-bit samples, as 32-bit lanes. */
static inline __m256i diff_u16(const void *prev, const void *cur, unsigned x)
{
    const __m256i p =
        _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)prev + x)));
    const __m256i c =
        _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)cur + x)));
    return _mm256_sub_epi32(p, c);
}

/* lo holds columns 0-3 and 8-11, hi 4-7 and 12-15. */
static inline void store_in_order(int32_t *dst, __m256i lo, __m256i hi)
{
    _mm256_storeu_si256((__m256i *)dst, _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256((__m256i *)(dst + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
}

static inline uint32_t sum_u32(__m256i v)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

#define MOTION_X86_NAME(name) name##_avx2
#include "motion_kernels.h"

void motion_dsp_init_avx2(MotionDsp *dsp)
{
    dsp->diff_blur_vertical_8 = diff_blur_vertical_8_avx2;
    dsp->diff_blur_vertical_16 = diff_blur_vertical_16_avx2;
    dsp->blur_horizontal_abs_sum = blur_horizontal_abs_sum_avx2;
}
