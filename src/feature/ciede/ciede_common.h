/* What the CPU extractor ciede and its CUDA twin share: the inputs they take
 * and how they read the chroma (the reference's reads, see ciede.c), and
 * the score of a frame's sum of colour differences. */
#ifndef VMAF_FEATURE_CIEDE_CIEDE_COMMON_H
#define VMAF_FEATURE_CIEDE_CIEDE_COMMON_H

#include <stdbool.h>

#include "core/feature_extractor.h"
#include "libvmaf/picture.h"

extern const char *const ciede_provided_features[];

typedef struct CiedeGeometry {
    unsigned w, h, bpc;
    bool upsample;   /* not 4:4:4 */
    bool halve_cols; /* 4:2:0: output column j reads chroma column j / 2 */
    /* With upsample: the chroma plane as the reference sizes it, and its
     * rows' length in its picture buffer, in samples. */
    unsigned cw, ch, stride;
} CiedeGeometry;

/* Checks an input as ciede does (logging under name) and fills *g; 0 or
 * -EINVAL. */
int ciede_geometry(CiedeGeometry *g, const char *name, enum VmafPixelFormat pix_fmt, unsigned bpc,
                   unsigned w, unsigned h);

/* Appends frame index's score from the sum of its pixels' colour
 * differences, added in raster order in double. */
int ciede_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const CiedeGeometry *g, double sum,
                 unsigned index);

#endif
