/* AVX2 variants of the integer ADM stages, bit-exact with adm_dsp.c. Samples
 * are handled eight to a vector in 32-bit lanes (sixteen in 16-bit lanes for
 * the scale 0 vertical pass); 64-bit products go through the even and the
 * odd lanes separately. Row tails run the same code on a partial vector, read
 * through a zeroed copy or a masked load and written lane by lane, so nothing
 * outside the rows and rectangles given is touched. */
#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "feature/adm/adm_dsp.h"
#include "feature/adm/x86/adm_x86.h"

/* ------------------------------------------------------------ helpers -- */

/* The first n (0..8) 32-bit lanes set. */
static inline __m256i lane_mask(int n)
{
    static const int32_t ones_then_zeros[16] = {-1, -1, -1, -1, -1, -1, -1, -1};
    return _mm256_loadu_si256((const __m256i *)(ones_then_zeros + 8 - n));
}

/* n (1..8) int16 widened to int32 lanes, the others 0. */
static inline __m256i load_s16(const int16_t *p, int n)
{
    if (n == 8)
        return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)p));
    int16_t part[8] = {0};
    memcpy(part, p, (size_t)n * sizeof(*p));
    return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)part));
}

static inline __m256i load_s32(const int32_t *p, int n)
{
    if (n == 8)
        return _mm256_loadu_si256((const __m256i *)p);
    return _mm256_maskload_epi32(p, lane_mask(n));
}

/* The low halves of the 32-bit lanes of a and b, in order a then b within
 * each 128-bit lane: C's cast to int16. */
static inline __m256i pack_low16(__m256i a, __m256i b)
{
    const __m256i zero = _mm256_setzero_si256();
    return _mm256_packus_epi32(_mm256_blend_epi16(a, zero, 0xAA),
                               _mm256_blend_epi16(b, zero, 0xAA));
}

/* n (1..8) lanes cast to int16. */
static inline void store_s16(int16_t *p, __m256i v, int n)
{
    const __m256i packed = pack_low16(v, v);
    const __m128i lanes =
        _mm_unpacklo_epi64(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1));
    if (n == 8) {
        _mm_storeu_si128((__m128i *)p, lanes);
        return;
    }
    int16_t part[8];
    _mm_storeu_si128((__m128i *)part, lanes);
    memcpy(p, part, (size_t)n * sizeof(*p));
}

static inline void store_s32(int32_t *p, __m256i v, int n)
{
    if (n == 8)
        _mm256_storeu_si256((__m256i *)p, v);
    else
        _mm256_maskstore_epi32(p, lane_mask(n), v);
}

