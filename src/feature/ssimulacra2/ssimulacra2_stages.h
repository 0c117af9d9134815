/* The stages of SSIMULACRA 2 (ssimulacra2_dsp.h), written once and compiled
 * for each instruction set: ssimulacra2_dsp.c for the C reference (fmaf()
 * from libm), x86/ssimulacra2_avx2.c and x86/ssimulacra2_avx512.c with FMA
 * instructions and the compiler's vectors. Every loop over samples carries
 * no float state from one sample to the next but the row blur's recurrence
 * (whose lanes are independent rows) and the maps' double sums, which stay
 * in order, so every build gives the same bits. SSIMU2_STAGE_FUNCTIONS(suffix)
 * defines the table's entries and ssimu2_stages_fill_SUFFIX(). */
#ifndef VMAF_FEATURE_SSIMULACRA2_STAGES_H
#define VMAF_FEATURE_SSIMULACRA2_STAGES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ssimulacra2_dsp.h"
#include "ssimulacra2_math.h"
#include "ssimulacra2_pixel.h"

static inline float *row_of(const FloatPlane *p, unsigned y)
{
    return p->data + (ptrdiff_t)y * p->stride;
}

static inline void ssimu2_yuv_to_float(float *dst, const void *src, unsigned n, unsigned bpc,
                                       float scale, float offset)
{
    if (bpc == 8) {
        const uint8_t *s = src;
        for (unsigned x = 0; x < n; x++)
            dst[x] = (float)s[x] * scale + offset;
    } else {
        const uint16_t *s = src;
        for (unsigned x = 0; x < n; x++)
            dst[x] = (float)s[x] * scale + offset;
    }
}

static inline void ssimu2_resize_column(float *dst, const float *const *rows, const float *coeff,
                                        unsigned taps, unsigned n)
{
    /* From zero, as zimg's sum starts: 0 + -0 is +0. */
    for (unsigned x = 0; x < n; x++)
        dst[x] = 0.0f + coeff[0] * rows[0][x];
    for (unsigned k = 1; k < taps; k++) {
        const float c = coeff[k], *row = rows[k];
        for (unsigned x = 0; x < n; x++)
            dst[x] += c * row[x];
    }
}

static inline void ssimu2_rgb_row(void *const rgb[3], const float *const yuv[3],
                                  const float m[3][3], unsigned bits, unsigned n)
{
    const float max = (float)((1u << bits) - 1);
    const float *y = yuv[0], *u = yuv[1], *v = yuv[2];
    for (unsigned c = 0; c < 3; c++) {
        if (bits == 8) {
            uint8_t *out = rgb[c];
            for (unsigned x = 0; x < n; x++)
                out[x] = (uint8_t)(int32_t)ssimu2_rgb_sample(m[c], y[x], u[x], v[x], max);
        } else {
            uint16_t *out = rgb[c];
            for (unsigned x = 0; x < n; x++)
                out[x] = (uint16_t)(int32_t)ssimu2_rgb_sample(m[c], y[x], u[x], v[x], max);
        }
    }
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

static inline void ssimu2_linear_from_srgb(float *dst, const float *src, size_t n_floats)
{
    const int n = (int)n_floats;
    for (int i = 0; i < n; i++)
        dst[i] = linear_from_srgb(src[i]);
}

/* In three passes of one plain loop each (mix, cube root, combination),
 * in the planes written, so that the compiler vectorises each. */
static inline void ssimu2_xyb_row(float *const xyb[3], const float *const rgb[3], unsigned width)
{
    const int w = (int)width;
    float *restrict lx = xyb[0], *restrict my = xyb[1], *restrict sb = xyb[2];
    const float *restrict r = rgb[0], *restrict g = rgb[1], *restrict b = rgb[2];
    for (int c = 0; c < 3; c++) {
        float *restrict out = xyb[c];
        for (int x = 0; x < w; x++)
            out[x] = ssimu2_opsin_mix(ssimu2_opsin[c], r[x], g[x], b[x]);
    }
    for (int c = 0; c < 3; c++) {
        float *restrict v = xyb[c];
        for (int x = 0; x < w; x++)
            v[x] = ssimu2_cube_root_add(v[x], SSIMU2_NEG_BIAS_CBRT);
    }
    for (int x = 0; x < w; x++) {
        float v[3];
        ssimu2_xyb_combine(lx[x], my[x], sb[x], v);
        lx[x] = v[0];
        my[x] = v[1];
        sb[x] = v[2];
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
            out[ox] = ssimu2_mean4(in[0][2 * ox], in[0][x1], in[1][2 * ox], in[1][x1]);
        }
    }
}

