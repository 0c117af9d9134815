/* AVX-512 layer of the motion stages (motion_kernels.h): sixteen int32
 * lanes. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>
#include <stdlib.h>

#include "motion_x86.h"

typedef __m512i vi;
#define MOTION_LANES 16
#define vi_set1_32(x) _mm512_set1_epi32(x)
#define vi_zero() _mm512_setzero_si512()
#define vi_loadu(p) _mm512_loadu_si512(p)
#define vi_storeu(p, v) _mm512_storeu_si512(p, v)
#define vi_add16(a, b) _mm512_add_epi16(a, b)
#define vi_add32(a, b) _mm512_add_epi32(a, b)
#define vi_mullo32(a, b) _mm512_mullo_epi32(a, b)
#define vi_sra32(a, count) _mm512_sra_epi32(a, count)
#define vi_srl32(a, count) _mm512_srl_epi32(a, count)
#define vi_and(a, b) _mm512_and_si512(a, b)
#define vi_abs32(a) _mm512_abs_epi32(a)
#define vi_madd16(a, b) _mm512_madd_epi16(a, b)
#define vi_unpacklo16(a, b) _mm512_unpacklo_epi16(a, b)
#define vi_unpackhi16(a, b) _mm512_unpackhi_epi16(a, b)
#define sum_u32(v) vmaf_hsum_u32x16(v)

/* 32 differences of 8-bit samples, as 16-bit lanes. */
static inline __m512i diff_u8(const void *prev, const void *cur, unsigned x)
{
    const __m512i p =
        _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)((const uint8_t *)prev + x)));
    const __m512i c =
        _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)((const uint8_t *)cur + x)));
    return _mm512_sub_epi16(p, c);
}

/* 16 differences of 16-bit samples, as 32-bit lanes. */
static inline __m512i diff_u16(const void *prev, const void *cur, unsigned x)
{
    const __m512i p =
        _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)prev + x)));
    const __m512i c =
        _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)cur + x)));
    return _mm512_sub_epi32(p, c);
}

/* Quadwords of lo (columns 0-3, 8-11, ...) and hi (4-7, 12-15, ...) back in
 * column order. */
static inline void store_in_order(int32_t *dst, __m512i lo, __m512i hi)
{
    const __m512i first_half = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i second_half = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    _mm512_storeu_si512(dst, _mm512_permutex2var_epi64(lo, first_half, hi));
    _mm512_storeu_si512(dst + 16, _mm512_permutex2var_epi64(lo, second_half, hi));
}

#define MOTION_X86_NAME(name) name##_avx512
#include "motion_kernels.h"

void motion_dsp_init_avx512(MotionDsp *dsp)
{
    dsp->diff_blur_vertical_8 = diff_blur_vertical_8_avx512;
    dsp->diff_blur_vertical_16 = diff_blur_vertical_16_avx512;
    dsp->blur_horizontal_abs_sum = blur_horizontal_abs_sum_avx512;
}