static inline uint64_t hsum64(__m256i v)
{
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

/* The odd 32-bit lanes moved down to the even ones, for mul_ep*32. */
static inline __m256i odd_lanes(__m256i v)
{
    return _mm256_srli_epi64(v, 32);
}

/* Low 32 bits of even-lane and odd-lane 64-bit results shifted right by s,
 * back in one vector of 32-bit lanes: bits s..s+31 of each. */
static inline __m256i join_shifted(__m256i even, __m256i odd, int s)
{
    return _mm256_blend_epi32(_mm256_srli_epi64(even, s), _mm256_slli_epi64(odd, 32 - s), 0xAA);
}

/* ---------------------------------------------------------------- DWT -- */

/* The vector layer of adm_kernels.h: eight int32 lanes. */
typedef __m256i vi;
typedef __m256d vd;
typedef __m256i vmask; /* all ones in the lanes that pass */
#define ADM_X86_LANES 8
#define vi_zero() _mm256_setzero_si256()
#define vi_set1_32(x) _mm256_set1_epi32(x)
#define vi_set1_64(x) _mm256_set1_epi64x(x)
#define vd_set1(x) _mm256_set1_pd(x)
#define vi_loadu(p) _mm256_loadu_si256((const __m256i *)(p))
#define vi_storeu(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define vi_add32(a, b) _mm256_add_epi32(a, b)
#define vi_sub32(a, b) _mm256_sub_epi32(a, b)
#define vi_mullo32(a, b) _mm256_mullo_epi32(a, b)
#define vi_sll32(a, count) _mm256_sll_epi32(a, count)

#include "adm_kernel_setup.h"

/* 16 columns of one scale 0 vertical pass: samples as int16 lanes (8-bit
 * ones, or 16-bit ones less 32768, which the biases make up for). The sums
 * wrap modulo 2^32, which leaves the low 16 bits of the shifted result, all
 * that C keeps, exact. */
static inline void dwt_s0_vertical(const __m256i p[ADM_DWT_TAPS], const DwtTaps *k, __m256i lo_bias,
                                   __m256i hi_bias, __m128i shift, int16_t *lo, int16_t *hi, int n)
{
    const __m256i a0 = _mm256_unpacklo_epi16(p[0], p[1]), a1 = _mm256_unpackhi_epi16(p[0], p[1]);
    const __m256i b0 = _mm256_unpacklo_epi16(p[2], p[3]), b1 = _mm256_unpackhi_epi16(p[2], p[3]);
    const __m256i l0 =
        _mm256_add_epi32(_mm256_madd_epi16(a0, k->lo01), _mm256_madd_epi16(b0, k->lo23));
    const __m256i l1 =
        _mm256_add_epi32(_mm256_madd_epi16(a1, k->lo01), _mm256_madd_epi16(b1, k->lo23));
    const __m256i h0 =
        _mm256_add_epi32(_mm256_madd_epi16(a0, k->hi01), _mm256_madd_epi16(b0, k->hi23));
    const __m256i h1 =
        _mm256_add_epi32(_mm256_madd_epi16(a1, k->hi01), _mm256_madd_epi16(b1, k->hi23));
    const __m256i lo16 = pack_low16(_mm256_sra_epi32(_mm256_add_epi32(l0, lo_bias), shift),
                                    _mm256_sra_epi32(_mm256_add_epi32(l1, lo_bias), shift));
    const __m256i hi16 = pack_low16(_mm256_sra_epi32(_mm256_add_epi32(h0, hi_bias), shift),
                                    _mm256_sra_epi32(_mm256_add_epi32(h1, hi_bias), shift));
    if (n == 16) {
        _mm256_storeu_si256((__m256i *)lo, lo16);
        _mm256_storeu_si256((__m256i *)hi, hi16);
        return;
    }
    int16_t part[2][16];
    _mm256_storeu_si256((__m256i *)part[0], lo16);
    _mm256_storeu_si256((__m256i *)part[1], hi16);
    memcpy(lo, part[0], (size_t)n * sizeof(*lo));
    memcpy(hi, part[1], (size_t)n * sizeof(*hi));
}

/* n (1..16) samples of a row as int16 lanes. */
static inline __m256i load_samples(const void *row, int j, int n, bool wide)
{
    if (wide) {
        const uint16_t *p = (const uint16_t *)row + j;
        __m256i v;
        if (n == 16) {
            v = _mm256_loadu_si256((const __m256i *)p);
        } else {
            uint16_t part[16] = {0};
            memcpy(part, p, (size_t)n * sizeof(*p));
            v = _mm256_loadu_si256((const __m256i *)part);
        }
        return _mm256_xor_si256(v, _mm256_set1_epi16(INT16_MIN));
    }
    const uint8_t *p = (const uint8_t *)row + j;
    if (n == 16)
        return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p));
    uint8_t part[16] = {0};
    memcpy(part, p, (size_t)n);
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)part));
}

/* A rounded scale 0 horizontal sum of pairs a (taps 0, 1) and b (2, 3). */
static inline __m256i dwt_s0_sum(__m256i a, __m256i b, __m256i t01, __m256i t23)
{
    const __m256i s = _mm256_add_epi32(_mm256_madd_epi16(a, t01), _mm256_madd_epi16(b, t23));
    return _mm256_srai_epi32(_mm256_add_epi32(s, _mm256_set1_epi32(32768)), 16);
}

/* Outputs j..j+n-1 of the scale 0 horizontal pass; lo and hi read from
 * x[2j-1]. The sums of int16 inputs cannot overflow, and their results fit
 * int16. */
static inline void dwt_s0_horizontal(const int16_t *lo, const int16_t *hi, const DwtTaps *k,
                                     int32_t *approx, int16_t *band_h, int16_t *band_v,
                                     int16_t *band_d, int n)
{
    const __m256i la = _mm256_loadu_si256((const __m256i *)lo);
    const __m256i lb = _mm256_loadu_si256((const __m256i *)(lo + 2));
    const __m256i ha = _mm256_loadu_si256((const __m256i *)hi);
    const __m256i hb = _mm256_loadu_si256((const __m256i *)(hi + 2));
    store_s32(approx, dwt_s0_sum(la, lb, k->lo01, k->lo23), n);
    store_s16(band_v, dwt_s0_sum(la, lb, k->hi01, k->hi23), n);
    store_s16(band_h, dwt_s0_sum(ha, hb, k->lo01, k->lo23), n);
    store_s16(band_d, dwt_s0_sum(ha, hb, k->hi01, k->hi23), n);
}

