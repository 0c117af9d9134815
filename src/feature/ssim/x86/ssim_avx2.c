/* AVX2 layer of the integer SSIM stages (ssim_kernels.h): four doubles,
 * and the 8-bit moments of 16 columns in int32 lanes. */
#include <immintrin.h>

#include "ssim_x86.h"

typedef __m256d vd;
#define SSIM_DLANES 4
#define SSIM_COLUMNS_8 16
#define vd_set1(x) _mm256_set1_pd(x)
#define vd_zero() _mm256_setzero_pd()
#define vd_loadu(p) _mm256_loadu_pd(p)
#define vd_storeu(p, v) _mm256_storeu_pd(p, v)
#define vd_add(a, b) _mm256_add_pd(a, b)
#define vd_sub(a, b) _mm256_sub_pd(a, b)
#define vd_mul(a, b) _mm256_mul_pd(a, b)
#define vd_div(a, b) _mm256_div_pd(a, b)

/* Four 16-bit samples as doubles. */
static inline __m256d load_u16(const uint16_t *p)
{
    return _mm256_cvtepi32_pd(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

/* The lanes' sum, in any order: the masses summed are exact integers. */
static inline double vd_sum_exact(__m256d v)
{
    double lane[4];
    _mm256_storeu_pd(lane, v);
    return lane[0] + lane[1] + lane[2] + lane[3];
}

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
static inline void moments_columns_8(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
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

#define SSIM_X86_NAME(name) name##_avx2
#include "ssim_kernels.h"

void ssim_dsp_init_avx2(SsimDsp *dsp)
{
    dsp->moments_row_8 = moments_row_8_avx2;
    dsp->moments_row_16 = moments_row_16_avx2;
    dsp->score_row = score_row_avx2;
}
