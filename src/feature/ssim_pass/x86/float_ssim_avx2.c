/* AVX2 layer of the float SSIM stages (float_ssim_kernels.h): eight floats,
 * four doubles; row tails on masked lanes. */
#include <immintrin.h>
#include <string.h>

#include "float_ssim_x86.h"

typedef __m256 vf;
typedef __m256d vd;
#define FS_LANES 8
#define vf_set1(x) _mm256_set1_ps(x)
#define vf_mul(a, b) _mm256_mul_ps(a, b)
#define vd_zero() _mm256_setzero_pd()
#define vd_mul(a, b) _mm256_mul_pd(a, b)
#define vd_storeu(p, v) _mm256_storeu_pd(p, v)

/* Lanes below n (1 to 8) set. */
static inline __m256i tail_mask(unsigned n)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* Which lanes of a row's vector exist: all, or the first n of a tail. */
typedef struct VfPart {
    int tail;
    __m256i mask;
} VfPart;

static inline VfPart vf_part(unsigned n)
{
    return (VfPart){n < 8, tail_mask(n)};
}

static inline __m256 vf_load_part(const float *p, VfPart part)
{
    return part.tail ? _mm256_maskload_ps(p, part.mask) : _mm256_loadu_ps(p);
}

static inline void vf_store_part(float *p, __m256 v, VfPart part)
{
    if (part.tail)
        _mm256_maskstore_ps(p, part.mask, v);
    else
        _mm256_storeu_ps(p, v);
}

static void load_8_avx2(float *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                        unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride, src += src_stride) {
        unsigned x = 0;
        for (; x + 8 <= w; x += 8) {
            const __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(src + x)));
            _mm256_storeu_ps(dst + x, _mm256_cvtepi32_ps(v));
        }
        if (x < w) {
            /* The tail's samples copied out, so no read passes the row. */
            uint8_t rest[8] = {0};
            memcpy(rest, src + x, w - x);
            const __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)rest));
            _mm256_maskstore_ps(dst + x, tail_mask(w - x), _mm256_cvtepi32_ps(v));
        }
    }
}

static void load_16_avx2(float *dst, ptrdiff_t dst_stride, const uint16_t *src,
                         ptrdiff_t src_stride, unsigned w, unsigned h, float divisor)
{
    const __m256 div = _mm256_set1_ps(divisor);
    for (unsigned y = 0; y < h; y++, dst += dst_stride) {
        unsigned x = 0;
        for (; x + 8 <= w; x += 8) {
            const __m256i v = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(src + x)));
            _mm256_storeu_ps(dst + x, _mm256_div_ps(_mm256_cvtepi32_ps(v), div));
        }
        if (x < w) {
            uint16_t rest[8] = {0};
            memcpy(rest, src + x, (w - x) * sizeof(*src));
            const __m256i v = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)rest));
            _mm256_maskstore_ps(dst + x, tail_mask(w - x),
                                _mm256_div_ps(_mm256_cvtepi32_ps(v), div));
        }
        src = (const uint16_t *)((const uint8_t *)src + src_stride);
    }
}

/* Adds the eight products to the double sums lo (lanes 0-3) and hi (4-7). */
static inline void add_widened(__m256d *lo, __m256d *hi, __m256 products)
{
    *lo = _mm256_add_pd(*lo, _mm256_cvtps_pd(_mm256_castps256_ps128(products)));
    *hi = _mm256_add_pd(*hi, _mm256_cvtps_pd(_mm256_extractf128_ps(products, 1)));
}

static inline __m256 narrow(__m256d lo, __m256d hi)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)), _mm256_cvtpd_ps(hi),
                                1);
}

/* The largest factor whose eight boxes (8 factor samples) are gathered by
 * permuting whole vectors; larger ones gather sample by sample. */
#define MAX_PERMUTED_FACTOR 4

/* For each column u of a box: where lane i's sample, factor * i + u of the
 * 8 factor from the first box's start, lies (vector, position). */
typedef struct BoxSetup {
    __m256i position[MAX_PERMUTED_FACTOR];
    __m256 in_vector[MAX_PERMUTED_FACTOR][MAX_PERMUTED_FACTOR];
} BoxSetup;

static void box_setup(BoxSetup *lanes, unsigned factor)
{
    const __m256i first = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                             _mm256_set1_epi32((int)factor));
    for (unsigned u = 0; u < factor && u < MAX_PERMUTED_FACTOR; u++) {
        const __m256i index = _mm256_add_epi32(first, _mm256_set1_epi32((int)u));
        const __m256i vector = _mm256_srli_epi32(index, 3);
        lanes->position[u] = _mm256_and_si256(index, _mm256_set1_epi32(7));
        for (unsigned j = 0; j < MAX_PERMUTED_FACTOR; j++)
            lanes->in_vector[u][j] =
                _mm256_castsi256_ps(_mm256_cmpeq_epi32(vector, _mm256_set1_epi32((int)j)));
    }
}