static inline __m256i split_filter(__m256i high01, __m256i high23, __m256i low01, __m256i low23,
                                   const SplitFilter *f, const SplitPass *q)
{
    const __m256i a =
        _mm256_add_epi32(_mm256_madd_epi16(high01, f->t01), _mm256_madd_epi16(high23, f->t23));
    const __m256i b =
        _mm256_add_epi32(_mm256_madd_epi16(low01, f->t01), _mm256_madd_epi16(low23, f->t23));
    return _mm256_add_epi32(_mm256_add_epi32(_mm256_sll_epi32(a, q->high_shift), f->constant),
                            _mm256_sra_epi32(_mm256_add_epi32(b, q->round), q->low_shift));
}

static const int32_t low_halves_bias = (int32_t)0x80008000u;

/* The halves of the lanes of taps a and b as int16 pairs. */
static inline void split_lanes(__m256i a, __m256i b, __m256i *high, __m256i *low)
{
    *high = _mm256_blend_epi16(_mm256_srli_epi32(a, 16), b, 0xAA);
    *low = _mm256_xor_si256(_mm256_blend_epi16(a, _mm256_slli_epi32(b, 16), 0xAA),
                            _mm256_set1_epi32(low_halves_bias));
}

/* The same for taps that are neighbours in a row: v0 holds them for outputs
 * 0..3 (as 64-bit lanes), v1 for 4..7. The pairs come out in the output
 * order 0, 1, 4, 5, 2, 3, 6, 7 (undone by in_order()). */
static inline void split_neighbours(__m256i v0, __m256i v1, __m256i *high, __m256i *low)
{
    const __m256i order = _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9, 12, 13, 2,
                                           3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9, 12, 13);
    const __m256i s0 = _mm256_shuffle_epi8(v0, order), s1 = _mm256_shuffle_epi8(v1, order);
    *high = _mm256_unpacklo_epi64(s0, s1);
    *low = _mm256_xor_si256(_mm256_unpackhi_epi64(s0, s1), _mm256_set1_epi32(low_halves_bias));
}

static inline __m256i in_order(__m256i v)
{
    return _mm256_permute4x64_epi64(v, 0xD8);
}

/* ----------------------------------------------------------- decouple -- */

/* 64-bit masks of the even and odd lanes back as one 32-bit lane mask. */
static inline __m256i join_masks(__m256i even, __m256i odd)
{
    return _mm256_blend_epi32(even, odd, 0xAA);
}

/* Two 4-lane double masks (lanes 0-3 and 4-7) as one 32-bit lane mask. */
static inline __m256i join_double_masks(__m256d lo, __m256d hi)
{
    const __m256 picked = _mm256_shuffle_ps(_mm256_castpd_ps(lo), _mm256_castpd_ps(hi), 0x88);
    return in_order(_mm256_castps_si256(picked));
}

/* adm_in_cone()'s product test on floats that are the rounded dot product
 * and squared norms (the scaling by 4096 cancels: it is exact on both
 * sides): dot^2 >= (cos^2 * ref) * dis, in double. */
static inline __m256d cone_test(__m128 dot, __m128 ref_sq, __m128 dis_sq, __m256d cos_sq)
{
    const __m256d d = _mm256_cvtps_pd(dot);
    const __m256d rhs =
        _mm256_mul_pd(_mm256_mul_pd(cos_sq, _mm256_cvtps_pd(ref_sq)), _mm256_cvtps_pd(dis_sq));
    return _mm256_cmp_pd(_mm256_mul_pd(d, d), rhs, _CMP_GE_OQ);
}

/* Scale 0: the products of int16 values and their sums fit int32 except for
 * a sum of two 2^30, which wraps to INT32_MIN and stands for +2^31. */
