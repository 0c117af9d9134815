#include "core/cpu.h"
#include "ssim_dsp.h"
#include "x86/ssim_x86.h"

const int32_t ssim_kernel[SSIM_TAPS] = SSIM_KERNEL_TAPS;

const double ssim_k1_sq = 0.01 * 0.01;
const double ssim_k2_sq = 0.03 * 0.03;

void ssim_window_mass(double *mass, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        mass[i] = ssim_mass_at(i, n);
}

/* The moments are summed in 64 bits, exact at every depth. */
#define DEFINE_MOMENTS_COLUMN(name, type)                                                          \
    void name(const SsimRow *dst, const type *ref, const type *dis, unsigned w, unsigned x)        \
    {                                                                                              \
        unsigned first, end;                                                                       \
        ssim_taps_inside(x, w, &first, &end);                                                      \
        int64_t sum_r = 0, sum_d = 0, sum_rr = 0, sum_dd = 0, sum_rd = 0;                          \
        for (unsigned k = first; k < end; k++) {                                                   \
            const int64_t r = ref[x + k - SSIM_RADIUS], d = dis[x + k - SSIM_RADIUS];              \
            const int64_t g = ssim_kernel[k];                                                      \
            sum_r += g * r;                                                                        \
            sum_d += g * d;                                                                        \
            sum_rr += g * r * r;                                                                   \
            sum_dd += g * d * d;                                                                   \
            sum_rd += g * r * d;                                                                   \
        }                                                                                          \
        dst->moment[SSIM_MOMENT_REF][x] = (double)sum_r;                                           \
        dst->moment[SSIM_MOMENT_DIS][x] = (double)sum_d;                                           \
        dst->moment[SSIM_MOMENT_REF_SQ][x] = (double)sum_rr;                                       \
        dst->moment[SSIM_MOMENT_DIS_SQ][x] = (double)sum_dd;                                       \
        dst->moment[SSIM_MOMENT_REF_DIS][x] = (double)sum_rd;                                      \
    }

DEFINE_MOMENTS_COLUMN(ssim_moments_column_8, uint8_t)
DEFINE_MOMENTS_COLUMN(ssim_moments_column_16, uint16_t)

static void moments_row_8_c(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis, unsigned w)
{
    for (unsigned x = 0; x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
}

static void moments_row_16_c(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                             unsigned w)
{
    for (unsigned x = 0; x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
}

/* The sum over the taps of g * row[x]: exact (ssim_dsp.h). */
static double window_column(const SsimRow *const rows[SSIM_TAPS], enum SsimMoment m, unsigned x)
{
    double sum = 0.0;
    for (unsigned k = 0; k < SSIM_TAPS; k++)
        sum += ssim_kernel[k] * rows[k]->moment[m][x];
    return sum;
}

double ssim_score_column(const SsimRow *const rows[SSIM_TAPS], double mass, unsigned x,
                         double peak_sq)
{
    const double ref = window_column(rows, SSIM_MOMENT_REF, x);
    const double dis = window_column(rows, SSIM_MOMENT_DIS, x);
    const double ref_sq = window_column(rows, SSIM_MOMENT_REF_SQ, x);
    const double dis_sq = window_column(rows, SSIM_MOMENT_DIS_SQ, x);
    const double ref_dis = window_column(rows, SSIM_MOMENT_REF_DIS, x);
    return ssim_pixel(ref, dis, ref_sq, dis_sq, ref_dis, mass, peak_sq * ssim_k1_sq,
                      peak_sq * ssim_k2_sq);
}

static void score_row_c(double *ssim, double *weight, const SsimRow *const rows[SSIM_TAPS],
                        const double *mass_x, double mass_y, unsigned w, unsigned peak)
{
    const double peak_sq = (double)peak * peak;
    for (unsigned x = 0; x < w; x++) {
        const double mass = mass_x[x] * mass_y;
        *ssim += ssim_score_column(rows, mass, x, peak_sq);
        *weight += mass;
    }
}

void ssim_dsp_init(SsimDsp *dsp, unsigned cpu_flags)
{
    dsp->moments_row_8 = moments_row_8_c;
    dsp->moments_row_16 = moments_row_16_c;
    dsp->score_row = score_row_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        ssim_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        ssim_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
