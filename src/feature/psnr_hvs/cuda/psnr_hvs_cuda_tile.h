/* The step of the psnr_hvs twin's kernel, one thread's block pair, as C and
 * as CUDA (core/hd.h): psnr_hvs_cuda.cu runs it a thread per block of every
 * plane; tests/unit/test_psnr_hvs_cuda_emu.c runs the same calls on the CPU.
 * Then the host's part: the layout of a frame and the sums of its terms.
 *
 * Each block is the CPU's arithmetic (psnr_hvs_math.h) with one lane: every
 * lane of the CPU's batches computes alone, so one lane gives its floats.
 * The CPU adds all of a plane's terms into one float, block after block, a
 * chain of roundings that no regrouping reproduces; the device therefore
 * returns the terms and the host adds them in that order. */
#ifndef VMAF_FEATURE_PSNR_HVS_CUDA_PSNR_HVS_CUDA_TILE_H
#define VMAF_FEATURE_PSNR_HVS_CUDA_PSNR_HVS_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "psnr_hvs_cuda.h"

/* Block i's plane and position (in blocks); false for the padding after a
 * plane's last block. */
static inline VMAF_HD bool psnr_hvs_cuda_locate(const PsnrHvsCudaFrame *f, unsigned i, unsigned *p,
                                                unsigned *bx, unsigned *by)
{
    VMAF_UNROLL
    for (unsigned q = 0; q < 3; q++) {
        const PsnrHvsCudaPlane *pl = &f->plane[q];
        if (i >= pl->first && i - pl->first < pl->across * pl->down) {
            const unsigned j = i - pl->first;
            *p = q;
            *bx = j % pl->across;
            *by = j / pl->across;
            return true;
        }
    }
    return false;
}

/* The block whose top-left sample is (x, y), as load_8/load_16 of
 * psnr_hvs_dsp.c fill one lane; hbd: 16-bit samples. */
static inline VMAF_HD void psnr_hvs_cuda_load(int32_t blk[PSNR_HVS_BLOCK], const void *src,
                                              size_t pitch, unsigned x, unsigned y, bool hbd)
{
    const uint8_t *row = (const uint8_t *)src + (size_t)y * pitch;
    VMAF_UNROLL
    for (unsigned i = 0; i < 8; i++, row += pitch) {
        VMAF_UNROLL
        for (unsigned j = 0; j < 8; j++)
            blk[8 * i + j] = hbd ? ((const uint16_t *)row)[x + j] : row[x + j];
    }
}

/* One picture's block: its variance ratio, coefficients and masked energy.
 * A picture at a time, so that only the other's 64 coefficients stay live
 * meanwhile. */
static inline VMAF_HD void psnr_hvs_cuda_transform(int32_t blk[PSNR_HVS_BLOCK], float *ratio,
                                                   float *energy, const float *mask)
{
    psnr_hvs_variance_ratio(ratio, blk, 1);
    psnr_hvs_fdct8x8(blk, 1);
    psnr_hvs_masked_energy(energy, blk, mask, 1);
}

/* Thread i of the grid: the 64 error terms of block pair i, into
 * f->terms at psnr_hvs_cuda_term_index(i, k); nothing for the padding. */
static inline VMAF_HD void psnr_hvs_cuda_thread_block(const PsnrHvsCudaFrame *f, unsigned i,
                                                      bool hbd)
{
    unsigned p, bx, by;
    if (i >= f->blocks || !psnr_hvs_cuda_locate(f, i, &p, &bx, &by))
        return;
    const PsnrHvsCudaPlane *pl = &f->plane[p];
    const unsigned x = bx * PSNR_HVS_STEP, y = by * PSNR_HVS_STEP;
    int32_t r[PSNR_HVS_BLOCK], d[PSNR_HVS_BLOCK];
    float r_ratio, d_ratio, r_energy, d_energy, masking;
    psnr_hvs_cuda_load(r, pl->src[0], pl->pitch, x, y, hbd);
    psnr_hvs_cuda_transform(r, &r_ratio, &r_energy, f->mask[p]);
    psnr_hvs_cuda_load(d, pl->src[1], pl->pitch, x, y, hbd);
    psnr_hvs_cuda_transform(d, &d_ratio, &d_energy, f->mask[p]);
    psnr_hvs_masking(&masking, &r_energy, &r_ratio, &d_energy, &d_ratio, 1);
    float term[PSNR_HVS_BLOCK];
    psnr_hvs_error_terms(term, r, d, &masking, f->csf[p], f->mask[p], 1);
    VMAF_UNROLL
    for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
        f->terms[psnr_hvs_cuda_term_index(i, k)] = term[k];
}

