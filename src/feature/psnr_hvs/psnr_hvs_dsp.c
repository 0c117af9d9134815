#include <string.h>

#include "psnr_hvs_dsp.h"
#include "psnr_hvs_math.h"

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

static void variance_ratio_c(float ratio[LANES], const PsnrHvsBatch blk)
{
    psnr_hvs_variance_ratio(ratio, &blk[0][0], LANES);
}

static void fdct8x8_c(PsnrHvsBatch blk)
{
    psnr_hvs_fdct8x8(&blk[0][0], LANES);
}

static void masked_energy_c(float energy[LANES], const PsnrHvsBatch coef,
                            const float mask[PSNR_HVS_BLOCK])
{
    psnr_hvs_masked_energy(energy, &coef[0][0], mask, LANES);
}

static float add_errors_c(float acc, const PsnrHvsBatch ref, const PsnrHvsBatch dis,
                          const float masking[LANES], unsigned n, const float csf[PSNR_HVS_BLOCK],
                          const float mask[PSNR_HVS_BLOCK])
{
    /* The terms are independent; only their sum needs order. */
    float term[PSNR_HVS_BLOCK][LANES];
    psnr_hvs_error_terms(&term[0][0], &ref[0][0], &dis[0][0], masking, csf, mask, LANES);
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
