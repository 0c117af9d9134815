/* The scalar parts of CAMBI: visibility thresholds from a display model,
 * window and mask sizes, and the pooling of c-values into a score. */
#ifndef VMAF_FEATURE_CAMBI_TOOLS_H
#define VMAF_FEATURE_CAMBI_TOOLS_H

#include <stdbool.h>

#include "cambi_dsp.h"

#define CAMBI_SCALES 5

/* Display model: normalised luma in [0, 1] to luminance in cd/m^2. */
typedef double (*CambiEotf)(double v);
double cambi_eotf_bt1886(double v);
double cambi_eotf_pq(double v);
/* "bt1886" or "pq"; NULL for anything else. */
CambiEotf cambi_eotf_by_name(const char *name);

/* Luminance of a limited-range 10-bit sample (clipped to 64..940). */
double cambi_luminance(int sample, CambiEotf eotf);

/* Whether a rise of diff codes above sample is visible: its luminance step
 * exceeds threshold times the luminance at sample. */
bool cambi_step_visible(int sample, int diff, double threshold, CambiEotf eotf);

/* The largest 10-bit sample at which a rise of diff codes is still visible
 * while one more code up is not (bisected over the limited range); 0 when
 * nothing is visible, 1023 when everything is. */
int cambi_tvi_for_diff(int diff, double threshold, CambiEotf eotf);

/* The smallest sample whose luminance reaches threshold, or 0 when the
 * lowest limited-range sample already does. */
unsigned cambi_vlt_luma(double threshold, CambiEotf eotf);

/* Response weight to a contrast of d + 1 codes, d < 32. */
int cambi_contrast_weight(unsigned d);

/* Fills cp for a window of 2 * half_window + 1, contrasts 1..num_diffs
 * visible up to tvi[0..num_diffs) and the luma floor vlt_luma. */
void cambi_c_params_init(CambiCParams *cp, unsigned half_window, unsigned num_diffs,
                         const uint16_t *tvi, unsigned vlt_luma);

/* Input position of each of the out working samples along an axis of in
 * samples: the nearest to the centre of its footprint, found in float steps
 * as the reference does. */
void cambi_nearest_grid(unsigned *map, unsigned in, unsigned out);

/* The window, given for 4K, scaled to a w x h picture (and halved when the
 * high-resolution speed-up decimates the first scale), rounded up to odd. */
unsigned cambi_adjust_window(unsigned window, unsigned w, unsigned h, bool speedup);

/* How many flat pixels of the 7x7 square a pixel's surroundings must
 * exceed to count as a flat area, for a w x h picture (filter_size 7). */
unsigned cambi_mask_threshold(unsigned w, unsigned h, unsigned filter_size);

/* The mean of the largest max(1, (int)(topk * n)) values of v[0..n), which
 * it may reorder; totals are v's (CambiDsp.c_values). Where the order of
 * summation can change the rounding, it follows the reference's selection
 * algorithm (cambi_select_top()). v is read only where
 * cambi_pool_needs_values() says so, and may be NULL otherwise. */
double cambi_pool_topk(float *v, unsigned n, double topk, const CambiCTotals *totals);

/* Whether cambi_pool_topk() needs the values, or pools from totals alone. */
bool cambi_pool_needs_values(unsigned n, double topk, const CambiCTotals *totals);

/* Reorders v so that v[0..k) >= v[k] >= v[k+1..n) (k < n, or k == n: no
 * change). */
void cambi_select_top(float *v, int n, int k);

/* The weighted sum of per-scale scores (16, 8, 4, 2, 1), over the number of
 * pixels of the window. */
double cambi_combine_scales(const double score[CAMBI_SCALES], unsigned window);

/* 1 / i as a float for i < CAMBI_RECIPROCAL_SIZE ([0] is 0): the float
 * nearest to 1 / i written with 9 significant digits, which is what the
 * reference's table holds (42 entries differ from 1.0f / i). Built once. */
const float *cambi_reciprocal_table(void);

#endif
