/* The stages of SSIMULACRA 2 (ssimulacra2_dsp.h), written once and compiled
 * for each instruction set: ssimulacra2_dsp.c for the C reference (fmaf()
 * from libm), x86/ssimulacra2_avx2.c and x86/ssimulacra2_avx512.c with FMA
 * instructions and the compiler's vectors. Every loop over samples carries
 * no float state from one sample to the next but the row blur's recurrence
 * and the maps' double sums, which stay in order, so every build gives the
 * same bits. SSIMU2_STAGE_FUNCTIONS(suffix) defines the table's entries and
 * ssimu2_stages_fill_SUFFIX(). */
#ifndef VMAF_FEATURE_SSIMULACRA2_STAGES_H
#define VMAF_FEATURE_SSIMULACRA2_STAGES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ssimulacra2_dsp.h"
#include "ssimulacra2_math.h"

static inline float *row_of(const FloatPlane *p, unsigned y)
{
    return p->data + (ptrdiff_t)y * p->stride;
}

/* libjxl's rational approximation of the sRGB decoding for v >= 0: Horner
 * steps fused, one division. */
static inline float linear_from_srgb(float v)
{
    static const float p[5] = {2.200248328e-04f, 1.043637593e-02f, 1.624820318e-01f,
                               7.961564959e-01f, 8.210152774e-01f};
    static const float q[5] = {2.631846970e-01f, 1.076976492e+00f, 4.987528350e-01f,
                               -5.512498495e-02f, 6.521209011e-03f};
    float yp = p[4], yq = q[4];
    for (int k = 3; k >= 0; k--) {
        yp = fmaf(yp, v, p[k]);
        yq = fmaf(yq, v, q[k]);
    }
    /* Both sides made, one kept, as libjxl does: a select vectorises. */
    const float curve = yp / yq, line = v * (1.0f / 12.92f);
    return v > 0.04045f ? curve : line;
}

static inline void ssimu2_linear_from_samples(const FloatPlane dst[3], const Ssimu2Samples *src)
{
    const float scale = 1.0f / (float)((1u << src->bits) - 1);
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned y = 0; y < src->h; y++) {
            const uint8_t *in = (const uint8_t *)src->data[c] + (ptrdiff_t)y * src->stride[c];
            float *out = row_of(&dst[c], y);
            for (unsigned x = 0; x < src->w; x++) {
                const unsigned v = src->bits == 8 ? in[x] : ((const uint16_t *)in)[x];
                out[x] = linear_from_srgb((float)v * scale);
            }
        }
    }
}

/* cbrt(v) + add for v >= 0: a first guess of v^(-1/3) from the exponent's
 * bits, four Newton steps, then v times its square (libjxl's
 * CubeRootAndAdd). */
static inline float cube_root_add(float v, float add)
{
    const float third = 1.0f / 3, four_thirds = 4.0f / 3;
    const float v_3 = third * v;
    union {
        float f;
        int32_t i;
    } bits = {.f = v};
    bits.i = bits.i ? 0x54800000 - (bits.i >> 23) * 0x002AAAAA : 0;
    float r = bits.f;
    for (int i = 0; i < 3; i++) {
        const float r2 = r * r;
        r = fmaf(-v_3, r2 * r2, four_thirds * r);
    }
    float r2 = r * r;
    r = fmaf(third, fmaf(-v, r2 * r2, r), r);
    r2 = r * r;
    return fmaf(r2, v, add);
}

static inline float opsin(const float m[3], float r, float g, float b)
{
    const float mixed = fmaf(m[0], r, fmaf(m[1], g, fmaf(m[2], b, SSIMU2_OPSIN_BIAS)));
    return cube_root_add(mixed < 0.0f ? 0.0f : mixed, SSIMU2_NEG_BIAS_CBRT);
}

