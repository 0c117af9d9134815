/* AVX2 variants of the motion stages, bit-exact with the C reference. The
 * taps are symmetric, so each output needs three products: the outer pair,
 * the inner pair and the centre. */
#include <immintrin.h>
#include <stdlib.h>

#include "motion_x86.h"

/* 16 differences of 8-bit samples, as 16-bit lanes. */
static inline __m256i diff_u8(const void *prev, const void *cur, unsigned x)
{
    const __m256i p =
        _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)prev + x)));
    const __m256i c =
        _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)cur + x)));
    return _mm256_sub_epi16(p, c);
}

static void diff_blur_vertical_8_avx2(int32_t *dst, const MotionRows *rows, unsigned w,
                                      unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    /* Differences of 8-bit samples and their pair sums fit 16 bits, so one
     * madd applies the outer and inner taps and another the centre. */
    const __m256i outer_inner_taps =
        _mm256_set1_epi32((int32_t)((uint32_t)motion_filter[1] << 16 | (uint32_t)motion_filter[0]));
    const __m256i centre_tap = _mm256_set1_epi32(motion_filter[2]);
    const __m256i round = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const __m256i zero = _mm256_setzero_si256();
    unsigned x = 0;
    for (; x + 16 <= w; x += 16) {
        const __m256i outer = _mm256_add_epi16(diff_u8(local.prev[0], local.cur[0], x),
                                               diff_u8(local.prev[4], local.cur[4], x));
        const __m256i inner = _mm256_add_epi16(diff_u8(local.prev[1], local.cur[1], x),
                                               diff_u8(local.prev[3], local.cur[3], x));
        const __m256i centre = diff_u8(local.prev[2], local.cur[2], x);
        /* unpack*_epi16 interleave within 128-bit lanes: lo holds columns
         * 0-3 and 8-11, hi 4-7 and 12-15. */
        __m256i lo = _mm256_add_epi32(
            _mm256_madd_epi16(_mm256_unpacklo_epi16(outer, inner), outer_inner_taps),
            _mm256_madd_epi16(_mm256_unpacklo_epi16(centre, zero), centre_tap));
        __m256i hi = _mm256_add_epi32(
            _mm256_madd_epi16(_mm256_unpackhi_epi16(outer, inner), outer_inner_taps),
            _mm256_madd_epi16(_mm256_unpackhi_epi16(centre, zero), centre_tap));
        lo = _mm256_sra_epi32(_mm256_add_epi32(lo, round), count);
        hi = _mm256_sra_epi32(_mm256_add_epi32(hi, round), count);
        _mm256_storeu_si256((__m256i *)(dst + x), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(dst + x + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
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

/* floor((outer * f0 + inner * f1 + centre * f2 + 2^(shift - 1)) / 2^shift)
 * for |outer|, |inner| < 2^17 and |centre| < 2^16. Each product fits 32 bits
 * but their sum needs 33, so the products are split at bit `shift` and the
 * parts summed apart: floor((2^s H + L) / 2^s) = H + floor(L / 2^s). */
static inline __m256i symmetric_taps_round_shift(__m256i outer, __m256i inner, __m256i centre,
                                                 unsigned shift)
{
    const __m256i p0 = _mm256_mullo_epi32(outer, _mm256_set1_epi32(motion_filter[0]));
    const __m256i p1 = _mm256_mullo_epi32(inner, _mm256_set1_epi32(motion_filter[1]));
    const __m256i p2 = _mm256_mullo_epi32(centre, _mm256_set1_epi32(motion_filter[2]));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const __m256i low_mask = _mm256_set1_epi32((int32_t)((1u << shift) - 1));
    const __m256i high =
        _mm256_add_epi32(_mm256_add_epi32(_mm256_sra_epi32(p0, count), _mm256_sra_epi32(p1, count)),
                         _mm256_sra_epi32(p2, count));
    const __m256i low = _mm256_add_epi32(
        _mm256_add_epi32(_mm256_and_si256(p0, low_mask), _mm256_and_si256(p1, low_mask)),
        _mm256_add_epi32(_mm256_and_si256(p2, low_mask), _mm256_set1_epi32(1 << (shift - 1))));
    return _mm256_add_epi32(high, _mm256_srl_epi32(low, count));
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

static void diff_blur_vertical_16_avx2(int32_t *dst, const MotionRows *rows, unsigned w,
                                       unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    unsigned x = 0;
    for (; x + 8 <= w; x += 8) {
        const __m256i outer = _mm256_add_epi32(diff_u16(local.prev[0], local.cur[0], x),
                                               diff_u16(local.prev[4], local.cur[4], x));
        const __m256i inner = _mm256_add_epi32(diff_u16(local.prev[1], local.cur[1], x),
                                               diff_u16(local.prev[3], local.cur[3], x));
        const __m256i centre = diff_u16(local.prev[2], local.cur[2], x);
        _mm256_storeu_si256((__m256i *)(dst + x),
                            symmetric_taps_round_shift(outer, inner, centre, shift));
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

static uint32_t blur_horizontal_abs_sum_avx2(const int32_t *src, unsigned w)
{
    /* Sums modulo 2^32 do not depend on the order of their terms. */
    __m256i sums = _mm256_setzero_si256();
    unsigned x = MOTION_RADIUS;
    for (; x + 8 + MOTION_RADIUS <= w; x += 8) {
        const int32_t *s = src + x - MOTION_RADIUS;
        const __m256i outer = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)s),
                                               _mm256_loadu_si256((const __m256i *)(s + 4)));
        const __m256i inner = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(s + 1)),
                                               _mm256_loadu_si256((const __m256i *)(s + 3)));
        const __m256i centre = _mm256_loadu_si256((const __m256i *)(s + 2));
        sums = _mm256_add_epi32(
            sums, _mm256_abs_epi32(symmetric_taps_round_shift(outer, inner, centre, 16)));
    }
    __m128i sum4 = _mm_add_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, _MM_SHUFFLE(1, 0, 3, 2)));
    sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, _MM_SHUFFLE(2, 3, 0, 1)));
    uint32_t sum = (uint32_t)_mm_cvtsi128_si32(sum4);

    for (unsigned edge = 0; edge < MOTION_RADIUS && edge < w; edge++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, edge));
    for (; x < w; x++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, x));
    return sum;
}

void motion_dsp_init_avx2(MotionDsp *dsp)
{
    dsp->diff_blur_vertical_8 = diff_blur_vertical_8_avx2;
    dsp->diff_blur_vertical_16 = diff_blur_vertical_16_avx2;
    dsp->blur_horizontal_abs_sum = blur_horizontal_abs_sum_avx2;
}
