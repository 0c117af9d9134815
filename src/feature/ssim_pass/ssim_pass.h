/* What float_ssim and every scale of float_ms_ssim share: a picture plane
 * as floats, and one SSIM evaluation of a float plane pair (the
 * Gaussian-windowed moments streamed through a ring of SSIM_WINDOW rows, and
 * the mean luminance, contrast, structure and SSIM over the (w - 10) x
 * (h - 10) window positions). */
#ifndef VMAF_FEATURE_SSIM_PASS_SSIM_PASS_H
#define VMAF_FEATURE_SSIM_PASS_SSIM_PASS_H

#include <stddef.h>

#include "libvmaf/picture.h"
#include "float_ssim_dsp.h"

/* The moments: the two planes, the three products, windowed. */
#define SSIM_MOMENTS 5

/* Work rows for planes up to max_w wide; one allocation. */
typedef struct SsimPassBuffers {
    float *block;
    float *product[3];                      /* ref^2, dis^2, ref*dis of one input row */
    float *ring[SSIM_MOMENTS][SSIM_WINDOW]; /* horizontally windowed rows */
    float *moment[SSIM_MOMENTS];            /* one fully windowed row */
} SsimPassBuffers;

/* The means, rounded to float as libvmaf returns them. */
typedef struct SsimMeans {
    float ssim, l, c, s;
} SsimMeans;

int ssim_pass_buffers_alloc(SsimPassBuffers *buf, unsigned max_w);
void ssim_pass_buffers_free(SsimPassBuffers *buf);

/* Plane p of pic to float in 8-bit units (float_ssim_dsp.h), w[p] floats
 * per row. */
void ssim_load_plane(const FloatSsimDsp *dsp, float *dst, const VmafPicture *pic, unsigned p);

/* ref and dis are w x h with stride floats per row; w at most the max_w buf was
 * allocated for, both dimensions at least SSIM_WINDOW. ssim_pass_sums() gives
 * the sums over the window positions in raster order, ssim_pass() their
 * means. */
SsimSums ssim_pass_sums(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, const float *ref,
                        const float *dis, ptrdiff_t stride, unsigned w, unsigned h);
SsimMeans ssim_pass(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, const float *ref,
                    const float *dis, ptrdiff_t stride, unsigned w, unsigned h);

/* The means of sums over out_w x out_h pixels, as ssim_pass() returns them. */
SsimMeans ssim_means(const SsimSums *sums, unsigned out_w, unsigned out_h);

#endif
