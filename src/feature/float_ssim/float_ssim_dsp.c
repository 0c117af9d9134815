#include <math.h>

#include "core/cpu.h"
#include "float_ssim_dsp.h"
#include "x86/float_ssim_x86.h"

/* The separable Gaussian window, sigma 1.5, as libvmaf tabulates it (six
 * decimals, so it sums to 1.000002 rather than 1). */
const float float_ssim_gaussian[SSIM_WINDOW] = {
    0.001028f, 0.007599f, 0.036001f, 0.109361f, 0.213006f, 0.266012f,
    0.213006f, 0.109361f, 0.036001f, 0.007599f, 0.001028f,
};

/* Each product and quotient rounded to float. */
const float float_ssim_c1 = (0.01f * 255) * (0.01f * 255);
const float float_ssim_c2 = (0.03f * 255) * (0.03f * 255);
const float float_ssim_c3 = (0.03f * 255) * (0.03f * 255) / 2.0f;

static void load_8_c(float *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                     unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride, src += src_stride) {
        for (unsigned x = 0; x < w; x++)
            dst[x] = (float)src[x];
    }
}

static void load_16_c(float *dst, ptrdiff_t dst_stride, const uint16_t *src, ptrdiff_t src_stride,
                      unsigned w, unsigned h, float divisor)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < w; x++)
            dst[x] = (float)src[x] / divisor;
        src = (const uint16_t *)((const uint8_t *)src + src_stride);
    }
}

float float_ssim_box_at(const float *src, ptrdiff_t src_stride, unsigned w, unsigned h, unsigned x,
                        unsigned y, unsigned factor)
{
    const float weight = 1.0f / (float)(factor * factor);
    const int lo = -(int)(factor / 2), hi = (int)(factor - 1) / 2;
    double sum = 0.0;
    for (int v = lo; v <= hi; v++) {
        const float *row = src + ssim_mirror((int)(y * factor) + v, (int)h) * src_stride;
        for (int u = lo; u <= hi; u++)
            sum += row[ssim_mirror((int)(x * factor) + u, (int)w)] * weight;
    }
    return (float)sum;
}

static void box_decimate_c(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                           unsigned w, unsigned h, unsigned factor)
{
    const unsigned out_w = ssim_decimated_size(w, factor);
    const unsigned out_h = ssim_decimated_size(h, factor);
    for (unsigned y = 0; y < out_h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < out_w; x++)
            dst[x] = float_ssim_box_at(src, src_stride, w, h, x, y, factor);
    }
}

static void product_row_c(float *dst, const float *a, const float *b, unsigned w)
{
    for (unsigned x = 0; x < w; x++)
        dst[x] = a[x] * b[x];
}

static void window_row_c(float *dst, const float *src, unsigned out_w)
{
    for (unsigned x = 0; x < out_w; x++) {
        double sum = 0.0;
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            sum += src[x + k] * float_ssim_gaussian[k];
        dst[x] = (float)sum;
    }
}

static void window_col_c(float *dst, const float *const rows[SSIM_WINDOW], unsigned w)
{
    for (unsigned x = 0; x < w; x++) {
        double sum = 0.0;
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            sum += rows[k][x] * float_ssim_gaussian[k];
        dst[x] = (float)sum;
    }
}

void float_ssim_accumulate_at(SsimSums *sums, const SsimMomentRow *row, unsigned x)
{
    const float mu_r = row->mu_ref[x], mu_d = row->mu_dis[x];
    float var_r = row->ref_sq[x] - mu_r * mu_r;
    float var_d = row->dis_sq[x] - mu_d * mu_d;
    /* Rounding can leave a flat window's variance slightly negative. */
    if (var_r < 0.0f)
        var_r = 0.0f;
    if (var_d < 0.0f)
        var_d = 0.0f;
    const float cov = row->ref_dis[x] - mu_r * mu_d;
    const float sigma_rd = (float)sqrt(var_r * var_d);

    /* Numerators in double, denominators in float, as libvmaf has them. */
    const float l_den = mu_r * mu_r + mu_d * mu_d + float_ssim_c1;
    const double l = (2.0 * mu_r * mu_d + float_ssim_c1) / l_den;
    const float c_den = var_r + var_d + float_ssim_c2;
    const double c = (2.0 * sigma_rd + float_ssim_c2) / c_den;
    /* Where both windows are flat, a covariance rounded below zero would
     * pull s under 1; it counts as zero there. */
    const float cov_kept = cov < 0.0f && sigma_rd <= 0.0f ? 0.0f : cov;
    const float s = (cov_kept + float_ssim_c3) / (sigma_rd + float_ssim_c3);

    sums->lcs += l * c * s;
    sums->l += l;
    sums->c += c;
    sums->s += s;
}

static void accumulate_row_c(SsimSums *sums, const SsimMomentRow *row, unsigned w)
{
    for (unsigned x = 0; x < w; x++)
        float_ssim_accumulate_at(sums, row, x);
}

void float_ssim_dsp_init(FloatSsimDsp *dsp, unsigned cpu_flags)
{
    dsp->load_8 = load_8_c;
    dsp->load_16 = load_16_c;
    dsp->box_decimate = box_decimate_c;
    dsp->product_row = product_row_c;
    dsp->window_row = window_row_c;
    dsp->window_col = window_col_c;
    dsp->accumulate_row = accumulate_row_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        float_ssim_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        float_ssim_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
