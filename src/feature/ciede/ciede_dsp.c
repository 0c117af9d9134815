/* The colour arithmetic mixes float and double exactly as the reference
 * does: every float variable below is a rounding it makes, and every libm
 * call is one it makes (pow(x, 2) is folded into x * x by the compiler there,
 * as sq() does here). */
#include <math.h>

#include "ciede_dsp.h"

static const double pi = 3.14159265358979323846;

static double sq(double x)
{
    return x * x;
}

/* sRGB transfer function, inverted. */
static double srgb_to_linear(double c)
{
    if (c > 10. / 255.)
        return pow((c + 0.055) * (1.0 / 1.055), 2.4);
    return c * (1.0 / 12.92);
}

/* The CIE L*a*b* companding of a white-relative XYZ component. */
static float lab_compand(double t)
{
    const double kappa = 24389.0 / 27.0;
    const double epsilon = 216.0 / 24389.0;
    if (t > epsilon)
        return pow(t, 1.0 / 3.0);
    return (kappa * t + 16.0) * (1.0 / 116.0);
}

CiedeLab ciede_lab_from_yuv(double y, double u, double v, unsigned bpc)
{
    const double scale = 1 << (bpc - 8);
    y = (y - 16. * scale) * (1. / (219. * scale));
    u = (u - 128. * scale) * (1. / (224. * scale));
    v = (v - 128. * scale) * (1. / (224. * scale));

    const double r = srgb_to_linear(y + 1.28033 * v);
    const double g = srgb_to_linear(y - 0.21482 * u - 0.38059 * v);
    const double b = srgb_to_linear(y + 2.12798 * u);

    /* The companded values are float, held in double. */
    const double fx =
        lab_compand((r * 0.4124564390896921 + g * 0.357576077643909 + b * 0.18043748326639894) *
                    (1.0 / 0.95047));
    const double fy =
        lab_compand(r * 0.21267285140562248 + g * 0.715152155287818 + b * 0.07217499330655958);
    const double fz =
        lab_compand((r * 0.019333895582329317 + g * 0.119192025881303 + b * 0.9503040785363677) *
                    (1.0 / 1.08883));

    return (CiedeLab){
        .l = 116.0 * fy - 16.0,
        .a = 500.0 * (fx - fy),
        .b = 200.0 * (fy - fz),
    };
}

/* Hue angle in [0, 2 pi) of the point (a, b); 0 at the origin. */
static float hue_angle(float b, float a)
{
    if (b == 0.0 && a == 0.0)
        return 0.0;
    float h = atan2(b, a);
    if (h < 0.0)
        h += 2. * pi;
    return h;
}

/* Hue difference h2 - h1 brought into [-pi, pi]; 0 when either chroma (of
 * the unmodified a, b) is 0. */
static float hue_difference(float c1, float c2, float h1, float h2)
{
    if (c1 == 0.0 || c2 == 0.0)
        return 0.0;
    if (fabsf(h1 - h2) <= pi)
        return h2 - h1;
    if (h2 <= h1)
        return h2 - h1 + 2. * pi;
    return h2 - h1 - 2. * pi;
}

static float mean_hue(float h1, float h2)
{
    return fabs(h1 - h2) > pi ? (h1 + h2 + 2.0 * pi) / 2.0 : (h1 + h2) / 2.0;
}

static float hue_weighting(float h)
{
    return 1.0 - 0.17 * cos(h - pi / 6.0) + 0.24 * cos(2.0 * h) + 0.32 * cos(3.0 * h + pi / 30.0) -
           0.20 * cos(4.0 * h - 7.0 * pi / 20.0);
}

static float to_degrees(float radians)
{
    return radians * (180.0 / pi);
}

static float to_radians(float degrees)
{
    return degrees * (pi / 180.0);
}

/* The rotation term R_T, from the mean chroma and mean hue. */
static float rotation(float c_mean, float h_mean)
{
    const float d = (to_degrees(h_mean) - 275.0) * (1.0 / 25.0);
    const float c7 = powf(c_mean, 7);
    return -2.0 * sqrt(c7 / (c7 + powf(25., 7))) * sin(to_radians(60.0 * exp(-(d * d))));
}

