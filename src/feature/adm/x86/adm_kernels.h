/* Integer ADM's x86 stages, the DSP table's entries, written once over what
 * adm_avx2.c and adm_avx512.c define before including this file (the
 * vif_kernels.h pattern):
 * - the vector layer: vi (int32 lanes), vd (doubles), vmask (the lanes
 *   decoupling passes), ADM_X86_LANES, vi_* and vd_set1 (set, load, store,
 *   add, sub, mullo, sll), excess_over(), vi_any() and cubes_total();
 * - the per-sample steps, each bit for bit adm_math.h's on every lane:
 *   load_samples, dwt_s0_vertical, dwt_s0_horizontal, load_s32, store_s32,
 *   split_lanes, split_neighbours, split_filter, in_order, load_band,
 *   in_cone_s0/s123, restore_s0/s123, to_s16, csf_s0_value, csf_s123_value,
 *   fractions_s0, fraction_s123, masked_cubes, den_row, and the constants'
 *   types GainLimit, CsfFactor, CubeShifts, DenShifts with gain_limit_of,
 *   csf_factor and cube_shifts;
 * - ADM_X86_NAME(name), the entry points' names with the set's suffix.
 * Here, the same for every width: the wavelet passes (dwt_s0, dwt_s123,
 * with the constants of adm_kernel_setup.h), a masking pass's constants
 * (pass_of), the decoupled rows kept in KeptRows (adm_x86.h, keep_row), the
 * masked cubes of a region row (mask_row) and the pass over a scale's rows.
 * What differs between the sets is inside the steps: AVX2 gathers the
 * reciprocals and biases its 64-bit sums, AVX-512 computes them and uses
 * mask registers. checkasm holds every entry to the C reference. */
#ifndef ADM_X86_NAME
#error "define ADM_X86_NAME before including adm_kernels.h"
#endif

/* A horizontal pass's outputs j..j+LANES-1 over a row of n read
 * x[2j-1 .. 2j+2*LANES]: from the row where that is inside it, else from a
 * mirrored copy of COPY_LEN (zeros past the 2 * count + 2 samples read). */
#define COPY_LEN (3 * ADM_X86_LANES)

static inline bool horizontal_in_row(int j, int n)
{
    return j >= 1 && 2 * j + 2 * ADM_X86_LANES <= n - 1;
}

static const int16_t *horizontal_source16(const int16_t *x, int n, int j, int count,
                                          int16_t copy[COPY_LEN])
{
    if (count == ADM_X86_LANES && horizontal_in_row(j, n))
        return x + 2 * j - 1;
    return adm_x86_mirrored_copy16(x, n, 2 * j - 1, 2 * count + 2, copy, COPY_LEN);
}

static const int32_t *horizontal_source32(const int32_t *x, int n, int j, int count,
                                          int32_t copy[COPY_LEN])
{
    if (count == ADM_X86_LANES && horizontal_in_row(j, n))
        return x + 2 * j - 1;
    return adm_x86_mirrored_copy32(x, n, 2 * j - 1, 2 * count + 2, copy, COPY_LEN);
}

/* Scale 0: the rows of one vertical pass are kept as int16 in tmp, 2 *
 * LANES columns a step (int16 lanes); the horizontal pass makes LANES
 * outputs a step. */
