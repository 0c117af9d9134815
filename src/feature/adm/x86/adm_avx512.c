/* AVX-512 variants of the integer ADM stages, bit-exact with adm_dsp.c: the
 * AVX2 ones (adm_avx2.c, which explains the arithmetic) on sixteen 32-bit
 * lanes, with masked loads and stores for the row tails, truncating stores
 * for C's casts to int16, and the 64-bit shifts, clamps and int64-to-float
 * conversions AVX2 lacks. */
#include "core/x86/hsum_avx512.h"
#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "feature/adm/adm_dsp.h"
#include "feature/adm/x86/adm_x86.h"

/* ------------------------------------------------------------ helpers -- */

static inline __mmask16 first16(int n)
{
    return (__mmask16)((1u << n) - 1);
}

static inline __mmask32 first32(int n)
{
    return n >= 32 ? 0xFFFFFFFFu : (__mmask32)((1u << n) - 1);
}

/* Full vectors are moved without masks, which cost more than plain loads
 * and stores on some cores. */

/* n (1..16) int16 widened to int32 lanes, the others 0. */
static inline __m512i load_s16(const int16_t *p, int n)
{
    if (n == 16)
        return _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)p));
    return _mm512_cvtepi16_epi32(_mm256_maskz_loadu_epi16(first16(n), p));
}

static inline __m512i load_s32(const int32_t *p, int n)
{
    if (n == 16)
        return _mm512_loadu_si512(p);
    return _mm512_maskz_loadu_epi32(first16(n), p);
}

/* n lanes cast to int16; the conversion is made in registers, its
 * memory-destination form being slow. */
static inline void store_s16(int16_t *p, __m512i v, int n)
{
    const __m256i packed = _mm512_cvtepi32_epi16(v);
    if (n == 16)
        _mm256_storeu_si256((__m256i *)p, packed);
    else
        _mm256_mask_storeu_epi16(p, first16(n), packed);
}

static inline void store_s32(int32_t *p, __m512i v, int n)
{
    if (n == 16)
        _mm512_storeu_si512(p, v);
    else
        _mm512_mask_storeu_epi32(p, first16(n), v);
}

static inline void store_s16x32(int16_t *p, __m512i v, int n)
{
    if (n == 32)
        _mm512_storeu_si512(p, v);
    else
        _mm512_mask_storeu_epi16(p, first32(n), v);
}

static inline __m512i odd_lanes(__m512i v)
{
    return _mm512_srli_epi64(v, 32);
}

/* Bits s..s+31 of even-lane and odd-lane 64-bit results as 32-bit lanes. */
static inline __m512i join_shifted(__m512i even, __m512i odd, int s)
{
    return _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(even, s),
                                   _mm512_slli_epi64(odd, 32 - s));
}

/* Masks of the even and odd 64-bit lanes as one mask of 32-bit lanes. */
static inline __mmask16 join_masks(__mmask8 even, __mmask8 odd)
{
    return (__mmask16)(_pdep_u32(even, 0x5555) | _pdep_u32(odd, 0xAAAA));
}

/* ---------------------------------------------------------------- DWT -- */

/* The vector layer of adm_kernels.h: sixteen int32 lanes. */
typedef __m512i vi;
typedef __m512d vd;
typedef __mmask16 vmask; /* the lanes that pass */
#define ADM_X86_LANES 16
#define vi_zero() _mm512_setzero_si512()
#define vi_set1_32(x) _mm512_set1_epi32(x)
#define vi_set1_64(x) _mm512_set1_epi64(x)
#define vd_set1(x) _mm512_set1_pd(x)
#define vi_loadu(p) _mm512_loadu_si512(p)
#define vi_storeu(p, v) _mm512_storeu_si512(p, v)
#define vi_add32(a, b) _mm512_add_epi32(a, b)
#define vi_sub32(a, b) _mm512_sub_epi32(a, b)
#define vi_mullo32(a, b) _mm512_mullo_epi32(a, b)
#define vi_sll32(a, count) _mm512_sll_epi32(a, count)
/* The horizontal DWT pass yields its outputs in order. */
#define in_order(v) (v)

#include "adm_kernel_setup.h"

/* The low halves of the 32-bit lanes of a and b, in order a then b within
 * each 128-bit lane. */