static inline void ssimu2_xyb_from_linear(const FloatPlane xyb[3], const FloatPlane rgb[3])
{
    for (unsigned y = 0; y < rgb[0].h; y++) {
        const float *r = row_of(&rgb[0], y), *g = row_of(&rgb[1], y), *b = row_of(&rgb[2], y);
        float *ox = row_of(&xyb[0], y), *oy = row_of(&xyb[1], y), *ob = row_of(&xyb[2], y);
        for (unsigned x = 0; x < rgb[0].w; x++) {
            const float l = opsin(ssimu2_opsin[0], r[x], g[x], b[x]);
            const float m = opsin(ssimu2_opsin[1], r[x], g[x], b[x]);
            const float s = opsin(ssimu2_opsin[2], r[x], g[x], b[x]);
            const float vx = 0.5f * (l - m), vy = 0.5f * (l + m);
            /* Shifted and scaled into about 0..1, B made B - Y. */
            ob[x] = (s - vy) + 0.55f;
            ox[x] = vx * 14.f + 0.42f;
            oy[x] = vy + 0.01f;
        }
    }
}

static inline void ssimu2_downsample(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned oy = 0; oy < dst->h; oy++) {
        const float *in[2] = {row_of(src, 2 * oy),
                              row_of(src, 2 * oy + 1 < src->h ? 2 * oy + 1 : src->h - 1)};
        float *out = row_of(dst, oy);
        for (unsigned ox = 0; ox < dst->w; ox++) {
            const unsigned x1 = 2 * ox + 1 < src->w ? 2 * ox + 1 : src->w - 1;
            float sum = 0.0f;
            sum += in[0][2 * ox];
            sum += in[0][x1];
            sum += in[1][2 * ox];
            sum += in[1][x1];
            out[ox] = sum * 0.25f;
        }
    }
}

static inline void ssimu2_multiply(const FloatPlane *dst, const FloatPlane *a, const FloatPlane *b)
{
    for (unsigned y = 0; y < dst->h; y++) {
        const float *pa = row_of(a, y), *pb = row_of(b, y);
        float *out = row_of(dst, y);
        for (unsigned x = 0; x < dst->w; x++)
            out[x] = pa[x] * pb[x];
    }
}

/* One output of the row recurrence, from the sum of its two inputs: lane 0
 * of the group's weights. */
static inline float blur_step(const Ssimu2Gauss *g, float sum, float prev[3], float prev2[3])
{
    float o[3];
    for (int k = 0; k < 3; k++) {
        o[k] = sum * g->mul_in[k][0];
        o[k] = fmaf(g->mul_prev2[k][0], prev2[k], o[k]);
        prev2[k] = prev[k];
        o[k] = fmaf(g->mul_prev[k][0], prev[k], o[k]);
        prev[k] = o[k];
    }
    return o[0] + (o[1] + o[2]);
}

static inline void blur_row(const Ssimu2Gauss *g, const float *in, float *out, int w)
{
    const int n_r = SSIMU2_BLUR_RADIUS, lanes = SSIMU2_BLUR_GROUP;
    /* The first outputs one by one up to the first multiple of the group
     * past the radius, as libjxl does, then groups while every input is
     * inside the row, then one by one again. */
    const int first_group = (n_r + 1 + lanes - 1) / lanes * lanes;
    float prev[3] = {0}, prev2[3] = {0};
    int n = -n_r + 1;
    for (; n < (first_group < w ? first_group : w); n++) {
        const int left = n - n_r - 1, right = n + n_r - 1;
        const float sum = (left >= 0 ? in[left] : 0.0f) + (right < w ? in[right] : 0.0f);
        const float v = blur_step(g, sum, prev, prev2);
        if (n >= 0)
            out[n] = v;
    }
    for (; n < w - n_r + 1 - (lanes - 1); n += lanes) {
        float sum[SSIMU2_BLUR_GROUP], o[3][SSIMU2_BLUR_GROUP];
        for (int l = 0; l < lanes; l++)
            sum[l] = in[n - n_r - 1 + l] + in[n + n_r - 1 + l];
        for (int k = 0; k < 3; k++) {
            for (int l = 0; l < lanes; l++) {
                /* Input i weighs on output l >= i by mul_in[l - i]; the
                 * zero weights of l < i are left out (adding 0 * x
                 * changes nothing). */
                float v = sum[0] * g->mul_in[k][l];
                for (int i = 1; i <= l; i++)
                    v = fmaf(g->mul_in[k][l - i], sum[i], v);
                v = fmaf(g->mul_prev2[k][l], prev2[k], v);
                o[k][l] = fmaf(g->mul_prev[k][l], prev[k], v);
            }
            prev2[k] = o[k][lanes - 2];
            prev[k] = o[k][lanes - 1];
        }
        for (int l = 0; l < lanes; l++)
            out[n + l] = o[0][l] + (o[1][l] + o[2][l]);
    }
    for (; n < w; n++) {
        const int left = n - n_r - 1, right = n + n_r - 1;
        const float sum = (left >= 0 ? in[left] : 0.0f) + (right < w ? in[right] : 0.0f);
        out[n] = blur_step(g, sum, prev, prev2);
    }
}

