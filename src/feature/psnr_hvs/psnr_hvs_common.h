/* What psnr_hvs and its CUDA twin share: the accepted formats, the provided
 * features, the CSF and masking tables, the block grid, the CPU's sum of a
 * plane's errors and the arithmetic that turns those sums into scores. */
#ifndef VMAF_FEATURE_PSNR_HVS_COMMON_H
#define VMAF_FEATURE_PSNR_HVS_COMMON_H

#include <stdbool.h>

#include "core/feature_extractor.h"
#include "libvmaf/picture.h"
#include "psnr_hvs_dsp.h"

/* NULL-terminated: the three planes' scores, then the combined one. */
extern const char *const psnr_hvs_provided_features[];

/* Contrast sensitivity at the point of transparency, per plane and DCT
 * coefficient (vertical frequency as the row). */
extern const float psnr_hvs_csf[3][PSNR_HVS_BLOCK];

/* What psnr_hvs scores: chroma and at most 12 bits. */
bool psnr_hvs_supports(enum VmafPixelFormat pix_fmt, unsigned bpc);
/* 0 when supported, else -EINVAL, logged. */
int psnr_hvs_check_format(const char *fex_name, enum VmafPixelFormat pix_fmt, unsigned bpc);

/* The masking table of each plane, from its CSF. */
void psnr_hvs_mask_table(float mask[3][PSNR_HVS_BLOCK]);

/* Blocks start every PSNR_HVS_STEP samples while a whole block fits. */
static inline unsigned psnr_hvs_blocks_across(unsigned n)
{
    return n > 7 ? (n - 8) / PSNR_HVS_STEP + 1 : 0;
}

/* The CPU's sum of plane p's error terms: one float, block after block in
 * raster order, each block's 64 terms in order. */
float psnr_hvs_plane_error(const PsnrHvsDsp *dsp, const float mask[PSNR_HVS_BLOCK],
                           const VmafPicture *ref, const VmafPicture *dist, unsigned p,
                           unsigned bpc);

/* A plane's mean squared weighted error relative to the squared peak, from
 * its error sum over `blocks` blocks; 0 / 0 without blocks, as in the
 * reference. */
double psnr_hvs_plane_score(float err, unsigned blocks, unsigned bpc);

/* Appends the planes' scores and the combined one in decibels. */
int psnr_hvs_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const double score[3],
                           unsigned index);

#endif
