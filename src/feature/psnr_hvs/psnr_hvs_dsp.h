/* Per-block stages of PSNR-HVS, on batches of up to PSNR_HVS_LANES blocks
 * side by side in a block row (7 samples apart). A batch is laid out
 * coefficient-major: blk[k][b] is sample or coefficient k (row-major in the
 * 8x8 block, vertical frequency as the row) of block b, so that one
 * operation serves every block of the batch. Each block still sees the
 * reference's float operations in the reference's order; only the final
 * error sum runs across blocks, in block order. */
#ifndef VMAF_FEATURE_PSNR_HVS_DSP_H
#define VMAF_FEATURE_PSNR_HVS_DSP_H

#include <stddef.h>
#include <stdint.h>

#define PSNR_HVS_BLOCK 64
#define PSNR_HVS_LANES 8
#define PSNR_HVS_STEP 7

typedef int32_t PsnrHvsBatch[PSNR_HVS_BLOCK][PSNR_HVS_LANES];

typedef struct PsnrHvsDsp {
    /* The n blocks whose top-left samples are px, px + 7, ...; the other
     * lanes are zeroed. Stride in bytes. */
    void (*load_8)(PsnrHvsBatch blk, const uint8_t *px, ptrdiff_t stride, unsigned n);
    void (*load_16)(PsnrHvsBatch blk, const uint16_t *px, ptrdiff_t stride, unsigned n);
    /* How much of each block's variance survives inside its four 4x4
     * quadrants: the sum of their (unbiased) variances over the variance of
     * the block, or 0 for a flat block. Masking grows with it. */
    void (*variance_ratio)(float ratio[PSNR_HVS_LANES], const PsnrHvsBatch blk);
    /* Daala's 8x8 forward DCT of each block, in place. */
    void (*fdct8x8)(PsnrHvsBatch blk);
    /* Sum of coef^2 * mask over each block's AC coefficients. */
    void (*masked_energy)(float energy[PSNR_HVS_LANES], const PsnrHvsBatch coef,
                          const float mask[PSNR_HVS_BLOCK]);
    /* acc plus the squared, CSF-weighted errors of the first n pairs of
     * transformed blocks, block after block; an AC error counts only by
     * what exceeds masking / mask. */
    float (*add_errors)(float acc, const PsnrHvsBatch ref, const PsnrHvsBatch dis,
                        const float masking[PSNR_HVS_LANES], unsigned n,
                        const float csf[PSNR_HVS_BLOCK], const float mask[PSNR_HVS_BLOCK]);
} PsnrHvsDsp;

void psnr_hvs_dsp_init(PsnrHvsDsp *dsp, unsigned cpu_flags);

#endif
