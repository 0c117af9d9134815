/* The host's part of the ssimulacra2 twin's init, which its emulation test
 * (tests/unit/test_ssimulacra2_cuda_emu.c) runs too: the frame's constants
 * and conversion, its layout, and the host copy of the constant buffer. */
#ifndef VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_SETUP_H
#define VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_SETUP_H

#include <stdint.h>
#include <string.h>

#include "feature/ssimulacra2/ssimulacra2_frame.h"
#include "feature/ssimulacra2/ssimulacra2_rgb.h"
#include "ssimulacra2_cuda.h"

/* Sets f (f->gbr set) for w x h pictures of bpc bits, converted by set
 * unless RGB: the metric's constants, the conversion's arithmetic, the
 * scales. Returns the bytes of the per-frame buffer and *c, where the
 * constants go in theirs. */
static inline size_t ssimu2_cuda_setup(Ssimu2CudaFrame *f, const Ssimu2RgbSetup *set, unsigned bpc,
                                       unsigned w, unsigned h, Ssimu2CudaConstants *c)
{
    f->gauss = ssimu2_gauss;
    memcpy(f->opsin, ssimu2_opsin, sizeof(f->opsin));
    f->bpc = bpc;
    if (!f->gbr) {
        f->rgb_bits = set->bits;
        f->log2_w = set->log2_w;
        f->log2_h = set->log2_h;
        f->h_taps = set->horizontal.width;
        f->v_taps = set->vertical.width;
        f->luma_scale = set->luma_scale;
        f->luma_offset = set->luma_offset;
        f->chroma_scale = set->chroma_scale;
        f->chroma_offset = set->chroma_offset;
        memcpy(f->matrix, set->matrix, sizeof(f->matrix));
    }
    *c = ssimu2_cuda_constants(w, h, set->horizontal.width, set->vertical.width);
    return ssimu2_cuda_layout(f, w, h, NULL);
}

/* Lays the per-frame planes out in frame and points f at the constants at
 * device, whose contents it writes into host (c->size bytes): the linear
 * table (made by dsp) and the filters. */
static inline void ssimu2_cuda_place(Ssimu2CudaFrame *f, const Ssimu2RgbSetup *set,
                                     const Ssimulacra2Dsp *dsp, uint8_t *frame, uint8_t *host,
                                     uint8_t *device, const Ssimu2CudaConstants *c)
{
    ssimu2_cuda_layout(f, set->w, set->h, frame);
    ssimu2_linear_table((float *)(host + c->table), f->gbr ? f->bpc : set->bits, dsp);
    if (!f->gbr && set->log2_w) {
        memcpy(host + c->h_left, set->horizontal.left, sizeof(unsigned) * set->w);
        memcpy(host + c->h_coeff, set->horizontal.coeff, sizeof(float) * set->w * f->h_taps);
    }
    if (!f->gbr && set->log2_h) {
        memcpy(host + c->v_left, set->vertical.left, sizeof(unsigned) * set->h);
        memcpy(host + c->v_coeff, set->vertical.coeff, sizeof(float) * set->h * f->v_taps);
    }
    f->table = (const float *)(device + c->table);
    f->h_left = (const unsigned *)(device + c->h_left);
    f->h_coeff = (const float *)(device + c->h_coeff);
    f->v_left = (const unsigned *)(device + c->v_left);
    f->v_coeff = (const float *)(device + c->v_coeff);
}

#endif