static inline void dwt_s0(const void *src, ptrdiff_t src_stride, int w, int h, unsigned bpc,
                          bool wide, const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst,
                          int32_t *approx, ptrdiff_t dst_stride)
{
    const DwtTaps k = dwt_taps();
    uint32_t lo_sum = 0, hi_sum = 0;
    for (int t = 0; t < ADM_DWT_TAPS; t++) {
        lo_sum += (uint32_t)adm_x86_lo_tap(t);
        hi_sum += (uint32_t)adm_x86_hi_tap(t);
    }
    const uint32_t round = 1u << (bpc - 1), offset = wide ? 32768 : 0;
    const vi lo_bias = vi_set1_32((int32_t)(offset * lo_sum + round - lo_sum * round));
    const vi hi_bias = vi_set1_32((int32_t)(offset * hi_sum + round - hi_sum * round));
    const __m128i shift = _mm_cvtsi32_si128((int)bpc);
    int16_t *lo = (int16_t *)tmp, *hi = lo + w;
    const int out_w = (w + 1) / 2;
    for (int i = 0; i < (h + 1) / 2; i++) {
        const void *row[ADM_DWT_TAPS];
        for (int t = 0; t < ADM_DWT_TAPS; t++)
            row[t] = (const uint8_t *)src + taps->rows[ADM_DWT_TAPS * i + t] * src_stride;
        for (int j = 0; j < w; j += 2 * ADM_X86_LANES) {
            const int n = w - j < 2 * ADM_X86_LANES ? w - j : 2 * ADM_X86_LANES;
            vi p[ADM_DWT_TAPS];
            for (int t = 0; t < ADM_DWT_TAPS; t++)
                p[t] = load_samples(row[t], j, n, wide);
            dwt_s0_vertical(p, &k, lo_bias, hi_bias, shift, lo + j, hi + j, n);
        }
        const ptrdiff_t o = i * dst_stride;
        for (int j = 0; j < out_w; j += ADM_X86_LANES) {
            const int n = out_w - j < ADM_X86_LANES ? out_w - j : ADM_X86_LANES;
            int16_t lo_copy[COPY_LEN], hi_copy[COPY_LEN];
            dwt_s0_horizontal(horizontal_source16(lo, w, j, n, lo_copy),
                              horizontal_source16(hi, w, j, n, hi_copy), &k, approx + o + j,
                              dst->band[ADM_BAND_H] + o + j, dst->band[ADM_BAND_V] + o + j,
                              dst->band[ADM_BAND_D] + o + j, n);
        }
    }
}

static void ADM_X86_NAME(dwt_s0_8)(const uint8_t *src, ptrdiff_t src_stride, int w, int h,
                                   const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst,
                                   int32_t *approx, ptrdiff_t dst_stride)
{
    dwt_s0(src, src_stride, w, h, 8, false, taps, tmp, dst, approx, dst_stride);
}

static void ADM_X86_NAME(dwt_s0_16)(const uint16_t *src, ptrdiff_t src_stride, int w, int h,
                                    unsigned bpc, const AdmDwtTaps *taps, int32_t *tmp,
                                    const AdmBands16 *dst, int32_t *approx, ptrdiff_t dst_stride)
{
    dwt_s0(src, src_stride, w, h, bpc, true, taps, tmp, dst, approx, dst_stride);
}

/* Scales 1 to 3: int32 samples split into int16 halves (split_lanes(),
 * split_neighbours()) and filtered by madd (split_filter()). */
