/* The integer VIF stages in AVX-512 (F, BW, DQ, VL): the vector layer of
 * vif_kernels.h over 512-bit registers (8 doubles, 32 columns of 16-bit
 * lanes). vif_avx512vnni.c compiles it again with VIF_AVX512_VNNI. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>
#include <stdbool.h>

#include "vif_x86.h"

#define VIF_LANES 8

typedef __m512d vd;
typedef __m512i vq;
typedef __m256i vi;
typedef __m512i vw;
typedef __mmask16 vm;
typedef __m512 vf;

static inline vd vd_zero(void)
{
    return _mm512_setzero_pd();
}

static inline vd vd_set(double x)
{
    return _mm512_set1_pd(x);
}

static inline vd vd_load_u16(const uint16_t *p)
{
    return _mm512_cvtepi32_pd(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)));
}

static inline vd vd_add(vd a, vd b)
{
    return _mm512_add_pd(a, b);
}

static inline vd vd_sub(vd a, vd b)
{
    return _mm512_sub_pd(a, b);
}

static inline vd vd_mul(vd a, vd b)
{
    return _mm512_mul_pd(a, b);
}

static inline vd vd_div(vd a, vd b)
{
    return _mm512_div_pd(a, b);
}

/* a * b + c; used only where it is exact */
static inline vd vd_fma(vd a, vd b, vd c)
{
    return _mm512_fmadd_pd(a, b, c);
}

/* a < b ? a : b, as `if (a > b) a = b` for numbers */
static inline vd vd_min(vd a, vd b)
{
    return _mm512_min_pd(a, b);
}

static inline vd vd_floor(vd a)
{
    return _mm512_roundscale_pd(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

static inline vd vd_trunc(vd a)
{
    return _mm512_roundscale_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
}

static inline vd vd_from_vi(vi a)
{
    return _mm512_cvtepi32_pd(a);
}

/* C's (int32_t) of a double, out-of-range values included */
static inline vi vi_trunc(vd a)
{
    return _mm512_cvttpd_epi32(a);
}

static inline vq vq_zero(void)
{
    return _mm512_setzero_si512();
}

static inline vq vq_bits(vd a)
{
    return _mm512_castpd_si512(a);
}

static inline vq vq_add(vq a, vq b)
{
    return _mm512_add_epi64(a, b);
}

static inline int64_t vq_sum(vq a)
{
    return (int64_t)vmaf_hsum_u64x8(a);
}

/* the low 32 bits of each lane */
static inline vi vq_low32(vq a)
{
    return _mm512_cvtepi64_epi32(a);
}

/* sign-extended */
static inline vq vq_from_vi(vi a)
{
    return _mm512_cvtepi32_epi64(a);
}

static inline vi vi_zero(void)
{
    return _mm256_setzero_si256();
}

static inline vi vi_set(int32_t x)
{
    return _mm256_set1_epi32(x);
}

static inline vi vi_sub(vi a, vi b)
{
    return _mm256_sub_epi32(a, b);
}

static inline vi vi_and(vi a, vi b)
{
    return _mm256_and_si256(a, b);
}

static inline vi vi_max(vi a, vi b)
{
    return _mm256_max_epi32(a, b);
}

static inline vi vi_xor(vi a, vi b)
{
    return _mm256_xor_si256(a, b);
}

static inline vi vi_srai(vi a, int n)
{
    return _mm256_srai_epi32(a, n);
}

/* the lanes, which hold 16-bit values, as int16 */
static inline void vi_store_i16(int16_t *p, vi a)
{
    _mm_storeu_si128((__m128i *)p, _mm256_cvtepi32_epi16(a));
}

static inline vw vw_set64(int64_t x)
{
    return _mm512_set1_epi64(x);
}

static inline vw vw_load(const int16_t *p)
{
    return _mm512_loadu_si512(p);
}

static inline void vw_store(int16_t *p, vw a)
{
    _mm512_storeu_si512(p, a);
}

static inline vw vw_sub32(vw a, vw b)
{
    return _mm512_sub_epi32(a, b);
}

static inline vw vw_add64(vw a, vw b)
{
    return _mm512_add_epi64(a, b);
}

static inline vw vw_and(vw a, vw b)
{
    return _mm512_and_si512(a, b);
}

static inline vw vw_or(vw a, vw b)
{
    return _mm512_or_si512(a, b);
}

static inline vw vw_srai32(vw a, unsigned n)
{
    return _mm512_srai_epi32(a, n);
}

static inline vw vw_srli32(vw a, unsigned n)
{
    return _mm512_srli_epi32(a, n);
}

static inline vw vw_srli64(vw a, unsigned n)
{
    return _mm512_srli_epi64(a, n);
}

/* the full products of the even 32-bit lanes */
static inline vw vw_mul_u32(vw a, vw b)
{
    return _mm512_mul_epu32(a, b);
}

/* 32-bit lanes to 16 with signed and unsigned saturation, in the order of
 * the columns of unpacklo (a) and unpackhi (b) */
static inline vw vw_packs32(vw a, vw b)
{
    return _mm512_packs_epi32(a, b);
}

static inline vw vw_packus32(vw a, vw b)
{
    return _mm512_packus_epi32(a, b);
}

static inline vi vw_low_half(vw a)
{
    return _mm512_castsi512_si256(a);
}

static inline vi vw_high_half(vw a)
{
    return _mm512_extracti64x4_epi64(a, 1);
}

/* the first n of the sixteen 32-bit lanes, which hold 16-bit values */
static inline void vw_store_u16(uint16_t *p, vw a, unsigned n)
{
    _mm256_mask_storeu_epi16(p, (__mmask16)((1u << n) - 1), _mm512_cvtepi32_epi16(a));
}

static inline vw vw_zero(void)
{
    return _mm512_setzero_si512();
}

static inline vw vw_set16(int16_t x)
{
    return _mm512_set1_epi16(x);
}

static inline vw vw_set32(int32_t x)
{
    return _mm512_set1_epi32(x);
}

static inline vw vw_load_u8(const uint8_t *p)
{
    return _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)p));
}