float ciede_delta_e00(CiedeLab p, CiedeLab q)
{
    const float kl = 0.65, kc = 1.0, kh = 4.0;

    const float c1 = sqrt(sq(p.a) + sq(p.b));
    const float c2 = sqrt(sq(q.a) + sq(q.b));
    const float c_mean = (c1 + c2) / 2;
    const double c_mean7 = pow(c_mean, 7);
    /* The a axis stretched by how far the mean chroma is from saturation. */
    const double stretch = 1 - sqrt(c_mean7 / (c_mean7 + pow(25, 7)));
    const float a1 = p.a + (p.a / 2) * stretch;
    const float a2 = q.a + (q.a / 2) * stretch;
    const float c1s = sqrt(sq(a1) + sq(p.b));
    const float c2s = sqrt(sq(a2) + sq(q.b));
    const float cs_mean = (c1s + c2s) / 2;
    const float h1 = hue_angle(p.b, a1);
    const float h2 = hue_angle(q.b, a2);
    const float h_mean = mean_hue(h1, h2);

    const float l_mean = (p.l + q.l) / 2;
    const float s_l = 1. + ((0.015 * sq(l_mean - 50)) / sqrt(20 + sq(l_mean - 50)));
    const float s_c = 1. + 0.045 * cs_mean;
    const float s_h = 1. + 0.015 * cs_mean * hue_weighting(h_mean);

    const float dl = q.l - p.l;
    const float dc = c2s - c1s;
    const float dh = 2.0 * sqrt(c1s * c2s) * sin(hue_difference(c1, c2, h1, h2) / 2.0);
    const float lightness = dl / (kl * s_l);
    const float chroma = dc / (kc * s_c);
    const float hue = dh / (kh * s_h);
    const float r_t = rotation(cs_mean, h_mean);
    return sqrt(sq(lightness) + sq(chroma) + sq(hue) + r_t * chroma * hue);
}

/* Source sample (i, j) of an upsampled chroma plane, per the map. */
#define MAPPED_SAMPLE(src, src_stride, map, i, j, type)                                            \
    ((map)->src_col[j] < 0                                                                         \
         ? 0                                                                                       \
         : ((const type *)((const uint8_t *)(src) + ((map)->src_row[i] + (map)->row_add[j]) *      \
                                                        (src_stride)))[(map)->src_col[j]])

static void upsample_8_c(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src,
                         ptrdiff_t src_stride, const CiedeChromaMap *map, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++, dst += dst_stride) {
        for (unsigned j = 0; j < w; j++)
            dst[j] = MAPPED_SAMPLE(src, src_stride, map, i, j, uint8_t);
    }
}

static void upsample_16_c(uint16_t *dst, ptrdiff_t dst_stride, const uint16_t *src,
                          ptrdiff_t src_stride, const CiedeChromaMap *map, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++, dst = (uint16_t *)((uint8_t *)dst + dst_stride)) {
        for (unsigned j = 0; j < w; j++)
            dst[j] = MAPPED_SAMPLE(src, src_stride, map, i, j, uint16_t);
    }
}

void ciede_cache_reset(CiedeCache *cache)
{
    /* Keys hold three samples of at most 16 bits: all ones is none. */
    for (unsigned i = 0; i < 1 << CIEDE_CACHE_BITS; i++) {
        cache->color[i].key = UINT64_MAX;
        cache->pair[i].ref = UINT64_MAX;
    }
}

static uint64_t color_key(unsigned y, unsigned u, unsigned v)
{
    return y | (uint64_t)u << 16 | (uint64_t)v << 32;
}

/* Fibonacci hashing: the top bits of the key times 2^64 / phi. */
static unsigned slot(uint64_t key)
{
    return (unsigned)((key * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - CIEDE_CACHE_BITS));
}

static CiedeLab cached_lab(CiedeCache *cache, uint64_t key, unsigned bpc)
{
    CiedeColorEntry *e = &cache->color[slot(key)];
    if (e->key != key) {
        e->key = key;
        e->lab = ciede_lab_from_yuv(key & 0xffff, key >> 16 & 0xffff, key >> 32, bpc);
    }
    return e->lab;
}

/* The difference of two pixels given by their keys. Identical pixels differ
 * by exactly 0, which leaves the sum as it is: they are skipped. */
static double add_pixel(double acc, uint64_t ref, uint64_t dis, unsigned bpc, CiedeCache *cache)
{
    if (ref == dis)
        return acc;
    CiedePairEntry *e = &cache->pair[slot(ref ^ (dis * UINT64_C(0xff51afd7ed558ccd)))];
    if (e->ref != ref || e->dis != dis) {
        e->ref = ref;
        e->dis = dis;
        e->de00 = ciede_delta_e00(cached_lab(cache, ref, bpc), cached_lab(cache, dis, bpc));
    }
    return acc + e->de00;
}

static double add_row_8_c(double acc, const uint8_t *const ref[3], const uint8_t *const dis[3],
                          unsigned n, CiedeCache *cache)
{
    for (unsigned j = 0; j < n; j++)
        acc = add_pixel(acc, color_key(ref[0][j], ref[1][j], ref[2][j]),
                        color_key(dis[0][j], dis[1][j], dis[2][j]), 8, cache);
    return acc;
}

static double add_row_16_c(double acc, const uint16_t *const ref[3], const uint16_t *const dis[3],
                           unsigned n, unsigned bpc, CiedeCache *cache)
{
    for (unsigned j = 0; j < n; j++)
        acc = add_pixel(acc, color_key(ref[0][j], ref[1][j], ref[2][j]),
                        color_key(dis[0][j], dis[1][j], dis[2][j]), bpc, cache);
    return acc;
}

void ciede_dsp_init(CiedeDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->upsample_8 = upsample_8_c;
    dsp->upsample_16 = upsample_16_c;
    dsp->add_row_8 = add_row_8_c;
    dsp->add_row_16 = add_row_16_c;
}
