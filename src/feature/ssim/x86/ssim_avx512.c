/* AVX-512 variants of the integer SSIM stages: the AVX2 ones (ssim_avx2.c)
 * on twice the lanes, bit-exact with the C reference. */
#include <immintrin.h>

#include "ssim_x86.h"

static inline __m512i load_u8x32(const uint8_t *p)
{
    return _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)p));
}

static inline void add_pairs_8(__m512i sum[SSIM_MOMENT_COUNT], __m512i r, __m512i d, __m512i g)
{
    const __m512i gr = _mm512_mullo_epi16(r, g), gd = _mm512_mullo_epi16(d, g);
    sum[SSIM_MOMENT_REF] = _mm512_add_epi32(sum[SSIM_MOMENT_REF], _mm512_madd_epi16(r, g));
    sum[SSIM_MOMENT_DIS] = _mm512_add_epi32(sum[SSIM_MOMENT_DIS], _mm512_madd_epi16(d, g));
    sum[SSIM_MOMENT_REF_SQ] = _mm512_add_epi32(sum[SSIM_MOMENT_REF_SQ], _mm512_madd_epi16(r, gr));
    sum[SSIM_MOMENT_DIS_SQ] = _mm512_add_epi32(sum[SSIM_MOMENT_DIS_SQ], _mm512_madd_epi16(d, gd));
    sum[SSIM_MOMENT_REF_DIS] = _mm512_add_epi32(sum[SSIM_MOMENT_REF_DIS], _mm512_madd_epi16(r, gd));
}

/* Columns x .. x + 31, all with their whole window inside the row; the
 * pairing of ssim_avx2.c's moments_16_columns_8. */
static inline void moments_32_columns_8(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
                                        unsigned x)
{
    __m512i lo[SSIM_MOMENT_COUNT], hi[SSIM_MOMENT_COUNT];
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        lo[i] = hi[i] = _mm512_setzero_si512();
    for (unsigned k = 0; k <= SSIM_RADIUS; k++) {
        const unsigned left = x + k - SSIM_RADIUS, right = x + SSIM_RADIUS - k;
        const __m512i g = _mm512_set1_epi16((int16_t)ssim_kernel[k]);
        const __m512i r_right = k < SSIM_RADIUS ? load_u8x32(ref + right) : _mm512_setzero_si512();
        const __m512i d_right = k < SSIM_RADIUS ? load_u8x32(dis + right) : _mm512_setzero_si512();
        const __m512i r_left = load_u8x32(ref + left), d_left = load_u8x32(dis + left);
        add_pairs_8(lo, _mm512_unpacklo_epi16(r_left, r_right),
                    _mm512_unpacklo_epi16(d_left, d_right), g);
        add_pairs_8(hi, _mm512_unpackhi_epi16(r_left, r_right),
                    _mm512_unpackhi_epi16(d_left, d_right), g);
    }
    /* lo holds columns 0-3, 8-11, 16-19, 24-27 and hi the four after each:
     * quadword pairs of both, interleaved, are the columns in order. */
    const __m512i first = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i second = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++) {
        double *out = dst->moment[i] + x;
        const __m512i a = _mm512_permutex2var_epi64(lo[i], first, hi[i]);
        const __m512i b = _mm512_permutex2var_epi64(lo[i], second, hi[i]);
        _mm512_storeu_pd(out, _mm512_cvtepi32_pd(_mm512_castsi512_si256(a)));
        _mm512_storeu_pd(out + 8, _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(a, 1)));
        _mm512_storeu_pd(out + 16, _mm512_cvtepi32_pd(_mm512_castsi512_si256(b)));
        _mm512_storeu_pd(out + 24, _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(b, 1)));
    }
}

static void moments_row_8_avx512(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
                                 unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
    for (; x + 32 + SSIM_RADIUS <= w; x += 32)
        moments_32_columns_8(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
}

static inline __m512d load_u16x8(const uint16_t *p)
{
    return _mm512_cvtepi32_pd(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)));
}

/* Columns x .. x + 7 in doubles, as ssim_avx2.c's moments_4_columns_16. */
static inline void moments_8_columns_16(const SsimRow *dst, const uint16_t *ref,
                                        const uint16_t *dis, unsigned x)
{
    __m512d sum[SSIM_MOMENT_COUNT];
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        sum[i] = _mm512_setzero_pd();
    for (unsigned k = 0; k <= SSIM_RADIUS; k++) {
        const unsigned left = x + k - SSIM_RADIUS, right = x + SSIM_RADIUS - k;
        const __m512d g = _mm512_set1_pd(ssim_kernel[k]);
        const __m512d ra = load_u16x8(ref + left), da = load_u16x8(dis + left);
        __m512d r = ra, d = da;
        __m512d rr = _mm512_mul_pd(ra, ra), dd = _mm512_mul_pd(da, da);
        __m512d rd = _mm512_mul_pd(ra, da);
        if (k < SSIM_RADIUS) {
            const __m512d rb = load_u16x8(ref + right), db = load_u16x8(dis + right);
            r = _mm512_add_pd(r, rb);
            d = _mm512_add_pd(d, db);
            rr = _mm512_add_pd(rr, _mm512_mul_pd(rb, rb));
            dd = _mm512_add_pd(dd, _mm512_mul_pd(db, db));
            rd = _mm512_add_pd(rd, _mm512_mul_pd(rb, db));
        }
        sum[SSIM_MOMENT_REF] = _mm512_add_pd(sum[SSIM_MOMENT_REF], _mm512_mul_pd(g, r));
        sum[SSIM_MOMENT_DIS] = _mm512_add_pd(sum[SSIM_MOMENT_DIS], _mm512_mul_pd(g, d));
        sum[SSIM_MOMENT_REF_SQ] = _mm512_add_pd(sum[SSIM_MOMENT_REF_SQ], _mm512_mul_pd(g, rr));
        sum[SSIM_MOMENT_DIS_SQ] = _mm512_add_pd(sum[SSIM_MOMENT_DIS_SQ], _mm512_mul_pd(g, dd));
        sum[SSIM_MOMENT_REF_DIS] = _mm512_add_pd(sum[SSIM_MOMENT_REF_DIS], _mm512_mul_pd(g, rd));
    }
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        _mm512_storeu_pd(dst->moment[i] + x, sum[i]);
}

