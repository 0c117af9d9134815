/* cambi_stages.h compiled for AVX-512, with the c-values of 16 columns at
 * once: each lane gathers its own histogram row's counts, and takes the
 * contrasts its sample makes visible, in cambi_c_value()'s operations (an
 * int product, converted once, times the table's reciprocal; the largest
 * kept), so each c-value has the C reference's bits. */
#include <immintrin.h>

#include "feature/cambi/cambi_stages.h"
#include "cambi_x86.h"

/* hist[idx] for the lanes of m (0 elsewhere): 32-bit gathers two bytes
 * apart, the upper half dropped (hist has an entry to spare at its end). */
static inline __m512i gather_counts(const uint16_t *hist, __m512i idx, __mmask16 m)
{
    const __m512i v = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, idx, hist, 2);
    return _mm512_and_si512(v, _mm512_set1_epi32(0xffff));
}

static inline __m512 c_values_16(const uint16_t *rows, const uint16_t *hist, unsigned w,
                                 const CambiCParams *cp, unsigned j, __mmask16 lanes)
{
    const __m512i k =
        _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(lanes, (const __m256i *)(rows + j)));
    const __mmask16 counted =
        _mm512_mask_cmpneq_epu32_mask(lanes, k, _mm512_set1_epi32(CAMBI_NOT_COUNTED));
    __m512 best = _mm512_setzero_ps();
    if (!counted)
        return best;
    const __m512i vis = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), counted, k,
                                                    (const int *)cp->visible, 4);
    const __m512i wv = _mm512_set1_epi32((int)w);
    const __m512i col =
        _mm512_add_epi32(_mm512_set1_epi32((int)j),
                         _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    const __m512i at = _mm512_add_epi32(_mm512_mullo_epi32(k, wv), col);
    const __m512i p0 = gather_counts(hist, at, counted);
    /* The contrasts any lane tests, lowest first. */
    uint32_t todo = (uint32_t)_mm512_mask_reduce_or_epi32(counted, vis);
    for (; todo; todo &= todo - 1) {
        const unsigned d = (unsigned)__builtin_ctz(todo), step = d + 1;
        const __mmask16 m =
            _mm512_mask_test_epi32_mask(counted, vis, _mm512_set1_epi32((int)(1u << d)));
        const __m512i offset = _mm512_set1_epi32((int)(step * w));
        const __m512i up = gather_counts(hist, _mm512_add_epi32(at, offset), m);
        const __mmask16 below = _mm512_mask_cmpge_epu32_mask(m, k, _mm512_set1_epi32((int)step));
        const __m512i down = gather_counts(hist, _mm512_sub_epi32(at, offset), below);
        const __m512i p = _mm512_max_epu32(up, down);
        const __m512i prod =
            _mm512_mullo_epi32(_mm512_set1_epi32(cp->weight[d]), _mm512_mullo_epi32(p0, p));
        const __m512 recip = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), m,
                                                      _mm512_add_epi32(p, p0), cp->reciprocal, 4);
        const __m512 val = _mm512_mul_ps(_mm512_cvtepi32_ps(prod), recip);
        best = _mm512_mask_max_ps(best, m, best, val);
    }
    return best;
}

static inline void c_row_avx512(const uint16_t *rows, const uint16_t *hist, unsigned w,
                                const CambiCParams *cp, float *c)
{
    for (unsigned j = 0; j < w; j += 16) {
        const __mmask16 lanes = w - j >= 16 ? 0xffff : (__mmask16)((1u << (w - j)) - 1);
        _mm512_mask_storeu_ps(c + j, lanes, c_values_16(rows, hist, w, cp, j, lanes));
    }
}

CAMBI_STAGE_FUNCTIONS(avx512, c_row_avx512)

void cambi_dsp_init_avx512(CambiDsp *dsp)
{
    cambi_stages_fill_avx512(dsp);
}
