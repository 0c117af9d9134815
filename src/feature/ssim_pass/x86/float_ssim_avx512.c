/* AVX-512 layer of the float SSIM stages (float_ssim_kernels.h): sixteen
 * floats, eight doubles; row tails on masked lanes. */
#include <immintrin.h>

#include "float_ssim_x86.h"

typedef __m512 vf;
typedef __m512d vd;
#define FS_LANES 16
#define vf_set1(x) _mm512_set1_ps(x)
#define vf_mul(a, b) _mm512_mul_ps(a, b)
#define vd_zero() _mm512_setzero_pd()
#define vd_mul(a, b) _mm512_mul_pd(a, b)
#define vd_storeu(p, v) _mm512_storeu_pd(p, v)

/* Lanes below n (at least 16 for all) set. */
static inline __mmask16 tail_mask(unsigned n)
{
    return n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1);
}

/* Which lanes of a row's vector exist. */
typedef __mmask16 VfPart;
#define vf_part(n) tail_mask(n)

static inline __m512 vf_load_part(const float *p, VfPart part)
{
    return _mm512_maskz_loadu_ps(part, p);
}

static inline void vf_store_part(float *p, __m512 v, VfPart part)
{
    _mm512_mask_storeu_ps(p, part, v);
}

static void load_8_avx512(float *dst, ptrdiff_t dst_stride, const uint8_t *src,
                          ptrdiff_t src_stride, unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride, src += src_stride) {
        for (unsigned x = 0; x < w; x += 16) {
            const __mmask16 mask = tail_mask(w - x);
            const __m512i v = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(mask, src + x));
            _mm512_mask_storeu_ps(dst + x, mask, _mm512_cvtepi32_ps(v));
        }
    }
}

static void load_16_avx512(float *dst, ptrdiff_t dst_stride, const uint16_t *src,
                           ptrdiff_t src_stride, unsigned w, unsigned h, float divisor)
{
    const __m512 div = _mm512_set1_ps(divisor);
    for (unsigned y = 0; y < h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < w; x += 16) {
            const __mmask16 mask = tail_mask(w - x);
            const __m512i v = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(mask, src + x));
            _mm512_mask_storeu_ps(dst + x, mask, _mm512_div_ps(_mm512_cvtepi32_ps(v), div));
        }
        src = (const uint16_t *)((const uint8_t *)src + src_stride);
    }
}

/* Adds the sixteen products to the double sums lo (lanes 0-7) and hi. */
static inline void add_widened(__m512d *lo, __m512d *hi, __m512 products)
{
    *lo = _mm512_add_pd(*lo, _mm512_cvtps_pd(_mm512_castps512_ps256(products)));
    *hi = _mm512_add_pd(*hi, _mm512_cvtps_pd(_mm256_castpd_ps(
                                 _mm512_extractf64x4_pd(_mm512_castps_pd(products), 1))));
}

static inline __m512 narrow(__m512d lo, __m512d hi)
{
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(lo)), _mm512_cvtpd_ps(hi), 1);
}

/* Nothing to prepare: the boxes' lanes are permuted by index. */
typedef struct BoxSetup {
    unsigned factor;
} BoxSetup;

static void box_setup(BoxSetup *setup, unsigned factor)
{
    setup->factor = factor;
}

/* The largest factor whose eight boxes (at most 32 samples) are gathered
 * by one two-vector permutation; larger ones gather sample by sample. */
#define MAX_PERMUTED_FACTOR 4

/* Samples u, u + factor, ... u + 7 factor from base (8 factor of them). */
static inline __m256 strided_8(const float *base, unsigned factor, unsigned u)
{
    const unsigned n = 8 * factor;
    const __m512 a = _mm512_maskz_loadu_ps(tail_mask(n), base);
    const __m512 b = n > 16 ? _mm512_maskz_loadu_ps(tail_mask(n - 16), base + 16) : a;
    const __m512i index = _mm512_add_epi32(
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0),
                           _mm512_set1_epi32((int)factor)),
        _mm512_set1_epi32((int)u));
    return _mm512_castps512_ps256(_mm512_permutex2var_ps(a, index, b));
}

/* Output columns first .. first + 15, every sample they read inside the
 * row, each box summed in the C reference's order. */
