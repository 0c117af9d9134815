/* C reference of the float VIF stages (float_vif_dsp.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "float_vif_dsp.h"

/* Coefficients of log2(1 + m) for the mantissa m in [0, 1), highest degree
 * first, evaluated by Horner's rule in float. */
static const float log2_poly[9] = {
    -0.012671635276421, 0.064841182402670,  -0.157048836463065,
    0.257167726303123,  -0.353800560300520, 0.480131410397451,
    -0.721314327952201, 1.442694803896991,  0,
};

float float_vif_log2(float x)
{
    if (x == 0)
        return -INFINITY;
    if (x < 0)
        return NAN;
    uint32_t bits;
    memcpy(&bits, &x, sizeof(bits));
    const int32_t exponent = (int32_t)((bits & 0x7F800000u) >> 23) - 127;
    const uint32_t mantissa_bits = (bits & 0x007FFFFFu) | 0x3F800000u; /* in [1, 2) */
    float mantissa;
    memcpy(&mantissa, &mantissa_bits, sizeof(mantissa));

    const float m = mantissa - 1.0f;
    float poly = 0;
    for (unsigned i = 0; i < sizeof(log2_poly) / sizeof(log2_poly[0]); i++)
        poly = poly * m + log2_poly[i];
    return (float)exponent + poly;
}

static void decimate_c(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const float *in = src->data + 2 * i * src->stride;
        float *out = dst->data + i * dst->stride;
        for (unsigned j = 0; j < dst->w; j++)
            out[j] = in[2 * j];
    }
}

/* libvmaf's MAX/MIN: a NaN or a -0 in x yields y. */
static inline float max_of(float x, float y)
{
    return x > y ? x : y;
}

static inline float min_of(float x, float y)
{
    return x < y ? x : y;
}

/* One pixel's num and den terms. sigma_nsq stays double: the reference
 * divides by it (and adds it) in double. */
static inline void pixel_terms(float mu1, float mu2, float xx, float yy, float xy, float gain_limit,
                               double sigma_nsq, float sigma_max_inv, float *num, float *den)
{
    const float eps = 1.0e-10f;
    float sigma1_sq = max_of(xx - mu1 * mu1, 0.0f);
    const float sigma2_sq = max_of(yy - mu2 * mu2, 0.0f);
    const float sigma12 = xy - mu1 * mu2;

    float g = sigma12 / (sigma1_sq + eps);
    float sv_sq = sigma2_sq - g * sigma12;
    if (sigma1_sq < eps) {
        g = 0.0f;
        sv_sq = sigma2_sq;
        sigma1_sq = 0.0f;
    }
    if (sigma2_sq < eps) {
        g = 0.0f;
        sv_sq = 0.0f;
    }
    if (g < 0.0f) {
        sv_sq = sigma2_sq;
        g = 0.0f;
    }
    sv_sq = max_of(sv_sq, eps);
    g = min_of(g, gain_limit);

    /* Below the noise floor both terms are replaced, so their logs are
     * skipped (they have no side effect). */
    if (sigma1_sq < sigma_nsq) {
        *num = 1.0f - sigma2_sq * sigma_max_inv;
        *den = 1.0f;
        return;
    }
    *num = sigma12 < 0.0f
               ? 0.0f
               : float_vif_log2((float)(1.0f + (g * g * sigma1_sq) / (sv_sq + sigma_nsq)));
    *den = float_vif_log2((float)(1.0f + sigma1_sq / sigma_nsq));
}

static void statistic_c(const FloatVifMoments *m, const FloatVifStatParams *p, float *num,
                        float *den)
{
    const float gain_limit = (float)p->gain_limit;
    const float sigma_max_inv = (float)(powf((float)p->sigma_nsq, 2.0f) / (255.0 * 255.0));
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
            pixel_terms(mu1[j], mu2[j], xx[j], yy[j], xy[j], gain_limit, p->sigma_nsq,
                        sigma_max_inv, &n, &d);
            row_num += n;
            row_den += d;
        }
        num_sum += row_num;
        den_sum += row_den;
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