static inline __m512i pack_low16(__m512i a, __m512i b)
{
    const __m512i low = _mm512_set1_epi32(0xFFFF);
    return _mm512_packus_epi32(_mm512_and_si512(a, low), _mm512_and_si512(b, low));
}

/* 32 columns of one scale 0 vertical pass (see adm_avx2.c). */
static inline void dwt_s0_vertical(const __m512i p[ADM_DWT_TAPS], const DwtTaps *k, __m512i lo_bias,
                                   __m512i hi_bias, __m128i shift, int16_t *lo, int16_t *hi, int n)
{
    const __m512i a0 = _mm512_unpacklo_epi16(p[0], p[1]), a1 = _mm512_unpackhi_epi16(p[0], p[1]);
    const __m512i b0 = _mm512_unpacklo_epi16(p[2], p[3]), b1 = _mm512_unpackhi_epi16(p[2], p[3]);
    const __m512i l0 =
        _mm512_add_epi32(_mm512_madd_epi16(a0, k->lo01), _mm512_madd_epi16(b0, k->lo23));
    const __m512i l1 =
        _mm512_add_epi32(_mm512_madd_epi16(a1, k->lo01), _mm512_madd_epi16(b1, k->lo23));
    const __m512i h0 =
        _mm512_add_epi32(_mm512_madd_epi16(a0, k->hi01), _mm512_madd_epi16(b0, k->hi23));
    const __m512i h1 =
        _mm512_add_epi32(_mm512_madd_epi16(a1, k->hi01), _mm512_madd_epi16(b1, k->hi23));
    store_s16x32(lo,
                 pack_low16(_mm512_sra_epi32(_mm512_add_epi32(l0, lo_bias), shift),
                            _mm512_sra_epi32(_mm512_add_epi32(l1, lo_bias), shift)),
                 n);
    store_s16x32(hi,
                 pack_low16(_mm512_sra_epi32(_mm512_add_epi32(h0, hi_bias), shift),
                            _mm512_sra_epi32(_mm512_add_epi32(h1, hi_bias), shift)),
                 n);
}

/* n (1..32) samples of a row as int16 lanes. */
static inline __m512i load_samples(const void *row, int j, int n, bool wide)
{
    if (wide) {
        const uint16_t *p = (const uint16_t *)row + j;
        const __m512i v = n == 32 ? _mm512_loadu_si512(p) : _mm512_maskz_loadu_epi16(first32(n), p);
        return _mm512_xor_si512(v, _mm512_set1_epi16(INT16_MIN));
    }
    const uint8_t *p = (const uint8_t *)row + j;
    return _mm512_cvtepu8_epi16(n == 32 ? _mm256_loadu_si256((const __m256i *)p)
                                        : _mm256_maskz_loadu_epi8(first32(n), p));
}

static inline __m512i dwt_s0_sum(__m512i a, __m512i b, __m512i t01, __m512i t23)
{
    const __m512i s = _mm512_add_epi32(_mm512_madd_epi16(a, t01), _mm512_madd_epi16(b, t23));
    return _mm512_srai_epi32(_mm512_add_epi32(s, _mm512_set1_epi32(32768)), 16);
}

static inline void dwt_s0_horizontal(const int16_t *lo, const int16_t *hi, const DwtTaps *k,
                                     int32_t *approx, int16_t *band_h, int16_t *band_v,
                                     int16_t *band_d, int n)
{
    const __m512i la = _mm512_loadu_si512(lo), lb = _mm512_loadu_si512(lo + 2);
    const __m512i ha = _mm512_loadu_si512(hi), hb = _mm512_loadu_si512(hi + 2);
    store_s32(approx, dwt_s0_sum(la, lb, k->lo01, k->lo23), n);
    store_s16(band_v, dwt_s0_sum(la, lb, k->hi01, k->hi23), n);
    store_s16(band_h, dwt_s0_sum(ha, hb, k->lo01, k->lo23), n);
    store_s16(band_d, dwt_s0_sum(ha, hb, k->hi01, k->hi23), n);
}

