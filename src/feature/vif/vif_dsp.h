/* Per-pixel stages of integer VIF: the filter-and-decimate step between
 * scales and the per-scale statistic. Their fixed-point helpers, shared with
 * the CUDA twin, are in vif_math.h. */
#ifndef VMAF_FEATURE_VIF_DSP_H
#define VMAF_FEATURE_VIF_DSP_H

#include <stddef.h>
#include <stdint.h>

#include "vif_math.h"

/* Slack, in elements, on both sides of every line buffer: enough for the
 * widest filter's half width, and a multiple of 64 bytes for aligned loads. */
#define VIF_LINE_PAD 16

/* VIF_FILTER_COEFFICIENTS; filter s has vif_filter_taps[s] taps. */
extern const uint16_t vif_filter[VIF_SCALES][VIF_MAX_TAPS];
extern const unsigned vif_filter_taps[VIF_SCALES];

/* log2 of the 16-bit mantissa, times 2048; filled for 32768..65535, the only
 * indices vif_log2_32/64 produce. Built once, shared by every instance. */
const uint16_t *vif_log2_table(void);

/* A reference/distorted pair at one scale. Samples are uint8_t for the 8-bit
 * stages, else uint16_t; strides in bytes. */
typedef struct VifPlanes {
    const void *ref, *dis;
    ptrdiff_t ref_stride, dis_stride;
    unsigned w, h;
} VifPlanes;

/* Line buffers of at least w + 2 * VIF_LINE_PAD elements, each pointer
 * VIF_LINE_PAD elements into its buffer. The decimation uses mu1 and mu2. */
typedef struct VifLines {
    uint32_t *mu1, *mu2, *ref_sq, *dis_sq, *ref_dis;
} VifLines;

typedef struct VifStatParams {
    unsigned scale;    /* picks the filter */
    unsigned mu_shift; /* rounding right shift of the vertical mean */
    unsigned sq_shift; /* of the vertical squares and cross product; may be 0 */
    const uint16_t *log2_table;
    double gain_limit; /* upper bound of the gain g, >= 1 */
} VifStatParams;

/* Decimated output: samples (2i, 2j) of the filtered input, w/2 x h/2. */
typedef struct VifDecimated {
    uint16_t *ref, *dis;
    ptrdiff_t stride; /* bytes */
} VifDecimated;

typedef struct VifDsp {
    /* Adds every pixel of the pair at scale p->scale to sums. Each dimension
     * must exceed the filter's half width. */
    void (*statistic_8)(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                        VifSums *sums);
    void (*statistic_16)(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                         VifSums *sums);
    /* Filters the pair with filter `scale` (vertical rounding shift
     * v_shift, horizontal 16) and keeps the even samples. */
    void (*decimate_8)(const VifPlanes *src, unsigned scale, unsigned v_shift,
                       const VifLines *lines, const VifDecimated *dst);
    void (*decimate_16)(const VifPlanes *src, unsigned scale, unsigned v_shift,
                        const VifLines *lines, const VifDecimated *dst);
} VifDsp;

void vif_dsp_init(VifDsp *dsp, unsigned cpu_flags);

#endif
