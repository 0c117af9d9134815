/* The steps of the ciede twin's kernels, as C and as CUDA (core/hd.h):
 * ciede_cuda.cu runs them a thread per pixel, then sums the differences with
 * vmaf_serial_sum() from the first that is not 0;
 * tests/unit/test_ciede_cuda_emu.c runs the same steps on the CPU.
 * 1. ciede_tile_pixel(): a pixel's colour difference (ciede_math.h, the
 *    CPU stage's arithmetic), its chroma read where the CPU's upsampled
 *    chroma takes it from (ciede_chroma_column());
 * 2. the first pixel whose difference is not 0 (a minimum over threads);
 * 3. the running sum of the differences from there, in raster order. */
#ifndef VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_TILE_H
#define VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/ciede/ciede_math.h"
#include "ciede_cuda.h"

static inline VMAF_HD unsigned ciede_tile_sample(const void *plane, size_t pitch, unsigned x,
                                                 unsigned y, bool hbd)
{
    const uint8_t *row = (const uint8_t *)plane + (size_t)y * pitch;
    return hbd ? ((const uint16_t *)row)[x] : row[x];
}

/* Step 1 for pixel (x, y); hbd: 16-bit samples (bpc > 8). Returns the
 * pixel's raster index where its difference is not 0, else
 * CIEDE_CUDA_NONE (also outside the picture), for step 2. */
static inline VMAF_HD uint32_t ciede_tile_pixel(const CiedeCudaFrame *f, unsigned x, unsigned y,
                                                bool hbd)
{
    const CiedeGeometry *g = &f->geo;
    if (x >= g->w || y >= g->h)
        return CIEDE_CUDA_NONE;
    unsigned cx = x, cy = y;
    bool padding = false;
    if (g->upsample) {
        unsigned row_add;
        const int col = ciede_chroma_column(x, g->halve_cols, g->cw, g->stride, &row_add);
        padding = col < 0;
        cx = padding ? 0 : (unsigned)col;
        cy = y / 2 + row_add;
    }
    unsigned s[2][3];
    for (unsigned pic = 0; pic < 2; pic++) {
        s[pic][0] = ciede_tile_sample(f->src[pic][0], f->pitch[0], x, y, hbd);
        for (unsigned p = 1; p < 3; p++)
            s[pic][p] = padding ? 0 : ciede_tile_sample(f->src[pic][p], f->pitch[p], cx, cy, hbd);
    }
    const float d =
        ciede_pixel_difference(s[0][0], s[0][1], s[0][2], s[1][0], s[1][1], s[1][2], g->bpc);
    const uint32_t index = y * g->w + x;
    f->diff[index] = d;
    return d != 0.0f ? index : CIEDE_CUDA_NONE;
}

#endif
