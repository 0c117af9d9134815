/* Horizontal sums of AVX-512 vectors modulo 2^64 / 2^32. gcc's
 * _mm512_reduce_add_epi64/epi32 add the lanes as signed scalars, which is
 * undefined behaviour when the sums wrap; the C references wrap on purpose
 * (psnr's and motion's 32-bit row sums) or can on synthetic inputs. Include
 * from AVX-512 sources only. */
#ifndef VMAF_CORE_X86_HSUM_AVX512_H
#define VMAF_CORE_X86_HSUM_AVX512_H

#include <immintrin.h>
#include <stdint.h>

static inline uint64_t vmaf_hsum_u64x8(__m512i v)
{
    const __m256i h =
        _mm256_add_epi64(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

static inline uint32_t vmaf_hsum_u32x16(__m512i v)
{
    const __m256i h =
        _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

#endif
