/* Per-pixel stages of float VIF: the decimation between scales and the
 * per-scale statistic; the filters and the prescaling are the shared float
 * stages (../float_common/float_common_dsp.h). */
#ifndef VMAF_FEATURE_FLOAT_VIF_DSP_H
#define VMAF_FEATURE_FLOAT_VIF_DSP_H

#include "feature/float_common/float_common_dsp.h"
#include "float_vif_math.h" /* float_vif_log2() */

/* The low-passed means, squares and cross product of a reference/distorted
 * pair at one scale, all of one size. */
typedef struct FloatVifMoments {
    FloatPlane mu1, mu2, ref_sq, dis_sq, ref_dis;
} FloatVifMoments;

typedef struct FloatVifStatParams {
    double gain_limit; /* largest gain g credited, >= 1 */
    double sigma_nsq;  /* neural noise variance */
} FloatVifStatParams;

/* The per-pixel parameters of a statistic's options. */
static inline FloatVifPixelParams float_vif_pixel_params(const FloatVifStatParams *p)
{
    const FloatVifPixelParams params = {
        .gain_limit = (float)p->gain_limit,
        .sigma_max_inv = float_vif_sigma_max_inv(p->sigma_nsq),
        .sigma_nsq = p->sigma_nsq,
    };
    return params;
}

typedef struct FloatVifDsp {
    FloatCommonDsp common;
    /* dst = the samples (2i, 2j) of src; dst is src's size halved (floor). */
    void (*decimate)(const FloatPlane *dst, const FloatPlane *src);
    /* The information the distorted picture keeps and the reference
     * carries, summed per row, each row's sums then added to *num and *den
     * in float: the rows of a plane give the same bits in one call or in
     * bands of rows, one call a band, in order. */
    void (*statistic)(const FloatVifMoments *m, const FloatVifStatParams *p, float *num,
                      float *den);
} FloatVifDsp;

void float_vif_dsp_init(FloatVifDsp *dsp, unsigned cpu_flags);

#endif
