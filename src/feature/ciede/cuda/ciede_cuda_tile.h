/* The steps of the ciede twin's kernels, as C and as CUDA (core/hd.h):
 * ciede_cuda.cu runs them a thread per pixel, then sums the differences
 * with vmaf_serial_sums_enqueue(); tests/unit/test_ciede_cuda_emu.c runs
 * the same steps on the CPU.
 * 1. ciede_tile_pixel(): a pixel's colour difference (ciede_math.h, the
 *    CPU stage's arithmetic), its chroma read where the CPU's upsampled
 *    chroma takes it from (ciede_chroma_column());
 * 2. the running sum of the differences in raster order. */
#ifndef VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_TILE_H
#define VMAF_FEATURE_CIEDE_CUDA_CIEDE_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/ciede/ciede_math.h"
#include "ciede_cuda.h"

/* Step 1 for pixel (x, y) inside the picture; hbd: 16-bit samples
 * (bpc > 8). */
static inline VMAF_HD void ciede_tile_pixel(const CiedeCudaFrame *f, unsigned x, unsigned y,
                                            bool hbd)
{
    const CiedeGeometry *g = &f->geo;
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
        s[pic][0] = vmaf_hd_sample(f->src[pic][0], f->pitch[0], x, y, hbd);
        for (unsigned p = 1; p < 3; p++)
            s[pic][p] = padding ? 0 : vmaf_hd_sample(f->src[pic][p], f->pitch[p], cx, cy, hbd);
    }
    const float d =
        ciede_pixel_difference(s[0][0], s[0][1], s[0][2], s[1][0], s[1][1], s[1][2], g->bpc);
    f->diff[(size_t)y * g->w + x] = d;
}

#endif
