/* C reference of the integer VIF stages. Every filter runs vertically into
 * line buffers, then horizontally over the reflect-padded lines. All integer
 * sums are exact (no wrap-around for any sample up to 16 bits), so only the
 * shifts, roundings and casts below decide the result. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>

#include "core/cpu.h"
#include "vif_dsp.h"
#if VMAF_HAVE_X86_SIMD
#include "x86/vif_x86.h"
#endif

const uint16_t vif_filter[VIF_SCALES][VIF_MAX_TAPS] = VIF_FILTER_COEFFICIENTS;

const unsigned vif_filter_taps[VIF_SCALES] = {17, 9, 5, 3};

static uint16_t log2_table[1 << 16];
static pthread_once_t log2_table_once = PTHREAD_ONCE_INIT;

static void build_log2_table(void)
{
    /* The reference rounds log2f(i) * 2048. The float nearest to the double
     * log2 yields the same table without trusting the libm's log2f to be
     * correctly rounded. */
    for (unsigned i = 1u << 15; i < 1u << 16; i++)
        log2_table[i] = (uint16_t)roundf((float)log2((double)i) * 2048.0f);
}

const uint16_t *vif_log2_table(void)
{
    pthread_once(&log2_table_once, build_log2_table);
    return log2_table;
}

static inline uint32_t load_sample(const void *row, unsigned j, bool hbd)
{
    return hbd ? ((const uint16_t *)row)[j] : ((const uint8_t *)row)[j];
}

/* The rows a vertical filter centred on row `center` reads. */
static void gather_rows(const void **rows, const void *plane, ptrdiff_t stride, unsigned h,
                        int center, unsigned taps)
{
    const int first = center - (int)(taps / 2);
    for (unsigned k = 0; k < taps; k++)
        rows[k] = (const uint8_t *)plane + vif_reflect(first + (int)k, (int)h) * stride;
}

static void reflect_line(uint32_t *line, unsigned w, unsigned half)
{
    for (unsigned k = 1; k <= half; k++) {
        line[-(int)k] = line[k];
        line[w - 1 + k] = line[w - 1 - k];
    }
}

static inline void vertical_moments(const void *const *ref_rows, const void *const *dis_rows,
                                    unsigned w, const VifStatParams *p, const VifLines *out,
                                    bool hbd)
{
    const uint16_t *filt = vif_filter[p->scale];
    const unsigned taps = vif_filter_taps[p->scale];

    for (unsigned j = 0; j < w; j++) {
        uint32_t mu1 = 0, mu2 = 0;
        uint64_t xx = 0, yy = 0, xy = 0;
        for (unsigned k = 0; k < taps; k++) {
            const uint32_t r = load_sample(ref_rows[k], j, hbd);
            const uint32_t d = load_sample(dis_rows[k], j, hbd);
            const uint32_t cr = filt[k] * r, cd = filt[k] * d;
            mu1 += cr;
            mu2 += cd;
            xx += (uint64_t)cr * r;
            yy += (uint64_t)cd * d;
            xy += (uint64_t)cr * d;
        }
        /* The reference stores the means as uint16 and the squares as uint32. */
        out->mu1[j] = (uint16_t)vif_round_shift_32(mu1, p->mu_shift);
        out->mu2[j] = (uint16_t)vif_round_shift_32(mu2, p->mu_shift);
        out->ref_sq[j] = (uint32_t)vif_round_shift_64(xx, p->sq_shift);
        out->dis_sq[j] = (uint32_t)vif_round_shift_64(yy, p->sq_shift);
        out->ref_dis[j] = (uint32_t)vif_round_shift_64(xy, p->sq_shift);
    }
}

static void horizontal_moments(const VifLines *in, unsigned w, const VifStatParams *p,
                               VifSums *sums)
{
    const uint16_t *filt = vif_filter[p->scale];
    const unsigned taps = vif_filter_taps[p->scale];
    const int half = (int)(taps / 2);

    for (unsigned j = 0; j < w; j++) {
        /* The means stay Q16 here: their squares are taken in Q32. */
        uint32_t mu1 = 0, mu2 = 0;
        uint64_t xx = 0, yy = 0, xy = 0;
        for (unsigned k = 0; k < taps; k++) {
            const int jj = (int)j - half + (int)k;
            const uint32_t c = filt[k];
            mu1 += c * in->mu1[jj];
            mu2 += c * in->mu2[jj];
            xx += (uint64_t)c * in->ref_sq[jj];
            yy += (uint64_t)c * in->dis_sq[jj];
            xy += (uint64_t)c * in->ref_dis[jj];
        }
        const VifSigmas sg = vif_sigmas(mu1, mu2, xx, yy, xy);
        vif_accumulate(sums, sg.sigma1_sq, sg.sigma2_sq, sg.sigma12, p->log2_table, p->gain_limit);
    }
}