static inline void ssimu2_blur_rows(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned y = 0; y < src->h; y++)
        blur_row(&ssimu2_gauss, row_of(src, y), row_of(dst, y), (int)src->w);
}

/* The column recurrence over every column at once, a row at a time: for
 * term k, y[n] = n2 * (in[n - N - 1] + in[n + N - 1]) - d1 * y[n - 1]
 * - y[n - 2], fused as libjxl does; ring holds each term's last three rows. */
static inline void ssimu2_blur_columns(const FloatPlane *dst, const FloatPlane *src, float *ring)
{
    const Ssimu2Gauss *g = &ssimu2_gauss;
    const int n_r = SSIMU2_BLUR_RADIUS, h = (int)src->h;
    const unsigned w = src->w;
    memset(ring, 0, sizeof(float) * SSIMU2_BLUR_RING_ROWS * w);
    for (int n = -n_r + 1, slot = 0; n < h; n++, slot = (slot + 1) % 3) {
        const int top = n - n_r - 1, bottom = n + n_r - 1;
        const float *in_top = top >= 0 ? row_of(src, (unsigned)top) : NULL;
        const float *in_bottom = bottom < h ? row_of(src, (unsigned)bottom) : NULL;
        float *y[3][3]; /* term k's rows n, n - 1, n - 2 */
        for (int k = 0; k < 3; k++)
            for (int age = 0; age < 3; age++)
                y[k][age] = ring + (size_t)(3 * k + (slot + 3 - age) % 3) * w;
        float *out = n >= 0 ? row_of(dst, (unsigned)n) : NULL;
        for (unsigned x = 0; x < w; x++) {
            /* Above the plane only the row below counts, added to nothing. */
            const float below = in_bottom ? in_bottom[x] : 0.0f;
            const float sum = in_top ? in_top[x] + below : below;
            float v[3];
            for (int k = 0; k < 3; k++) {
                v[k] = fmaf(g->n2[k], sum, fmaf(-g->d1[k], y[k][1][x], -y[k][2][x]));
                y[k][0][x] = v[k];
            }
            if (out)
                out[x] = v[0] + (v[1] + v[2]);
        }
    }
}

static inline void ssimu2_ssim_map(const FloatPlane *mu1, const FloatPlane *mu2,
                                   const FloatPlane *s11, const FloatPlane *s22,
                                   const FloatPlane *s12, double sums[2])
{
    const float c2 = 0.0009f;
    for (unsigned y = 0; y < mu1->h; y++) {
        const float *m1 = row_of(mu1, y), *m2 = row_of(mu2, y);
        const float *p11 = row_of(s11, y), *p22 = row_of(s22, y), *p12 = row_of(s12, y);
        for (unsigned x = 0; x < mu1->w; x++) {
            const float mu11 = m1[x] * m1[x], mu22 = m2[x] * m2[x], mu12 = m1[x] * m2[x];
            const float diff = m1[x] - m2[x];
            /* SSIM without the luminance term's denominator (libjxl's
             * correction), as an error: 1 - SSIM', at least 0. */
            const float num_m = (float)(1.0 - (double)(diff * diff));
            const float num_s = 2 * (p12[x] - mu12) + c2;
            const float denom_s = (p11[x] - mu11) + (p22[x] - mu22) + c2;
            double d = 1.0 - (double)(num_m * num_s / denom_s);
            d = d < 0.0 ? 0.0 : d;
            sums[0] += d;
            const double d2 = d * d;
            sums[1] += d2 * d2;
        }
    }
}

