#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "psnr_hvs_dsp.h"

#define LANES PSNR_HVS_LANES

static void load_8_c(PsnrHvsBatch blk, const uint8_t *px, ptrdiff_t stride, unsigned n)
{
    memset(blk, 0, sizeof(PsnrHvsBatch));
    for (unsigned i = 0; i < 8; i++, px += stride) {
        for (unsigned j = 0; j < 8; j++) {
            for (unsigned b = 0; b < n; b++)
                blk[8 * i + j][b] = px[PSNR_HVS_STEP * b + j];
        }
    }
}

static void load_16_c(PsnrHvsBatch blk, const uint16_t *px, ptrdiff_t stride, unsigned n)
{
    memset(blk, 0, sizeof(PsnrHvsBatch));
    for (unsigned i = 0; i < 8; i++, px = (const uint16_t *)((const uint8_t *)px + stride)) {
        for (unsigned j = 0; j < 8; j++) {
            for (unsigned b = 0; b < n; b++)
                blk[8 * i + j][b] = px[PSNR_HVS_STEP * b + j];
        }
    }
}

/* The four 4x4 quadrants, in the order their variances are summed: top
 * left, bottom left, top right, bottom right. */
static const unsigned quadrant_row[4] = {0, 4, 0, 4};
static const unsigned quadrant_col[4] = {0, 0, 4, 4};

/* Each quadrant's sum of f(sample, its mean), its samples taken in row-major
 * order. */
#define FOR_QUADRANT_SAMPLES(q, k)                                                                 \
    for (unsigned i_ = quadrant_row[q]; i_ < quadrant_row[q] + 4; i_++)                            \
        for (unsigned k = 8 * i_ + quadrant_col[q]; k < 8 * i_ + quadrant_col[q] + 4; k++)

static void variance_ratio_c(float ratio[LANES], const PsnrHvsBatch blk)
{
    float mean[LANES] = {0};
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < LANES; b++)
            mean[b] += blk[k][b];
    }
    float var[LANES] = {0};
    for (unsigned b = 0; b < LANES; b++)
        mean[b] /= 64.f;
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < LANES; b++)
            var[b] += (blk[k][b] - mean[b]) * (blk[k][b] - mean[b]);
    }

    float quad_var_sum[LANES] = {0};
    for (unsigned q = 0; q < 4; q++) {
        float quad_mean[LANES] = {0}, quad_var[LANES] = {0};
        FOR_QUADRANT_SAMPLES(q, k)
        {
            for (unsigned b = 0; b < LANES; b++)
                quad_mean[b] += blk[k][b];
        }
        for (unsigned b = 0; b < LANES; b++)
            quad_mean[b] /= 16.f;
        FOR_QUADRANT_SAMPLES(q, k)
        {
            for (unsigned b = 0; b < LANES; b++)
                quad_var[b] += (blk[k][b] - quad_mean[b]) * (blk[k][b] - quad_mean[b]);
        }
        /* Unbiased estimates, with the factor rounded to float as the
         * reference has it. */
        for (unsigned b = 0; b < LANES; b++)
            quad_var_sum[b] += quad_var[b] * (1 / 15.f * 16);
    }

    for (unsigned b = 0; b < LANES; b++) {
        var[b] *= 1 / 63.f * 64;
        ratio[b] = var[b] > 0 ? quad_var_sum[b] / var[b] : 0;
    }
}

/* v * c / 2^shift, rounded half up: one lifting multiplication. */
static inline int32_t lift(int32_t v, int32_t c, int shift)
{
    return (v * c + (1 << (shift - 1))) >> shift;
}

/* Halving rounded towards zero, the DCT's unbiased shift. */
static inline int32_t half(int32_t v)
{
    return v / 2;
}

/* Lanes of one DCT pass: the 8 positions across the transform, times the
 * blocks. */
#define PASS_LANES (8 * LANES)

/* Daala's 8-point forward DCT (a lifting scheme) along the first index of
 * v, for each of the independent lanes of the second: v[0..7][l] are the
 * samples and receive the coefficients, lowest frequency first. */