static inline __m512i split_filter(__m512i high01, __m512i high23, __m512i low01, __m512i low23,
                                   const SplitFilter *f, const SplitPass *q)
{
    const __m512i a =
        _mm512_add_epi32(_mm512_madd_epi16(high01, f->t01), _mm512_madd_epi16(high23, f->t23));
    const __m512i b =
        _mm512_add_epi32(_mm512_madd_epi16(low01, f->t01), _mm512_madd_epi16(low23, f->t23));
    return _mm512_add_epi32(_mm512_add_epi32(_mm512_sll_epi32(a, q->high_shift), f->constant),
                            _mm512_sra_epi32(_mm512_add_epi32(b, q->round), q->low_shift));
}

static inline __m512i low_halves_bias(void)
{
    return _mm512_set1_epi32((int32_t)0x80008000u);
}

static inline void split_lanes(__m512i a, __m512i b, __m512i *high, __m512i *low)
{
    *high = _mm512_mask_blend_epi16(0xAAAAAAAAu, _mm512_srli_epi32(a, 16), b);
    *low = _mm512_xor_si512(_mm512_mask_blend_epi16(0xAAAAAAAAu, a, _mm512_slli_epi32(b, 16)),
                            low_halves_bias());
}

/* Neighbour taps of outputs 0..7 (64-bit lanes of v0) and 8..15 (v1) as
 * int16 pairs, in output order: pair k takes words 4k+1 and 4k+3 (the high
 * halves) or 4k and 4k+2 (the low ones) of v0:v1. */
