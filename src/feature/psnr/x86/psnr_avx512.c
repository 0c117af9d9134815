/* AVX-512 steps of the PSNR sums (psnr_kernels.h): 32 samples a step; the
 * row tails are masked loads, whose zero lanes add nothing. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>

#include "psnr_sum.h"
#include "psnr_x86.h"

typedef __m512i vi;
#define PSNR_STEP 32
#define vi_zero() _mm512_setzero_si512()
#define sum_u64(v) vmaf_hsum_u64x8(v)

static inline uint32_t sum_u32(__m512i v)
{
    return psnr_sum_epi32(
        _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1)));
}

static inline __m512i sse_8_masked(__m512i acc, const uint8_t *ref, const uint8_t *dis, __mmask32 m)
{
    const __m512i r = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, ref));
    const __m512i d = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, dis));
    const __m512i e = _mm512_sub_epi16(r, d);
    return _mm512_add_epi32(acc, _mm512_madd_epi16(e, e));
}

static inline __m512i sse_8_step(__m512i acc, const uint8_t *ref, const uint8_t *dis)
{
    return sse_8_masked(acc, ref, dis, ~(__mmask32)0);
}

static inline uint32_t sse_8_tail(const uint8_t *ref, const uint8_t *dis, unsigned n)
{
    if (!n)
        return 0;
    return sum_u32(sse_8_masked(vi_zero(), ref, dis, (__mmask32)((1ull << n) - 1)));
}

/* Adds the sixteen 32-bit lanes of v, zero-extended, to the eight of acc. */
static inline __m512i add_epu32_to_epi64(__m512i acc, __m512i v)
{
    const __m512i low = _mm512_and_si512(v, _mm512_set1_epi64(0xffffffff));
    return _mm512_add_epi64(acc, _mm512_add_epi64(low, _mm512_srli_epi64(v, 32)));
}

static inline __m512i sse_16_masked(__m512i acc, const uint16_t *ref, const uint16_t *dis,
                                    __mmask32 m)
{
    const __m512i r = _mm512_maskz_loadu_epi16(m, ref);
    const __m512i d = _mm512_maskz_loadu_epi16(m, dis);
    const __m512i e = _mm512_sub_epi16(_mm512_max_epu16(r, d), _mm512_min_epu16(r, d));
    const __m512i lo = _mm512_mullo_epi16(e, e), hi = _mm512_mulhi_epu16(e, e);
    acc = add_epu32_to_epi64(acc, _mm512_unpacklo_epi16(lo, hi));
    return add_epu32_to_epi64(acc, _mm512_unpackhi_epi16(lo, hi));
}

static inline __m512i sse_16_step(__m512i acc, const uint16_t *ref, const uint16_t *dis)
{
    return sse_16_masked(acc, ref, dis, ~(__mmask32)0);
}

static inline uint64_t sse_16_tail(const uint16_t *ref, const uint16_t *dis, unsigned n)
{
    if (!n)
        return 0;
    return sum_u64(sse_16_masked(vi_zero(), ref, dis, (__mmask32)((1ull << n) - 1)));
}

#define PSNR_X86_NAME(name) name##_avx512
#include "psnr_kernels.h"

void psnr_dsp_init_avx512(PsnrDsp *dsp)
{
    dsp->sse_8 = sse_8_avx512;
    dsp->sse_16 = sse_16_avx512;
}
