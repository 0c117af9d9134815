/* The float SSIM stages, written once over what float_ssim_avx2.c and
 * float_ssim_avx512.c define before including this file (the vif_kernels.h
 * pattern): vf with FS_LANES floats and vd with FS_LANES / 2 doubles,
 * VfPart with vf_part(n) (the first n lanes, n from 1 up), vf_load_part()
 * and vf_store_part() (lanes past n read as zero and are not written), vf_mul(), vf_set1(),
 * add_widened() (products added to two double sums) and narrow() (the two
 * back to floats), the box decimation's BoxSetup, box_setup() and
 * box_step() (FS_LANES boxes inside the row), ssim_terms() (FS_LANES / 2
 * pixels' l, c and s), vd_storeu() and FLOAT_SSIM_X86_NAME(name); load_8
 * and load_16 stay with each set. Bit-exact with the C reference: each
 * output takes the C reference's IEEE operations in their order. */
#ifndef FLOAT_SSIM_X86_NAME
#error "define FLOAT_SSIM_X86_NAME before including float_ssim_kernels.h"
#endif

/* The largest decimation factor with a vector path (pictures up to 4000
 * samples on their smaller side); larger ones take the C reference. */
#define MAX_VECTOR_FACTOR 16

static void FLOAT_SSIM_X86_NAME(box_decimate)(float *dst, ptrdiff_t dst_stride, const float *src,
                                              ptrdiff_t src_stride, unsigned w, unsigned h,
                                              unsigned factor)
{
    const int lo = -(int)(factor / 2), hi = (int)(factor - 1) / 2;
    const unsigned out_w = ssim_decimated_size(w, factor);
    const unsigned out_h = ssim_decimated_size(h, factor);
    const vf weight = vf_set1(1.0f / (float)(factor * factor));
    /* Columns whose box lies inside the row: [first, end). */
    unsigned first = (unsigned)(-lo + (int)factor - 1) / factor;
    unsigned end = w > (unsigned)hi ? (w - 1 - (unsigned)hi) / factor + 1 : 0;
    if (end > out_w)
        end = out_w;
    if (factor > MAX_VECTOR_FACTOR)
        first = end = out_w;
    BoxSetup setup;
    box_setup(&setup, factor);

    for (unsigned y = 0; y < out_h; y++, dst += dst_stride) {
        const float *rows[MAX_VECTOR_FACTOR];
        for (unsigned v = 0; v < factor && v < MAX_VECTOR_FACTOR; v++)
            rows[v] = src + ssim_mirror((int)(y * factor) + lo + (int)v, (int)h) * src_stride;
        unsigned x = 0;
        for (; x < first && x < out_w; x++)
            dst[x] = float_ssim_box_at(src, src_stride, w, h, x, y, factor);
        for (; x + FS_LANES <= end; x += FS_LANES)
            vf_store_part(dst + x, box_step(rows, x, lo, factor, weight, &setup),
                          vf_part(FS_LANES));
        for (; x < out_w; x++)
            dst[x] = float_ssim_box_at(src, src_stride, w, h, x, y, factor);
    }
}

static void FLOAT_SSIM_X86_NAME(product_row)(float *dst, const float *a, const float *b, unsigned w)
{
    for (unsigned x = 0; x < w; x += FS_LANES) {
        const VfPart part = vf_part(w - x);
        vf_store_part(dst + x, vf_mul(vf_load_part(a + x, part), vf_load_part(b + x, part)), part);
    }
}

/* sum over k of taps[k][x..] * g[k], each product in float, summed in
 * double from k = 0 up, as the C reference's window. */
static void window_lines(float *dst, const float *const taps[SSIM_WINDOW], unsigned w)
{
    for (unsigned x = 0; x < w; x += FS_LANES) {
        const VfPart part = vf_part(w - x);
        vd sum_lo = vd_zero(), sum_hi = vd_zero();
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            add_widened(&sum_lo, &sum_hi,
                        vf_mul(vf_load_part(taps[k] + x, part), vf_set1(float_ssim_gaussian[k])));
        vf_store_part(dst + x, narrow(sum_lo, sum_hi), part);
    }
}

static void FLOAT_SSIM_X86_NAME(window_row)(float *dst, const float *src, unsigned out_w)
{
    const float *taps[SSIM_WINDOW];
    for (unsigned k = 0; k < SSIM_WINDOW; k++)
        taps[k] = src + k;
    window_lines(dst, taps, out_w);
}

static void FLOAT_SSIM_X86_NAME(window_col)(float *dst, const float *const rows[SSIM_WINDOW],
                                            unsigned w)
{
    window_lines(dst, rows, w);
}

static void FLOAT_SSIM_X86_NAME(accumulate_row)(SsimSums *sums, const SsimMomentRow *row,
                                                unsigned w)
{
    enum { PIXELS = FS_LANES / 2 };
    SsimSums acc = *sums;
    unsigned x = 0;
    for (; x + PIXELS <= w; x += PIXELS) {
        vd l, c, s;
        ssim_terms(row, x, &l, &c, &s);
        double lv[PIXELS], cv[PIXELS], sv[PIXELS], lcs[PIXELS];
        vd_storeu(lcs, vd_mul(vd_mul(l, c), s));
        vd_storeu(lv, l);
        vd_storeu(cv, c);
        vd_storeu(sv, s);
        /* The sums run pixel by pixel, as the C reference's. */
        for (unsigned i = 0; i < PIXELS; i++) {
            acc.lcs += lcs[i];
            acc.l += lv[i];
            acc.c += cv[i];
            acc.s += sv[i];
        }
    }
    *sums = acc;
    for (; x < w; x++)
        float_ssim_accumulate_at(sums, row, x);
}

#undef FLOAT_SSIM_X86_NAME