static inline void split_neighbours(__m512i v0, __m512i v1, __m512i *high, __m512i *low)
{
    const __m512i high_words =
        _mm512_set_epi16(63, 61, 59, 57, 55, 53, 51, 49, 47, 45, 43, 41, 39, 37, 35, 33, 31, 29, 27,
                         25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
    const __m512i low_words =
        _mm512_set_epi16(62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26,
                         24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    *high = _mm512_permutex2var_epi16(v0, high_words, v1);
    *low = _mm512_xor_si512(_mm512_permutex2var_epi16(v0, low_words, v1), low_halves_bias());
}

/* ----------------------------------------------------------- decouple -- */

/* dot^2 >= (cos^2 * ref) * dis in double, of floats (see adm_avx2.c). */
static inline __mmask8 cone_test(__m256 dot, __m256 ref_sq, __m256 dis_sq, __m512d cos_sq)
{
    const __m512d d = _mm512_cvtps_pd(dot);
    const __m512d rhs =
        _mm512_mul_pd(_mm512_mul_pd(cos_sq, _mm512_cvtps_pd(ref_sq)), _mm512_cvtps_pd(dis_sq));
    return _mm512_cmp_pd_mask(_mm512_mul_pd(d, d), rhs, _CMP_GE_OQ);
}

static inline __m256 low_half_ps(__m512 v)
{
    return _mm512_castps512_ps256(v);
}

static inline __m256 high_half_ps(__m512 v)
{
    return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
}

/* Scale 0: a sum of two 2^30 wraps to INT32_MIN and stands for +2^31. */
static inline __mmask16 in_cone_s0(__m512i oh, __m512i ov, __m512i th, __m512i tv, __m512d cos_sq)
{
    const __m512i o = _mm512_mask_blend_epi16(0xAAAAAAAAu, oh, _mm512_slli_epi32(ov, 16));
    const __m512i t = _mm512_mask_blend_epi16(0xAAAAAAAAu, th, _mm512_slli_epi32(tv, 16));
    const __m512i dot = _mm512_madd_epi16(o, t);
    const __m512 fd = _mm512_abs_ps(_mm512_cvtepi32_ps(dot));
    const __m512 fr = _mm512_abs_ps(_mm512_cvtepi32_ps(_mm512_madd_epi16(o, o)));
    const __m512 fs = _mm512_abs_ps(_mm512_cvtepi32_ps(_mm512_madd_epi16(t, t)));
    const __mmask16 negative = _mm512_cmplt_epi32_mask(dot, _mm512_setzero_si512()) &
                               _mm512_cmpneq_epi32_mask(dot, _mm512_set1_epi32(INT32_MIN));
    const __mmask8 lo = cone_test(low_half_ps(fd), low_half_ps(fr), low_half_ps(fs), cos_sq);
    const __mmask8 hi = cone_test(high_half_ps(fd), high_half_ps(fr), high_half_ps(fs), cos_sq);
    return (__mmask16)(((unsigned)hi << 8 | lo) & ~(unsigned)negative);
}

typedef struct GainLimit {
    bool integral;
    __m512i integer;
    __m512d real;
} GainLimit;

static GainLimit gain_limit_of(double gain_limit)
{
    const bool integral = adm_x86_integral_gain(gain_limit);
    return (GainLimit){
        .integral = integral,
        .integer = _mm512_set1_epi32(integral ? (int32_t)gain_limit : 0),
        .real = _mm512_set1_pd(gain_limit),
    };
}

static inline __m256i gain_limited_half(__m256i r, __m256i t, __mmask8 positive, __m512d gain)
{
    const __m512d boosted = _mm512_mul_pd(_mm512_cvtepi32_pd(r), gain);
    const __m512d td = _mm512_cvtepi32_pd(t);
    const __m512d chosen =
        _mm512_mask_blend_pd(positive, _mm512_max_pd(boosted, td), _mm512_min_pd(boosted, td));
    return _mm512_cvttpd_epi32(chosen);
}

static inline __m512i apply_gain_limit(__m512i r, __m512i o, __m512i t, __mmask16 boost,
                                       const GainLimit *g, bool integral_ok)
{
    if (!boost)
        return r;
    const __mmask16 positive = _mm512_cmpgt_epi32_mask(o, _mm512_setzero_si512());
    __m512i limited;
    if (integral_ok && g->integral) {
        const __m512i boosted = _mm512_mullo_epi32(r, g->integer);
        limited = _mm512_mask_blend_epi32(positive, _mm512_max_epi32(boosted, t),
                                          _mm512_min_epi32(boosted, t));
    } else {
        const __m256i lo = gain_limited_half(_mm512_castsi512_si256(r), _mm512_castsi512_si256(t),
                                             (__mmask8)positive, g->real);
        const __m256i hi =
            gain_limited_half(_mm512_extracti64x4_epi64(r, 1), _mm512_extracti64x4_epi64(t, 1),
                              (__mmask8)(positive >> 8), g->real);
        limited = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    }
    return _mm512_mask_blend_epi32(boost, r, limited);
}

/* The reciprocal table's entry, 2^30 / i truncated (0 for 0), for
 * 0 <= i <= ADM_RECIP_RANGE, by a division instead of a gather, which costs
 * more: a non-integer 2^30 / i lies at least 1/i >= 2^-15 below the next
 * integer and the double quotient is within 2^-23 of it, so truncating it
 * gives the integer quotient. */
static inline __m512i reciprocal(__m512i i)
{
    const __m512d num = _mm512_set1_pd(0x1p30);
    const __m256i lo =
        _mm512_cvttpd_epi32(_mm512_div_pd(num, _mm512_cvtepi32_pd(_mm512_castsi512_si256(i))));
    const __m256i hi = _mm512_cvttpd_epi32(
        _mm512_div_pd(num, _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(i, 1))));
    return _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(i, i),
                                  _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1));
}

/* recip: unused, the reciprocals are computed (reciprocal()), not read. */
static inline __m512i restore_s0(__m512i o, __m512i t, __mmask16 in_cone, const int32_t *recip,
                                 const GainLimit *g)
{
    (void)recip;
    const __m512i rec = reciprocal(_mm512_abs_epi32(o));
    const __m512i at = _mm512_abs_epi32(t);
    const __m512i half = _mm512_set1_epi64(16384);
    const __m512i even = _mm512_add_epi64(_mm512_mul_epu32(rec, at), half);
    const __m512i odd = _mm512_add_epi64(_mm512_mul_epu32(odd_lanes(rec), odd_lanes(at)), half);
    const __mmask16 same_sign =
        _mm512_cmpge_epi32_mask(_mm512_xor_si512(o, t), _mm512_setzero_si512());
    const __m512i k =
        _mm512_maskz_min_epu32(same_sign, join_shifted(even, odd, 15), _mm512_set1_epi32(32768));
    const __m512i r =
        _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(k, o), _mm512_set1_epi32(16384)), 15);
    const __mmask16 boost = in_cone & _mm512_test_epi32_mask(k, k) & _mm512_test_epi32_mask(o, o);
    return apply_gain_limit(r, o, t, boost, g, true);
}