static inline __m256i in_cone_s0(__m256i oh, __m256i ov, __m256i th, __m256i tv, __m256d cos_sq)
{
    const __m256i o = _mm256_blend_epi16(oh, _mm256_slli_epi32(ov, 16), 0xAA);
    const __m256i t = _mm256_blend_epi16(th, _mm256_slli_epi32(tv, 16), 0xAA);
    const __m256i dot = _mm256_madd_epi16(o, t);
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(INT32_MAX));
    const __m256 fd = _mm256_and_ps(_mm256_cvtepi32_ps(dot), magnitude);
    const __m256 fr = _mm256_and_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(o, o)), magnitude);
    const __m256 fs = _mm256_and_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(t, t)), magnitude);
    const __m256i negative =
        _mm256_andnot_si256(_mm256_cmpeq_epi32(dot, _mm256_set1_epi32(INT32_MIN)),
                            _mm256_cmpgt_epi32(_mm256_setzero_si256(), dot));
    const __m256i wide =
        join_double_masks(cone_test(_mm256_castps256_ps128(fd), _mm256_castps256_ps128(fr),
                                    _mm256_castps256_ps128(fs), cos_sq),
                          cone_test(_mm256_extractf128_ps(fd, 1), _mm256_extractf128_ps(fr, 1),
                                    _mm256_extractf128_ps(fs, 1), cos_sq));
    return _mm256_andnot_si256(negative, wide);
}

/* The gain limit on the restored part r where boost is set: between r *
 * gain and t, the one nearer 0 (adm_gain_limited()), truncated. */
typedef struct GainLimit {
    bool integral;
    __m256i integer;
    __m256d real;
} GainLimit;

static GainLimit gain_limit_of(double gain_limit)
{
    const bool integral = adm_x86_integral_gain(gain_limit);
    return (GainLimit){
        .integral = integral,
        .integer = _mm256_set1_epi32(integral ? (int32_t)gain_limit : 0),
        .real = _mm256_set1_pd(gain_limit),
    };
}

static inline __m128i gain_limited_half(__m128i r, __m128i t, __m128i positive, __m256d gain)
{
    const __m256d boosted = _mm256_mul_pd(_mm256_cvtepi32_pd(r), gain);
    const __m256d td = _mm256_cvtepi32_pd(t);
    const __m256d below = _mm256_min_pd(boosted, td), above = _mm256_max_pd(boosted, td);
    const __m256d chosen =
        _mm256_blendv_pd(above, below, _mm256_castsi256_pd(_mm256_cvtepi32_epi64(positive)));
    return _mm256_cvttpd_epi32(chosen);
}

/* r stays where boost is clear; products r * gain of the integral case fit
 * int32 only at scale 0 (integral_ok). */
static inline __m256i apply_gain_limit(__m256i r, __m256i o, __m256i t, __m256i boost,
                                       const GainLimit *g, bool integral_ok)
{
    if (_mm256_testz_si256(boost, boost))
        return r;
    const __m256i positive = _mm256_cmpgt_epi32(o, _mm256_setzero_si256());
    __m256i limited;
    if (integral_ok && g->integral) {
        const __m256i boosted = _mm256_mullo_epi32(r, g->integer);
        limited = _mm256_blendv_epi8(_mm256_max_epi32(boosted, t), _mm256_min_epi32(boosted, t),
                                     positive);
    } else {
        limited = _mm256_set_m128i(
            gain_limited_half(_mm256_extracti128_si256(r, 1), _mm256_extracti128_si256(t, 1),
                              _mm256_extracti128_si256(positive, 1), g->real),
            gain_limited_half(_mm256_castsi256_si128(r), _mm256_castsi256_si128(t),
                              _mm256_castsi256_si128(positive), g->real));
    }
    return _mm256_blendv_epi8(r, limited, boost);
}

/* adm_restore_s0() of eight samples. k = |recip[|o|]| * |t| in Q15, which
 * fits 32 bits once shifted; 0 where o and t differ in sign; clamped to
 * 32768. Where o is 0 the product k * o is 0 whatever k. */
static inline __m256i restore_s0(__m256i o, __m256i t, __m256i in_cone, const int32_t *recip,
                                 const GainLimit *g)
{
    const __m256i rec = _mm256_i32gather_epi32(recip, _mm256_abs_epi32(o), 4);
    const __m256i at = _mm256_abs_epi32(t);
    const __m256i half = _mm256_set1_epi64x(16384);
    const __m256i even = _mm256_add_epi64(_mm256_mul_epu32(rec, at), half);
    const __m256i odd = _mm256_add_epi64(_mm256_mul_epu32(odd_lanes(rec), odd_lanes(at)), half);
    const __m256i differ = _mm256_srai_epi32(_mm256_xor_si256(o, t), 31);
    const __m256i k = _mm256_andnot_si256(
        differ, _mm256_min_epu32(join_shifted(even, odd, 15), _mm256_set1_epi32(32768)));
    const __m256i r =
        _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(k, o), _mm256_set1_epi32(16384)), 15);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i boost = _mm256_andnot_si256(
        _mm256_or_si256(_mm256_cmpeq_epi32(k, zero), _mm256_cmpeq_epi32(o, zero)), in_cone);
    return apply_gain_limit(r, o, t, boost, g, true);
}