static inline void statistic(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                             VifSums *sums, bool hbd)
{
    const unsigned taps = vif_filter_taps[p->scale];
    const void *ref_rows[VIF_MAX_TAPS], *dis_rows[VIF_MAX_TAPS];

    for (unsigned i = 0; i < src->h; i++) {
        gather_rows(ref_rows, src->ref, src->ref_stride, src->h, (int)i, taps);
        gather_rows(dis_rows, src->dis, src->dis_stride, src->h, (int)i, taps);
        vertical_moments(ref_rows, dis_rows, src->w, p, lines, hbd);
        reflect_line(lines->mu1, src->w, taps / 2);
        reflect_line(lines->mu2, src->w, taps / 2);
        reflect_line(lines->ref_sq, src->w, taps / 2);
        reflect_line(lines->dis_sq, src->w, taps / 2);
        reflect_line(lines->ref_dis, src->w, taps / 2);
        horizontal_moments(lines, src->w, p, sums);
    }
}

static void statistic_8_c(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                          VifSums *sums)
{
    statistic(src, p, lines, sums, false);
}

static void statistic_16_c(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                           VifSums *sums)
{
    statistic(src, p, lines, sums, true);
}

static inline void vertical_lowpass(const void *const *rows, unsigned w, const uint16_t *filt,
                                    unsigned taps, unsigned shift, uint32_t *out, bool hbd)
{
    for (unsigned j = 0; j < w; j++) {
        uint32_t acc = 0;
        for (unsigned k = 0; k < taps; k++)
            acc += filt[k] * load_sample(rows[k], j, hbd);
        out[j] = (uint16_t)vif_round_shift_32(acc, shift);
    }
}

/* The filtered line at the even columns only: the odd ones are dropped. */
static void horizontal_lowpass_even(const uint32_t *in, unsigned w, const uint16_t *filt,
                                    unsigned taps, uint16_t *out)
{
    const int half = (int)(taps / 2);
    for (unsigned j = 0; j < w / 2; j++) {
        uint32_t acc = 0;
        for (unsigned k = 0; k < taps; k++)
            acc += filt[k] * in[2 * (int)j - half + (int)k];
        out[j] = (uint16_t)vif_round_shift_32(acc, 16);
    }
}

static inline void decimate(const VifPlanes *src, unsigned scale, unsigned v_shift,
                            const VifLines *lines, const VifDecimated *dst, bool hbd)
{
    const uint16_t *filt = vif_filter[scale];
    const unsigned taps = vif_filter_taps[scale];
    const void *rows[VIF_MAX_TAPS];

    for (unsigned i = 0; i < src->h / 2; i++) {
        uint16_t *ref_out = (uint16_t *)((uint8_t *)dst->ref + i * dst->stride);
        uint16_t *dis_out = (uint16_t *)((uint8_t *)dst->dis + i * dst->stride);

        gather_rows(rows, src->ref, src->ref_stride, src->h, 2 * (int)i, taps);
        vertical_lowpass(rows, src->w, filt, taps, v_shift, lines->mu1, hbd);
        gather_rows(rows, src->dis, src->dis_stride, src->h, 2 * (int)i, taps);
        vertical_lowpass(rows, src->w, filt, taps, v_shift, lines->mu2, hbd);
        reflect_line(lines->mu1, src->w, taps / 2);
        reflect_line(lines->mu2, src->w, taps / 2);
        horizontal_lowpass_even(lines->mu1, src->w, filt, taps, ref_out);
        horizontal_lowpass_even(lines->mu2, src->w, filt, taps, dis_out);
    }
}

static void decimate_8_c(const VifPlanes *src, unsigned scale, unsigned v_shift,
                         const VifLines *lines, const VifDecimated *dst)
{
    decimate(src, scale, v_shift, lines, dst, false);
}

static void decimate_16_c(const VifPlanes *src, unsigned scale, unsigned v_shift,
                          const VifLines *lines, const VifDecimated *dst)
{
    decimate(src, scale, v_shift, lines, dst, true);
}

void vif_dsp_init(VifDsp *dsp, unsigned cpu_flags)
{
    dsp->statistic_8 = statistic_8_c;
    dsp->statistic_16 = statistic_16_c;
    dsp->decimate_8 = decimate_8_c;
    dsp->decimate_16 = decimate_16_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        vif_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        vif_dsp_init_avx512(dsp);
    if ((cpu_flags & VMAF_X86_CPU_FLAG_AVX512) && (cpu_flags & VMAF_X86_CPU_FLAG_AVX512ICL))
        vif_dsp_init_avx512vnni(dsp);
#else
    (void)cpu_flags;
#endif
}
