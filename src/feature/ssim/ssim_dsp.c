#include "ssim_dsp.h"

/* round(256 exp(-d^2 / (2 1.5^2)) / (1.5 sqrt(2 pi))) for d = 1..4, and the
 * centre making the sum 256. */
const int32_t ssim_kernel[SSIM_TAPS] = {2, 9, 28, 55, 68, 55, 28, 9, 2};

/* SSIM's K1^2 and K2^2, as double products. */
static const double k1_sq = 0.01 * 0.01;
static const double k2_sq = 0.03 * 0.03;

/* Taps [*first, *end) of the window centred on x fall inside [0, w). */
static void taps_inside(unsigned x, unsigned w, unsigned *first, unsigned *end)
{
    *first = x < SSIM_RADIUS ? SSIM_RADIUS - x : 0;
    *end = w - x <= SSIM_RADIUS ? SSIM_RADIUS + (w - x) : SSIM_TAPS;
}

#define DEFINE_MOMENTS_ROW(name, type)                                                             \
    static void name(SsimMoments *dst, const type *ref, const type *dis, unsigned w)               \
    {                                                                                              \
        for (unsigned x = 0; x < w; x++) {                                                         \
            unsigned first, end;                                                                   \
            taps_inside(x, w, &first, &end);                                                       \
            SsimMoments m = {0};                                                                   \
            for (unsigned k = first; k < end; k++) {                                               \
                const int64_t r = ref[x + k - SSIM_RADIUS], d = dis[x + k - SSIM_RADIUS];          \
                const int64_t g = ssim_kernel[k];                                                  \
                m.ref += g * r;                                                                    \
                m.dis += g * d;                                                                    \
                m.ref_sq += g * r * r;                                                             \
                m.dis_sq += g * d * d;                                                             \
                m.ref_dis += g * r * d;                                                            \
                m.weight += g;                                                                     \
            }                                                                                      \
            dst[x] = m;                                                                            \
        }                                                                                          \
    }

DEFINE_MOMENTS_ROW(moments_row_8_c, uint8_t)
DEFINE_MOMENTS_ROW(moments_row_16_c, uint16_t)

static SsimMoments combine_column(const SsimMoments *const rows[SSIM_TAPS], unsigned x)
{
    SsimMoments m = {0};
    for (unsigned k = 0; k < SSIM_TAPS; k++) {
        if (!rows[k])
            continue;
        const SsimMoments *src = &rows[k][x];
        const int64_t g = ssim_kernel[k];
        m.ref += g * src->ref;
        m.dis += g * src->dis;
        m.ref_sq += g * src->ref_sq;
        m.dis_sq += g * src->dis_sq;
        m.ref_dis += g * src->ref_dis;
        m.weight += g * src->weight;
    }
    return m;
}

static void score_row_c(double *ssim, double *weight, const SsimMoments *const rows[SSIM_TAPS],
                        unsigned w, unsigned peak)
{
    const double peak_sq = (double)peak * peak;
    for (unsigned x = 0; x < w; x++) {
        const SsimMoments m = combine_column(rows, x);
        /* The moments are sums weighted by the window mass mw, so the means
         * are m / mw and the constants scale by mw^2. */
        const double mw = (double)m.weight;
        const double c1 = peak_sq * k1_sq * mw * mw;
        const double c2 = peak_sq * k2_sq * mw * mw;
        const double mu_rr = (double)m.ref * (double)m.ref;
        const double mu_rd = (double)m.ref * (double)m.dis;
        const double mu_dd = (double)m.dis * (double)m.dis;
        const double num = m.weight * (2 * mu_rd + c1) * (c2 + 2 * (m.ref_dis * mw - mu_rd));
        const double den =
            (mu_rr + mu_dd + c1) * (m.ref_sq * mw - mu_rr + m.dis_sq * mw - mu_dd + c2);
        *ssim += num / den;
        *weight += m.weight;
    }
}

void ssim_dsp_init(SsimDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->moments_row_8 = moments_row_8_c;
    dsp->moments_row_16 = moments_row_16_c;
    dsp->score_row = score_row_c;
}