/* (double) of 64-bit lanes below 2^53, exactly: the halves through the
 * exponent trick. */
static inline __m256d u53_to_pd(__m256i v)
{
    const __m256d high = _mm256_castsi256_pd(
        _mm256_or_si256(_mm256_srli_epi64(v, 32), _mm256_set1_epi64x(0x4530000000000000)));
    const __m256d low =
        _mm256_castsi256_pd(_mm256_blend_epi32(v, _mm256_set1_epi64x(0x4330000000000000), 0xAA));
    /* 2^84 + 2^52 */
    return _mm256_add_pd(_mm256_sub_pd(high, _mm256_set1_pd(19342813118337666422669312.0)), low);
}

/* (float) of int64 lanes, rounded once as a scalar conversion does: as a
 * double below 2^53, where that is exact; above, the bits under the
 * double's precision are first folded into a sticky bit, which keeps the
 * rounding to float unchanged. Returned widened back to double. */
static inline __m256d i64_to_float_pd(__m256i x)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i sign = _mm256_cmpgt_epi64(zero, x);
    const __m256i mag = _mm256_sub_epi64(_mm256_xor_si256(x, sign), sign);
    const __m256i small = _mm256_cmpeq_epi64(_mm256_srli_epi64(mag, 53), zero);
    const __m256i sticky = _mm256_andnot_si256(
        _mm256_cmpeq_epi64(_mm256_and_si256(mag, _mm256_set1_epi64x(0x7FF)), zero),
        _mm256_set1_epi64x(1));
    const __m256i folded = _mm256_or_si256(_mm256_srli_epi64(mag, 11), sticky);
    const __m256d d = u53_to_pd(_mm256_blendv_epi8(folded, mag, small));
    const __m256d scaled =
        _mm256_mul_pd(d, _mm256_blendv_pd(_mm256_set1_pd(2048.0), _mm256_set1_pd(1.0),
                                          _mm256_castsi256_pd(small)));
    const __m256d f = _mm256_cvtps_pd(_mm256_cvtpd_ps(scaled));
    return _mm256_or_pd(f,
                        _mm256_castsi256_pd(_mm256_and_si256(sign, _mm256_set1_epi64x(INT64_MIN))));
}

/* adm_in_cone() in 64 bits (the sums wrap as libvmaf's do), for the even
 * lanes of its arguments. */
static inline __m256i in_cone_s123_even(__m256i oh, __m256i ov, __m256i th, __m256i tv,
                                        __m256d cos_sq)
{
    const __m256i dot = _mm256_add_epi64(_mm256_mul_epi32(oh, th), _mm256_mul_epi32(ov, tv));
    const __m256i ref_sq = _mm256_add_epi64(_mm256_mul_epi32(oh, oh), _mm256_mul_epi32(ov, ov));
    const __m256i dis_sq = _mm256_add_epi64(_mm256_mul_epi32(th, th), _mm256_mul_epi32(tv, tv));
    const __m256d d = i64_to_float_pd(dot);
    const __m256d rhs =
        _mm256_mul_pd(_mm256_mul_pd(cos_sq, i64_to_float_pd(ref_sq)), i64_to_float_pd(dis_sq));
    const __m256i holds = _mm256_castpd_si256(_mm256_cmp_pd(_mm256_mul_pd(d, d), rhs, _CMP_GE_OQ));
    return _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_setzero_si256(), dot), holds);
}

static inline __m256i in_cone_s123(__m256i oh, __m256i ov, __m256i th, __m256i tv, __m256d cos_sq)
{
    return join_masks(
        in_cone_s123_even(oh, ov, th, tv, cos_sq),
        in_cone_s123_even(odd_lanes(oh), odd_lanes(ov), odd_lanes(th), odd_lanes(tv), cos_sq));
}