static inline void ssimu2_blur_inputs(float *dst, const float *const x1[3],
                                      const float *const x2[3], unsigned w)
{
    for (unsigned x = 0; x < w; x++) {
        float *lanes = dst + (size_t)x * SSIMU2_LANES;
        for (unsigned c = 0; c < 3; c++) {
            const float a = x1[c][x], b = x2[c][x];
            lanes[SSIMU2_MAPS * c + SSIMU2_MAP_SQ1] = a * a;
            lanes[SSIMU2_MAPS * c + SSIMU2_MAP_SQ2] = b * b;
            lanes[SSIMU2_MAPS * c + SSIMU2_MAP_CROSS] = a * b;
            lanes[SSIMU2_MAPS * c + SSIMU2_MAP_MU1] = a;
            lanes[SSIMU2_MAPS * c + SSIMU2_MAP_MU2] = b;
        }
        lanes[SSIMU2_LANES - 1] = 0.0f;
    }
}

/* r = fmaf(a, b, r) lane by lane, a a weight shared by the lanes. */
static inline void fma_lanes(float *restrict r, float a, const float *restrict b)
{
    for (int l = 0; l < SSIMU2_LANES; l++)
        r[l] = fmaf(a, b[l], r[l]);
}

/* One output of the row recurrence a lane, from the sums of its two inputs:
 * lane 0 of the group's weights. */
static inline void blur_step(const float *restrict sum, float prev[3][SSIMU2_LANES],
                             float prev2[3][SSIMU2_LANES], float *restrict out)
{
    const Ssimu2Gauss *g = &ssimu2_gauss;
    float o[3][SSIMU2_LANES];
    for (int k = 0; k < 3; k++) {
        for (int l = 0; l < SSIMU2_LANES; l++)
            o[k][l] = sum[l] * g->mul_in[k][0];
        fma_lanes(o[k], g->mul_prev2[k][0], prev2[k]);
        fma_lanes(o[k], g->mul_prev[k][0], prev[k]);
        memcpy(prev2[k], prev[k], sizeof(prev[k]));
        memcpy(prev[k], o[k], sizeof(o[k]));
    }
    if (out)
        for (int l = 0; l < SSIMU2_LANES; l++)
            out[l] = o[0][l] + (o[1][l] + o[2][l]);
}

/* The sums of the inputs left and right of output n, outside the row zero. */
static inline void blur_pair(const float *src, int w, int n, float *restrict sum)
{
    const int left = n - SSIMU2_BLUR_RADIUS - 1, right = n + SSIMU2_BLUR_RADIUS - 1;
    for (int l = 0; l < SSIMU2_LANES; l++)
        sum[l] = (left >= 0 ? src[left * SSIMU2_LANES + l] : 0.0f) +
                 (right < w ? src[right * SSIMU2_LANES + l] : 0.0f);
}

/* A group of outputs n..n + 3 from their input sums in[i], all inside the
 * row: output p is the expanded recurrence of its inputs and the group
 * before's last two outputs. Input i weighs on output p >= i by
 * mul_in[p - i]; the zero weights of p < i are left out (adding 0 * x
 * changes nothing). */
static inline void blur_group(const float in[SSIMU2_BLUR_GROUP][SSIMU2_LANES],
                              float prev[3][SSIMU2_LANES], float prev2[3][SSIMU2_LANES],
                              float *restrict out)
{
    const Ssimu2Gauss *g = &ssimu2_gauss;
    float o[3][SSIMU2_BLUR_GROUP][SSIMU2_LANES];
    for (int k = 0; k < 3; k++) {
        for (int p = 0; p < SSIMU2_BLUR_GROUP; p++) {
            float *v = o[k][p];
            for (int l = 0; l < SSIMU2_LANES; l++)
                v[l] = in[0][l] * g->mul_in[k][p];
            for (int i = 1; i <= p; i++)
                fma_lanes(v, g->mul_in[k][p - i], in[i]);
            fma_lanes(v, g->mul_prev2[k][p], prev2[k]);
            fma_lanes(v, g->mul_prev[k][p], prev[k]);
        }
        memcpy(prev2[k], o[k][SSIMU2_BLUR_GROUP - 2], sizeof(prev2[k]));
        memcpy(prev[k], o[k][SSIMU2_BLUR_GROUP - 1], sizeof(prev[k]));
    }
    for (int p = 0; p < SSIMU2_BLUR_GROUP; p++)
        for (int l = 0; l < SSIMU2_LANES; l++)
            out[p * SSIMU2_LANES + l] = o[0][p][l] + (o[1][p][l] + o[2][p][l]);
}

