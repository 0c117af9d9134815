/* C reference of the float ADM stages (float_adm_dsp.h). The float/double
 * mix of each expression is the one of libvmaf. */
#include <math.h>

#include "float_adm_dsp.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Daubechies db2 analysis filters: these decimals (double) rounded to
 * float, as libvmaf writes them. */
static const float db2_lo[4] = {0.482962913144690, 0.836516303737469, 0.224143868041857,
                                -0.129409522550921};
static const float db2_hi[4] = {-0.129409522550921, -0.224143868041857, 0.836516303737469,
                                -0.482962913144690};

static inline float fir4(const float f[4], float s0, float s1, float s2, float s3)
{
    float acc = 0;
    acc += f[0] * s0;
    acc += f[1] * s1;
    acc += f[2] * s2;
    acc += f[3] * s3;
    return acc;
}

/* The vertical pass of output row i into lo[] (and hi[] unless NULL), then
 * the horizontal one of each into the bands. */
static inline void dwt2_level(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                              ptrdiff_t src_stride, unsigned w, unsigned h,
                              const FloatAdmTaps *rows, const FloatAdmTaps *cols, float *tmp,
                              bool details)
{
    float *lo = tmp, *hi = tmp + w;
    for (unsigned i = 0; i < (h + 1) / 2; i++) {
        const float *r0 = src + rows->idx[0][i] * src_stride;
        const float *r1 = src + rows->idx[1][i] * src_stride;
        const float *r2 = src + rows->idx[2][i] * src_stride;
        const float *r3 = src + rows->idx[3][i] * src_stride;
        for (unsigned j = 0; j < w; j++) {
            lo[j] = fir4(db2_lo, r0[j], r1[j], r2[j], r3[j]);
            if (details)
                hi[j] = fir4(db2_hi, r0[j], r1[j], r2[j], r3[j]);
        }
        const ptrdiff_t o = (ptrdiff_t)i * dst_stride;
        for (unsigned j = 0; j < (w + 1) / 2; j++) {
            const int c0 = cols->idx[0][j], c1 = cols->idx[1][j], c2 = cols->idx[2][j],
                      c3 = cols->idx[3][j];
            dst->a[o + j] = fir4(db2_lo, lo[c0], lo[c1], lo[c2], lo[c3]);
            if (!details)
                continue;
            dst->detail[ADM_BAND_V][o + j] = fir4(db2_hi, lo[c0], lo[c1], lo[c2], lo[c3]);
            dst->detail[ADM_BAND_H][o + j] = fir4(db2_lo, hi[c0], hi[c1], hi[c2], hi[c3]);
            dst->detail[ADM_BAND_D][o + j] = fir4(db2_hi, hi[c0], hi[c1], hi[c2], hi[c3]);
        }
    }
}

static void dwt2_c(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                   ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                   const FloatAdmTaps *cols, float *tmp)
{
    dwt2_level(dst, dst_stride, src, src_stride, w, h, rows, cols, tmp, true);
}

static void dwt2_approx_c(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                          ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                          const FloatAdmTaps *cols, float *tmp)
{
    dwt2_level(dst, dst_stride, src, src_stride, w, h, rows, cols, tmp, false);
}

/* n / d as libvmaf computes it: with SSE, n times the hardware reciprocal
 * estimate refined by one Newton step (so the result depends on the CPU's
 * estimate, as libvmaf's does); else a division. */
static inline float divide(float n, float d)
{
#if defined(__SSE2__)
    const float e = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d)));
    return n * (e + e * (1.0f - d * e));
#else
    return n / d;
#endif
}

static inline float clamp01(float k)
{
    return k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
}

/* r moved towards t by the gain limit where the angles agree. libvmaf's
 * min/max see a double and a float; its two tests run one after the
 * other. */
static inline float enhance(float r, float t, bool same_angle, double gain_limit)
{
    if (same_angle && r > 0.0) {
        const double g = r * gain_limit;
        r = (float)(g < t ? g : t);
    }
    if (same_angle && r < 0.0) {
        const double g = r * gain_limit;
        r = (float)(g > t ? g : t);
    }
    return r;
}

static void decouple_c(const FloatAdmBands *r, const FloatAdmBands *a, const FloatAdmBands *ref,
                       const FloatAdmBands *dis, ptrdiff_t stride, const FloatAdmRect *rect,
                       double gain_limit)
{
    const float cos_1deg_sq = (float)(cos(1.0 * M_PI / 180.0) * cos(1.0 * M_PI / 180.0));
    const float eps = 1e-30f;
    for (int i = rect->top; i < rect->bottom; i++) {
        for (int j = rect->left; j < rect->right; j++) {
            const ptrdiff_t p = i * stride + j;
            float o[ADM_DETAIL_BANDS], t[ADM_DETAIL_BANDS], rst[ADM_DETAIL_BANDS];
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                o[b] = ref->detail[b][p];
                t[b] = dis->detail[b][p];
            }
            for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                rst[b] = clamp01(divide(t[b], o[b] + eps)) * o[b];

            /* The angle between (oh, ov) and (th, tv) is below 1 degree iff
             * their dot product is >= 0 and its square >= cos^2(1 deg)
             * times both squared norms. */
            const float oh = o[ADM_BAND_H], ov = o[ADM_BAND_V];
            const float th = t[ADM_BAND_H], tv = t[ADM_BAND_V];
            const float dot = oh * th + ov * tv;
            const float o_mag_sq = oh * oh + ov * ov, t_mag_sq = th * th + tv * tv;
            const bool same_angle = dot >= 0.0f && dot * dot >= cos_1deg_sq * o_mag_sq * t_mag_sq;

            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                const float kept = enhance(rst[b], t[b], same_angle, gain_limit);
                r->detail[b][p] = kept;
                a->detail[b][p] = t[b] - kept;
            }
        }
    }
}

