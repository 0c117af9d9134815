/* AVX2 steps of the PSNR sums (psnr_kernels.h): 16 samples a step; the
 * row tails are added by scalar code. */
#include <immintrin.h>

#include "psnr_sum.h"
#include "psnr_x86.h"

typedef __m256i vi;
#define PSNR_STEP 16
#define vi_zero() _mm256_setzero_si256()
#define sum_u32(v) psnr_sum_epi32(v)

static inline uint64_t sum_u64(__m256i v)
{
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

static inline __m256i sse_8_step(__m256i acc, const uint8_t *ref, const uint8_t *dis)
{
    const __m256i r = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)ref));
    const __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)dis));
    const __m256i e = _mm256_sub_epi16(r, d);
    return _mm256_add_epi32(acc, _mm256_madd_epi16(e, e));
}

static inline uint32_t sse_8_tail(const uint8_t *ref, const uint8_t *dis, unsigned n)
{
    uint32_t sum = 0;
    for (unsigned x = 0; x < n; x++) {
        const int e = ref[x] - dis[x];
        sum += (uint32_t)(e * e);
    }
    return sum;
}

/* Adds the eight 32-bit lanes of v, zero-extended, to the four of acc. */
static inline __m256i add_epu32_to_epi64(__m256i acc, __m256i v)
{
    const __m256i low = _mm256_and_si256(v, _mm256_set1_epi64x(0xffffffff));
    return _mm256_add_epi64(acc, _mm256_add_epi64(low, _mm256_srli_epi64(v, 32)));
}

static inline __m256i sse_16_step(__m256i acc, const uint16_t *ref, const uint16_t *dis)
{
    const __m256i r = _mm256_loadu_si256((const __m256i *)ref);
    const __m256i d = _mm256_loadu_si256((const __m256i *)dis);
    const __m256i e = _mm256_sub_epi16(_mm256_max_epu16(r, d), _mm256_min_epu16(r, d));
    const __m256i lo = _mm256_mullo_epi16(e, e), hi = _mm256_mulhi_epu16(e, e);
    acc = add_epu32_to_epi64(acc, _mm256_unpacklo_epi16(lo, hi));
    return add_epu32_to_epi64(acc, _mm256_unpackhi_epi16(lo, hi));
}

static inline uint64_t sse_16_tail(const uint16_t *ref, const uint16_t *dis, unsigned n)
{
    uint64_t sum = 0;
    for (unsigned x = 0; x < n; x++) {
        const uint32_t e = ref[x] > dis[x] ? ref[x] - dis[x] : dis[x] - ref[x];
        sum += e * e;
    }
    return sum;
}

#define PSNR_X86_NAME(name) name##_avx2
#include "psnr_kernels.h"

void psnr_dsp_init_avx2(PsnrDsp *dsp)
{
    dsp->sse_8 = sse_8_avx2;
    dsp->sse_16 = sse_16_avx2;
}
