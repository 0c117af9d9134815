/* AVX-512 variants of the motion stages, the AVX2 ones (motion_avx2.c) on
 * twice the lanes, bit-exact with the C reference. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>
#include <stdlib.h>

#include "motion_x86.h"

/* 32 differences of 8-bit samples, as 16-bit lanes. */
static inline __m512i diff_u8(const void *prev, const void *cur, unsigned x)
{
    const __m512i p =
        _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)((const uint8_t *)prev + x)));
    const __m512i c =
        _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)((const uint8_t *)cur + x)));
    return _mm512_sub_epi16(p, c);
}

static void diff_blur_vertical_8_avx512(int32_t *dst, const MotionRows *rows, unsigned w,
                                        unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    const __m512i outer_inner_taps =
        _mm512_set1_epi32((int32_t)((uint32_t)motion_filter[1] << 16 | (uint32_t)motion_filter[0]));
    const __m512i centre_tap = _mm512_set1_epi32(motion_filter[2]);
    const __m512i round = _mm512_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const __m512i zero = _mm512_setzero_si512();
    /* Quadwords of lo (columns 0-3, 8-11, ...) and hi (4-7, 12-15, ...) back
     * in column order. */
    const __m512i first_half = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i second_half = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    unsigned x = 0;
    for (; x + 32 <= w; x += 32) {
        const __m512i outer = _mm512_add_epi16(diff_u8(local.prev[0], local.cur[0], x),
                                               diff_u8(local.prev[4], local.cur[4], x));
        const __m512i inner = _mm512_add_epi16(diff_u8(local.prev[1], local.cur[1], x),
                                               diff_u8(local.prev[3], local.cur[3], x));
        const __m512i centre = diff_u8(local.prev[2], local.cur[2], x);
        __m512i lo = _mm512_add_epi32(
            _mm512_madd_epi16(_mm512_unpacklo_epi16(outer, inner), outer_inner_taps),
            _mm512_madd_epi16(_mm512_unpacklo_epi16(centre, zero), centre_tap));
        __m512i hi = _mm512_add_epi32(
            _mm512_madd_epi16(_mm512_unpackhi_epi16(outer, inner), outer_inner_taps),
            _mm512_madd_epi16(_mm512_unpackhi_epi16(centre, zero), centre_tap));
        lo = _mm512_sra_epi32(_mm512_add_epi32(lo, round), count);
        hi = _mm512_sra_epi32(_mm512_add_epi32(hi, round), count);
        _mm512_storeu_si512(dst + x, _mm512_permutex2var_epi64(lo, first_half, hi));
        _mm512_storeu_si512(dst + x + 16, _mm512_permutex2var_epi64(lo, second_half, hi));
    }
    if (x < w) {
        MotionRows rest;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            rest.prev[k] = (const uint8_t *)rows->prev[k] + x;
            rest.cur[k] = (const uint8_t *)rows->cur[k] + x;
        }
        motion_diff_blur_vertical_8_c(dst + x, &rest, w - x, shift);
    }
}

/* The split rounding of motion_avx2.c's symmetric_taps_round_shift. */
static inline __m512i symmetric_taps_round_shift(__m512i outer, __m512i inner, __m512i centre,
                                                 unsigned shift)
{
    const __m512i p0 = _mm512_mullo_epi32(outer, _mm512_set1_epi32(motion_filter[0]));
    const __m512i p1 = _mm512_mullo_epi32(inner, _mm512_set1_epi32(motion_filter[1]));
    const __m512i p2 = _mm512_mullo_epi32(centre, _mm512_set1_epi32(motion_filter[2]));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const __m512i low_mask = _mm512_set1_epi32((int32_t)((1u << shift) - 1));
    const __m512i high =
        _mm512_add_epi32(_mm512_add_epi32(_mm512_sra_epi32(p0, count), _mm512_sra_epi32(p1, count)),
                         _mm512_sra_epi32(p2, count));
    const __m512i low = _mm512_add_epi32(
        _mm512_add_epi32(_mm512_and_si512(p0, low_mask), _mm512_and_si512(p1, low_mask)),
        _mm512_add_epi32(_mm512_and_si512(p2, low_mask), _mm512_set1_epi32(1 << (shift - 1))));
    return _mm512_add_epi32(high, _mm512_srl_epi32(low, count));
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

static void diff_blur_vertical_16_avx512(int32_t *dst, const MotionRows *rows, unsigned w,
                                         unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    unsigned x = 0;
    for (; x + 16 <= w; x += 16) {
        const __m512i outer = _mm512_add_epi32(diff_u16(local.prev[0], local.cur[0], x),
                                               diff_u16(local.prev[4], local.cur[4], x));
        const __m512i inner = _mm512_add_epi32(diff_u16(local.prev[1], local.cur[1], x),
                                               diff_u16(local.prev[3], local.cur[3], x));
        const __m512i centre = diff_u16(local.prev[2], local.cur[2], x);
        _mm512_storeu_si512(dst + x, symmetric_taps_round_shift(outer, inner, centre, shift));
    }
    if (x < w) {
        MotionRows rest;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            rest.prev[k] = (const uint16_t *)rows->prev[k] + x;
            rest.cur[k] = (const uint16_t *)rows->cur[k] + x;
        }
        motion_diff_blur_vertical_16_c(dst + x, &rest, w - x, shift);
    }
}

static uint32_t blur_horizontal_abs_sum_avx512(const int32_t *src, unsigned w)
{
    __m512i sums = _mm512_setzero_si512();
    unsigned x = MOTION_RADIUS;
    for (; x + 16 + MOTION_RADIUS <= w; x += 16) {
        const int32_t *s = src + x - MOTION_RADIUS;
        const __m512i outer = _mm512_add_epi32(_mm512_loadu_si512(s), _mm512_loadu_si512(s + 4));
        const __m512i inner =
            _mm512_add_epi32(_mm512_loadu_si512(s + 1), _mm512_loadu_si512(s + 3));
        const __m512i centre = _mm512_loadu_si512(s + 2);
        sums = _mm512_add_epi32(
            sums, _mm512_abs_epi32(symmetric_taps_round_shift(outer, inner, centre, 16)));
    }
    uint32_t sum = vmaf_hsum_u32x16(sums);

    for (unsigned edge = 0; edge < MOTION_RADIUS && edge < w; edge++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, edge));
    for (; x < w; x++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, x));
    return sum;
}

void motion_dsp_init_avx512(MotionDsp *dsp)
{
    dsp->diff_blur_vertical_8 = diff_blur_vertical_8_avx512;
    dsp->diff_blur_vertical_16 = diff_blur_vertical_16_avx512;
    dsp->blur_horizontal_abs_sum = blur_horizontal_abs_sum_avx512;
}
