/* The integer SSIM stages, written once over what ssim_avx2.c and
 * ssim_avx512.c define before including this file (the vif_kernels.h
 * pattern): vd with SSIM_DLANES doubles and its vd_* primitives (set1,
 * zero, loadu, storeu, add, sub, mul, div), vd_sum_exact(), load_u16()
 * (SSIM_DLANES samples as doubles), moments_columns_8() (the 8-bit moments
 * of SSIM_COLUMNS_8 columns) and SSIM_X86_NAME(name). Bit-exact with the C
 * reference: the moments are exact integers (ssim_dsp.h), so the symmetric
 * taps are applied to the sum of the two samples they share; the per-pixel
 * SSIM takes the C reference's double operations in its order, and its sum
 * over the row stays left to right. */
#ifndef SSIM_X86_NAME
#error "define SSIM_X86_NAME before including ssim_kernels.h"
#endif

static void SSIM_X86_NAME(moments_row_8)(const SsimRow *dst, const uint8_t *ref, const uint8_t *dis,
                                         unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
    for (; x + SSIM_COLUMNS_8 + SSIM_RADIUS <= w; x += SSIM_COLUMNS_8)
        moments_columns_8(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_8(dst, ref, dis, w, x);
}

/* Columns x .. x + SSIM_DLANES - 1 in doubles: at 16 bits a square needs 32
 * bits and its sums more, all exact in doubles. */
static inline void moments_columns_16(const SsimRow *dst, const uint16_t *ref, const uint16_t *dis,
                                      unsigned x)
{
    vd sum[SSIM_MOMENT_COUNT];
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        sum[i] = vd_zero();
    for (unsigned k = 0; k <= SSIM_RADIUS; k++) {
        const unsigned left = x + k - SSIM_RADIUS, right = x + SSIM_RADIUS - k;
        const vd g = vd_set1(ssim_kernel[k]);
        const vd ra = load_u16(ref + left), da = load_u16(dis + left);
        vd r = ra, d = da;
        vd rr = vd_mul(ra, ra), dd = vd_mul(da, da);
        vd rd = vd_mul(ra, da);
        if (k < SSIM_RADIUS) {
            const vd rb = load_u16(ref + right), db = load_u16(dis + right);
            r = vd_add(r, rb);
            d = vd_add(d, db);
            rr = vd_add(rr, vd_mul(rb, rb));
            dd = vd_add(dd, vd_mul(db, db));
            rd = vd_add(rd, vd_mul(rb, db));
        }
        sum[SSIM_MOMENT_REF] = vd_add(sum[SSIM_MOMENT_REF], vd_mul(g, r));
        sum[SSIM_MOMENT_DIS] = vd_add(sum[SSIM_MOMENT_DIS], vd_mul(g, d));
        sum[SSIM_MOMENT_REF_SQ] = vd_add(sum[SSIM_MOMENT_REF_SQ], vd_mul(g, rr));
        sum[SSIM_MOMENT_DIS_SQ] = vd_add(sum[SSIM_MOMENT_DIS_SQ], vd_mul(g, dd));
        sum[SSIM_MOMENT_REF_DIS] = vd_add(sum[SSIM_MOMENT_REF_DIS], vd_mul(g, rd));
    }
    for (unsigned i = 0; i < SSIM_MOMENT_COUNT; i++)
        vd_storeu(dst->moment[i] + x, sum[i]);
}

static void SSIM_X86_NAME(moments_row_16)(const SsimRow *dst, const uint16_t *ref,
                                          const uint16_t *dis, unsigned w)
{
    unsigned x = 0;
    for (; x < SSIM_RADIUS && x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
    for (; x + SSIM_DLANES + SSIM_RADIUS <= w; x += SSIM_DLANES)
        moments_columns_16(dst, ref, dis, x);
    for (; x < w; x++)
        ssim_moments_column_16(dst, ref, dis, w, x);
}

/* The vertical window of one moment at columns x .. x + SSIM_DLANES - 1. */
static inline vd window_columns(const SsimRow *const rows[SSIM_TAPS], enum SsimMoment m, unsigned x)
{
    vd sum = vd_mul(vd_set1(ssim_kernel[SSIM_RADIUS]), vd_loadu(rows[SSIM_RADIUS]->moment[m] + x));
    for (unsigned k = 0; k < SSIM_RADIUS; k++) {
        const vd pair = vd_add(vd_loadu(rows[k]->moment[m] + x),
                               vd_loadu(rows[SSIM_TAPS - 1 - k]->moment[m] + x));
        sum = vd_add(sum, vd_mul(vd_set1(ssim_kernel[k]), pair));
    }
    return sum;
}

static void SSIM_X86_NAME(score_row)(double *ssim, double *weight,
                                     const SsimRow *const rows[SSIM_TAPS], const double *mass_x,
                                     double mass_y, unsigned w, unsigned peak)
{
    const double peak_sq = (double)peak * peak;
    /* ssim_score_column's constants, each product in its order. */
    const vd c1_scale = vd_set1(peak_sq * ssim_k1_sq);
    const vd c2_scale = vd_set1(peak_sq * ssim_k2_sq);
    const vd two = vd_set1(2.0);
    double sum = *ssim;
    vd mass_sum = vd_zero();
    unsigned x = 0;
    for (; x + SSIM_DLANES <= w; x += SSIM_DLANES) {
        const vd ref = window_columns(rows, SSIM_MOMENT_REF, x);
        const vd dis = window_columns(rows, SSIM_MOMENT_DIS, x);
        const vd ref_sq = window_columns(rows, SSIM_MOMENT_REF_SQ, x);
        const vd dis_sq = window_columns(rows, SSIM_MOMENT_DIS_SQ, x);
        const vd ref_dis = window_columns(rows, SSIM_MOMENT_REF_DIS, x);
        const vd mass = vd_mul(vd_loadu(mass_x + x), vd_set1(mass_y));
        const vd c1 = vd_mul(vd_mul(c1_scale, mass), mass);
        const vd c2 = vd_mul(vd_mul(c2_scale, mass), mass);
        const vd mu_rr = vd_mul(ref, ref);
        const vd mu_rd = vd_mul(ref, dis);
        const vd mu_dd = vd_mul(dis, dis);
        const vd num = vd_mul(vd_mul(mass, vd_add(vd_mul(two, mu_rd), c1)),
                              vd_add(c2, vd_mul(two, vd_sub(vd_mul(ref_dis, mass), mu_rd))));
        const vd variances = vd_add(
            vd_sub(vd_add(vd_sub(vd_mul(ref_sq, mass), mu_rr), vd_mul(dis_sq, mass)), mu_dd), c2);
        const vd den = vd_mul(vd_add(vd_add(mu_rr, mu_dd), c1), variances);
        double ratio[SSIM_DLANES];
        vd_storeu(ratio, vd_div(num, den));
        for (unsigned i = 0; i < SSIM_DLANES; i++)
            sum += ratio[i];
        mass_sum = vd_add(mass_sum, mass);
    }
    double total_mass = *weight + vd_sum_exact(mass_sum);
    for (; x < w; x++) {
        const double mass = mass_x[x] * mass_y;
        sum += ssim_score_column(rows, mass, x, peak_sq);
        total_mass += mass;
    }
    *ssim = sum;
    *weight = total_mass;
}

#undef SSIM_X86_NAME