#ifndef VMAF_GPU_CC

#include "feature/psnr_hvs/psnr_hvs_common.h"

/* The planes' sizes as VmafPicture has them. */
static inline void psnr_hvs_cuda_plane_size(enum VmafPixelFormat pix_fmt, unsigned w, unsigned h,
                                            unsigned pw[3], unsigned ph[3])
{
    const unsigned ss_hor = pix_fmt != VMAF_PIX_FMT_YUV444P;
    const unsigned ss_ver = pix_fmt == VMAF_PIX_FMT_YUV420P;
    for (unsigned p = 0; p < 3; p++) {
        pw[p] = p ? w >> ss_hor : w;
        ph[p] = p ? h >> ss_ver : h;
    }
}

/* Numbers the blocks of three planes of w[p] x h[p] samples (the block grid
 * of psnr_hvs_common.h) and sets every field of *f but the shared planes
 * and terms. Returns the bytes of a frame's terms; never 0, as the grid
 * has a CUDA block at least. */
static inline size_t psnr_hvs_cuda_layout(PsnrHvsCudaFrame *f, const unsigned w[3],
                                          const unsigned h[3], unsigned bpc)
{
    float mask[3][PSNR_HVS_BLOCK];
    psnr_hvs_mask_table(mask);
    unsigned first = 0;
    for (unsigned p = 0; p < 3; p++) {
        PsnrHvsCudaPlane *pl = &f->plane[p];
        pl->across = psnr_hvs_blocks_across(w[p]);
        pl->down = psnr_hvs_blocks_across(h[p]);
        pl->first = first;
        const unsigned n = pl->across * pl->down;
        first += (n + PSNR_HVS_CUDA_GROUP - 1) / PSNR_HVS_CUDA_GROUP * PSNR_HVS_CUDA_GROUP;
        for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++) {
            f->csf[p][k] = psnr_hvs_csf[p][k];
            f->mask[p][k] = mask[p][k];
        }
    }
    f->bpc = bpc;
    f->blocks = first ? first : PSNR_HVS_CUDA_GROUP;
    return (size_t)f->blocks * PSNR_HVS_BLOCK * sizeof(float);
}

/* Blocks of plane p. */
static inline unsigned psnr_hvs_cuda_plane_blocks(const PsnrHvsCudaFrame *f, unsigned p)
{
    return f->plane[p].across * f->plane[p].down;
}

/* The host's part: each plane's error sum from the frame's terms, the float
 * psnr_hvs_plane_error() returns. The three planes' chains are independent,
 * so they advance side by side. */
static inline void psnr_hvs_cuda_errors(float err[3], const float *terms, const PsnrHvsCudaFrame *f)
{
    unsigned n[3], most = 0;
    for (unsigned p = 0; p < 3; p++) {
        err[p] = 0;
        n[p] = psnr_hvs_cuda_plane_blocks(f, p);
        most = n[p] > most ? n[p] : most;
    }
    for (unsigned j = 0; j < most; j++) {
        for (unsigned p = 0; p < 3; p++) {
            if (j >= n[p])
                continue;
            const float *t = terms + psnr_hvs_cuda_term_index(f->plane[p].first + j, 0);
            float e = err[p];
            for (unsigned k = 0; k < PSNR_HVS_BLOCK; k++)
                e += t[k * PSNR_HVS_CUDA_GROUP];
            err[p] = e;
        }
    }
}

/* The planes' scores, as psnr_hvs's extract() has them. */
static inline void psnr_hvs_cuda_scores(double score[3], const float *terms,
                                        const PsnrHvsCudaFrame *f)
{
    float err[3];
    psnr_hvs_cuda_errors(err, terms, f);
    for (unsigned p = 0; p < 3; p++)
        score[p] = psnr_hvs_plane_score(err[p], psnr_hvs_cuda_plane_blocks(f, p), f->bpc);
}

#endif

#endif
