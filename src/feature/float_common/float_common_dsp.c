/* C reference of the shared float stages (float_common_dsp.h). Mixed
 * float/double expressions are deliberate: each is the one of libvmaf. */
#include <math.h>
#include <string.h>

#include "float_common_dsp.h"
#include "float_common_math.h"
#include "float_filter.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/float_common_x86.h"
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void load_8_c(const FloatPlane *dst, const uint8_t *src, ptrdiff_t src_stride)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const uint8_t *in = src + i * src_stride;
        float *out = dst->data + i * dst->stride;
        for (unsigned j = 0; j < dst->w; j++)
            out[j] = float_from_8(in[j]);
    }
}

static void load_16_c(const FloatPlane *dst, const uint16_t *src, ptrdiff_t src_stride,
                      float divisor)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const uint16_t *in = (const uint16_t *)((const uint8_t *)src + i * src_stride);
        float *out = dst->data + i * dst->stride;
        for (unsigned j = 0; j < dst->w; j++)
            out[j] = float_from_16(in[j], divisor);
    }
}

FLOAT_FILTER_FUNCTIONS(c)

/* ------------------------------------------------------------ resamplers -- */

static void copy_plane(const FloatPlane *dst, const FloatPlane *src)
{
    for (unsigned i = 0; i < dst->h; i++)
        memcpy(dst->data + i * dst->stride, src->data + i * src->stride, dst->w * sizeof(float));
}

static int same_size(const FloatPlane *dst, const FloatPlane *src)
{
    return dst->w == src->w && dst->h == src->h;
}

static void resample_nearest_c(const FloatPlane *dst, const FloatPlane *src)
{
    if (same_size(dst, src)) {
        copy_plane(dst, src);
        return;
    }
    const float ratio_x = (float)src->w / dst->w, ratio_y = (float)src->h / dst->h;
    for (unsigned y = 0; y < dst->h; y++) {
        const float *in = src->data + float_nearest_index((int)y, ratio_y) * src->stride;
        float *out = dst->data + y * dst->stride;
        for (unsigned x = 0; x < dst->w; x++)
            out[x] = in[float_nearest_index((int)x, ratio_x)];
    }
}

static void resample_bilinear_c(const FloatPlane *dst, const FloatPlane *src)
{
    if (same_size(dst, src)) {
        copy_plane(dst, src);
        return;
    }
    const float ratio_x = (float)src->w / dst->w, ratio_y = (float)src->h / dst->h;
    const float right = (float)((int)src->w - 1), bottom = (float)((int)src->h - 1);
    for (unsigned y = 0; y < dst->h; y++) {
        const FloatBilinearTap ty = float_bilinear_tap((int)y, ratio_y, bottom);
        const float *r1 = src->data + ty.lo * src->stride, *r2 = src->data + ty.hi * src->stride;
        float *out = dst->data + y * dst->stride;
        for (unsigned x = 0; x < dst->w; x++) {
            const FloatBilinearTap tx = float_bilinear_tap((int)x, ratio_x, right);
            out[x] = float_bilinear_mix(&tx, &ty, r1[tx.lo], r1[tx.hi], r2[tx.lo], r2[tx.hi]);
        }
    }
}

static float bicubic_kernel(float t)
{
    const float a = -0.75f;
    if (t < 0)
        t = -t;
    if (t < 1)
        return ((a + 2) * t - (a + 3)) * t * t + 1;
    if (t < 2)
        return (((t - 5) * t + 8) * t - 4) * a;
    return 0;
}

static float lanczos4_kernel(float x, float a)
{
    if (x == 0.0)
        return 1.0f;
    if (x > -a && x < a)
        return (float)(a * sin(M_PI * x) * sin(M_PI * x / a) / (M_PI * M_PI * x * x));
    return 0.0f;
}

/* Interpolation at (x, y) from the samples floor + lo .. floor + hi around it
 * on each axis, weighted by kernel(distance, a) along each; `normalise`
 * divides by the sum of the weights (Lanczos), which the cubic kernel does
 * not need. */
typedef struct Kernel {
    float (*fn)(float t, float a);
    int lo, hi;
    float a;
    int normalise;
} Kernel;

static void kernel_taps(const Kernel *k, float pos, unsigned n, FloatResampleTaps *t)
{
    const int p0 = (int)floor(pos);
    const float d = pos - p0;
    const float last = (float)((int)n - 1);
    for (int i = k->lo; i <= k->hi; i++) {
        t->index[i - k->lo] = (int)float_resample_mirror((float)(p0 + i), 0, last);
        t->weight[i - k->lo] = k->fn(i - d, k->a);
    }
}

static inline float interpolate(const FloatPlane *src, float x, float y, const Kernel *k)
{
    FloatResampleTaps tx, ty;
    kernel_taps(k, x, src->w, &tx);
    kernel_taps(k, y, src->h, &ty);
    return float_resample_mix(&tx, &ty, (unsigned)(k->hi - k->lo + 1), k->normalise, src->data,
                              src->stride);
}

static void resample_kernel(const FloatPlane *dst, const FloatPlane *src, const Kernel *k)
{
    if (same_size(dst, src)) {
        copy_plane(dst, src);
        return;
    }
    const float ratio_x = (float)src->w / dst->w, ratio_y = (float)src->h / dst->h;
    for (unsigned y = 0; y < dst->h; y++) {
        const float yy = float_resample_position((int)y, ratio_y);
        float *out = dst->data + y * dst->stride;
        for (unsigned x = 0; x < dst->w; x++)
            out[x] = interpolate(src, float_resample_position((int)x, ratio_x), yy, k);
    }
}

static float cubic_weight(float t, float a)
{
    (void)a; /* fixed at -0.75 */
    return bicubic_kernel(t);
}

static const Kernel cubic = {cubic_weight, -1, 2, 0.0f, 0};
static const Kernel lanczos = {lanczos4_kernel, -4, 4, 4.0f, 1};

static void resample_bicubic_c(const FloatPlane *dst, const FloatPlane *src)
{
    resample_kernel(dst, src, &cubic);
}

static void resample_lanczos4_c(const FloatPlane *dst, const FloatPlane *src)
{
    resample_kernel(dst, src, &lanczos);
}

unsigned float_resample_taps(enum FloatResampleMethod method, int i, float ratio, unsigned n,
                             FloatResampleTaps *taps)
{
    const Kernel *k = method == FLOAT_RESAMPLE_LANCZOS4 ? &lanczos : &cubic;
    kernel_taps(k, float_resample_position(i, ratio), n, taps);
    return (unsigned)(k->hi - k->lo + 1);
}

void float_common_dsp_init(FloatCommonDsp *dsp, unsigned cpu_flags)
{
    dsp->load_8 = load_8_c;
    dsp->load_16 = load_16_c;
    dsp->filter = filter_c;
    dsp->filter_sq = filter_sq_c;
    dsp->filter_xy = filter_xy_c;
    dsp->resample[FLOAT_RESAMPLE_NEAREST] = resample_nearest_c;
    dsp->resample[FLOAT_RESAMPLE_BILINEAR] = resample_bilinear_c;
    dsp->resample[FLOAT_RESAMPLE_BICUBIC] = resample_bicubic_c;
    dsp->resample[FLOAT_RESAMPLE_LANCZOS4] = resample_lanczos4_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        float_common_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        float_common_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