static void moments_row_16_avx512(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                                  unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
    for (; x + 8 + SSIM_RADIUS <= w; x += 8)
        moments_8_columns_16(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
}

static inline __m512d window_8_columns(const SsimRow *const rows[SSIM_TAPS], enum SsimMoment m,
                                       unsigned x)
{
    __m512d sum = _mm512_mul_pd(_mm512_set1_pd(ssim_kernel[SSIM_RADIUS]),
                                _mm512_loadu_pd(rows[SSIM_RADIUS]->moment[m] + x));
    for (unsigned k = 0; k < SSIM_RADIUS; k++) {
        const __m512d pair = _mm512_add_pd(_mm512_loadu_pd(rows[k]->moment[m] + x),
                                           _mm512_loadu_pd(rows[SSIM_TAPS - 1 - k]->moment[m] + x));
        sum = _mm512_add_pd(sum, _mm512_mul_pd(_mm512_set1_pd(ssim_kernel[k]), pair));
    }
    return sum;
}

/* ssim_avx2.c's score_row_avx2 on eight columns at a time. */
static void score_row_avx512(double *ssim, double *weight, const SsimRow *const rows[SSIM_TAPS],
                             const double *mass_x, double mass_y, unsigned w, unsigned peak)
{
    const double peak_sq = (double)peak * peak;
    const __m512d c1_scale = _mm512_set1_pd(peak_sq * ssim_k1_sq);
    const __m512d c2_scale = _mm512_set1_pd(peak_sq * ssim_k2_sq);
    const __m512d two = _mm512_set1_pd(2.0);
    double sum = *ssim;
    __m512d mass_sum = _mm512_setzero_pd();
    unsigned x = 0;
    for (; x + 8 <= w; x += 8) {
        const __m512d ref = window_8_columns(rows, SSIM_MOMENT_REF, x);
        const __m512d dis = window_8_columns(rows, SSIM_MOMENT_DIS, x);
        const __m512d ref_sq = window_8_columns(rows, SSIM_MOMENT_REF_SQ, x);
        const __m512d dis_sq = window_8_columns(rows, SSIM_MOMENT_DIS_SQ, x);
        const __m512d ref_dis = window_8_columns(rows, SSIM_MOMENT_REF_DIS, x);
        const __m512d mass = _mm512_mul_pd(_mm512_loadu_pd(mass_x + x), _mm512_set1_pd(mass_y));
        const __m512d c1 = _mm512_mul_pd(_mm512_mul_pd(c1_scale, mass), mass);
        const __m512d c2 = _mm512_mul_pd(_mm512_mul_pd(c2_scale, mass), mass);
        const __m512d mu_rr = _mm512_mul_pd(ref, ref);
        const __m512d mu_rd = _mm512_mul_pd(ref, dis);
        const __m512d mu_dd = _mm512_mul_pd(dis, dis);
        const __m512d num = _mm512_mul_pd(
            _mm512_mul_pd(mass, _mm512_add_pd(_mm512_mul_pd(two, mu_rd), c1)),
            _mm512_add_pd(c2,
                          _mm512_mul_pd(two, _mm512_sub_pd(_mm512_mul_pd(ref_dis, mass), mu_rd))));
        const __m512d variances = _mm512_add_pd(
            _mm512_sub_pd(_mm512_add_pd(_mm512_sub_pd(_mm512_mul_pd(ref_sq, mass), mu_rr),
                                        _mm512_mul_pd(dis_sq, mass)),
                          mu_dd),
            c2);
        const __m512d den =
            _mm512_mul_pd(_mm512_add_pd(_mm512_add_pd(mu_rr, mu_dd), c1), variances);
        double ratio[8];
        _mm512_storeu_pd(ratio, _mm512_div_pd(num, den));
        for (unsigned i = 0; i < 8; i++)
            sum += ratio[i];
        mass_sum = _mm512_add_pd(mass_sum, mass);
    }
    double total_mass = *weight + _mm512_reduce_add_pd(mass_sum);
    for (; x < w; x++) {
        const double mass = mass_x[x] * mass_y;
        sum += ssim_score_column(rows, mass, x, peak_sq);
        total_mass += mass;
    }
    *ssim = sum;
    *weight = total_mass;
}

void ssim_dsp_init_avx512(SsimDsp *dsp)
{
    dsp->moments_row_8 = moments_row_8_avx512;
    dsp->moments_row_16 = moments_row_16_avx512;
    dsp->score_row = score_row_avx512;
}