/* adm_in_cone() in 64 bits for the even lanes of its arguments; the int64
 * to float conversion rounds once, as C's does. */
static inline __mmask8 in_cone_s123_even(__m512i oh, __m512i ov, __m512i th, __m512i tv,
                                         __m512d cos_sq)
{
    const __m512i dot = _mm512_add_epi64(_mm512_mul_epi32(oh, th), _mm512_mul_epi32(ov, tv));
    const __m512i ref_sq = _mm512_add_epi64(_mm512_mul_epi32(oh, oh), _mm512_mul_epi32(ov, ov));
    const __m512i dis_sq = _mm512_add_epi64(_mm512_mul_epi32(th, th), _mm512_mul_epi32(tv, tv));
    const __mmask8 holds = cone_test(_mm512_cvtepi64_ps(dot), _mm512_cvtepi64_ps(ref_sq),
                                     _mm512_cvtepi64_ps(dis_sq), cos_sq);
    return holds & _mm512_cmpge_epi64_mask(dot, _mm512_setzero_si512());
}

static inline __mmask16 in_cone_s123(__m512i oh, __m512i ov, __m512i th, __m512i tv, __m512d cos_sq)
{
    return join_masks(
        in_cone_s123_even(oh, ov, th, tv, cos_sq),
        in_cone_s123_even(odd_lanes(oh), odd_lanes(ov), odd_lanes(th), odd_lanes(tv), cos_sq));
}

/* adm_gain_s123()'s clamp for one set of 64-bit lanes (see adm_avx2.c). */
static inline __m512i gain_s123_lanes(__m512i product, __m512i round, __m512i shift)
{
    const __m512i sum = _mm512_add_epi64(product, round);
    const __mmask8 non_negative = _mm512_cmpge_epi64_mask(sum, _mm512_setzero_si512());
    return _mm512_maskz_min_epu64(non_negative, _mm512_srlv_epi64(sum, shift),
                                  _mm512_set1_epi64(32768));
}

static inline __m512i restore_s123(__m512i o, __m512i t, __mmask16 in_cone, const int32_t *recip,
                                   const GainLimit *g)
{
    (void)recip;
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i mag = _mm512_abs_epi32(o);
    const __m512i exponent =
        _mm512_srli_epi32(_mm512_castps_si512(_mm512_cvtepi32_ps(_mm512_srli_epi32(mag, 8))), 23);
    const __m512i s = _mm512_max_epi32(_mm512_sub_epi32(exponent, _mm512_set1_epi32(133)),
                                       _mm512_setzero_si512());
    const __m512i half = _mm512_srli_epi32(_mm512_sllv_epi32(one, s), 1);
    const __m512i mantissa = _mm512_srlv_epi32(_mm512_add_epi32(mag, half), s);
    const __m512i rec = reciprocal(mantissa);
    const __m512i at = _mm512_abs_epi32(t);
    const __m512i round = _mm512_sllv_epi32(one, _mm512_add_epi32(s, _mm512_set1_epi32(14)));
    const __m512i shift = _mm512_add_epi32(s, _mm512_set1_epi32(15));
    const __m512i k_even = gain_s123_lanes(_mm512_mul_epu32(rec, at),
                                           _mm512_srai_epi64(_mm512_slli_epi64(round, 32), 32),
                                           _mm512_and_si512(shift, _mm512_set1_epi64(0xFFFFFFFF)));
    const __m512i k_odd = gain_s123_lanes(_mm512_mul_epu32(odd_lanes(rec), odd_lanes(at)),
                                          _mm512_srai_epi64(round, 32), odd_lanes(shift));
    const __mmask16 same_sign =
        _mm512_cmpge_epi32_mask(_mm512_xor_si512(o, t), _mm512_setzero_si512());
    const __m512i k = _mm512_maskz_mov_epi32(
        same_sign, _mm512_mask_blend_epi32(0xAAAA, k_even, _mm512_slli_epi64(k_odd, 32)));
    const __m512i half15 = _mm512_set1_epi64(16384);
    const __m512i r =
        join_shifted(_mm512_add_epi64(_mm512_mul_epi32(k, o), half15),
                     _mm512_add_epi64(_mm512_mul_epi32(odd_lanes(k), odd_lanes(o)), half15), 15);
    const __mmask16 boost = in_cone & _mm512_test_epi32_mask(k, k) & _mm512_test_epi32_mask(o, o);
    return apply_gain_limit(r, o, t, boost, g, false);
}

