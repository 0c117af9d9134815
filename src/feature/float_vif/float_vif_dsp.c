/* C reference of the float VIF stages (float_vif_dsp.h). */
#include "float_vif_dsp.h"

static void decimate_c(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const float *in = src->data + 2 * i * src->stride;
        float *out = dst->data + i * dst->stride;
        for (unsigned j = 0; j < dst->w; j++)
            out[j] = in[2 * j];
    }
}

static void statistic_c(const FloatVifMoments *m, const FloatVifStatParams *p, float *num,
                        float *den)
{
    const FloatVifPixelParams params = {
        .gain_limit = (float)p->gain_limit,
        .sigma_max_inv = float_vif_sigma_max_inv(p->sigma_nsq),
        .sigma_nsq = p->sigma_nsq,
    };
    float num_sum = 0.0f, den_sum = 0.0f;
    for (unsigned i = 0; i < m->mu1.h; i++) {
        const float *mu1 = m->mu1.data + i * m->mu1.stride;
        const float *mu2 = m->mu2.data + i * m->mu2.stride;
        const float *xx = m->ref_sq.data + i * m->ref_sq.stride;
        const float *yy = m->dis_sq.data + i * m->dis_sq.stride;
        const float *xy = m->ref_dis.data + i * m->ref_dis.stride;
        float row_num = 0.0f, row_den = 0.0f;
        for (unsigned j = 0; j < m->mu1.w; j++) {
            float n, d;
            float_vif_pixel_terms(mu1[j], mu2[j], xx[j], yy[j], xy[j], &params, &n, &d);
            row_num += n;
            row_den += d;
        }
        float_vif_add_row(&num_sum, &den_sum, row_num, row_den);
    }
    *num = num_sum;
    *den = den_sum;
}

void float_vif_dsp_init(FloatVifDsp *dsp, unsigned cpu_flags)
{
    float_common_dsp_init(&dsp->common, cpu_flags);
    dsp->decimate = decimate_c;
    dsp->statistic = statistic_c;
}