static inline void ssimu2_edge_map(const FloatPlane *img1, const FloatPlane *mu1,
                                   const FloatPlane *img2, const FloatPlane *mu2, double sums[4])
{
    for (unsigned y = 0; y < img1->h; y++) {
        const float *r1 = row_of(img1, y), *r2 = row_of(img2, y);
        const float *m1 = row_of(mu1, y), *m2 = row_of(mu2, y);
        for (unsigned x = 0; x < img1->w; x++) {
            const double d =
                (1.0 + (double)fabsf(r2[x] - m2[x])) / (1.0 + (double)fabsf(r1[x] - m1[x])) - 1.0;
            const double artifact = d < 0.0 ? 0.0 : d;
            const double lost = -d < 0.0 ? 0.0 : -d;
            const double a2 = artifact * artifact, l2 = lost * lost;
            sums[0] += artifact;
            sums[1] += a2 * a2;
            sums[2] += lost;
            sums[3] += l2 * l2;
        }
    }
}

#define SSIMU2_STAGE_FUNCTIONS(suffix)                                                             \
    static void linear_from_samples_##suffix(const FloatPlane dst[3], const Ssimu2Samples *src)    \
    {                                                                                              \
        ssimu2_linear_from_samples(dst, src);                                                      \
    }                                                                                              \
    static void xyb_from_linear_##suffix(const FloatPlane xyb[3], const FloatPlane rgb[3])         \
    {                                                                                              \
        ssimu2_xyb_from_linear(xyb, rgb);                                                          \
    }                                                                                              \
    static void downsample_##suffix(const FloatPlane *dst, const FloatPlane *src)                  \
    {                                                                                              \
        ssimu2_downsample(dst, src);                                                               \
    }                                                                                              \
    static void multiply_##suffix(const FloatPlane *dst, const FloatPlane *a, const FloatPlane *b) \
    {                                                                                              \
        ssimu2_multiply(dst, a, b);                                                                \
    }                                                                                              \
    static void blur_rows_##suffix(const FloatPlane *dst, const FloatPlane *src)                   \
    {                                                                                              \
        ssimu2_blur_rows(dst, src);                                                                \
    }                                                                                              \
    static void blur_columns_##suffix(const FloatPlane *dst, const FloatPlane *src, float *ring)   \
    {                                                                                              \
        ssimu2_blur_columns(dst, src, ring);                                                       \
    }                                                                                              \
    static void ssim_map_##suffix(const FloatPlane *mu1, const FloatPlane *mu2,                    \
                                  const FloatPlane *s11, const FloatPlane *s22,                    \
                                  const FloatPlane *s12, double sums[2])                           \
    {                                                                                              \
        ssimu2_ssim_map(mu1, mu2, s11, s22, s12, sums);                                            \
    }                                                                                              \
    static void edge_map_##suffix(const FloatPlane *img1, const FloatPlane *mu1,                   \
                                  const FloatPlane *img2, const FloatPlane *mu2, double sums[4])   \
    {                                                                                              \
        ssimu2_edge_map(img1, mu1, img2, mu2, sums);                                               \
    }                                                                                              \
    static void ssimu2_stages_fill_##suffix(Ssimulacra2Dsp *dsp)                                   \
    {                                                                                              \
        dsp->linear_from_samples = linear_from_samples_##suffix;                                   \
        dsp->xyb_from_linear = xyb_from_linear_##suffix;                                           \
        dsp->downsample = downsample_##suffix;                                                     \
        dsp->multiply = multiply_##suffix;                                                         \
        dsp->blur_rows = blur_rows_##suffix;                                                       \
        dsp->blur_columns = blur_columns_##suffix;                                                 \
        dsp->ssim_map = ssim_map_##suffix;                                                         \
        dsp->edge_map = edge_map_##suffix;                                                         \
    }

#endif
