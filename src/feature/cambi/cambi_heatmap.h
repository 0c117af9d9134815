/* CAMBI heatmaps: the c-values of every scale written as raw 16-bit gray
 * video, one file per scale, in the reference's file layout. */
#ifndef VMAF_FEATURE_CAMBI_HEATMAP_H
#define VMAF_FEATURE_CAMBI_HEATMAP_H

#include <stdio.h>

#include "cambi_tools.h"

typedef struct CambiHeatmaps {
    FILE *file[CAMBI_SCALES];
    double to_16bit; /* c-value to sample: 65535 over the largest c-value */
} CambiHeatmaps;

/* Creates dir (and its parents) and, for each scale, the file
 * "cambi_heatmap_scale_S_WxH_16b.gray" in it, named with w x h halved
 * (rounding up) once per scale. max_weight and window give the largest
 * c-value. Returns 0 or a negative errno; closes what it opened on failure. */
int cambi_heatmaps_open(CambiHeatmaps *hm, const char *dir, unsigned w, unsigned h, int max_weight,
                        unsigned window);

/* Writes frame `frame` of one scale: w x h c-values, little-endian. */
int cambi_heatmaps_write(const CambiHeatmaps *hm, unsigned scale, unsigned frame, const float *c,
                         unsigned w, unsigned h);

void cambi_heatmaps_close(CambiHeatmaps *hm);

#endif
