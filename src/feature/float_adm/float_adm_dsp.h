/* Per-pixel stages of float ADM (additive detail metric): one level of the
 * db2 wavelet transform, the decoupling of the distorted detail into the
 * part the reference restores and the additive impairment, the contrast
 * sensitivity weighting, and the p-norm sums of the denominator and of the
 * contrast-masked numerator. The float_adm extractor chains them over four
 * levels. Planes are float, strides in elements; all bands of a level share
 * one stride. */
#ifndef VMAF_FEATURE_FLOAT_ADM_DSP_H
#define VMAF_FEATURE_FLOAT_ADM_DSP_H

#include <stdbool.h>
#include <stddef.h>

#include "feature/float_common/float_common_dsp.h"
#include "float_adm_math.h"

/* One level of the transform: approximation a (low-pass both ways) and the
 * detail bands (ADM_BAND_*). */
typedef struct FloatAdmBands {
    float *a;
    float *detail[ADM_DETAIL_BANDS];
} FloatAdmBands;

/* Source rows or columns of output i of a level: 2i - 1 .. 2i + 2, the
 * first reflected (-1 -> 1) and those past the end mirrored with the edge
 * repeated (n -> n - 1, n + 1 -> n - 2). */
typedef struct FloatAdmTaps {
    const int *idx[4];
} FloatAdmTaps;

typedef struct FloatAdmDsp {
    FloatCommonDsp common;
    /* One level of src (w x h) into dst, (w + 1) / 2 x (h + 1) / 2, with
     * rows[] over h and cols[] over w; dst does not overlap src. tmp: two
     * lines of w floats. The approximation-only variant leaves the detail
     * bands alone. */
    void (*dwt2)(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                 ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                 const FloatAdmTaps *cols, float *tmp);
    void (*dwt2_approx)(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                        ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                        const FloatAdmTaps *cols, float *tmp);
    /* Over rect, the distorted detail t as the part the reference's o
     * explains, r = clamp(t / o, 0, 1) * o (raised towards t by up to
     * gain_limit where o and t point within 1 degree of each other), and
     * the rest, a = t - r. */
    void (*decouple)(const FloatAdmBands *r, const FloatAdmBands *a, const FloatAdmBands *ref,
                     const FloatAdmBands *dis, ptrdiff_t stride, const FloatAdmRect *rect,
                     double gain_limit);
    /* Over rect, dst = rfactor * src per detail band and flt = |dst| / 30,
     * the masking contribution of a neighbour. */
    void (*csf)(const FloatAdmBands *dst, const FloatAdmBands *flt, const FloatAdmBands *src,
                ptrdiff_t stride, const FloatAdmRect *rect, const float rfactor[3]);
    /* sums[b] = sum over rect of |rfactor[b] * src|^p per detail band, rows
     * summed first, in float. */
    void (*den_sums)(float sums[3], const FloatAdmBands *src, ptrdiff_t stride,
                     const FloatAdmRect *rect, const float rfactor[3], double p_norm);
    /* sums[b] = sum over rect of max(|rfactor[b] * src| - thr, 0)^p, thr the
     * contrast masking at the pixel: over the three bands, the 3x3
     * neighbourhood of flt with the centre replaced by |csf| / 15 (rows
     * reflected at the top, repeated at the bottom; columns likewise);
     * thr = 0 with bypass_cm. The level is w x h. */
    void (*cm_sums)(float sums[3], const FloatAdmBands *src, const FloatAdmBands *flt,
                    const FloatAdmBands *csf, ptrdiff_t stride, unsigned w, unsigned h,
                    const FloatAdmRect *rect, const float rfactor[3], bool bypass_cm,
                    double p_norm);
} FloatAdmDsp;

void float_adm_dsp_init(FloatAdmDsp *dsp, unsigned cpu_flags);

#endif
