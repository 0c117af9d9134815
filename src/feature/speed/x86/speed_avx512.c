/* AVX-512 window sums of SpEED's covariance (speed_dsp.h). Each of the 25
 * sums (or the 325 covariance sums) is its own serial chain in the C
 * reference, a float or double addition's latency per sample. Here a vector
 * lane is one chain: lane l of vector v holds block position 16 v + l (8 v + l
 * for doubles), and every lane adds its window's samples in the reference's
 * order, so each sum keeps its bits. A vector's positions span up to four
 * rows of the block; each row's run of columns is an expanding load, which
 * reads only the samples its lanes take. */
#include <immintrin.h>
#include <stdint.h>

#include "feature/speed/speed_math.h"
#include "speed_x86.h"

/* The loads of one vector of `lanes` positions starting at block position
 * first: for each block row it touches, the lanes it fills and where its
 * samples start, relative to the window's current sample. */
typedef struct Loads {
    unsigned n;
    uint16_t mask[SPEED_BLOCK];
    ptrdiff_t offset[SPEED_BLOCK];
} Loads;

static Loads loads_of(unsigned first, unsigned lanes, ptrdiff_t stride)
{
    Loads ld = {0};
    unsigned row = SPEED_BLOCK; /* none yet */
    for (unsigned l = 0; l < lanes && first + l < SPEED_BLOCK_ELEMS; l++) {
        const unsigned k = first + l;
        if (k / SPEED_BLOCK != row) {
            row = k / SPEED_BLOCK;
            ld.offset[ld.n++] = (ptrdiff_t)row * stride + k % SPEED_BLOCK;
        }
        ld.mask[ld.n - 1] |= (uint16_t)(1u << l);
    }
    return ld;
}

static inline __m512 load_16(const Loads *ld, const float *at)
{
    __m512 v = _mm512_setzero_ps();
    for (unsigned r = 0; r < ld->n; r++)
        v = _mm512_mask_expandloadu_ps(v, ld->mask[r], at + ld->offset[r]);
    return v;
}

static inline __m512d load_8(const Loads *ld, const float *at)
{
    __m256 v = _mm256_setzero_ps();
    for (unsigned r = 0; r < ld->n; r++)
        v = _mm256_mask_expandloadu_ps(v, (__mmask8)ld->mask[r], at + ld->offset[r]);
    return _mm512_cvtps_pd(v);
}

static void window_sums_avx512(float *sums, const float *plane, ptrdiff_t stride, unsigned w,
                               unsigned h)
{
    const Loads lo = loads_of(0, 16, stride), hi = loads_of(16, 16, stride);
    __m512 acc_lo = _mm512_setzero_ps(), acc_hi = _mm512_setzero_ps();
    for (unsigned i = 0; i < h; i++) {
        const float *row = plane + i * stride;
        for (unsigned j = 0; j < w; j++) {
            acc_lo = _mm512_add_ps(acc_lo, load_16(&lo, row + j));
            acc_hi = _mm512_add_ps(acc_hi, load_16(&hi, row + j));
        }
    }
    float all[32];
    _mm512_storeu_ps(all, acc_lo);
    _mm512_storeu_ps(all + 16, acc_hi);
    for (unsigned k = 0; k < SPEED_BLOCK_ELEMS; k++)
        sums[k] = all[k];
}

enum { COV_VECTORS = (SPEED_BLOCK_ELEMS + 7) / 8 };

/* Every (a, b <= a) sum at once: each window sample's 25 positions are
 * loaded and centred once, as COV_VECTORS vectors of 8 b's, and each a adds
 * its (x - mean_a) times vectors 0 .. a / 8 to its accumulators. */
static void cov_sums_avx512(double *sums, const float *plane, ptrdiff_t stride, unsigned w,
                            unsigned h, const float *mean)
{
    Loads ld[COV_VECTORS];
    __m512d mean_v[COV_VECTORS];
    double means[COV_VECTORS * 8] = {0};
    for (unsigned k = 0; k < SPEED_BLOCK_ELEMS; k++)
        means[k] = mean[k];
    for (unsigned v = 0; v < COV_VECTORS; v++) {
        ld[v] = loads_of(8 * v, 8, stride);
        mean_v[v] = _mm512_loadu_pd(means + 8 * v);
    }
    __m512d acc[SPEED_BLOCK_ELEMS][COV_VECTORS];
    for (unsigned a = 0; a < SPEED_BLOCK_ELEMS; a++)
        for (unsigned v = 0; v < COV_VECTORS; v++)
            acc[a][v] = _mm512_setzero_pd();
    for (unsigned i = 0; i < h; i++) {
        const float *row = plane + i * stride;
        for (unsigned j = 0; j < w; j++) {
            /* y - mean_y for every position; lane a is also a's x - mean_x. */
            double centred[COV_VECTORS * 8];
            __m512d dy[COV_VECTORS];
            for (unsigned v = 0; v < COV_VECTORS; v++) {
                dy[v] = _mm512_sub_pd(load_8(&ld[v], row + j), mean_v[v]);
                _mm512_storeu_pd(centred + 8 * v, dy[v]);
            }
            for (unsigned a = 0; a < SPEED_BLOCK_ELEMS; a++) {
                const __m512d dx = _mm512_set1_pd(centred[a]);
                for (unsigned v = 0; v <= a / 8; v++)
                    acc[a][v] = _mm512_add_pd(acc[a][v], _mm512_mul_pd(dx, dy[v]));
            }
        }
    }
    for (unsigned a = 0; a < SPEED_BLOCK_ELEMS; a++) {
        double all[COV_VECTORS * 8];
        for (unsigned v = 0; v < COV_VECTORS; v++)
            _mm512_storeu_pd(all + 8 * v, acc[a][v]);
        for (unsigned b = 0; b <= a; b++)
            sums[a * SPEED_BLOCK_ELEMS + b] = all[b];
    }
}

void speed_dsp_init_avx512(SpeedDsp *dsp)
{
    dsp->window_sums = window_sums_avx512;
    dsp->cov_sums = cov_sums_avx512;
}
