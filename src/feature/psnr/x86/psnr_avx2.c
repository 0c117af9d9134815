/* AVX2 sums of squared errors. The 8-bit row sum wraps modulo 2^32 like the
 * C reference; wrapping additions commute, so 32-bit lanes summed in any
 * order give the same row sum. 16-bit squares need 32 bits each and are
 * summed in 64-bit lanes, exactly. */
#include <immintrin.h>

#include "psnr_sum.h"
#include "psnr_x86.h"

static uint64_t sum_epi64(__m256i v)
{
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

static uint64_t sse_8_avx2(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                           ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    uint64_t sse = 0;
    for (unsigned y = 0; y < h; y++) {
        __m256i acc = _mm256_setzero_si256();
        unsigned x = 0;
        for (; x + 16 <= w; x += 16) {
            const __m256i r = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(ref + x)));
            const __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(dis + x)));
            const __m256i e = _mm256_sub_epi16(r, d);
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(e, e));
        }
        uint32_t row = psnr_sum_epi32(acc);
        for (; x < w; x++) {
            const int e = ref[x] - dis[x];
            row += (uint32_t)(e * e);
        }
        sse += row;
        ref += ref_stride;
        dis += dis_stride;
    }
    return sse;
}

/* Adds the eight 32-bit lanes of v, zero-extended, to the four of acc. */
static __m256i add_epu32_to_epi64(__m256i acc, __m256i v)
{
    const __m256i low = _mm256_and_si256(v, _mm256_set1_epi64x(0xffffffff));
    return _mm256_add_epi64(acc, _mm256_add_epi64(low, _mm256_srli_epi64(v, 32)));
}

static uint64_t sse_16_avx2(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                            ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    __m256i acc = _mm256_setzero_si256();
    uint64_t tail = 0;
    for (unsigned y = 0; y < h; y++) {
        unsigned x = 0;
        for (; x + 16 <= w; x += 16) {
            const __m256i r = _mm256_loadu_si256((const __m256i *)(ref + x));
            const __m256i d = _mm256_loadu_si256((const __m256i *)(dis + x));
            const __m256i e = _mm256_sub_epi16(_mm256_max_epu16(r, d), _mm256_min_epu16(r, d));
            const __m256i lo = _mm256_mullo_epi16(e, e), hi = _mm256_mulhi_epu16(e, e);
            acc = add_epu32_to_epi64(acc, _mm256_unpacklo_epi16(lo, hi));
            acc = add_epu32_to_epi64(acc, _mm256_unpackhi_epi16(lo, hi));
        }
        for (; x < w; x++) {
            const uint32_t e = ref[x] > dis[x] ? ref[x] - dis[x] : dis[x] - ref[x];
            tail += e * e;
        }
        ref = (const uint16_t *)((const uint8_t *)ref + ref_stride);
        dis = (const uint16_t *)((const uint8_t *)dis + dis_stride);
    }
    return sum_epi64(acc) + tail;
}

void psnr_dsp_init_avx2(PsnrDsp *dsp)
{
    dsp->sse_8 = sse_8_avx2;
    dsp->sse_16 = sse_16_avx2;
}
