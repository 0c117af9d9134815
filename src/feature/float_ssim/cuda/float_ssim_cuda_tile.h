/* The per-sample steps of the float_ssim twin's kernels before the SSIM
 * pass, as C and as CUDA (core/hd.h): tests/unit/test_float_ssim_cuda_emu.c
 * runs them on the CPU. The arithmetic is the CPU stages' own
 * (../../ssim_pass/float_ssim_math.h). */
#ifndef VMAF_FEATURE_FLOAT_SSIM_CUDA_FLOAT_SSIM_CUDA_TILE_H
#define VMAF_FEATURE_FLOAT_SSIM_CUDA_FLOAT_SSIM_CUDA_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/ssim_pass/float_ssim_math.h"
#include "float_ssim_cuda.h"

/* Sample i (raster order) of picture pic to float. */
static inline VMAF_HD void float_ssim_cuda_load(const FloatSsimCudaFrame *f, unsigned pic, size_t i)
{
    const unsigned x = (unsigned)(i % f->w), y = (unsigned)(i / f->w);
    const uint8_t *row = (const uint8_t *)f->src[pic] + (size_t)y * f->src_pitch;
    f->full[pic][i] = f->hbd ? float_ssim_from_16(((const uint16_t *)row)[x], f->divisor)
                             : float_ssim_from_8(row[x]);
}

/* Output i (raster order) of picture pic's decimation. */
static inline VMAF_HD void float_ssim_cuda_decimate(const FloatSsimCudaFrame *f, unsigned pic,
                                                    size_t i)
{
    const unsigned x = (unsigned)(i % f->scaled_w), y = (unsigned)(i / f->scaled_w);
    f->scaled[pic][i] = float_ssim_box_at(f->full[pic], f->w, f->w, f->h, x, y, f->factor);
}

#endif
