/* AVX-512 layer of the integer SSIM stages (ssim_kernels.h): eight
 * doubles, and the 8-bit moments of 32 columns in int32 lanes, paired as
 * ssim_avx2.c's. */
#include <immintrin.h>

#include "ssim_x86.h"

typedef __m512d vd;
#define SSIM_DLANES 8
#define SSIM_COLUMNS_8 32
#define vd_set1(x) _mm512_set1_pd(x)
#define vd_zero() _mm512_setzero_pd()
#define vd_loadu(p) _mm512_loadu_pd(p)
#define vd_storeu(p, v) _mm512_storeu_pd(p, v)
#define vd_add(a, b) _mm512_add_pd(a, b)
#define vd_sub(a, b) _mm512_sub_pd(a, b)
#define vd_mul(a, b) _mm512_mul_pd(a, b)
#define vd_div(a, b) _mm512_div_pd(a, b)
/* The lanes' sum, in any order: the masses summed are exact integers. */
#define vd_sum_exact(v) _mm512_reduce_add_pd(v)

/* Eight 16-bit samples as doubles. */
static inline __m512d load_u16(const uint16_t *p)
{
    return _mm512_cvtepi32_pd(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)));
}

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
 * pairing of ssim_avx2.c's moments_columns_8. */
static inline void moments_columns_8(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
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

#define SSIM_X86_NAME(name) name##_avx512
#include "ssim_kernels.h"

void ssim_dsp_init_avx512(SsimDsp *dsp)
{
    dsp->moments_row_8 = moments_row_8_avx512;
    dsp->moments_row_16 = moments_row_16_avx512;
    dsp->score_row = score_row_avx512;
}
