/* AVX2 variants of the float SSIM stages, bit-exact with the C reference:
 * each output takes the C reference's IEEE operations in their order, eight
 * (or four, in double) outputs a vector. Row tails run the same vector code
 * on masked lanes. */
#include <immintrin.h>
#include <string.h>

#include "float_ssim_x86.h"

/* Lanes below n (1 to 8) set. */
static inline __m256i tail_mask(unsigned n)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

static inline __m256 load_ps(const float *p, int tail, __m256i mask)
{
    return tail ? _mm256_maskload_ps(p, mask) : _mm256_loadu_ps(p);
}

static inline void store_ps(float *p, __m256 v, int tail, __m256i mask)
{
    if (tail)
        _mm256_maskstore_ps(p, mask, v);
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
typedef struct BoxLanes {
    __m256i position[MAX_PERMUTED_FACTOR];
    __m256 in_vector[MAX_PERMUTED_FACTOR][MAX_PERMUTED_FACTOR];
} BoxLanes;

static void box_lanes_init(BoxLanes *lanes, unsigned factor)
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
static inline __m256 strided_8(const __m256 samples[MAX_PERMUTED_FACTOR], const BoxLanes *lanes,
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
static inline __m256 box_8(const float *const rows[], unsigned first, int lo, unsigned factor,
                           __m256 weight, const BoxLanes *lanes)
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

/* The largest decimation factor with a vector path (pictures up to 4000
 * samples on their smaller side); larger ones take the C reference. */
#define MAX_VECTOR_FACTOR 16

static void box_decimate_avx2(float *dst, ptrdiff_t dst_stride, const float *src,
                              ptrdiff_t src_stride, unsigned w, unsigned h, unsigned factor)
{
    const int lo = -(int)(factor / 2), hi = (int)(factor - 1) / 2;
    const unsigned out_w = ssim_decimated_size(w, factor);
    const unsigned out_h = ssim_decimated_size(h, factor);
    const __m256 weight = _mm256_set1_ps(1.0f / (float)(factor * factor));
    /* Columns whose box lies inside the row: [first, end). */
    unsigned first = (unsigned)(-lo + (int)factor - 1) / factor;
    unsigned end = w > (unsigned)hi ? (w - 1 - (unsigned)hi) / factor + 1 : 0;
    if (end > out_w)
        end = out_w;
    if (factor > MAX_VECTOR_FACTOR)
        first = end = out_w;
    BoxLanes lanes;
    box_lanes_init(&lanes, factor);

    for (unsigned y = 0; y < out_h; y++, dst += dst_stride) {
        const float *rows[MAX_VECTOR_FACTOR];
        for (unsigned v = 0; v < factor && v < MAX_VECTOR_FACTOR; v++)
            rows[v] = src + ssim_mirror((int)(y * factor) + lo + (int)v, (int)h) * src_stride;
        unsigned x = 0;
        for (; x < first && x < out_w; x++)
            dst[x] = float_ssim_box_at(src, src_stride, w, h, x, y, factor);
        for (; x + 8 <= end; x += 8)
            _mm256_storeu_ps(dst + x, box_8(rows, x, lo, factor, weight, &lanes));
        for (; x < out_w; x++)
            dst[x] = float_ssim_box_at(src, src_stride, w, h, x, y, factor);
    }
}

static void product_row_avx2(float *dst, const float *a, const float *b, unsigned w)
{
    for (unsigned x = 0; x < w; x += 8) {
        const int tail = w - x < 8;
        const __m256i mask = tail_mask(w - x);
        store_ps(dst + x, _mm256_mul_ps(load_ps(a + x, tail, mask), load_ps(b + x, tail, mask)),
                 tail, mask);
    }
}

/* sum over k of taps[k][0..7] * g[k], each product in float, summed in
 * double from k = 0 up, as the C reference's window. */
static inline __m256 window_8(const float *const taps[SSIM_WINDOW], unsigned x, int tail,
                              __m256i mask)
{
    __m256d sum_lo = _mm256_setzero_pd(), sum_hi = _mm256_setzero_pd();
    for (unsigned k = 0; k < SSIM_WINDOW; k++) {
        const __m256 p =
            _mm256_mul_ps(load_ps(taps[k] + x, tail, mask), _mm256_set1_ps(float_ssim_gaussian[k]));
        add_widened(&sum_lo, &sum_hi, p);
    }
    return narrow(sum_lo, sum_hi);
}

static void window_lines(float *dst, const float *const taps[SSIM_WINDOW], unsigned w)
{
    for (unsigned x = 0; x < w; x += 8) {
        const int tail = w - x < 8;
        const __m256i mask = tail_mask(w - x);
        store_ps(dst + x, window_8(taps, x, tail, mask), tail, mask);
    }
}

static void window_row_avx2(float *dst, const float *src, unsigned out_w)
{
    const float *taps[SSIM_WINDOW];
    for (unsigned k = 0; k < SSIM_WINDOW; k++)
        taps[k] = src + k;
    window_lines(dst, taps, out_w);
}

static void window_col_avx2(float *dst, const float *const rows[SSIM_WINDOW], unsigned w)
{
    window_lines(dst, rows, w);
}

/* float_ssim_accumulate_at's l, c and s of four pixels, in its operations. */
static inline void ssim_terms_4(const SsimMomentRow *row, unsigned x, __m256d *l, __m256d *c,
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

static void accumulate_row_avx2(SsimSums *sums, const SsimMomentRow *row, unsigned w)
{
    SsimSums acc = *sums;
    unsigned x = 0;
    for (; x + 4 <= w; x += 4) {
        __m256d l, c, s;
        ssim_terms_4(row, x, &l, &c, &s);
        double lv[4], cv[4], sv[4], lcs[4];
        _mm256_storeu_pd(lcs, _mm256_mul_pd(_mm256_mul_pd(l, c), s));
        _mm256_storeu_pd(lv, l);
        _mm256_storeu_pd(cv, c);
        _mm256_storeu_pd(sv, s);
        /* The sums run pixel by pixel, as the C reference's. */
        for (unsigned i = 0; i < 4; i++) {
            acc.lcs += lcs[i];
            acc.l += lv[i];
            acc.c += cv[i];
            acc.s += sv[i];
        }
    }
    *sums = acc;
    for (; x < w; x++)
        float_ssim_accumulate_at(sums, row, x);
}

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