static void ADM_X86_NAME(dwt_s123)(const int32_t *src, ptrdiff_t src_stride, int w, int h,
                                   int scale, const AdmDwtTaps *taps, int32_t *tmp,
                                   const AdmBands32 *dst, int32_t *approx, ptrdiff_t dst_stride)
{
    const AdmDwtRounding r = adm_dwt_s123_rounding(scale);
    const SplitPass vq = split_pass(r.v_round, r.v_shift), hq = split_pass(r.h_round, r.h_shift);
    int32_t *lo = tmp, *hi = tmp + w;
    const int out_w = (w + 1) / 2;
    for (int i = 0; i < (h + 1) / 2; i++) {
        const int32_t *row[ADM_DWT_TAPS];
        for (int t = 0; t < ADM_DWT_TAPS; t++)
            row[t] = src + taps->rows[ADM_DWT_TAPS * i + t] * src_stride;
        for (int j = 0; j < w; j += ADM_X86_LANES) {
            const int n = w - j < ADM_X86_LANES ? w - j : ADM_X86_LANES;
            vi h01, h23, l01, l23;
            split_lanes(load_s32(row[0] + j, n), load_s32(row[1] + j, n), &h01, &l01);
            split_lanes(load_s32(row[2] + j, n), load_s32(row[3] + j, n), &h23, &l23);
            store_s32(lo + j, split_filter(h01, h23, l01, l23, &vq.lo, &vq), n);
            store_s32(hi + j, split_filter(h01, h23, l01, l23, &vq.hi, &vq), n);
        }
        const ptrdiff_t o = i * dst_stride;
        for (int j = 0; j < out_w; j += ADM_X86_LANES) {
            const int n = out_w - j < ADM_X86_LANES ? out_w - j : ADM_X86_LANES;
            int32_t lo_copy[COPY_LEN], hi_copy[COPY_LEN];
            const int32_t *ls = horizontal_source32(lo, w, j, n, lo_copy);
            const int32_t *hs = horizontal_source32(hi, w, j, n, hi_copy);
            vi lh01, lh23, ll01, ll23, hh01, hh23, hl01, hl23;
            split_neighbours(vi_loadu(ls), vi_loadu(ls + ADM_X86_LANES), &lh01, &ll01);
            split_neighbours(vi_loadu(ls + 2), vi_loadu(ls + 2 + ADM_X86_LANES), &lh23, &ll23);
            split_neighbours(vi_loadu(hs), vi_loadu(hs + ADM_X86_LANES), &hh01, &hl01);
            split_neighbours(vi_loadu(hs + 2), vi_loadu(hs + 2 + ADM_X86_LANES), &hh23, &hl23);
            store_s32(approx + o + j, in_order(split_filter(lh01, lh23, ll01, ll23, &hq.lo, &hq)),
                      n);
            store_s32(dst->band[ADM_BAND_V] + o + j,
                      in_order(split_filter(lh01, lh23, ll01, ll23, &hq.hi, &hq)), n);
            store_s32(dst->band[ADM_BAND_H] + o + j,
                      in_order(split_filter(hh01, hh23, hl01, hl23, &hq.lo, &hq)), n);
            store_s32(dst->band[ADM_BAND_D] + o + j,
                      in_order(split_filter(hh01, hh23, hl01, hl23, &hq.hi, &hq)), n);
        }
    }
}

/* One pass's constants, as vectors. */
typedef struct Pass {
    const AdmSumsArgs *a;
    bool scale0;
    int first, end;
    vd cos_sq;
    GainLimit gain;
    vi rf[ADM_DETAIL_BANDS], csf_round[ADM_DETAIL_BANDS];
    __m128i csf_shift[ADM_DETAIL_BANDS], thr_shift[ADM_DETAIL_BANDS];
    CsfFactor factor[ADM_DETAIL_BANDS];
    CubeShifts cube[ADM_DETAIL_BANDS];
    DenShifts den;
} Pass;

static Pass pass_of(const AdmSumsArgs *a, bool scale0)
{
    Pass q = {.a = a, .scale0 = scale0};
    q.first = a->region.left > 0 ? a->region.left - 1 : 0;
    q.end = a->region.right < a->w ? a->region.right + 1 : a->w;
    q.cos_sq = vd_set1(adm_cos_1deg_sq());
    q.gain = gain_limit_of(a->gain_limit);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const uint32_t rf = scale0 ? a->rfactor_q0[b] : a->rfactor_q32[b];
        q.rf[b] = vi_set1_32((int32_t)rf);
        q.factor[b] = csf_factor(rf);
        q.csf_round[b] = vi_set1_32(adm_x86_csf_s0_round[b]);
        q.csf_shift[b] = _mm_cvtsi32_si128(adm_x86_csf_s0_shift[b]);
        q.thr_shift[b] = _mm_cvtsi32_si128(scale0 ? adm_x86_cm_s0_thr_shift[b] : 0);
        q.cube[b] = cube_shifts(
            scale0 ? adm_x86_cm_s0_square_shift[b] : ADM_X86_CM_S123_SQUARE_SHIFT, a->cm.cube[b]);
    }
    q.den = (DenShifts){
        .square_round = vi_set1_64((int64_t)(UINT64_C(1) << a->den.square)),
        .cube_round = vi_set1_64((int64_t)adm_rounding(a->den.cube)),
        .square_shift = _mm_cvtsi32_si128(a->den.square),
        .cube_shift = _mm_cvtsi32_si128(a->den.cube),
    };
    return q;
}