/* The 32-bit lanes of v sign-extended to 64 bits: even lanes, odd lanes. */
static inline __m256i sign_extend_even(__m256i v)
{
    return _mm256_blend_epi32(v, _mm256_slli_epi64(_mm256_srai_epi32(v, 31), 32), 0xAA);
}

static inline __m256i sign_extend_odd(__m256i v)
{
    return _mm256_blend_epi32(odd_lanes(v), _mm256_srai_epi32(v, 31), 0xAA);
}

/* adm_gain_s123()'s clamp of (P + round) >> shift for one set of 64-bit
 * lanes; P = |recip| * |t| >= 0, so the sum is negative only for round =
 * -2^31, and the result is then 0. */
static inline __m256i gain_s123_lanes(__m256i product, __m256i round, __m256i shift)
{
    const __m256i sum = _mm256_add_epi64(product, round);
    const __m256i negative = _mm256_cmpgt_epi64(_mm256_setzero_si256(), sum);
    const __m256i v = _mm256_srlv_epi64(sum, shift);
    const __m256i limit = _mm256_set1_epi64x(32768);
    const __m256i clamped = _mm256_blendv_epi8(v, limit, _mm256_cmpgt_epi64(v, limit));
    return _mm256_andnot_si256(negative, clamped);
}

/* adm_restore_s123() of eight samples. |o| is cut to its 15 leading bits;
 * the position of the leading bit comes from the exponent of a float,
 * exact for |o| >> 8 < 2^24. */
static inline __m256i restore_s123(__m256i o, __m256i t, __m256i in_cone, const int32_t *recip,
                                   const GainLimit *g)
{
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i mag = _mm256_abs_epi32(o);
    const __m256i exponent =
        _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_srli_epi32(mag, 8))), 23);
    /* leading bit e = exponent - 127 + 8; shift max(e - 14, 0) */
    const __m256i s = _mm256_max_epi32(_mm256_sub_epi32(exponent, _mm256_set1_epi32(133)),
                                       _mm256_setzero_si256());
    const __m256i half = _mm256_srli_epi32(_mm256_sllv_epi32(one, s), 1);
    const __m256i mantissa = _mm256_srlv_epi32(_mm256_add_epi32(mag, half), s);
    const __m256i rec = _mm256_i32gather_epi32(recip, mantissa, 4);
    const __m256i at = _mm256_abs_epi32(t);
    const __m256i round = _mm256_sllv_epi32(one, _mm256_add_epi32(s, _mm256_set1_epi32(14)));
    const __m256i shift = _mm256_add_epi32(s, _mm256_set1_epi32(15));
    const __m256i low_dwords = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i k_even = gain_s123_lanes(_mm256_mul_epu32(rec, at), sign_extend_even(round),
                                           _mm256_and_si256(shift, low_dwords));
    const __m256i k_odd = gain_s123_lanes(_mm256_mul_epu32(odd_lanes(rec), odd_lanes(at)),
                                          sign_extend_odd(round), odd_lanes(shift));
    const __m256i differ = _mm256_srai_epi32(_mm256_xor_si256(o, t), 31);
    const __m256i k =
        _mm256_andnot_si256(differ, _mm256_blend_epi32(k_even, _mm256_slli_epi64(k_odd, 32), 0xAA));
    const __m256i half15 = _mm256_set1_epi64x(16384);
    const __m256i r =
        join_shifted(_mm256_add_epi64(_mm256_mul_epi32(k, o), half15),
                     _mm256_add_epi64(_mm256_mul_epi32(odd_lanes(k), odd_lanes(o)), half15), 15);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i boost = _mm256_andnot_si256(
        _mm256_or_si256(_mm256_cmpeq_epi32(k, zero), _mm256_cmpeq_epi32(o, zero)), in_cone);
    return apply_gain_limit(r, o, t, boost, g, false);
}

/* ---------------------------------------------------------------- CSF -- */

/* int32 lanes as C's cast to int16 leaves them. */
static inline __m256i to_s16(__m256i v)
{
    return _mm256_srai_epi32(_mm256_slli_epi32(v, 16), 16);
}

/* The thirtieth and the fifteenth of |c| (adm_fraction_s0()), of one product
 * as the fifteenth's factor is twice the thirtieth's. */
_Static_assert(ADM_ONE_15TH_Q17 == 2 * ADM_ONE_30TH_Q17, "the fifteenth is twice the thirtieth");