static inline __m512 box_step(const float *const rows[], unsigned first, int lo, unsigned factor,
                              __m512 weight, const BoxSetup *setup)
{
    (void)setup;
    const __m512i stride =
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                           _mm512_set1_epi32((int)factor));
    __m512d sum_lo = _mm512_setzero_pd(), sum_hi = _mm512_setzero_pd();
    for (unsigned v = 0; v < factor; v++) {
        const float *base = rows[v] + (ptrdiff_t)first * factor + lo;
        for (unsigned u = 0; u < factor; u++) {
            if (factor <= MAX_PERMUTED_FACTOR) {
                const __m256 w8 = _mm512_castps512_ps256(weight);
                sum_lo = _mm512_add_pd(
                    sum_lo, _mm512_cvtps_pd(_mm256_mul_ps(strided_8(base, factor, u), w8)));
                sum_hi = _mm512_add_pd(sum_hi, _mm512_cvtps_pd(_mm256_mul_ps(
                                                   strided_8(base + 8 * factor, factor, u), w8)));
            } else {
                const __m512 s = _mm512_i32gather_ps(stride, base + u, sizeof(float));
                add_widened(&sum_lo, &sum_hi, _mm512_mul_ps(s, weight));
            }
        }
    }
    return narrow(sum_lo, sum_hi);
}

/* float_ssim_accumulate_at's l, c and s of eight pixels, in its operations. */
static inline void ssim_terms(const SsimMomentRow *row, unsigned x, __m512d *l, __m512d *c,
                              __m512d *s)
{
    const __m256 zero = _mm256_setzero_ps();
    const __m256 mu_r = _mm256_loadu_ps(row->mu_ref + x), mu_d = _mm256_loadu_ps(row->mu_dis + x);
    const __m256 mu_rr = _mm256_mul_ps(mu_r, mu_r), mu_dd = _mm256_mul_ps(mu_d, mu_d);
    __m256 var_r = _mm256_sub_ps(_mm256_loadu_ps(row->ref_sq + x), mu_rr);
    __m256 var_d = _mm256_sub_ps(_mm256_loadu_ps(row->dis_sq + x), mu_dd);
    /* Only values below zero become zero (-0 and NaN stay). */
    var_r = _mm256_andnot_ps(_mm256_cmp_ps(var_r, zero, _CMP_LT_OQ), var_r);
    var_d = _mm256_andnot_ps(_mm256_cmp_ps(var_d, zero, _CMP_LT_OQ), var_d);
    const __m256 cov = _mm256_sub_ps(_mm256_loadu_ps(row->ref_dis + x), _mm256_mul_ps(mu_r, mu_d));
    const __m256 sigma_rd =
        _mm512_cvtpd_ps(_mm512_sqrt_pd(_mm512_cvtps_pd(_mm256_mul_ps(var_r, var_d))));

    const __m512d two = _mm512_set1_pd(2.0);
    const __m256 c1 = _mm256_set1_ps(float_ssim_c1), c2 = _mm256_set1_ps(float_ssim_c2);
    const __m256 c3 = _mm256_set1_ps(float_ssim_c3);
    const __m256 l_den = _mm256_add_ps(_mm256_add_ps(mu_rr, mu_dd), c1);
    const __m512d l_num = _mm512_add_pd(
        _mm512_mul_pd(_mm512_mul_pd(two, _mm512_cvtps_pd(mu_r)), _mm512_cvtps_pd(mu_d)),
        _mm512_cvtps_pd(c1));
    *l = _mm512_div_pd(l_num, _mm512_cvtps_pd(l_den));
    const __m256 c_den = _mm256_add_ps(_mm256_add_ps(var_r, var_d), c2);
    const __m512d c_num =
        _mm512_add_pd(_mm512_mul_pd(two, _mm512_cvtps_pd(sigma_rd)), _mm512_cvtps_pd(c2));
    *c = _mm512_div_pd(c_num, _mm512_cvtps_pd(c_den));
    const __m256 flat = _mm256_and_ps(_mm256_cmp_ps(cov, zero, _CMP_LT_OQ),
                                      _mm256_cmp_ps(sigma_rd, zero, _CMP_LE_OQ));
    const __m256 cov_kept = _mm256_andnot_ps(flat, cov);
    *s = _mm512_cvtps_pd(_mm256_div_ps(_mm256_add_ps(cov_kept, c3), _mm256_add_ps(sigma_rd, c3)));
}

#define FLOAT_SSIM_X86_NAME(name) name##_avx512
#include "float_ssim_kernels.h"

void float_ssim_dsp_init_avx512(FloatSsimDsp *dsp)
{
    dsp->load_8 = load_8_avx512;
    dsp->load_16 = load_16_avx512;
    dsp->box_decimate = box_decimate_avx512;
    dsp->product_row = product_row_avx512;
    dsp->window_row = window_row_avx512;
    dsp->window_col = window_col_avx512;
    dsp->accumulate_row = accumulate_row_avx512;
}