static inline void ssimu2_blur_row(float *dst, const float *src, unsigned width)
{
    const int n_r = SSIMU2_BLUR_RADIUS, group = SSIMU2_BLUR_GROUP, w = (int)width;
    /* The first outputs one by one up to the first multiple of the group
     * past the radius, as libjxl does, then groups while every input is
     * inside the row, then one by one again. */
    const int first_group = (n_r + 1 + group - 1) / group * group;
    float prev[3][SSIMU2_LANES] = {{0}}, prev2[3][SSIMU2_LANES] = {{0}};
    float sum[SSIMU2_LANES];
    int n = -n_r + 1;
    for (; n < (first_group < w ? first_group : w); n++) {
        blur_pair(src, w, n, sum);
        blur_step(sum, prev, prev2, n >= 0 ? dst + (size_t)n * SSIMU2_LANES : NULL);
    }
    for (; n < w - n_r + 1 - (group - 1); n += group) {
        float in[SSIMU2_BLUR_GROUP][SSIMU2_LANES];
        for (int i = 0; i < group; i++) {
            const float *left = src + (size_t)(n - n_r - 1 + i) * SSIMU2_LANES;
            const float *right = src + (size_t)(n + n_r - 1 + i) * SSIMU2_LANES;
            for (int l = 0; l < SSIMU2_LANES; l++)
                in[i][l] = left[l] + right[l];
        }
        blur_group((const float(*)[SSIMU2_LANES])in, prev, prev2, dst + (size_t)n * SSIMU2_LANES);
    }
    for (; n < w; n++) {
        blur_pair(src, w, n, sum);
        blur_step(sum, prev, prev2, dst + (size_t)n * SSIMU2_LANES);
    }
}

/* The column step inside the plane, rows above and below both present: one
 * pass, each array read or written once, a plain loop the compiler
 * vectorises. Term k's row n - 2 is read, then overwritten by its row n. */
static inline void column_step_inside(float *restrict out, const float *restrict top,
                                      const float *restrict bottom, float *restrict y0,
                                      float *restrict y1, float *restrict y2,
                                      const float *restrict p0, const float *restrict p1,
                                      const float *restrict p2, int n)
{
    const Ssimu2Gauss *g = &ssimu2_gauss;
    const float n2_0 = g->n2[0], n2_1 = g->n2[1], n2_2 = g->n2[2];
    const float d1_0 = -g->d1[0], d1_1 = -g->d1[1], d1_2 = -g->d1[2];
    for (int i = 0; i < n; i++) {
        const float sum = top[i] + bottom[i];
        const float v0 = fmaf(n2_0, sum, fmaf(d1_0, p0[i], -y0[i]));
        const float v1 = fmaf(n2_1, sum, fmaf(d1_1, p1[i], -y1[i]));
        const float v2 = fmaf(n2_2, sum, fmaf(d1_2, p2[i], -y2[i]));
        y0[i] = v0;
        y1[i] = v1;
        y2[i] = v2;
        out[i] = v0 + (v1 + v2);
    }
}

static inline void ssimu2_blur_column_step(float *out, const float *top, const float *bottom,
                                           float *const y[3][2], size_t n_floats)
{
    const Ssimu2Gauss *g = &ssimu2_gauss;
    const int n = (int)n_floats;
    if (out && top && bottom) {
        column_step_inside(out, top, bottom, y[0][0], y[1][0], y[2][0], y[0][1], y[1][1], y[2][1],
                           n);
        return;
    }
    /* The rows near the top and bottom edges. */
    for (int i = 0; i < n; i++) {
        /* Above the plane only the row below counts, added to nothing. */
        const float below = bottom ? bottom[i] : 0.0f;
        const float sum = top ? top[i] + below : below;
        float v[3];
        for (int k = 0; k < 3; k++) {
            v[k] = fmaf(g->n2[k], sum, fmaf(-g->d1[k], y[k][1][i], -y[k][0][i]));
            y[k][0][i] = v[k];
        }
        if (out)
            out[i] = v[0] + (v[1] + v[2]);
    }
}

/* Pixels a chunk of the maps: their errors are made in plain loops the
 * compiler vectorises, then added to the sums in column order. */
enum { SSIMU2_MAP_CHUNK = 64 };

