/* What the four output formats share (output_common.c). */
#ifndef VMAF_OUTPUT_OUTPUT_COMMON_H
#define VMAF_OUTPUT_OUTPUT_COMMON_H

#include <stdio.h>

#include "core/context.h"
#include "core/feature_name.h"

/* "min", "max", "mean", "harmonic_mean", by enum VmafPoolingMethod. */
extern const char *const vmaf_output_pool_name[VMAF_POOL_METHOD_NB];

/* Prints v as libvmaf does; a non-finite v as nan_text when it is not NULL. */
void vmaf_output_print_score(FILE *f, double v, const char *nan_text);

/* One past the last frame any feature has a slot for. */
unsigned vmaf_output_frame_limit(const VmafFeatureCollector *fc);

/* Whether fv holds a score for frame i. */
int vmaf_output_is_written(const FeatureVector *fv, unsigned i);

/* The scores frame i has; 0 for frames left out by n_subsample. */
unsigned vmaf_output_frame_score_count(const VmafContext *vmaf, unsigned i);

/* Frames read per second of scoring (not finite before any score). */
double vmaf_output_fps(const VmafContext *vmaf);

/* The feature name's scores pooled by method over the frames read. */
int vmaf_output_pooled(VmafContext *vmaf, const char *name, unsigned method, double *score);

/* The writers: the whole document for vmaf into f. */
void vmaf_output_write_xml(VmafContext *vmaf, FILE *f);
void vmaf_output_write_json(VmafContext *vmaf, FILE *f);
void vmaf_output_write_csv(VmafContext *vmaf, FILE *f);
void vmaf_output_write_sub(VmafContext *vmaf, FILE *f);

#endif