static inline vw vw_unpacklo16(vw a, vw b)
{
    return _mm512_unpacklo_epi16(a, b);
}

static inline vw vw_unpackhi16(vw a, vw b)
{
    return _mm512_unpackhi_epi16(a, b);
}

static inline vw vw_madd(vw a, vw b)
{
    return _mm512_madd_epi16(a, b);
}

static inline vw vw_add32(vw a, vw b)
{
    return _mm512_add_epi32(a, b);
}

/* acc + vw_madd(a, b): VNNI's vpdpwssd wraps as the two do */
static inline vw vw_madd_add(vw acc, vw a, vw b)
{
#ifdef VIF_AVX512_VNNI
    return _mm512_dpwssd_epi32(acc, a, b);
#else
    return _mm512_add_epi32(acc, _mm512_madd_epi16(a, b));
#endif
}

static inline vw vw_mullo16(vw a, vw b)
{
    return _mm512_mullo_epi16(a, b);
}

static inline vw vw_xor(vw a, vw b)
{
    return _mm512_xor_si512(a, b);
}

static inline vw vw_srl32(vw a, unsigned n)
{
    return _mm512_srl_epi32(a, _mm_cvtsi32_si128((int)n));
}

/* all ones where a > b */
static inline vm vw_gt32(vw a, vw b)
{
    return _mm512_cmpgt_epi32_mask(a, b);
}

static inline vm vm_and(vm a, vm b)
{
    return a & b;
}

/* ~a & b */
static inline vm vm_andnot(vm a, vm b)
{
    return (vm)(~a & b);
}

/* the first n of the 32-bit lanes */
static inline vm vm_lanes_below(ptrdiff_t n)
{
    return n >= 2 * VIF_LANES ? (vm)0xffff : (vm)((1u << n) - 1);
}

static inline unsigned vm_count(vm m)
{
    return (unsigned)__builtin_popcount(m);
}

/* a in the lanes of m, 0 elsewhere */
static inline vw vw_maskz(vm m, vw a)
{
    return _mm512_maskz_mov_epi32(m, a);
}

/* acc + a in the lanes of m */
static inline vw vw_mask_add32(vw acc, vm m, vw a)
{
    return _mm512_mask_add_epi32(acc, m, acc, a);
}

static inline vw vw_max32(vw a, vw b)
{
    return _mm512_max_epi32(a, b);
}

static inline vw vw_slli32(vw a, unsigned n)
{
    return _mm512_slli_epi32(a, n);
}

/* the lanes' sum modulo 2^32 */
static inline uint32_t vw_sum32(vw a)
{
    return vmaf_hsum_u32x16(a);
}

/* the high 32 bits of each 64-bit lane of lo, then of hi */
static inline vw vw_high32(vq lo, vq hi)
{
    const __m512i odd =
        _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return _mm512_permutex2var_epi32(lo, odd, hi);
}

/* the 32 bits at table + 2 * index for the lanes of m, 0 elsewhere */
static inline vw vw_gather_u16_pairs(const uint16_t *table, vw index, vm m)
{
    return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, index, table, 2);
}

/* m ? b : a, lane by lane */
static inline vw vw_blend(vm m, vw a, vw b)
{
    return _mm512_mask_blend_epi32(m, a, b);
}

static inline bool vm_any(vm m)
{
    return m != 0;
}

static inline vf vf_from_vw(vw a)
{
    return _mm512_cvtepi32_ps(a);
}

/* C's (int32_t) of a float */
static inline vw vw_from_vf(vf a)
{
    return _mm512_cvttps_epi32(a);
}

static inline vf vf_set(float x)
{
    return _mm512_set1_ps(x);
}

static inline vf vf_add(vf a, vf b)
{
    return _mm512_add_ps(a, b);
}

static inline vf vf_sub(vf a, vf b)
{
    return _mm512_sub_ps(a, b);
}

/* a * b + c rounded once, as fmaf() */
static inline vf vf_fma(vf a, vf b, vf c)
{
    return _mm512_fmadd_ps(a, b, c);
}

static inline vf vf_floor(vf a)
{
    return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

static inline vf vf_abs(vf a)
{
    return _mm512_abs_ps(a);
}

/* set where a > b */
static inline vm vf_gt(vf a, vf b)
{
    return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ);
}

/* The 32-bit lanes of a in m, packed to the front, at p; the rest of the
 * vector stored there is zero. */
static inline void vw_compress_store32(int32_t *p, vw a, vm m)
{
    _mm512_storeu_si512(p, _mm512_maskz_compress_epi32(m, a));
}

/* Zen 4 gathers 16 lanes slower than 8 FMAs on them (checkasm --bench). */
#define VIF_LOG2_POLYNOMIAL
/* Packing lanes costs one permute each here, with no table. */
#define VIF_COMPRESS
#include "vif_kernels.h"

#ifndef VIF_AVX512_INIT
#define VIF_AVX512_INIT vif_dsp_init_avx512
#endif

void VIF_AVX512_INIT(VifDsp *dsp)
{
    dsp->statistic_8 = statistic_8_simd;
    dsp->statistic_16 = statistic_16_simd;
    dsp->decimate_8 = decimate_8_simd;
    dsp->decimate_16 = decimate_16_simd;
}