/* libvmaf's 1/30 and 1/15, double constants that multiply a float. */
static const double one_by_30 = 0.0333333351;
static const double one_by_15 = 0.0666666701;

static void csf_c(const FloatAdmBands *dst, const FloatAdmBands *flt, const FloatAdmBands *src,
                  ptrdiff_t stride, const FloatAdmRect *rect, const float rfactor[3])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        for (int i = rect->top; i < rect->bottom; i++) {
            for (int j = rect->left; j < rect->right; j++) {
                const ptrdiff_t p = i * stride + j;
                const float v = rfactor[b] * src->detail[b][p];
                dst->detail[b][p] = v;
                flt->detail[b][p] = (float)(one_by_30 * fabsf(v));
            }
        }
    }
}

/* x^p, as a product for the default p = 3. */
static inline float p_power(float x, bool cube, float p)
{
    return cube ? x * x * x : powf(x, p);
}

static void den_sums_c(float sums[3], const FloatAdmBands *src, ptrdiff_t stride,
                       const FloatAdmRect *rect, const float rfactor[3], double p_norm)
{
    const bool cube = p_norm == 3.0;
    const float p = (float)p_norm;
    float total[ADM_DETAIL_BANDS] = {0};
    for (int i = rect->top; i < rect->bottom; i++) {
        float row[ADM_DETAIL_BANDS] = {0};
        for (int j = rect->left; j < rect->right; j++) {
            for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                row[b] += p_power(fabsf(rfactor[b] * src->detail[b][i * stride + j]), cube, p);
        }
        for (int b = 0; b < ADM_DETAIL_BANDS; b++)
            total[b] += row[b];
    }
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sums[b] = total[b];
}

/* The masking threshold at (i, j): per band, the 3x3 neighbourhood of flt
 * row by row, left to right, with |csf| / 15 at the centre, summed in
 * float (the centre term added in double); then the three band sums. */
static inline float masking(const FloatAdmBands *flt, const FloatAdmBands *csf, ptrdiff_t stride,
                            unsigned w, unsigned h, int i, int j)
{
    const ptrdiff_t up = (i == 0 ? 1 : i - 1) * stride, mid = i * stride;
    const ptrdiff_t down = ((unsigned)i == h - 1 ? i : i + 1) * stride;
    const int left = j == 0 ? 1 : j - 1, right = (unsigned)j == w - 1 ? j : j + 1;
    float thr = 0;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const float *f = flt->detail[b];
        float sum = 0;
        sum += f[up + left];
        sum += f[up + j];
        sum += f[up + right];
        sum += f[mid + left];
        sum = (float)(sum + one_by_15 * fabsf(csf->detail[b][mid + j]));
        sum += f[mid + right];
        sum += f[down + left];
        sum += f[down + j];
        sum += f[down + right];
        thr += sum;
    }
    return thr;
}

static void cm_sums_c(float sums[3], const FloatAdmBands *src, const FloatAdmBands *flt,
                      const FloatAdmBands *csf, ptrdiff_t stride, unsigned w, unsigned h,
                      const FloatAdmRect *rect, const float rfactor[3], bool bypass_cm,
                      double p_norm)
{
    const bool cube = p_norm == 3.0;
    const float p = (float)p_norm;
    float total[ADM_DETAIL_BANDS] = {0};
    for (int i = rect->top; i < rect->bottom; i++) {
        float row[ADM_DETAIL_BANDS] = {0};
        for (int j = rect->left; j < rect->right; j++) {
            const float thr = bypass_cm ? 0.0f : masking(flt, csf, stride, w, h, i, j);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                float x = fabsf(src->detail[b][i * stride + j] * rfactor[b]) - thr;
                x = x < 0.0f ? 0.0f : x;
                row[b] += p_power(x, cube, p);
            }
        }
        for (int b = 0; b < ADM_DETAIL_BANDS; b++)
            total[b] += row[b];
    }
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sums[b] = total[b];
}

void float_adm_dsp_init(FloatAdmDsp *dsp, unsigned cpu_flags)
{
    float_common_dsp_init(&dsp->common, cpu_flags);
    dsp->dwt2 = dwt2_c;
    dsp->dwt2_approx = dwt2_approx_c;
    dsp->decouple = decouple_c;
    dsp->csf = csf_c;
    dsp->den_sums = den_sums_c;
    dsp->cm_sums = cm_sums_c;
}