/* ---------------------------------------------------------------- CSF -- */

static inline __m512i to_s16(__m512i v)
{
    return _mm512_srai_epi32(_mm512_slli_epi32(v, 16), 16);
}

/* The thirtieth and the fifteenth of |c| (adm_fraction_s0()), of one product
 * as the fifteenth's factor is twice the thirtieth's. */
_Static_assert(ADM_ONE_15TH_Q17 == 2 * ADM_ONE_30TH_Q17, "the fifteenth is twice the thirtieth");

static inline void fractions_s0(__m512i c, __m512i *thirtieth, __m512i *fifteenth)
{
    const __m512i p = _mm512_mullo_epi32(_mm512_abs_epi32(c), _mm512_set1_epi32(ADM_ONE_30TH_Q17));
    const __m512i round = _mm512_set1_epi32(2048);
    *thirtieth = to_s16(_mm512_srai_epi32(_mm512_add_epi32(p, round), 12));
    *fifteenth = to_s16(_mm512_srai_epi32(_mm512_add_epi32(_mm512_slli_epi32(p, 1), round), 12));
}

static inline __m512i csf_s0_value(__m512i v, __m512i rfactor, __m512i round, __m128i shift)
{
    return to_s16(_mm512_sra_epi32(_mm512_add_epi32(_mm512_mullo_epi32(v, rfactor), round), shift));
}

typedef struct CsfFactor {
    __m512i factor;
    bool high_bit;
} CsfFactor;

static CsfFactor csf_factor(uint32_t rfactor)
{
    return (CsfFactor){.factor = _mm512_set1_epi32((int32_t)rfactor), .high_bit = rfactor >> 31};
}

/* adm_csf_s123() (see adm_avx2.c). */
static inline __m512i csf_s123_value(__m512i v, const CsfFactor *f)
{
    const __m512i half = _mm512_set1_epi64(1 << 27);
    const __m512i even = _mm512_add_epi64(_mm512_mul_epi32(v, f->factor), half);
    const __m512i odd = _mm512_add_epi64(_mm512_mul_epi32(odd_lanes(v), f->factor), half);
    const __m512i c = join_shifted(even, odd, 28);
    return f->high_bit ? _mm512_add_epi32(c, _mm512_slli_epi32(v, 4)) : c;
}

static inline __m512i fraction_s123(__m512i c, int64_t q32)
{
    const __m512i q = _mm512_set1_epi64(q32);
    const __m512i round = _mm512_set1_epi64(ADM_Q32_ROUNDING);
    const __m512i m = _mm512_abs_epi32(c);
    const __m512i even = _mm512_add_epi64(_mm512_mul_epi32(m, q), round);
    const __m512i odd = _mm512_add_epi64(_mm512_mul_epi32(odd_lanes(m), q), round);
    return _mm512_mask_blend_epi32(0xAAAA, odd_lanes(even), odd);
}

/* -------------------------------------------------------- denominator -- */

static inline __m512i den_cube_s123(__m512i m, __m512i square_round, __m128i square_shift,
                                    __m512i cube_round, __m128i cube_shift)
{
    const __m512i sq =
        _mm512_srl_epi64(_mm512_add_epi64(_mm512_mul_epu32(m, m), square_round), square_shift);
    const __m512i product = _mm512_add_epi64(
        _mm512_mul_epu32(sq, m), _mm512_slli_epi64(_mm512_mul_epu32(odd_lanes(sq), m), 32));
    return _mm512_srl_epi64(_mm512_add_epi64(product, cube_round), cube_shift);
}

/* ---------------------------------------------------- contrast masking -- */

/* A sample of a band plane: int16 at scale 0, int32 above. */
static inline __m512i load_band(const void *plane, ptrdiff_t x, int n, bool scale0)
{
    return scale0 ? load_s16((const int16_t *)plane + x, n)
                  : load_s32((const int32_t *)plane + x, n);
}