static void fdct8_pass(int32_t v[8][PASS_LANES])
{
    for (unsigned l = 0; l < PASS_LANES; l++) {
        /* Butterflies of samples k and 7 - k. */
        int32_t d07 = v[0][l] - v[7][l];
        const int32_t d07h = half(d07);
        int32_t s07 = v[0][l] - d07h;
        int32_t s16 = v[1][l] + v[6][l];
        const int32_t s16h = half(s16);
        int32_t d16 = v[6][l] - s16h;
        int32_t d25 = v[2][l] - v[5][l];
        int32_t s25 = v[2][l] - half(d25);
        int32_t s34 = v[3][l] + v[4][l];
        const int32_t s34h = half(s34);
        int32_t d34 = s34h - v[4][l];

        /* Even half: a 4-point DCT of the sums. */
        s07 += s34h;
        s34 = s07 - s34;
        s25 = s16h - s25;
        s16 = s25 - s16;
        /* Its 2-point DCT and 2-point DST. */
        s07 -= lift(s16, 13573, 15);
        s16 += lift(s07, 11585, 14);
        s07 -= lift(s16, 13573, 15);
        s34 -= lift(s25, 21895, 15);
        s25 += lift(s34, 15137, 14);
        s34 -= lift(s25, 21895, 15);

        /* Odd half: a 4-point DST of the differences. */
        d25 += lift(d16, 19195, 15);
        d16 += lift(d25, 11585, 14);
        d25 -= lift(d16, 7489, 13);
        d34 = half(d16) - d34;
        d16 -= d34;
        d25 = d07h - d25;
        d07 -= d25;
        d34 += lift(d07, 3227, 15);
        d07 -= lift(d34, 6393, 15);
        d34 += lift(d07, 3227, 15);
        d16 += lift(d25, 2485, 13);
        d25 -= lift(d16, 18205, 15);
        d16 += lift(d25, 2485, 13);

        v[0][l] = s07;
        v[1][l] = d07;
        v[2][l] = s25;
        v[3][l] = d25;
        v[4][l] = s16;
        v[5][l] = d16;
        v[6][l] = s34;
        v[7][l] = d34;
    }
}

/* Swaps rows and columns of every block of the batch. */
static void transpose(PsnrHvsBatch blk)
{
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = i + 1; j < 8; j++) {
            int32_t t[LANES];
            memcpy(t, blk[8 * i + j], sizeof(t));
            memcpy(blk[8 * i + j], blk[8 * j + i], sizeof(t));
            memcpy(blk[8 * j + i], t, sizeof(t));
        }
    }
}

/* Columns first, then rows, as the reference transforms. */
static void fdct8x8_c(PsnrHvsBatch blk)
{
    int32_t(*v)[PASS_LANES] = (int32_t(*)[PASS_LANES])blk;
    fdct8_pass(v);
    transpose(blk);
    fdct8_pass(v);
    transpose(blk);
}

static void masked_energy_c(float energy[LANES], const PsnrHvsBatch coef,
                            const float mask[PSNR_HVS_BLOCK])
{
    float sum[LANES] = {0};
    for (unsigned k = 1; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < LANES; b++)
            sum[b] += (float)(coef[k][b] * coef[k][b]) * mask[k];
    }
    memcpy(energy, sum, sizeof(sum));
}

static float add_errors_c(float acc, const PsnrHvsBatch ref, const PsnrHvsBatch dis,
                          const float masking[LANES], unsigned n, const float csf[PSNR_HVS_BLOCK],
                          const float mask[PSNR_HVS_BLOCK])
{
    /* The terms are independent; only their sum needs order. */
    float term[PSNR_HVS_BLOCK][LANES];
    for (unsigned b = 0; b < LANES; b++) {
        const float err = abs(ref[0][b] - dis[0][b]);
        term[0][b] = (err * csf[0]) * (err * csf[0]);
    }
    for (unsigned k = 1; k < PSNR_HVS_BLOCK; k++) {
        for (unsigned b = 0; b < LANES; b++) {
            const float err = abs(ref[k][b] - dis[k][b]);
            const float threshold = masking[b] / mask[k];
            /* err - threshold, or 0 where err < threshold: a product by a
             * quiet comparison rather than a branch, which the compiler can
             * vectorize; the sign of a zero vanishes in the square. */
            const float excess = (err - threshold) * (float)isgreaterequal(err, threshold);
            term[k][b] = (excess * csf[k]) * (excess * csf[k]);
        }
    }
    for (unsigned b = 0; b < n; b++) {
        for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
            acc += term[k][b];
    }
    return acc;
}

void psnr_hvs_dsp_init(PsnrHvsDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->load_8 = load_8_c;
    dsp->load_16 = load_16_c;
    dsp->variance_ratio = variance_ratio_c;
    dsp->fdct8x8 = fdct8x8_c;
    dsp->masked_energy = masked_energy_c;
    dsp->add_errors = add_errors_c;
}
