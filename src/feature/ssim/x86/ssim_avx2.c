/* AVX2 variants of the integer SSIM stages, bit-exact with the C reference.
 * The moments are exact integers (ssim_dsp.h), so the symmetric taps are
 * applied to the sum of the two samples they share; the per-pixel SSIM takes
 * the C reference's double operations in its order, and its sum over the
 * row stays left to right. */
#include <immintrin.h>

#include "ssim_x86.h"

/* The 8-bit moments fit 32 bits and every product of the window 16 bits
 * times 16 bits: pairs of samples (left tap, right tap) go through madd,
 * g * (a + b), g * (a^2 + b^2) and g * (a c + b d) at once. Columns land
 * in lo as 0-3 and 8-11, in hi as 4-7 and 12-15 (unpack within lanes). */
typedef struct Moments8 {
    __m256i lo[SSIM_MOMENT_COUNT], hi[SSIM_MOMENT_COUNT];
} Moments8;

static inline __m256i load_u8x16(const uint8_t *p)
{
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p));
}

static inline void add_pairs_8(__m256i sum[SSIM_MOMENT_COUNT], __m256i r, __m256i d, __m256i g)
{
    const __m256i gr = _mm256_mullo_epi16(r, g), gd = _mm256_mullo_epi16(d, g);
    sum[SSIM_MOMENT_REF] = _mm256_add_epi32(sum[SSIM_MOMENT_REF], _mm256_madd_epi16(r, g));
    sum[SSIM_MOMENT_DIS] = _mm256_add_epi32(sum[SSIM_MOMENT_DIS], _mm256_madd_epi16(d, g));
    sum[SSIM_MOMENT_REF_SQ] = _mm256_add_epi32(sum[SSIM_MOMENT_REF_SQ], _mm256_madd_epi16(r, gr));
    sum[SSIM_MOMENT_DIS_SQ] = _mm256_add_epi32(sum[SSIM_MOMENT_DIS_SQ], _mm256_madd_epi16(d, gd));
    sum[SSIM_MOMENT_REF_DIS] = _mm256_add_epi32(sum[SSIM_MOMENT_REF_DIS], _mm256_madd_epi16(r, gd));
}

/* Columns x .. x + 15, all with their whole window inside the row. */
static inline void moments_16_columns_8(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
                                        unsigned x)
{
    Moments8 m;
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        m.lo[i] = m.hi[i] = _mm256_setzero_si256();
    for (unsigned k = 0; k <= SSIM_RADIUS; k++) {
        const unsigned left = x + k - SSIM_RADIUS, right = x + SSIM_RADIUS - k;
        const __m256i g = _mm256_set1_epi16((int16_t)ssim_kernel[k]);
        /* The centre tap pairs its sample with zero. */
        const __m256i r_right = k < SSIM_RADIUS ? load_u8x16(ref + right) : _mm256_setzero_si256();
        const __m256i d_right = k < SSIM_RADIUS ? load_u8x16(dis + right) : _mm256_setzero_si256();
        const __m256i r_left = load_u8x16(ref + left), d_left = load_u8x16(dis + left);
        add_pairs_8(m.lo, _mm256_unpacklo_epi16(r_left, r_right),
                    _mm256_unpacklo_epi16(d_left, d_right), g);
        add_pairs_8(m.hi, _mm256_unpackhi_epi16(r_left, r_right),
                    _mm256_unpackhi_epi16(d_left, d_right), g);
    }
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++) {
        double *out = dst->moment[i] + x;
        _mm256_storeu_pd(out, _mm256_cvtepi32_pd(_mm256_castsi256_si128(m.lo[i])));
        _mm256_storeu_pd(out + 4, _mm256_cvtepi32_pd(_mm256_castsi256_si128(m.hi[i])));
        _mm256_storeu_pd(out + 8, _mm256_cvtepi32_pd(_mm256_extracti128_si256(m.lo[i], 1)));
        _mm256_storeu_pd(out + 12, _mm256_cvtepi32_pd(_mm256_extracti128_si256(m.hi[i], 1)));
    }
}