typedef struct CubeShifts {
    __m512i square_round, cube_round;
    __m128i square_shift, cube_shift;
} CubeShifts;

static CubeShifts cube_shifts(int square_shift, int cube_shift)
{
    return (CubeShifts){
        .square_round = _mm512_set1_epi64(INT64_C(1) << (square_shift - 1)),
        .cube_round = _mm512_set1_epi64((int64_t)adm_rounding(cube_shift)),
        .square_shift = _mm_cvtsi32_si128(square_shift),
        .cube_shift = _mm_cvtsi32_si128(cube_shift),
    };
}

/* The masked cubes of sixteen samples added to acc (adm_masked_cube(), the
 * square kept to its low 32 bits, signed). */
static inline __m512i masked_cubes(__m512i acc, __m512i m, const CubeShifts *c)
{
    const __m512i m_odd = odd_lanes(m);
    const __m512i sq_even = _mm512_srl_epi64(
        _mm512_add_epi64(_mm512_mul_epu32(m, m), c->square_round), c->square_shift);
    const __m512i sq_odd = _mm512_srl_epi64(
        _mm512_add_epi64(_mm512_mul_epu32(m_odd, m_odd), c->square_round), c->square_shift);
    const __m512i even = _mm512_sra_epi64(
        _mm512_add_epi64(_mm512_mul_epi32(sq_even, m), c->cube_round), c->cube_shift);
    const __m512i odd = _mm512_sra_epi64(
        _mm512_add_epi64(_mm512_mul_epi32(sq_odd, m_odd), c->cube_round), c->cube_shift);
    return _mm512_add_epi64(acc, _mm512_add_epi64(even, odd));
}

/* ------------------------------------------------------- scale sums -- */

/* The pass of adm_avx2.c on sixteen lanes. */
typedef struct DenShifts {
    __m512i square_round, cube_round;
    __m128i square_shift, cube_shift;
} DenShifts;

static inline uint64_t den_row(const void *ref, ptrdiff_t x, int n, bool scale0, const DenShifts *d)
{
    __m512i acc = _mm512_setzero_si512();
    for (int j = 0; j < n; j += 16) {
        const __m512i m = _mm512_abs_epi32(load_band(ref, x + j, n - j < 16 ? n - j : 16, scale0));
        if (scale0) {
            const __m512i sq = _mm512_madd_epi16(m, m);
            acc = _mm512_add_epi64(acc, _mm512_mul_epu32(sq, m));
            acc = _mm512_add_epi64(acc, _mm512_mul_epu32(odd_lanes(sq), odd_lanes(m)));
        } else {
            acc = _mm512_add_epi64(acc, den_cube_s123(m, d->square_round, d->square_shift,
                                                      d->cube_round, d->cube_shift));
            acc =
                _mm512_add_epi64(acc, den_cube_s123(odd_lanes(m), d->square_round, d->square_shift,
                                                    d->cube_round, d->cube_shift));
        }
    }
    return vmaf_hsum_u64x8(acc);
}

/* max(|x| - t, 0) in the first n lanes, 0 in the others. */
static inline vi excess_over(vi x, vi t, int n)
{
    return _mm512_maskz_max_epi32(first16(n), _mm512_sub_epi32(_mm512_abs_epi32(x), t),
                                  _mm512_setzero_si512());
}

static inline bool vi_any(vi v)
{
    return _mm512_test_epi32_mask(v, v) != 0;
}

/* The row's sum of masked cubes: masked_cubes() adds them unbiased here. */
static inline uint64_t cubes_total(vi acc, uint64_t vectors, int cube_shift)
{
    (void)vectors;
    (void)cube_shift;
    return vmaf_hsum_u64x8(acc);
}

#define ADM_X86_NAME(name) name##_avx512
#include "adm_kernels.h"

void adm_dsp_init_avx512(AdmDsp *dsp)
{
    dsp->dwt_s0_8 = dwt_s0_8_avx512;
    dsp->dwt_s0_16 = dwt_s0_16_avx512;
    dsp->dwt_s123 = dwt_s123_avx512;
    dsp->sums_s0 = sums_s0_avx512;
    dsp->sums_s123 = sums_s123_avx512;
}