static inline void fractions_s0(__m256i c, __m256i *thirtieth, __m256i *fifteenth)
{
    const __m256i p = _mm256_mullo_epi32(_mm256_abs_epi32(c), _mm256_set1_epi32(ADM_ONE_30TH_Q17));
    const __m256i round = _mm256_set1_epi32(2048);
    *thirtieth = to_s16(_mm256_srai_epi32(_mm256_add_epi32(p, round), 12));
    *fifteenth = to_s16(_mm256_srai_epi32(_mm256_add_epi32(_mm256_slli_epi32(p, 1), round), 12));
}

/* adm_csf_s0(): rfactor * v fits int32 for uint16 rfactor and int16 v. */
static inline __m256i csf_s0_value(__m256i v, __m256i rfactor, __m256i round, __m128i shift)
{
    return to_s16(_mm256_sra_epi32(_mm256_add_epi32(_mm256_mullo_epi32(v, rfactor), round), shift));
}

/* A Q32 factor as a signed lane, and what multiplying by it misses when it
 * is 2^31 or more (it is then read as rfactor - 2^32). */
typedef struct CsfFactor {
    __m256i factor, high_bit;
} CsfFactor;

static CsfFactor csf_factor(uint32_t rfactor)
{
    return (CsfFactor){
        .factor = _mm256_set1_epi32((int32_t)rfactor),
        .high_bit = _mm256_set1_epi32(rfactor >> 31 ? -1 : 0),
    };
}

/* adm_csf_s123(): bits 28..59 of rfactor * v + 2^27; for rfactor >= 2^31
 * the signed product misses 2^32 v, i.e. 16 v after the shift. */
static inline __m256i csf_s123_value(__m256i v, const CsfFactor *f)
{
    const __m256i half = _mm256_set1_epi64x(1 << 27);
    const __m256i even = _mm256_add_epi64(_mm256_mul_epi32(v, f->factor), half);
    const __m256i odd = _mm256_add_epi64(_mm256_mul_epi32(odd_lanes(v), f->factor), half);
    const __m256i missed = _mm256_and_si256(_mm256_slli_epi32(v, 4), f->high_bit);
    return _mm256_add_epi32(join_shifted(even, odd, 28), missed);
}

/* adm_fraction_s123(): the high half of q32 * |c| - 2^31, |INT32_MIN|
 * staying negative as in C. */
static inline __m256i fraction_s123(__m256i c, int64_t q32)
{
    const __m256i q = _mm256_set1_epi64x(q32);
    const __m256i round = _mm256_set1_epi64x(ADM_Q32_ROUNDING);
    const __m256i m = _mm256_abs_epi32(c);
    const __m256i even = _mm256_add_epi64(_mm256_mul_epi32(m, q), round);
    const __m256i odd = _mm256_add_epi64(_mm256_mul_epi32(odd_lanes(m), q), round);
    return _mm256_blend_epi32(odd_lanes(even), odd, 0xAA);
}

/* -------------------------------------------------------- denominator -- */

/* adm_den_cube_s123() of one set of 64-bit lanes of m = |v| <= 2^31. The
 * square may take 33 bits (m = 2^31, square shift 30): its bit 32 adds
 * m << 32 to the product. */
static inline __m256i den_cube_s123(__m256i m, __m256i square_round, __m128i square_shift,
                                    __m256i cube_round, __m128i cube_shift)
{
    const __m256i sq =
        _mm256_srl_epi64(_mm256_add_epi64(_mm256_mul_epu32(m, m), square_round), square_shift);
    const __m256i product = _mm256_add_epi64(
        _mm256_mul_epu32(sq, m), _mm256_slli_epi64(_mm256_mul_epu32(odd_lanes(sq), m), 32));
    return _mm256_srl_epi64(_mm256_add_epi64(product, cube_round), cube_shift);
}

/* ---------------------------------------------------- contrast masking -- */

/* A sample of a band plane: int16 at scale 0, int32 above. */
static inline __m256i load_band(const void *plane, ptrdiff_t x, int n, bool scale0)
{
    return scale0 ? load_s16((const int16_t *)plane + x, n)
                  : load_s32((const int32_t *)plane + x, n);
}

/* The masked cubes of one band's eight samples, added to acc with a bias of
 * 2^(63 - cube_shift) each: (c + round) >> shift, arithmetic, is ((c + round
 * + 2^63) >> shift, logical) - 2^(63 - shift), and the row sum takes the
 * biases back. m >= 0, its square below 2^62; the square is kept to its low
 * 32 bits, signed, as libvmaf's int32 does. */
