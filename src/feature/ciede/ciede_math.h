/* The per-pixel arithmetic of CIEDE2000, shared by the CPU's stage
 * (ciede_dsp.c) and the CUDA twin's kernel (core/hd.h).
 *
 * The colour arithmetic mixes float and double exactly as the reference
 * does: every float variable below is a rounding it makes, and every libm
 * call is one it makes (pow(x, 2) is folded into x * x by the compiler there,
 * as ciede_sq() does here). Arguments of libm calls are cast to double
 * although C would convert them anyway: nvcc compiles this as C++, where a
 * float argument would pick the float overload (atan2f, sinf, sqrtf, ...). */
#ifndef VMAF_FEATURE_CIEDE_CIEDE_MATH_H
#define VMAF_FEATURE_CIEDE_CIEDE_MATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/hd.h"

#define CIEDE_PI 3.14159265358979323846

/* 25^7, exact in double; its float rounding is what powf(25, 7) gives,
 * folded by the compiler in the reference. */
#define CIEDE_25_POW_7 6103515625.0

typedef struct CiedeLab {
    float l, a, b;
} CiedeLab;

static inline VMAF_HD double ciede_sq(double x)
{
    return x * x;
}

/* sRGB transfer function, inverted. */
static inline VMAF_HD double ciede_srgb_to_linear(double c)
{
    if (c > 10. / 255.)
        return pow((c + 0.055) * (1.0 / 1.055), 2.4);
    return c * (1.0 / 12.92);
}

/* The CIE L*a*b* companding of a white-relative XYZ component. */
static inline VMAF_HD float ciede_lab_compand(double t)
{
    const double kappa = 24389.0 / 27.0;
    const double epsilon = 216.0 / 24389.0;
    if (t > epsilon)
        return pow(t, 1.0 / 3.0);
    return (kappa * t + 16.0) * (1.0 / 116.0);
}

/* The colour of one Y'CbCr sample of the given depth, read as BT.709 video
 * range, through linear sRGB and D65 XYZ. */
static inline VMAF_HD CiedeLab ciede_lab_from_yuv(double y, double u, double v, unsigned bpc)
{
    const double scale = 1 << (bpc - 8);
    y = (y - 16. * scale) * (1. / (219. * scale));
    u = (u - 128. * scale) * (1. / (224. * scale));
    v = (v - 128. * scale) * (1. / (224. * scale));

    const double r = ciede_srgb_to_linear(y + 1.28033 * v);
    const double g = ciede_srgb_to_linear(y - 0.21482 * u - 0.38059 * v);
    const double b = ciede_srgb_to_linear(y + 2.12798 * u);

    /* The companded values are float, held in double. */
    const double fx = ciede_lab_compand(
        (r * 0.4124564390896921 + g * 0.357576077643909 + b * 0.18043748326639894) *
        (1.0 / 0.95047));
    const double fy = ciede_lab_compand(r * 0.21267285140562248 + g * 0.715152155287818 +
                                        b * 0.07217499330655958);
    const double fz = ciede_lab_compand(
        (r * 0.019333895582329317 + g * 0.119192025881303 + b * 0.9503040785363677) *
        (1.0 / 1.08883));

    CiedeLab lab;
    lab.l = 116.0 * fy - 16.0;
    lab.a = 500.0 * (fx - fy);
    lab.b = 200.0 * (fy - fz);
    return lab;
}

/* Hue angle in [0, 2 pi) of the point (a, b); 0 at the origin. */
static inline VMAF_HD float ciede_hue_angle(float b, float a)
{
    if (b == 0.0 && a == 0.0)
        return 0.0;
    float h = atan2((double)b, (double)a);
    if (h < 0.0)
        h += 2. * CIEDE_PI;
    return h;
}

/* Hue difference h2 - h1 brought into [-pi, pi]; 0 when either chroma (of
 * the unmodified a, b) is 0. */
static inline VMAF_HD float ciede_hue_difference(float c1, float c2, float h1, float h2)
{
    if (c1 == 0.0 || c2 == 0.0)
        return 0.0;
    if (fabsf(h1 - h2) <= CIEDE_PI)
        return h2 - h1;
    if (h2 <= h1)
        return h2 - h1 + 2. * CIEDE_PI;
    return h2 - h1 - 2. * CIEDE_PI;
}

static inline VMAF_HD float ciede_mean_hue(float h1, float h2)
{
    return fabs((double)(h1 - h2)) > CIEDE_PI ? (h1 + h2 + 2.0 * CIEDE_PI) / 2.0 : (h1 + h2) / 2.0;
}

static inline VMAF_HD float ciede_hue_weighting(float h)
{
    return 1.0 - 0.17 * cos(h - CIEDE_PI / 6.0) + 0.24 * cos(2.0 * h) +
           0.32 * cos(3.0 * h + CIEDE_PI / 30.0) - 0.20 * cos(4.0 * h - 7.0 * CIEDE_PI / 20.0);
}