static inline void ssimu2_maps_row(const float *blurred, const float *const x1[3],
                                   const float *const x2[3], unsigned width, const unsigned need[3],
                                   double sums[3][6])
{
    const int w = (int)width;
    for (int x0 = 0; x0 < w; x0 += SSIMU2_MAP_CHUNK) {
        const int n = w - x0 < SSIMU2_MAP_CHUNK ? w - x0 : SSIMU2_MAP_CHUNK;
        double e[3][SSIMU2_MAP_CHUNK], d[3][SSIMU2_MAP_CHUNK];
        for (int c = 0; c < 3; c++) {
            float m[SSIMU2_MAPS][SSIMU2_MAP_CHUNK];
            for (int k = 0; k < SSIMU2_MAPS; k++)
                for (int i = 0; i < n; i++)
                    m[k][i] = blurred[(size_t)(x0 + i) * SSIMU2_LANES + SSIMU2_MAPS * c + k];
            const float *restrict p1 = x1[c] + x0, *restrict p2 = x2[c] + x0;
            /* A map no kept sum reads is left at 0 (the ratio and the
             * division are most of the work). */
            for (int i = 0; i < n; i++)
                e[c][i] = need[c] & 3
                              ? ssimu2_ssim_error(m[SSIMU2_MAP_MU1][i], m[SSIMU2_MAP_MU2][i],
                                                  m[SSIMU2_MAP_SQ1][i], m[SSIMU2_MAP_SQ2][i],
                                                  m[SSIMU2_MAP_CROSS][i])
                              : 0.0;
            for (int i = 0; i < n; i++)
                d[c][i] = need[c] & 0x3c ? ssimu2_edge_difference(p1[i], m[SSIMU2_MAP_MU1][i],
                                                                  p2[i], m[SSIMU2_MAP_MU2][i])
                                         : 0.0;
        }
        /* The three channels' eighteen sums side by side: each still in
         * column order, but independent chains for the adder to overlap. */
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                double t[6];
                ssimu2_map_terms(e[c][i], d[c][i], t);
                for (int k = 0; k < 6; k++)
                    sums[c][k] += t[k];
            }
        }
    }
}

#define SSIMU2_STAGE_FUNCTIONS(suffix)                                                             \
    static void yuv_to_float_##suffix(float *dst, const void *src, unsigned n, unsigned bpc,       \
                                      float scale, float offset)                                   \
    {                                                                                              \
        ssimu2_yuv_to_float(dst, src, n, bpc, scale, offset);                                      \
    }                                                                                              \
    static void resize_column_##suffix(float *dst, const float *const *rows, const float *coeff,   \
                                       unsigned taps, unsigned n)                                  \
    {                                                                                              \
        ssimu2_resize_column(dst, rows, coeff, taps, n);                                           \
    }                                                                                              \
    static void rgb_row_##suffix(void *const rgb[3], const float *const yuv[3],                    \
                                 const float m[3][3], unsigned bits, unsigned n)                   \
    {                                                                                              \
        ssimu2_rgb_row(rgb, yuv, m, bits, n);                                                      \
    }                                                                                              \
    static void linear_from_srgb_##suffix(float *dst, const float *src, size_t n)                  \
    {                                                                                              \
        ssimu2_linear_from_srgb(dst, src, n);                                                      \
    }                                                                                              \
    static void downsample_##suffix(const FloatPlane *dst, const FloatPlane *src)                  \
    {                                                                                              \
        ssimu2_downsample(dst, src);                                                               \
    }                                                                                              \
    static void xyb_row_##suffix(float *const xyb[3], const float *const rgb[3], unsigned w)       \
    {                                                                                              \
        ssimu2_xyb_row(xyb, rgb, w);                                                               \
    }                                                                                              \
    static void blur_inputs_##suffix(float *dst, const float *const x1[3],                         \
                                     const float *const x2[3], unsigned w)                         \
    {                                                                                              \
        ssimu2_blur_inputs(dst, x1, x2, w);                                                        \
    }                                                                                              \
    static void blur_row_##suffix(float *dst, const float *src, unsigned w)                        \
    {                                                                                              \
        ssimu2_blur_row(dst, src, w);                                                              \
    }                                                                                              \
    static void blur_column_step_##suffix(float *out, const float *top, const float *bottom,       \
                                          float *const y[3][2], size_t n)                          \
    {                                                                                              \
        ssimu2_blur_column_step(out, top, bottom, y, n);                                           \
    }                                                                                              \
    static void maps_row_##suffix(const float *blurred, const float *const x1[3],                  \
                                  const float *const x2[3], unsigned w, const unsigned need[3],    \
                                  double sums[3][6])                                               \
    {                                                                                              \
        ssimu2_maps_row(blurred, x1, x2, w, need, sums);                                           \
    }                                                                                              \
    static void ssimu2_stages_fill_##suffix(Ssimulacra2Dsp *dsp)                                   \
    {                                                                                              \
        dsp->yuv_to_float = yuv_to_float_##suffix;                                                 \
        dsp->resize_column = resize_column_##suffix;                                               \
        dsp->rgb_row = rgb_row_##suffix;                                                           \
        dsp->linear_from_srgb = linear_from_srgb_##suffix;                                         \
        dsp->downsample = downsample_##suffix;                                                     \
        dsp->xyb_row = xyb_row_##suffix;                                                           \
        dsp->blur_inputs = blur_inputs_##suffix;                                                   \
        dsp->blur_row = blur_row_##suffix;                                                         \
        dsp->blur_column_step = blur_column_step_##suffix;                                         \
        dsp->maps_row = maps_row_##suffix;                                                         \
    }

#endif