typedef struct CubeShifts {
    __m256i square_round, cube_round_biased;
    __m128i square_shift, cube_shift;
} CubeShifts;

static inline __m256i masked_cubes(__m256i acc, __m256i m, const CubeShifts *c)
{
    const __m256i m_odd = odd_lanes(m);
    const __m256i sq_even = _mm256_srl_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(m, m), c->square_round), c->square_shift);
    const __m256i sq_odd = _mm256_srl_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(m_odd, m_odd), c->square_round), c->square_shift);
    const __m256i even = _mm256_srl_epi64(
        _mm256_add_epi64(_mm256_mul_epi32(sq_even, m), c->cube_round_biased), c->cube_shift);
    const __m256i odd = _mm256_srl_epi64(
        _mm256_add_epi64(_mm256_mul_epi32(sq_odd, m_odd), c->cube_round_biased), c->cube_shift);
    return _mm256_add_epi64(acc, _mm256_add_epi64(even, odd));
}

static CubeShifts cube_shifts(int square_shift, int cube_shift)
{
    const uint64_t biased = adm_rounding(cube_shift) + (UINT64_C(1) << 63);
    return (CubeShifts){
        .square_round = _mm256_set1_epi64x(INT64_C(1) << (square_shift - 1)),
        .cube_round_biased = _mm256_set1_epi64x((int64_t)biased),
        .square_shift = _mm_cvtsi32_si128(square_shift),
        .cube_shift = _mm_cvtsi32_si128(cube_shift),
    };
}

/* ------------------------------------------------------- scale sums -- */

/* |v|^3 of the reference samples of one row, summed (adm_den_cube_s0(),
 * adm_den_cube_s123()). At scale 0 m^2 <= 2^30 is a madd of (m, 0) pairs:
 * 32768 reads as -32768 there, whose square is the same. */
typedef struct DenShifts {
    __m256i square_round, cube_round;
    __m128i square_shift, cube_shift;
} DenShifts;

static inline uint64_t den_row(const void *ref, ptrdiff_t x, int n, bool scale0, const DenShifts *d)
{
    __m256i acc = _mm256_setzero_si256();
    for (int j = 0; j < n; j += 8) {
        const __m256i m = _mm256_abs_epi32(load_band(ref, x + j, n - j < 8 ? n - j : 8, scale0));
        if (scale0) {
            const __m256i sq = _mm256_madd_epi16(m, m);
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(sq, m));
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(odd_lanes(sq), odd_lanes(m)));
        } else {
            acc = _mm256_add_epi64(acc, den_cube_s123(m, d->square_round, d->square_shift,
                                                      d->cube_round, d->cube_shift));
            acc =
                _mm256_add_epi64(acc, den_cube_s123(odd_lanes(m), d->square_round, d->square_shift,
                                                    d->cube_round, d->cube_shift));
        }
    }
    return hsum64(acc);
}

/* The constants of a pass; the columns kept are the region's and their
 * masking reach, [first, end). */
/* max(|x| - t, 0) in the first n lanes, 0 in the others. */
static inline vi excess_over(vi x, vi t, int n)
{
    return _mm256_and_si256(
        _mm256_max_epi32(_mm256_sub_epi32(_mm256_abs_epi32(x), t), _mm256_setzero_si256()),
        lane_mask(n));
}

static inline bool vi_any(vi v)
{
    return !_mm256_testz_si256(v, v);
}

/* The row's sum of masked cubes from masked_cubes()' biased accumulator:
 * each of the vectors added put 8 lanes of 2^(63 - cube_shift) in. */
static inline uint64_t cubes_total(vi acc, uint64_t vectors, int cube_shift)
{
    return hsum64(acc) - vectors * 8 * (UINT64_C(1) << (63 - cube_shift));
}

#define ADM_X86_NAME(name) name##_avx2
#include "adm_kernels.h"

void adm_dsp_init_avx2(AdmDsp *dsp)
{
    dsp->dwt_s0_8 = dwt_s0_8_avx2;
    dsp->dwt_s0_16 = dwt_s0_16_avx2;
    dsp->dwt_s123 = dwt_s123_avx2;
    dsp->sums_s0 = sums_s0_avx2;
    dsp->sums_s123 = sums_s123_avx2;
}
