#include <math.h>

#include "core/cpu.h"
#include "float_ssim_dsp.h"
#include "x86/float_ssim_x86.h"

const float float_ssim_gaussian[SSIM_WINDOW] = FLOAT_SSIM_GAUSSIAN_TAPS;

/* Each product and quotient rounded to float. */
const float float_ssim_c1 = (0.01f * 255) * (0.01f * 255);
const float float_ssim_c2 = (0.03f * 255) * (0.03f * 255);
const float float_ssim_c3 = (0.03f * 255) * (0.03f * 255) / 2.0f;

static void load_8_c(float *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                     unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride, src += src_stride) {
        for (unsigned x = 0; x < w; x++)
            dst[x] = float_ssim_from_8(src[x]);
    }
}

static void load_16_c(float *dst, ptrdiff_t dst_stride, const uint16_t *src, ptrdiff_t src_stride,
                      unsigned w, unsigned h, float divisor)
{
    for (unsigned y = 0; y < h; y++, dst += dst_stride) {
        for (unsigned x = 0; x < w; x++)
            dst[x] = float_ssim_from_16(src[x], divisor);
        src = (const uint16_t *)((const uint8_t *)src + src_stride);
    }
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
    for (unsigned x = 0; x < out_w; x++)
        dst[x] = float_ssim_window(src + x, 1, float_ssim_gaussian);
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
    const SsimTerms t =
        float_ssim_terms(row->mu_ref[x], row->mu_dis[x], row->ref_sq[x], row->dis_sq[x],
                         row->ref_dis[x], float_ssim_c1, float_ssim_c2, float_ssim_c3);
    sums->lcs += t.l * t.c * t.s;
    sums->l += t.l;
    sums->c += t.c;
    sums->s += t.s;
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