static void moments_row_8_avx2(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
                               unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
    for (; x + 16 + SSIM_RADIUS <= w; x += 16)
        moments_16_columns_8(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
}

static inline __m256d load_u16x4(const uint16_t *p)
{
    return _mm256_cvtepi32_pd(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

/* Columns x .. x + 3 in doubles: at 16 bits a square needs 32 bits and its
 * sums more, all exact in doubles. */
static inline void moments_4_columns_16(const SsimRow *dst, const uint16_t *ref,
                                        const uint16_t *dis, unsigned x)
{
    __m256d sum[SSIM_MOMENT_COUNT];
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        sum[i] = _mm256_setzero_pd();
    for (unsigned k = 0; k <= SSIM_RADIUS; k++) {
        const unsigned left = x + k - SSIM_RADIUS, right = x + SSIM_RADIUS - k;
        const __m256d g = _mm256_set1_pd(ssim_kernel[k]);
        const __m256d ra = load_u16x4(ref + left), da = load_u16x4(dis + left);
        __m256d r = ra, d = da;
        __m256d rr = _mm256_mul_pd(ra, ra), dd = _mm256_mul_pd(da, da);
        __m256d rd = _mm256_mul_pd(ra, da);
        if (k < SSIM_RADIUS) {
            const __m256d rb = load_u16x4(ref + right), db = load_u16x4(dis + right);
            r = _mm256_add_pd(r, rb);
            d = _mm256_add_pd(d, db);
            rr = _mm256_add_pd(rr, _mm256_mul_pd(rb, rb));
            dd = _mm256_add_pd(dd, _mm256_mul_pd(db, db));
            rd = _mm256_add_pd(rd, _mm256_mul_pd(rb, db));
        }
        sum[SSIM_MOMENT_REF] = _mm256_add_pd(sum[SSIM_MOMENT_REF], _mm256_mul_pd(g, r));
        sum[SSIM_MOMENT_DIS] = _mm256_add_pd(sum[SSIM_MOMENT_DIS], _mm256_mul_pd(g, d));
        sum[SSIM_MOMENT_REF_SQ] = _mm256_add_pd(sum[SSIM_MOMENT_REF_SQ], _mm256_mul_pd(g, rr));
        sum[SSIM_MOMENT_DIS_SQ] = _mm256_add_pd(sum[SSIM_MOMENT_DIS_SQ], _mm256_mul_pd(g, dd));
        sum[SSIM_MOMENT_REF_DIS] = _mm256_add_pd(sum[SSIM_MOMENT_REF_DIS], _mm256_mul_pd(g, rd));
    }
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        _mm256_storeu_pd(dst->moment[i] + x, sum[i]);
}

static void moments_row_16_avx2(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                                unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
    for (; x + 4 + SSIM_RADIUS <= w; x += 4)
        moments_4_columns_16(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
}

/* The vertical window of one moment at columns x .. x + 3. */
static inline __m256d window_4_columns(const SsimRow *const rows[SSIM_TAPS], enum SsimMoment m,
                                       unsigned x)
{
    __m256d sum = _mm256_mul_pd(_mm256_set1_pd(ssim_kernel[SSIM_RADIUS]),
                                _mm256_loadu_pd(rows[SSIM_RADIUS]->moment[m] + x));
    for (unsigned k = 0; k < SSIM_RADIUS; k++) {
        const __m256d pair = _mm256_add_pd(_mm256_loadu_pd(rows[k]->moment[m] + x),
                                           _mm256_loadu_pd(rows[SSIM_TAPS - 1 - k]->moment[m] + x));
        sum = _mm256_add_pd(sum, _mm256_mul_pd(_mm256_set1_pd(ssim_kernel[k]), pair));
    }
    return sum;
}

static void score_row_avx2(double *ssim, double *weight, const SsimRow *const rows[SSIM_TAPS],
                           const double *mass_x, double mass_y, unsigned w, unsigned peak)
{
    const double peak_sq = (double)peak * peak;
    /* ssim_score_column's constants, each product in its order. */
    const __m256d c1_scale = _mm256_set1_pd(peak_sq * ssim_k1_sq);
    const __m256d c2_scale = _mm256_set1_pd(peak_sq * ssim_k2_sq);
    const __m256d two = _mm256_set1_pd(2.0);
    double sum = *ssim;
    /* Masses are integers and their sums exact, so they add up in any order. */
    __m256d mass_sum = _mm256_setzero_pd();
    unsigned x = 0;
    for (; x + 4 <= w; x += 4) {
        const __m256d ref = window_4_columns(rows, SSIM_MOMENT_REF, x);
        const __m256d dis = window_4_columns(rows, SSIM_MOMENT_DIS, x);
        const __m256d ref_sq = window_4_columns(rows, SSIM_MOMENT_REF_SQ, x);
        const __m256d dis_sq = window_4_columns(rows, SSIM_MOMENT_DIS_SQ, x);
        const __m256d ref_dis = window_4_columns(rows, SSIM_MOMENT_REF_DIS, x);
        const __m256d mass = _mm256_mul_pd(_mm256_loadu_pd(mass_x + x), _mm256_set1_pd(mass_y));
        const __m256d c1 = _mm256_mul_pd(_mm256_mul_pd(c1_scale, mass), mass);
        const __m256d c2 = _mm256_mul_pd(_mm256_mul_pd(c2_scale, mass), mass);
        const __m256d mu_rr = _mm256_mul_pd(ref, ref);
        const __m256d mu_rd = _mm256_mul_pd(ref, dis);
        const __m256d mu_dd = _mm256_mul_pd(dis, dis);
        const __m256d num = _mm256_mul_pd(
            _mm256_mul_pd(mass, _mm256_add_pd(_mm256_mul_pd(two, mu_rd), c1)),
            _mm256_add_pd(c2,
                          _mm256_mul_pd(two, _mm256_sub_pd(_mm256_mul_pd(ref_dis, mass), mu_rd))));
        const __m256d variances = _mm256_add_pd(
            _mm256_sub_pd(_mm256_add_pd(_mm256_sub_pd(_mm256_mul_pd(ref_sq, mass), mu_rr),
                                        _mm256_mul_pd(dis_sq, mass)),
                          mu_dd),
            c2);
        const __m256d den =
            _mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(mu_rr, mu_dd), c1), variances);
        double ratio[4];
        _mm256_storeu_pd(ratio, _mm256_div_pd(num, den));
        sum = sum + ratio[0] + ratio[1] + ratio[2] + ratio[3];
        mass_sum = _mm256_add_pd(mass_sum, mass);
    }
    double masses[4];
    _mm256_storeu_pd(masses, mass_sum);
    double total_mass = *weight + masses[0] + masses[1] + masses[2] + masses[3];
    for (; x < w; x++) {
        const double mass = mass_x[x] * mass_y;
        sum += ssim_score_column(rows, mass, x, peak_sq);
        total_mass += mass;
    }
    *ssim = sum;
    *weight = total_mass;
}

void ssim_dsp_init_avx2(SsimDsp *dsp)
{
    dsp->moments_row_8 = moments_row_8_avx2;
    dsp->moments_row_16 = moments_row_16_avx2;
    dsp->score_row = score_row_avx2;
}