/* Samples u, u + factor, ... u + 7 factor from the `factor` vectors. */
static inline __m256 strided_8(const __m256 samples[MAX_PERMUTED_FACTOR], const BoxSetup *lanes,
                               unsigned factor, unsigned u)
{
    __m256 s = _mm256_permutevar8x32_ps(samples[0], lanes->position[u]);
    for (unsigned j = 1; j < factor; j++)
        s = _mm256_blendv_ps(s, _mm256_permutevar8x32_ps(samples[j], lanes->position[u]),
                             lanes->in_vector[u][j]);
    return s;
}

/* Output columns first .. first + 7, every sample they read inside the
 * row, each box summed in the C reference's order. */
static inline __m256 box_step(const float *const rows[], unsigned first, int lo, unsigned factor,
                              __m256 weight, const BoxSetup *lanes)
{
    const __m256i stride = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                              _mm256_set1_epi32((int)factor));
    __m256d sum_lo = _mm256_setzero_pd(), sum_hi = _mm256_setzero_pd();
    for (unsigned v = 0; v < factor; v++) {
        const float *base = rows[v] + (ptrdiff_t)first * factor + lo;
        __m256 samples[MAX_PERMUTED_FACTOR];
        for (unsigned j = 0; j < factor && j < MAX_PERMUTED_FACTOR; j++)
            samples[j] = _mm256_loadu_ps(base + 8 * j);
        for (unsigned u = 0; u < factor; u++) {
            const __m256 s = factor <= MAX_PERMUTED_FACTOR
                                 ? strided_8(samples, lanes, factor, u)
                                 : _mm256_i32gather_ps(base + u, stride, sizeof(float));
            add_widened(&sum_lo, &sum_hi, _mm256_mul_ps(s, weight));
        }
    }
    return narrow(sum_lo, sum_hi);
}

/* float_ssim_accumulate_at's l, c and s of four pixels, in its operations. */
static inline void ssim_terms(const SsimMomentRow *row, unsigned x, __m256d *l, __m256d *c,
                              __m256d *s)
{
    const __m128 zero = _mm_setzero_ps();
    const __m128 mu_r = _mm_loadu_ps(row->mu_ref + x), mu_d = _mm_loadu_ps(row->mu_dis + x);
    const __m128 mu_rr = _mm_mul_ps(mu_r, mu_r), mu_dd = _mm_mul_ps(mu_d, mu_d);
    __m128 var_r = _mm_sub_ps(_mm_loadu_ps(row->ref_sq + x), mu_rr);
    __m128 var_d = _mm_sub_ps(_mm_loadu_ps(row->dis_sq + x), mu_dd);
    /* Only values below zero become zero (-0 and NaN stay). */
    var_r = _mm_andnot_ps(_mm_cmplt_ps(var_r, zero), var_r);
    var_d = _mm_andnot_ps(_mm_cmplt_ps(var_d, zero), var_d);
    const __m128 cov = _mm_sub_ps(_mm_loadu_ps(row->ref_dis + x), _mm_mul_ps(mu_r, mu_d));
    const __m128 sigma_rd =
        _mm256_cvtpd_ps(_mm256_sqrt_pd(_mm256_cvtps_pd(_mm_mul_ps(var_r, var_d))));

    const __m256d two = _mm256_set1_pd(2.0);
    const __m128 c1 = _mm_set1_ps(float_ssim_c1), c2 = _mm_set1_ps(float_ssim_c2);
    const __m128 c3 = _mm_set1_ps(float_ssim_c3);
    const __m128 l_den = _mm_add_ps(_mm_add_ps(mu_rr, mu_dd), c1);
    const __m256d l_num = _mm256_add_pd(
        _mm256_mul_pd(_mm256_mul_pd(two, _mm256_cvtps_pd(mu_r)), _mm256_cvtps_pd(mu_d)),
        _mm256_cvtps_pd(c1));
    *l = _mm256_div_pd(l_num, _mm256_cvtps_pd(l_den));
    const __m128 c_den = _mm_add_ps(_mm_add_ps(var_r, var_d), c2);
    const __m256d c_num =
        _mm256_add_pd(_mm256_mul_pd(two, _mm256_cvtps_pd(sigma_rd)), _mm256_cvtps_pd(c2));
    *c = _mm256_div_pd(c_num, _mm256_cvtps_pd(c_den));
    const __m128 flat = _mm_and_ps(_mm_cmplt_ps(cov, zero), _mm_cmple_ps(sigma_rd, zero));
    const __m128 cov_kept = _mm_andnot_ps(flat, cov);
    *s = _mm256_cvtps_pd(_mm_div_ps(_mm_add_ps(cov_kept, c3), _mm_add_ps(sigma_rd, c3)));
}

#define FLOAT_SSIM_X86_NAME(name) name##_avx2
#include "float_ssim_kernels.h"

void float_ssim_dsp_init_avx2(FloatSsimDsp *dsp)
{
    dsp->load_8 = load_8_avx2;
    dsp->load_16 = load_16_avx2;
    dsp->box_decimate = box_decimate_avx2;
    dsp->product_row = product_row_avx2;
    dsp->window_row = window_row_avx2;
    dsp->window_col = window_col_avx2;
    dsp->accumulate_row = accumulate_row_avx2;
}
