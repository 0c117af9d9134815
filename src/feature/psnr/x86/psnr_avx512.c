/* AVX-512 sums of squared errors, as psnr_avx2.c; the row tails are masked
 * loads, whose zero lanes add nothing. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>

#include "psnr_sum.h"
#include "psnr_x86.h"

static __m512i sse_8_step(__m512i acc, const uint8_t *ref, const uint8_t *dis, __mmask32 m)
{
    const __m512i r = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, ref));
    const __m512i d = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, dis));
    const __m512i e = _mm512_sub_epi16(r, d);
    return _mm512_add_epi32(acc, _mm512_madd_epi16(e, e));
}

static uint64_t sse_8_avx512(const uint8_t *ref, ptrdiff_t ref_stride, const uint8_t *dis,
                             ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    const __mmask32 tail = (__mmask32)((1ull << (w % 32)) - 1);
    uint64_t sse = 0;
    for (unsigned y = 0; y < h; y++) {
        __m512i acc = _mm512_setzero_si512();
        unsigned x = 0;
        for (; x + 32 <= w; x += 32)
            acc = sse_8_step(acc, ref + x, dis + x, ~(__mmask32)0);
        if (tail)
            acc = sse_8_step(acc, ref + x, dis + x, tail);
        sse += psnr_sum_epi32(
            _mm256_add_epi32(_mm512_castsi512_si256(acc), _mm512_extracti64x4_epi64(acc, 1)));
        ref += ref_stride;
        dis += dis_stride;
    }
    return sse;
}

/* Adds the sixteen 32-bit lanes of v, zero-extended, to the eight of acc. */
static __m512i add_epu32_to_epi64(__m512i acc, __m512i v)
{
    const __m512i low = _mm512_and_si512(v, _mm512_set1_epi64(0xffffffff));
    return _mm512_add_epi64(acc, _mm512_add_epi64(low, _mm512_srli_epi64(v, 32)));
}

static __m512i sse_16_step(__m512i acc, const uint16_t *ref, const uint16_t *dis, __mmask32 m)
{
    const __m512i r = _mm512_maskz_loadu_epi16(m, ref);
    const __m512i d = _mm512_maskz_loadu_epi16(m, dis);
    const __m512i e = _mm512_sub_epi16(_mm512_max_epu16(r, d), _mm512_min_epu16(r, d));
    const __m512i lo = _mm512_mullo_epi16(e, e), hi = _mm512_mulhi_epu16(e, e);
    acc = add_epu32_to_epi64(acc, _mm512_unpacklo_epi16(lo, hi));
    return add_epu32_to_epi64(acc, _mm512_unpackhi_epi16(lo, hi));
}

static uint64_t sse_16_avx512(const uint16_t *ref, ptrdiff_t ref_stride, const uint16_t *dis,
                              ptrdiff_t dis_stride, unsigned w, unsigned h)
{
    const __mmask32 tail = (__mmask32)((1ull << (w % 32)) - 1);
    __m512i acc = _mm512_setzero_si512();
    for (unsigned y = 0; y < h; y++) {
        unsigned x = 0;
        for (; x + 32 <= w; x += 32)
            acc = sse_16_step(acc, ref + x, dis + x, ~(__mmask32)0);
        if (tail)
            acc = sse_16_step(acc, ref + x, dis + x, tail);
        ref = (const uint16_t *)((const uint8_t *)ref + ref_stride);
        dis = (const uint16_t *)((const uint8_t *)dis + dis_stride);
    }
    return vmaf_hsum_u64x8(acc);
}

void psnr_dsp_init_avx512(PsnrDsp *dsp)
{
    dsp->sse_8 = sse_8_avx512;
    dsp->sse_16 = sse_16_avx512;
}