/* Decouples row r into its slot and sums its threshold terms; a row of the
 * region adds its reference cubes to den. The restored part's terms are
 * needed only for aim. */
static inline void keep_row(const Pass *q, const void *const ref[ADM_DETAIL_BANDS],
                            const void *const dis[ADM_DETAIL_BANDS], ptrdiff_t stride, int r,
                            KeptRows *k, uint64_t den[ADM_DETAIL_BANDS])
{
    const AdmSumsArgs *a = q->a;
    const int slot = r % 3;
    const ptrdiff_t o = r * stride;
    k->row[slot] = r;
    for (int j = q->first; j < q->end; j += ADM_X86_LANES) {
        const int n = q->end - j < ADM_X86_LANES ? q->end - j : ADM_X86_LANES;
        vi ov[ADM_DETAIL_BANDS], tv[ADM_DETAIL_BANDS];
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            ov[b] = load_band(ref[b], o + j, n, q->scale0);
            tv[b] = load_band(dis[b], o + j, n, q->scale0);
        }
        const vmask in_cone = q->scale0 ? in_cone_s0(ov[ADM_BAND_H], ov[ADM_BAND_V], tv[ADM_BAND_H],
                                                     tv[ADM_BAND_V], q->cos_sq)
                                        : in_cone_s123(ov[ADM_BAND_H], ov[ADM_BAND_V],
                                                       tv[ADM_BAND_H], tv[ADM_BAND_V], q->cos_sq);
        vi neighbour[PARTS], centre[PARTS];
        for (int p = 0; p < PARTS; p++)
            neighbour[p] = centre[p] = vi_zero();
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            vi part[PARTS];
            part[PART_RESTORED] = q->scale0
                                      ? restore_s0(ov[b], tv[b], in_cone, a->recip, &q->gain)
                                      : restore_s123(ov[b], tv[b], in_cone, a->recip, &q->gain);
            part[PART_ADDITIVE] = vi_sub32(tv[b], part[PART_RESTORED]);
            if (q->scale0)
                part[PART_ADDITIVE] = to_s16(part[PART_ADDITIVE]);
            for (int p = 0; p < PARTS; p++) {
                vi_storeu(k->part[slot][p][b] + j, part[p]);
                if (p == PART_RESTORED && !a->aim)
                    continue;
                const vi c = q->scale0
                                 ? csf_s0_value(part[p], q->rf[b], q->csf_round[b], q->csf_shift[b])
                                 : csf_s123_value(part[p], &q->factor[b]);
                vi thirtieth, fifteenth;
                if (q->scale0) {
                    fractions_s0(c, &thirtieth, &fifteenth);
                } else {
                    thirtieth = fraction_s123(c, ADM_ONE_30TH_Q32);
                    fifteenth = fraction_s123(c, ADM_ONE_15TH_Q32);
                }
                neighbour[p] = vi_add32(neighbour[p], thirtieth);
                centre[p] = vi_add32(centre[p], vi_sub32(fifteenth, thirtieth));
            }
        }
        for (int p = 0; p < PARTS; p++) {
            vi_storeu(k->neighbour[slot][p] + j, neighbour[p]);
            vi_storeu(k->centre[slot][p] + j, centre[p]);
        }
    }
    if (r < a->region.top || r >= a->region.bottom)
        return;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        den[b] += adm_den_row(den_row(ref[b], o + a->region.left, a->region.right - a->region.left,
                                      q->scale0, &q->den),
                              a->den.row);
}

/* The masked cubes of region row i of the src part, with the thresholds of
 * the other part (the masker) from the rows kept; column -1 reads column 1
 * and column w column w - 1 (adm_cm_reach()). */
