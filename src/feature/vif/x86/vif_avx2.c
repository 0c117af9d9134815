/* The integer VIF stages in AVX2: the vector layer of vif_kernels.h over
 * 256-bit registers (4 doubles, 16 columns of 16-bit lanes). */
#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "vif_x86.h"

#define VIF_LANES 4

typedef __m256d vd;
typedef __m256i vq;
typedef __m128i vi;
typedef __m256i vw;
typedef __m256i vm; /* all ones in the lanes that are set */

static inline vd vd_zero(void)
{
    return _mm256_setzero_pd();
}

static inline vd vd_set(double x)
{
    return _mm256_set1_pd(x);
}

static inline vd vd_load_u16(const uint16_t *p)
{
    return _mm256_cvtepi32_pd(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

static inline vd vd_add(vd a, vd b)
{
    return _mm256_add_pd(a, b);
}

static inline vd vd_sub(vd a, vd b)
{
    return _mm256_sub_pd(a, b);
}

static inline vd vd_mul(vd a, vd b)
{
    return _mm256_mul_pd(a, b);
}

static inline vd vd_div(vd a, vd b)
{
    return _mm256_div_pd(a, b);
}

/* a * b + c; used only where it is exact */
static inline vd vd_fma(vd a, vd b, vd c)
{
    return _mm256_fmadd_pd(a, b, c);
}

/* a < b ? a : b, as `if (a > b) a = b` for numbers */
static inline vd vd_min(vd a, vd b)
{
    return _mm256_min_pd(a, b);
}

static inline vd vd_floor(vd a)
{
    return _mm256_round_pd(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

static inline vd vd_trunc(vd a)
{
    return _mm256_round_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
}

static inline vd vd_from_vi(vi a)
{
    return _mm256_cvtepi32_pd(a);
}

/* C's (int32_t) of a double, out-of-range values included */
static inline vi vi_trunc(vd a)
{
    return _mm256_cvttpd_epi32(a);
}

static inline vq vq_zero(void)
{
    return _mm256_setzero_si256();
}

static inline vq vq_bits(vd a)
{
    return _mm256_castpd_si256(a);
}

static inline vq vq_add(vq a, vq b)
{
    return _mm256_add_epi64(a, b);
}

static inline int64_t vq_sum(vq a)
{
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    return _mm_cvtsi128_si64(s) + _mm_extract_epi64(s, 1);
}

/* the low 32 bits of each lane */
static inline vi vq_low32(vq a)
{
    return _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(a, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

/* sign-extended */
static inline vq vq_from_vi(vi a)
{
    return _mm256_cvtepi32_epi64(a);
}

static inline vi vi_zero(void)
{
    return _mm_setzero_si128();
}

static inline vi vi_set(int32_t x)
{
    return _mm_set1_epi32(x);
}

static inline vi vi_sub(vi a, vi b)
{
    return _mm_sub_epi32(a, b);
}

static inline vi vi_and(vi a, vi b)
{
    return _mm_and_si128(a, b);
}

static inline vi vi_max(vi a, vi b)
{
    return _mm_max_epi32(a, b);
}

static inline vi vi_xor(vi a, vi b)
{
    return _mm_xor_si128(a, b);
}

static inline vi vi_srai(vi a, int n)
{
    return _mm_srai_epi32(a, n);
}

/* the lanes, which hold 16-bit values, as int16 */
static inline void vi_store_i16(int16_t *p, vi a)
{
    _mm_storel_epi64((__m128i *)p, _mm_packs_epi32(a, a));
}

static inline vw vw_set64(int64_t x)
{
    return _mm256_set1_epi64x(x);
}

static inline vw vw_load(const int16_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

static inline void vw_store(int16_t *p, vw a)
{
    _mm256_storeu_si256((__m256i *)p, a);
}

static inline vw vw_sub32(vw a, vw b)
{
    return _mm256_sub_epi32(a, b);
}

static inline vw vw_add64(vw a, vw b)
{
    return _mm256_add_epi64(a, b);
}

static inline vw vw_and(vw a, vw b)
{
    return _mm256_and_si256(a, b);
}

static inline vw vw_or(vw a, vw b)
{
    return _mm256_or_si256(a, b);
}

static inline vw vw_srai32(vw a, int n)
{
    return _mm256_srai_epi32(a, n);
}

static inline vw vw_srli32(vw a, int n)
{
    return _mm256_srli_epi32(a, n);
}

static inline vw vw_srli64(vw a, int n)
{
    return _mm256_srli_epi64(a, n);
}

/* the full products of the even 32-bit lanes */
static inline vw vw_mul_u32(vw a, vw b)
{
    return _mm256_mul_epu32(a, b);
}

/* 32-bit lanes to 16 with signed and unsigned saturation, in the order of
 * the columns of unpacklo (a) and unpackhi (b) */
static inline vw vw_packs32(vw a, vw b)
{
    return _mm256_packs_epi32(a, b);
}

static inline vw vw_packus32(vw a, vw b)
{
    return _mm256_packus_epi32(a, b);
}

static inline vi vw_low_half(vw a)
{
    return _mm256_castsi256_si128(a);
}

static inline vi vw_high_half(vw a)
{
    return _mm256_extracti128_si256(a, 1);
}

/* the first n of the eight 32-bit lanes, which hold 16-bit values */
static inline void vw_store_u16(uint16_t *p, vw a, unsigned n)
{
    const __m128i packed =
        _mm_packus_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    if (n == 8) {
        _mm_storeu_si128((__m128i *)p, packed);
        return;
    }
    uint16_t lanes[8];
    _mm_storeu_si128((__m128i *)lanes, packed);
    memcpy(p, lanes, n * sizeof(*p));
}

static inline vw vw_zero(void)
{
    return _mm256_setzero_si256();
}

static inline vw vw_set16(int16_t x)
{
    return _mm256_set1_epi16(x);
}

static inline vw vw_set32(int32_t x)
{
    return _mm256_set1_epi32(x);
}

static inline vw vw_load_u8(const uint8_t *p)
{
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p));
}

static inline vw vw_unpacklo16(vw a, vw b)
{
    return _mm256_unpacklo_epi16(a, b);
}

static inline vw vw_unpackhi16(vw a, vw b)
{
    return _mm256_unpackhi_epi16(a, b);
}

static inline vw vw_madd(vw a, vw b)
{
    return _mm256_madd_epi16(a, b);
}

static inline vw vw_add32(vw a, vw b)
{
    return _mm256_add_epi32(a, b);
}

/* acc + vw_madd(a, b) */
static inline vw vw_madd_add(vw acc, vw a, vw b)
{
    return _mm256_add_epi32(acc, _mm256_madd_epi16(a, b));
}

static inline vw vw_mullo16(vw a, vw b)
{
    return _mm256_mullo_epi16(a, b);
}

static inline vw vw_xor(vw a, vw b)
{
    return _mm256_xor_si256(a, b);
}

static inline vw vw_srl32(vw a, unsigned n)
{
    return _mm256_srl_epi32(a, _mm_cvtsi32_si128((int)n));
}

/* all ones where a > b */
static inline vm vw_gt32(vw a, vw b)
{
    return _mm256_cmpgt_epi32(a, b);
}

static inline vm vm_and(vm a, vm b)
{
    return _mm256_and_si256(a, b);
}

/* ~a & b */
static inline vm vm_andnot(vm a, vm b)
{
    return _mm256_andnot_si256(a, b);
}

/* the first n of the 32-bit lanes */
static inline vm vm_lanes_below(ptrdiff_t n)
{
    const int32_t count = n < 2 * VIF_LANES ? (int32_t)n : 2 * VIF_LANES;
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

static inline unsigned vm_count(vm m)
{
    return (unsigned)__builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(m)));
}

static inline bool vm_any(vm m)
{
    return !_mm256_testz_si256(m, m);
}

/* a in the lanes of m, 0 elsewhere */
static inline vw vw_maskz(vm m, vw a)
{
    return _mm256_and_si256(m, a);
}

/* acc + a in the lanes of m */
static inline vw vw_mask_add32(vw acc, vm m, vw a)
{
    return _mm256_add_epi32(acc, _mm256_and_si256(m, a));
}

static inline vw vw_max32(vw a, vw b)
{
    return _mm256_max_epi32(a, b);
}

static inline vw vw_slli32(vw a, unsigned n)
{
    return _mm256_slli_epi32(a, (int)n);
}

/* the lanes' sum modulo 2^32 */
static inline uint32_t vw_sum32(vw a)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

/* the high 32 bits of each 64-bit lane of lo, then of hi */
static inline vw vw_high32(vq lo, vq hi)
{
    const __m256 odd = _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi),
                                         _MM_SHUFFLE(3, 1, 3, 1));
    return _mm256_permute4x64_epi64(_mm256_castps_si256(odd), _MM_SHUFFLE(3, 1, 2, 0));
}

/* the 32 bits at table + 2 * index for the lanes of m, 0 elsewhere */
static inline vw vw_gather_u16_pairs(const uint16_t *table, vw index, vm m)
{
    return _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)table, index, m, 2);
}

#include "vif_kernels.h"

void vif_dsp_init_avx2(VifDsp *dsp)
{
    dsp->statistic_8 = statistic_8_simd;
    dsp->statistic_16 = statistic_16_simd;
    dsp->decimate_8 = decimate_8_simd;
    dsp->decimate_16 = decimate_16_simd;
}
