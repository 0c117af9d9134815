/* What speed_chroma and speed_temporal share with their CUDA twins beyond
 * the pipeline: the features' names and the writing of the scores. */
#ifndef VMAF_FEATURE_SPEED_SPEED_COMMON_H
#define VMAF_FEATURE_SPEED_SPEED_COMMON_H

#include <stdbool.h>

#include "core/feature_extractor.h"
#include "libvmaf/picture.h"

#define SPEED_TEMPORAL_FEATURE "Speed_temporal_feature_speed_temporal_score"

/* NULL-terminated: u, v, uv. */
extern const char *const speed_chroma_features[];
extern const char *const speed_temporal_features[];

/* The size of a chroma plane of w x h pictures: -EINVAL, with a message
 * under name, for pictures without chroma. */
int speed_chroma_size(const char *name, enum VmafPixelFormat pix_fmt, unsigned *w, unsigned *h);

/* Writes frame index's u, v and uv scores of speed_chroma from the two
 * planes' scores and whether each plane had a singular covariance matrix. */
int speed_chroma_append(VmafFexContext *ctx, VmafFeatureCollector *fc, float u, bool u_singular,
                        float v, bool v_singular, double max_val, unsigned index);

#endif