static inline void mask_row(const Pass *q, const KeptRows *k, int i, int src,
                            int64_t sum[ADM_DETAIL_BANDS])
{
    const AdmSumsArgs *a = q->a;
    const int masker = src == PART_RESTORED ? PART_ADDITIVE : PART_RESTORED;
    const int up = adm_cm_reach(i - 1, a->h) % 3, mid = i % 3;
    const int down = adm_cm_reach(i + 1, a->h) % 3;
    int32_t *column = k->column[masker];
    for (int j = q->first; j < q->end; j += ADM_X86_LANES) {
        const vi u = vi_loadu(k->neighbour[up][masker] + j);
        const vi m = vi_loadu(k->neighbour[mid][masker] + j);
        const vi d = vi_loadu(k->neighbour[down][masker] + j);
        vi_storeu(column + j, vi_add32(vi_add32(u, m), d));
    }
    if (a->region.left == 0)
        column[-1] = column[1];
    if (a->region.right == a->w)
        column[a->w] = column[a->w - 1];

    vi acc[ADM_DETAIL_BANDS];
    uint64_t vectors[ADM_DETAIL_BANDS] = {0};
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        acc[b] = vi_zero();
    for (int j = a->region.left; j < a->region.right; j += ADM_X86_LANES) {
        const int n = a->region.right - j < ADM_X86_LANES ? a->region.right - j : ADM_X86_LANES;
        const vi thr =
            vi_add32(vi_add32(vi_loadu(column + j - 1), vi_loadu(column + j)),
                     vi_add32(vi_loadu(column + j + 1), vi_loadu(k->centre[mid][masker] + j)));
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            const vi v = vi_loadu(k->part[mid][src][b] + j);
            const vi x = q->scale0 ? vi_mullo32(v, q->rf[b]) : csf_s123_value(v, &q->factor[b]);
            const vi excess = excess_over(x, vi_sll32(thr, q->thr_shift[b]), n);
            if (!vi_any(excess))
                continue;
            acc[b] = masked_cubes(acc[b], excess, &q->cube[b]);
            vectors[b]++;
        }
    }
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sum[b] = adm_add_wrap64(
            sum[b], adm_cm_row((int64_t)cubes_total(acc[b], vectors[b], a->cm.cube[b]), a->cm.row));
}

/* One pass over the region's rows; each row it reaches is kept once. */
static inline void scale_sums(const void *const ref[ADM_DETAIL_BANDS],
                              const void *const dis[ADM_DETAIL_BANDS], ptrdiff_t stride,
                              const AdmSumsArgs *a, int32_t *rows, bool scale0,
                              uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                              int64_t aim[ADM_DETAIL_BANDS])
{
    const Pass q = pass_of(a, scale0);
    KeptRows k;
    adm_x86_kept_rows_init(&k, rows, a->w);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        den[b] = 0;
        cm[b] = aim[b] = 0;
    }
    for (int i = a->region.top; i < a->region.bottom; i++) {
        const int needed[3] = {adm_cm_reach(i - 1, a->h), i, adm_cm_reach(i + 1, a->h)};
        for (int n = 0; n < 3; n++)
            if (k.row[needed[n] % 3] != needed[n])
                keep_row(&q, ref, dis, stride, needed[n], &k, den);
        mask_row(&q, &k, i, PART_RESTORED, cm);
        if (a->aim)
            mask_row(&q, &k, i, PART_ADDITIVE, aim);
    }
}

static void ADM_X86_NAME(sums_s0)(const AdmBands16 *ref, const AdmBands16 *dis, ptrdiff_t stride,
                                  const AdmSumsArgs *a, const AdmWork16 *work,
                                  uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                                  int64_t aim[ADM_DETAIL_BANDS])
{
    const void *r[ADM_DETAIL_BANDS], *d[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = ref->band[b];
        d[b] = dis->band[b];
    }
    scale_sums(r, d, stride, a, work->rows, true, den, cm, aim);
}

static void ADM_X86_NAME(sums_s123)(const AdmBands32 *ref, const AdmBands32 *dis, ptrdiff_t stride,
                                    const AdmSumsArgs *a, const AdmWork32 *work,
                                    uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                                    int64_t aim[ADM_DETAIL_BANDS])
{
    const void *r[ADM_DETAIL_BANDS], *d[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = ref->band[b];
        d[b] = dis->band[b];
    }
    scale_sums(r, d, stride, a, work->rows, false, den, cm, aim);
}

#undef ADM_X86_NAME