static inline VMAF_HD float ciede_to_degrees(float radians)
{
    return radians * (180.0 / CIEDE_PI);
}

static inline VMAF_HD float ciede_to_radians(float degrees)
{
    return degrees * (CIEDE_PI / 180.0);
}

/* powf(c, 7). CUDA's powf is allowed 4 ulp where glibc's is almost always
 * correctly rounded: the device takes the double power, rounded once to
 * float, which is the correctly rounded value but in rare ties. */
static inline VMAF_HD float ciede_powf_7(float c)
{
#ifdef VMAF_GPU_DEVICE
    return (float)pow((double)c, 7.0);
#else
    return powf(c, 7);
#endif
}

/* The rotation term R_T, from the mean chroma and mean hue. */
static inline VMAF_HD float ciede_rotation(float c_mean, float h_mean)
{
    const float d = (ciede_to_degrees(h_mean) - 275.0) * (1.0 / 25.0);
    const float c7 = ciede_powf_7(c_mean);
    return -2.0 * sqrt((double)(c7 / (c7 + (float)CIEDE_25_POW_7))) *
           sin((double)ciede_to_radians(60.0 * exp((double)-(d * d))));
}

/* CIEDE2000 colour difference with the weights kL = 0.65, kC = 1, kH = 4
 * (the reference's, which also leaves out the 360 degree wrap of the mean
 * hue). */
static inline VMAF_HD float ciede_delta_e00(CiedeLab p, CiedeLab q)
{
    const float kl = 0.65, kc = 1.0, kh = 4.0;

    const float c1 = sqrt(ciede_sq(p.a) + ciede_sq(p.b));
    const float c2 = sqrt(ciede_sq(q.a) + ciede_sq(q.b));
    const float c_mean = (c1 + c2) / 2;
    const double c_mean7 = pow((double)c_mean, 7.0);
    /* The a axis stretched by how far the mean chroma is from saturation. */
    const double stretch = 1 - sqrt(c_mean7 / (c_mean7 + CIEDE_25_POW_7));
    const float a1 = p.a + (p.a / 2) * stretch;
    const float a2 = q.a + (q.a / 2) * stretch;
    const float c1s = sqrt(ciede_sq(a1) + ciede_sq(p.b));
    const float c2s = sqrt(ciede_sq(a2) + ciede_sq(q.b));
    const float cs_mean = (c1s + c2s) / 2;
    const float h1 = ciede_hue_angle(p.b, a1);
    const float h2 = ciede_hue_angle(q.b, a2);
    const float h_mean = ciede_mean_hue(h1, h2);

    const float l_mean = (p.l + q.l) / 2;
    const float s_l = 1. + ((0.015 * ciede_sq(l_mean - 50)) / sqrt(20 + ciede_sq(l_mean - 50)));
    const float s_c = 1. + 0.045 * cs_mean;
    const float s_h = 1. + 0.015 * cs_mean * ciede_hue_weighting(h_mean);

    const float dl = q.l - p.l;
    const float dc = c2s - c1s;
    const float dh =
        2.0 * sqrt((double)(c1s * c2s)) * sin(ciede_hue_difference(c1, c2, h1, h2) / 2.0);
    const float lightness = dl / (kl * s_l);
    const float chroma = dc / (kc * s_c);
    const float hue = dh / (kh * s_h);
    const float r_t = ciede_rotation(cs_mean, h_mean);
    return sqrt(ciede_sq(lightness) + ciede_sq(chroma) + ciede_sq(hue) + r_t * chroma * hue);
}

/* The colour difference of a pixel pair given as samples: exactly 0 for
 * identical samples, as the CPU skips them (adding 0 leaves its sum as it
 * is). */
static inline VMAF_HD float ciede_pixel_difference(unsigned ry, unsigned ru, unsigned rv,
                                                   unsigned dy, unsigned du, unsigned dv,
                                                   unsigned bpc)
{
    if (ry == dy && ru == du && rv == dv)
        return 0.0f;
    return ciede_delta_e00(ciede_lab_from_yuv(ry, ru, rv, bpc),
                           ciede_lab_from_yuv(dy, du, dv, bpc));
}

/* Where output column j of an upsampled chroma row reads, in the
 * reference's chroma plane of cw samples a row padded to rows of stride
 * samples: column (the return value, -1 for the padding, read as 0) of the
 * row *row_add rows below the output row's own. halve_cols: 4:2:0. */
static inline VMAF_HD int ciede_chroma_column(unsigned j, bool halve_cols, unsigned cw,
                                              unsigned stride, unsigned *row_add)
{
    const unsigned c = halve_cols ? j / 2 : j;
    *row_add = c / stride;
    return c % stride < cw ? (int)(c % stride) : -1;
}

#endif
