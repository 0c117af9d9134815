/* The integer VIF stages, written once over the vector layer that
 * vif_avx2.c and vif_avx512.c define before including this file: vw holds
 * VIF_STEP 16-bit lanes (as many 32-bit lanes as half that, or 64-bit ones
 * as a quarter), vd, vq and vi VIF_LANES doubles, 64-bit and 32-bit lanes.
 *
 * Why the results equal the C reference's bit for bit:
 * - every filter sum of the reference is an exact integer; the vertical
 *   passes compute it with pmaddwd in 32 bits (8-bit samples) or in doubles,
 *   which hold it exactly (16-bit samples: sums below 2^49), then apply the
 *   reference's rounding shifts;
 * - the horizontal passes run on 16-bit lanes: the means as they are, each
 *   32-bit square as its high and low halves, all offset by -32768 to fit
 *   pmaddwd's signed lanes. As the coefficients sum to 65536, every sum then
 *   comes out offset by exactly -2^31 and fits 32 bits;
 * - the per-pixel double arithmetic of vif_accumulate() is done lane by lane
 *   with the same IEEE operations in the same order (no contraction), and
 *   its integer log2 from the bits of an exactly converted double, the
 *   table's entry read or, where it is provably the same, computed
 *   (vif_log2_poly.h);
 * - the integer sums are exact, so the order pixels are added in is free:
 *   the horizontal pass yields the even columns of a vector, then the odd.
 * The vertical results fit the reference's types (means 16 bits, squares 32)
 * for the shifts vif.c passes, so its casts never truncate.
 *
 * A row is processed in blocks of columns: the vertical pass of a block and
 * its reflected borders go to small buffers on the stack, which the
 * horizontal pass then reads while they are in L1. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "vif_log2_poly.h"

#define VIF_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Columns of one vw, the step of the horizontal passes. */
#define VIF_STEP (4 * VIF_LANES)
/* Output columns per block of the statistic; the decimation's blocks read
 * as many input columns. Wide, so that the vertical pass's halo and the
 * rounding up of its columns to whole steps cost little, while the eight
 * planes of the statistic's blocks still stay in L1. */
#define VIF_BLOCK 512
#define VIF_DEC_BLOCK (VIF_BLOCK / 2)
#define VIF_HALO (VIF_MAX_TAPS / 2)
/* A block's buffer: its columns, the halo on both sides, and room for the
 * vector steps that run past its end (their lanes are masked or dropped). */
#define VIF_BUF_LEN (VIF_BLOCK + 2 * VIF_HALO + 2 * VIF_STEP)

/* The taps of a filter in pairs for the vertical pmaddwd, whose
 * coefficients are signed 16 bits: a larger one (43728 of the 3-tap filter)
 * is split in two halves on the same row, and an odd count is padded with a
 * zero tap. */
typedef struct VifTapPairs {
    uint8_t row[VIF_MAX_TAPS][2];
    int32_t coef[VIF_MAX_TAPS]; /* first coefficient in the low half */
} VifTapPairs;

static void tap_pairs(VifTapPairs *tp, const uint16_t *filt, unsigned taps)
{
    uint8_t row[2 * VIF_MAX_TAPS];
    uint16_t coef[2 * VIF_MAX_TAPS];
    unsigned n = 0;
    for (unsigned k = 0; k < taps; k++) {
        if (filt[k] > INT16_MAX) {
            row[n] = (uint8_t)k;
            coef[n++] = filt[k] / 2;
            row[n] = (uint8_t)k;
            coef[n++] = filt[k] - filt[k] / 2;
        } else {
            row[n] = (uint8_t)k;
            coef[n++] = filt[k];
        }
    }
    if (n % 2) {
        row[n] = 0;
        coef[n++] = 0;
    }
    for (unsigned p = 0; p < n / 2; p++) {
        tp->row[p][0] = row[2 * p];
        tp->row[p][1] = row[2 * p + 1];
        tp->coef[p] = (int32_t)(coef[2 * p] | (uint32_t)coef[2 * p + 1] << 16);
    }
}

/* The taps of a filter as coefficient pairs on adjacent columns for the
 * horizontal pmaddwd, whose coefficients are signed 16 bits. Pair p covers
 * columns column_pair_offset() and the next: pairs of taps 2p and 2p + 1,
 * but for the 3-tap filter, whose centre (43728) is too large for one lane,
 * two overlapping pairs that share it. The layout depends on taps alone, so
 * that the filter loops unroll into fixed offsets. */
VIF_ALWAYS_INLINE unsigned column_pair_count(unsigned taps)
{
    return taps == 3 ? 2 : (taps + 1) / 2;
}

VIF_ALWAYS_INLINE unsigned column_pair_offset(unsigned taps, unsigned p)
{
    return taps == 3 ? p : 2 * p;
}

/* Each pair takes what fits of its two taps; the vif filters are covered
 * exactly. Coefficients packed with the first in the low half. */
static void column_pairs(int32_t *coef, const uint16_t *filt, unsigned taps)
{
    uint32_t rest[VIF_MAX_TAPS + 1] = {0};
    for (unsigned k = 0; k < taps; k++)
        rest[k] = filt[k];
    for (unsigned p = 0; p < column_pair_count(taps); p++) {
        const unsigned off = column_pair_offset(taps, p);
        const uint32_t a = rest[off] < INT16_MAX ? rest[off] : INT16_MAX;
        const uint32_t b = rest[off + 1] < INT16_MAX ? rest[off + 1] : INT16_MAX;
        rest[off] -= a;
        rest[off + 1] -= b;
        coef[p] = (int32_t)(a | b << 16);
    }
}

/* The rows and roundings of one vertical pass. Rows are byte pointers for
 * either sample size. */
typedef struct VifVertical {
    const uint8_t *ref_rows[VIF_MAX_TAPS], *dis_rows[VIF_MAX_TAPS];
    const uint16_t *filt;
    VifTapPairs pairs; /* 8-bit samples */
    unsigned mu_shift, sq_shift;
    double mu_half, mu_scale; /* floor((x + half) * scale) */
    double sq_half, sq_scale;
} VifVertical;

static void vertical_setup(VifVertical *v, unsigned scale, unsigned mu_shift, unsigned sq_shift,
                           bool hbd)
{
    v->filt = vif_filter[scale];
    if (!hbd)
        tap_pairs(&v->pairs, v->filt, vif_filter_taps[scale]);
    v->mu_shift = mu_shift;
    v->sq_shift = sq_shift;
    v->mu_half = (double)(1u << mu_shift >> 1);
    v->mu_scale = 1.0 / (double)(1u << mu_shift);
    v->sq_half = (double)(1u << sq_shift >> 1);
    v->sq_scale = 1.0 / (double)(1u << sq_shift);
}

static void gather_rows(const uint8_t **rows, const void *plane, ptrdiff_t stride, unsigned h,
                        int center, unsigned taps)
{
    const int first = center - (int)(taps / 2);
    for (unsigned k = 0; k < taps; k++)
        rows[k] = (const uint8_t *)plane + vif_reflect(first + (int)k, (int)h) * stride;
}

VIF_ALWAYS_INLINE vd round_shift(vd x, vd half, vd scale)
{
    return vd_floor(vd_mul(vd_add(x, half), scale));
}

/* The block planes of the statistic, 16-bit and offset by -32768: the means,
 * then the high and low halves of each square. */
enum { MU1, MU2, REF_SQ_HI, REF_SQ_LO, DIS_SQ_HI, DIS_SQ_LO, REF_DIS_HI, REF_DIS_LO, PLANES };

/* Stores 32-bit squares s (low and high columns of pmaddwd, offset by
 * -2^31) as their offset halves, rounded by sq_shift first. */
VIF_ALWAYS_INLINE void store_square(int16_t *hi_out, int16_t *lo_out, vw lo, vw hi,
                                    unsigned sq_shift)
{
    const vw sign32 = vw_set32(INT32_MIN);
    if (sq_shift) {
        /* floor((s + 2^(shift-1)) / 2^shift) without leaving 32 bits */
        const vw one = vw_set32(1);
        lo = vw_xor(lo, sign32);
        hi = vw_xor(hi, sign32);
        lo = vw_add32(vw_srl32(lo, sq_shift), vw_and(vw_srl32(lo, sq_shift - 1), one));
        hi = vw_add32(vw_srl32(hi, sq_shift), vw_and(vw_srl32(hi, sq_shift - 1), one));
        lo = vw_xor(lo, sign32);
        hi = vw_xor(hi, sign32);
    }
    /* s - 2^31 shifted arithmetically is the high half minus 32768 */
    vw_store(hi_out, vw_packs32(vw_srai32(lo, 16), vw_srai32(hi, 16)));
    const vw low16 = vw_set32(0xffff);
    vw_store(lo_out,
             vw_xor(vw_packus32(vw_and(lo, low16), vw_and(hi, low16)), vw_set16(INT16_MIN)));
}

/* VIF_STEP columns of 8-bit samples from col. With squares, the squares and
 * the cross product go through pmaddwd offset by -32768 (they reach 65025);
 * the coefficients sum to 65536, so the sums come out offset by -2^31. The
 * vif filters split only the 3-tap one's centre, so they make as many pairs
 * of rows as of columns. */
VIF_ALWAYS_INLINE void vertical_8(const VifVertical *v, ptrdiff_t col, int16_t *const *out,
                                  bool squares, unsigned taps)
{
    const vw offset = vw_set16(INT16_MIN);
    vw m1l = vw_zero(), m1h = vw_zero(), m2l = vw_zero(), m2h = vw_zero();
    vw xxl = vw_zero(), xxh = vw_zero(), yyl = vw_zero(), yyh = vw_zero();
    vw xyl = vw_zero(), xyh = vw_zero();

    for (unsigned p = 0; p < column_pair_count(taps); p++) {
        const vw f = vw_set32(v->pairs.coef[p]);
        const unsigned a = v->pairs.row[p][0], b = v->pairs.row[p][1];
        const vw ra = vw_load_u8(v->ref_rows[a] + col), rb = vw_load_u8(v->ref_rows[b] + col);
        const vw da = vw_load_u8(v->dis_rows[a] + col), db = vw_load_u8(v->dis_rows[b] + col);
        /* the samples of both rows side by side, so that the products are
         * multiplied in the layout pmaddwd takes, without unpacking them */
        const vw rl = vw_unpacklo16(ra, rb), rh = vw_unpackhi16(ra, rb);
        const vw dl = vw_unpacklo16(da, db), dh = vw_unpackhi16(da, db);
        m1l = vw_madd_add(m1l, rl, f);
        m1h = vw_madd_add(m1h, rh, f);
        m2l = vw_madd_add(m2l, dl, f);
        m2h = vw_madd_add(m2h, dh, f);
        if (squares) {
            xxl = vw_madd_add(xxl, vw_xor(vw_mullo16(rl, rl), offset), f);
            xxh = vw_madd_add(xxh, vw_xor(vw_mullo16(rh, rh), offset), f);
            yyl = vw_madd_add(yyl, vw_xor(vw_mullo16(dl, dl), offset), f);
            yyh = vw_madd_add(yyh, vw_xor(vw_mullo16(dh, dh), offset), f);
            xyl = vw_madd_add(xyl, vw_xor(vw_mullo16(rl, dl), offset), f);
            xyh = vw_madd_add(xyh, vw_xor(vw_mullo16(rh, dh), offset), f);
        }
    }

    /* The means are below 2^24: round them in 32 bits. The packs put the
     * columns of unpacklo and unpackhi back in order. */
    const vw mu_half = vw_set32((int32_t)(1u << v->mu_shift >> 1));
    vw_store(out[MU1], vw_xor(vw_packus32(vw_srl32(vw_add32(m1l, mu_half), v->mu_shift),
                                          vw_srl32(vw_add32(m1h, mu_half), v->mu_shift)),
                              offset));
    vw_store(out[MU2], vw_xor(vw_packus32(vw_srl32(vw_add32(m2l, mu_half), v->mu_shift),
                                          vw_srl32(vw_add32(m2h, mu_half), v->mu_shift)),
                              offset));
    if (!squares)
        return;
    store_square(out[REF_SQ_HI], out[REF_SQ_LO], xxl, xxh, v->sq_shift);
    store_square(out[DIS_SQ_HI], out[DIS_SQ_LO], yyl, yyh, v->sq_shift);
    store_square(out[REF_DIS_HI], out[REF_DIS_LO], xyl, xyh, v->sq_shift);
}

/* Stores a square (a double below 2^32) as its offset halves. */
VIF_ALWAYS_INLINE void store_square_pd(int16_t *hi_out, int16_t *lo_out, vd x)
{
    const vi s = vq_low32(vq_bits(vd_add(x, vd_set(0x1p52))));
    vi_store_i16(hi_out, vi_srai(vi_xor(s, vi_set(INT32_MIN)), 16));
    vi_store_i16(lo_out, vi_sub(vi_and(s, vi_set(0xffff)), vi_set(1 << 15)));
}

/* VIF_LANES columns of 16-bit samples from col, in double arithmetic. */
VIF_ALWAYS_INLINE void vertical_16(const VifVertical *v, ptrdiff_t col, int16_t *const *out,
                                   bool squares, unsigned taps)
{
    vd m1 = vd_zero(), m2 = vd_zero(), xx = vd_zero(), yy = vd_zero(), xy = vd_zero();
    for (unsigned k = 0; k < taps; k++) {
        const vd f = vd_set(v->filt[k]);
        const vd r = vd_load_u16((const uint16_t *)v->ref_rows[k] + col);
        const vd d = vd_load_u16((const uint16_t *)v->dis_rows[k] + col);
        const vd fr = vd_mul(f, r), fd = vd_mul(f, d);
        m1 = vd_add(m1, fr);
        m2 = vd_add(m2, fd);
        if (squares) {
            xx = vd_fma(fr, r, xx);
            yy = vd_fma(fd, d, yy);
            xy = vd_fma(fr, d, xy);
        }
    }
    const vd mu_half = vd_set(v->mu_half), mu_scale = vd_set(v->mu_scale);
    const vi offset = vi_set(1 << 15);
    vi_store_i16(out[MU1], vi_sub(vi_trunc(round_shift(m1, mu_half, mu_scale)), offset));
    vi_store_i16(out[MU2], vi_sub(vi_trunc(round_shift(m2, mu_half, mu_scale)), offset));
    if (!squares)
        return;
    const vd sq_half = vd_set(v->sq_half), sq_scale = vd_set(v->sq_scale);
    store_square_pd(out[REF_SQ_HI], out[REF_SQ_LO], round_shift(xx, sq_half, sq_scale));
    store_square_pd(out[DIS_SQ_HI], out[DIS_SQ_LO], round_shift(yy, sq_half, sq_scale));
    store_square_pd(out[REF_DIS_HI], out[REF_DIS_LO], round_shift(xy, sq_half, sq_scale));
}

VIF_ALWAYS_INLINE void vertical_at(const VifVertical *v, ptrdiff_t col, int16_t *const *planes,
                                   ptrdiff_t pos, bool hbd, bool squares, unsigned taps)
{
    int16_t *out[PLANES];
    for (unsigned q = 0; q < (squares ? PLANES : 2); q++)
        out[q] = planes[q] + pos;
    if (hbd)
        vertical_16(v, col, out, squares, taps);
    else
        vertical_8(v, col, out, squares, taps);
}

/* The vertical results of columns lo..hi-1 at planes[q][c - origin]. A last
 * step that would run past hi is moved back to end at hi (it recomputes
 * columns, with the same results); a range narrower than one step is copied
 * to a zero-padded copy first, so no sample past a row is read. */
VIF_ALWAYS_INLINE void vertical_range(const VifVertical *v, ptrdiff_t lo, ptrdiff_t hi,
                                      int16_t *const *planes, ptrdiff_t origin, bool hbd,
                                      bool squares, unsigned taps)
{
    const ptrdiff_t step = hbd ? VIF_LANES : VIF_STEP;
    if (hi - lo >= step) {
        for (ptrdiff_t c = lo; c < hi; c += step) {
            const ptrdiff_t at = c + step > hi ? hi - step : c;
            vertical_at(v, at, planes, at - origin, hbd, squares, taps);
        }
        return;
    }

    _Alignas(64) uint8_t copy[2][VIF_MAX_TAPS][VIF_STEP] = {0};
    const size_t sample = hbd ? 2 : 1;
    VifVertical narrow = *v;
    for (unsigned k = 0; k < taps; k++) {
        memcpy(copy[0][k], v->ref_rows[k] + lo * (ptrdiff_t)sample, (size_t)(hi - lo) * sample);
        memcpy(copy[1][k], v->dis_rows[k] + lo * (ptrdiff_t)sample, (size_t)(hi - lo) * sample);
        narrow.ref_rows[k] = copy[0][k];
        narrow.dis_rows[k] = copy[1][k];
    }
    vertical_at(&narrow, 0, planes, lo - origin, hbd, squares, taps);
}

/* Columns origin..lo-1 (left of the picture) and hi..end-1 (right of it)
 * reflected from the computed ones, as reflect-101 of the picture. */
static void reflect_block(int16_t *const *planes, unsigned n_planes, ptrdiff_t origin, ptrdiff_t lo,
                          ptrdiff_t hi, ptrdiff_t end, ptrdiff_t w)
{
    for (unsigned q = 0; q < n_planes; q++) {
        int16_t *buf = planes[q] - origin;
        for (ptrdiff_t c = origin; c < lo; c++)
            buf[c] = buf[-c];
        for (ptrdiff_t c = hi; c < end; c++)
            buf[c] = buf[2 * (w - 1) - c];
    }
}

/* The filter over a 16-bit offset plane at the columns x, x + 2, ...: each
 * 32-bit lane m sums the taps from x[2m]; the result is offset by -2^31. */
VIF_ALWAYS_INLINE vw column_filter(const int16_t *x, const vw *coef, unsigned taps)
{
    vw acc = vw_madd(vw_load(x), coef[0]);
    for (unsigned p = 1; p < column_pair_count(taps); p++)
        acc = vw_madd_add(acc, vw_load(x + column_pair_offset(taps, p)), coef[p]);
    return acc;
}

/* The broadcast coefficient pairs of a filter. */
VIF_ALWAYS_INLINE void column_coefs(vw *coef, const uint16_t *filt, unsigned taps)
{
    int32_t packed[VIF_MAX_TAPS];
    column_pairs(packed, filt, taps);
    for (unsigned p = 0; p < column_pair_count(taps); p++)
        coef[p] = vw_set32(packed[p]);
}

/* The rounded Q32 product of two Q16 means in each 32-bit lane. */
VIF_ALWAYS_INLINE vw mul_q32(vw a, vw b)
{
    const vw round = vw_set64(INT64_C(1) << 31);
    const vw even = vw_srli64(vw_add64(vw_mul_u32(a, b), round), 32);
    const vw odd = vw_add64(vw_mul_u32(vw_srli64(a, 32), vw_srli64(b, 32)), round);
    return vw_or(even, vw_and(odd, vw_set64((int64_t)UINT64_C(0xffffffff00000000))));
}

/* A square from the filtered offset halves: the reference's rounding shift
 * by 16 of hi * 65536 + lo. */
VIF_ALWAYS_INLINE vw square_of(vw hi, vw lo)
{
    const vw sign32 = vw_set32(INT32_MIN);
    return vw_add32(vw_xor(hi, sign32),
                    vw_srli32(vw_add32(vw_xor(lo, sign32), vw_set32(1 << 15)), 16));
}

/* The table's entry for the mantissa 0x8000 + m, less 30720, in the lanes
 * of `lanes`, 0 elsewhere. The entry is read as the upper half of the 32
 * bits one entry below, so that the last entry is not read past. */
VIF_ALWAYS_INLINE vw table_entry(vw m, const uint16_t *table, vm lanes)
{
    const vw read = vw_gather_u16_pairs(table, vw_add32(m, vw_set32(0x7fff)), lanes);
    return vw_sub32(vw_srli32(read, 16), vw_set32(30720));
}

/* The table's entry for the mantissa 0x8000 + m, less 30720, for the lanes
 * m < 2^15. A layer that defines VIF_LOG2_POLYNOMIAL (where gathers cost
 * more than the FMAs) computes it with vif_log2_poly.h's polynomial and
 * reads the table only where that is too near a tie (a few lanes in a
 * thousand). */
VIF_ALWAYS_INLINE vw log2_mantissa(vw m, const uint16_t *table)
{
#ifdef VIF_LOG2_POLYNOMIAL
    const vf x = vf_from_vw(m);
    vf p = vf_set(vif_log2_poly[VIF_LOG2_DEGREE]);
    for (int i = VIF_LOG2_DEGREE - 1; i >= 0; i--)
        p = vf_fma(p, x, vf_set(vif_log2_poly[i]));
    const vf q = vf_add(p, vf_set(0.5f)), rounded = vf_floor(q);
    const vm unsure =
        vf_gt(vf_abs(vf_sub(vf_sub(q, rounded), vf_set(0.5f))), vf_set(0.5f - VIF_LOG2_BAND));
    const vw entry = vw_from_vf(rounded);
    return vm_any(unsure) ? vw_blend(unsure, entry, table_entry(m, table, unsure)) : entry;
#else
    return table_entry(m, table, vm_lanes_below(2 * VIF_LANES));
#endif
}

/* 2048 * log2 of positive integer-valued doubles below 2^53, given as the
 * bits of two vectors (their lanes in the order of a vw's), with the
 * reference's table and truncation: the top 16 bits give the table's entry,
 * the exponent the shift. */
VIF_ALWAYS_INLINE vw log2_bits(const vq bits[2], const uint16_t *table)
{
    /* the high words shifted by 5: the biased exponent above the 15
     * mantissa bits that follow the leading one */
    const vw top = vw_srli32(vw_high32(bits[0], bits[1]), 5);
    const vw entry = log2_mantissa(vw_and(top, vw_set32(0x7fff)), table);
    /* table entry + 2048 * (exponent - 15) = entry + 2048 * exponent */
    return vw_add32(entry, vw_slli32(vw_sub32(vw_srli32(top, 15), vw_set32(1023)), 11));
}

/* The sums of a block: the log terms in 32-bit lanes (each below 2^17, and
 * at most 2 * VIF_BLOCK / VIF_STEP of them per lane before acc_flush()),
 * the rest in 64 bits. */
typedef struct VifAcc {
    vw num_log, den_log;
    vq num_non_log;
    int64_t den_non_log;
} VifAcc;

/* vif_accumulate()'s lanes below the noise floor, of the lanes in `valid`
 * of a vw of pixels, with sigma2_sq already clamped at 0. Returns the lanes
 * above it, which accumulate_high() takes. */
VIF_ALWAYS_INLINE vm accumulate_low(VifAcc *acc, vw sigma1_sq, vw sigma2_sq, vm valid)
{
    const vm low = vm_and(vw_gt32(vw_set32(VIF_SIGMA_NSQ), sigma1_sq), valid);
    const vw low_sigma2_sq = vw_maskz(low, sigma2_sq);
    acc->num_non_log = vq_add(vq_add(acc->num_non_log, vq_from_vi(vw_low_half(low_sigma2_sq))),
                              vq_from_vi(vw_high_half(low_sigma2_sq)));
    acc->den_non_log += vm_count(low);
    return vm_andnot(low, valid);
}

/* vif_accumulate() for the lanes in `high`, all at or above the noise
 * floor. The integer decisions are taken on whole vws; the double
 * arithmetic runs on halves. */
VIF_ALWAYS_INLINE void accumulate_high(VifAcc *acc, vw sigma1_sq, vw sigma2_sq, vw sigma12, vm high,
                                       const uint16_t *table, vd gain_limit)
{
    static const double eps = 65536 * 1.0e-10; /* as vif_accumulate() */
    const vd nsq = vd_set(VIF_SIGMA_NSQ);
    const vw zero = vw_zero();
    const vm take = vm_and(vm_and(vw_gt32(sigma12, zero), vw_gt32(sigma2_sq, zero)), high);
    const vi s1_half[2] = {vw_low_half(sigma1_sq), vw_high_half(sigma1_sq)};
    vq den_bits[2];
    for (unsigned h = 0; h < 2; h++)
        den_bits[h] = vq_bits(vd_add(vd_from_vi(s1_half[h]), nsq));
    const vw den = vw_sub32(log2_bits(den_bits, table), vw_set32(2048 * 17));
    acc->den_log = vw_mask_add32(acc->den_log, high, den);
    if (!vm_any(take))
        return;

    const vi s2_half[2] = {vw_low_half(sigma2_sq), vw_high_half(sigma2_sq)};
    const vi s12_half[2] = {vw_low_half(sigma12), vw_high_half(sigma12)};
    vq signal_bits[2], noise_bits[2];
    for (unsigned h = 0; h < 2; h++) {
        const vd s1 = vd_from_vi(s1_half[h]), s12 = vd_from_vi(s12_half[h]);
        vd g = vd_div(s12, vd_add(s1, vd_set(eps)));
        const vi sv_sq =
            vi_max(vi_trunc(vd_sub(vd_from_vi(s2_half[h]), vd_mul(g, s12))), vi_zero());
        g = vd_min(g, gain_limit);
        const vd noise = vd_add(vd_from_vi(sv_sq), nsq);
        signal_bits[h] = vq_bits(vd_add(vd_trunc(vd_mul(vd_mul(g, g), s1)), noise));
        noise_bits[h] = vq_bits(noise);
    }

    const vw num = vw_sub32(log2_bits(signal_bits, table), log2_bits(noise_bits, table));
    acc->num_log = vw_mask_add32(acc->num_log, take, num);
}

#ifndef VIF_COMPRESS
/* vif_accumulate() for the lanes in `valid` of a vw of pixels. */
VIF_ALWAYS_INLINE void accumulate(VifAcc *acc, vw sigma1_sq, vw sigma2_sq, vw sigma12, vm valid,
                                  const uint16_t *table, vd gain_limit)
{
    sigma2_sq = vw_max32(sigma2_sq, vw_zero());
    const vm high = accumulate_low(acc, sigma1_sq, sigma2_sq, valid);
    /* Flat areas: no lane above the noise floor, nothing more to add. */
    if (vm_any(high))
        accumulate_high(acc, sigma1_sq, sigma2_sq, sigma12, high, table, gain_limit);
}
#endif

/* Moves the block's 32-bit sums into sums. */
VIF_ALWAYS_INLINE void acc_flush(VifAcc *acc, VifSums *sums)
{
    sums->num_log += vw_sum32(acc->num_log);
    sums->den_log += vw_sum32(acc->den_log);
    acc->num_log = vw_zero();
    acc->den_log = vw_zero();
}

/* The most vws of (co)variances one block makes: two per step. */
#define VIF_STAGED (2 * ((VIF_BLOCK + VIF_STEP - 1) / VIF_STEP))

/* The horizontal pass of one block of n columns and the statistic of each;
 * the planes start at column -half of the block. The (co)variances of the
 * whole block are made first and accumulated after: a loop doing both at
 * once holds more vectors than there are registers, and spilled. */
VIF_ALWAYS_INLINE void horizontal_stat(int16_t *const *planes, const vw *coef, unsigned taps,
                                       ptrdiff_t n, const VifStatParams *p, VifAcc *acc,
                                       VifSums *sums)
{
    const vw sign32 = vw_set32(INT32_MIN);
    vw sigma1_sq[VIF_STAGED], sigma2_sq[VIF_STAGED], sigma12[VIF_STAGED];
    ptrdiff_t valid[VIF_STAGED];
    unsigned staged = 0;

    for (ptrdiff_t t = 0; t < n; t += VIF_STEP) {
        for (ptrdiff_t at = t; at < t + 2 && at < n; at++) {
            vw f[PLANES];
            for (unsigned q = 0; q < PLANES; q++)
                f[q] = column_filter(planes[q] + at, coef, taps);
            const vw mu1 = vw_xor(f[MU1], sign32), mu2 = vw_xor(f[MU2], sign32);
            /* the differences wrap in 32 bits, as the reference's */
            sigma1_sq[staged] = vw_sub32(square_of(f[REF_SQ_HI], f[REF_SQ_LO]), mul_q32(mu1, mu1));
            sigma2_sq[staged] = vw_sub32(square_of(f[DIS_SQ_HI], f[DIS_SQ_LO]), mul_q32(mu2, mu2));
            sigma12[staged] = vw_sub32(square_of(f[REF_DIS_HI], f[REF_DIS_LO]), mul_q32(mu1, mu2));
            /* lane m holds column at + 2m */
            valid[staged++] = (n - at + 1) / 2;
        }
    }

    const vd gain_limit = vd_set(p->gain_limit);
#ifdef VIF_COMPRESS
    /* The lanes above the noise floor packed together, so that the double
     * arithmetic runs on whole vectors: in natural content most vectors
     * that have such lanes also have flat ones. The sums are exact, so the
     * order the lanes are added in is free. */
    _Alignas(64) int32_t high[3][(VIF_STAGED + 1) * 2 * VIF_LANES];
    unsigned n_high = 0;
    for (unsigned k = 0; k < staged; k++) {
        const vw s2 = vw_max32(sigma2_sq[k], vw_zero());
        const vm above = accumulate_low(acc, sigma1_sq[k], s2, vm_lanes_below(valid[k]));
        vw_compress_store32(high[0] + n_high, sigma1_sq[k], above);
        vw_compress_store32(high[1] + n_high, s2, above);
        vw_compress_store32(high[2] + n_high, sigma12[k], above);
        n_high += vm_count(above);
    }
    for (unsigned k = 0; k < n_high; k += 2 * VIF_LANES)
        accumulate_high(acc, vw_load((const int16_t *)(high[0] + k)),
                        vw_load((const int16_t *)(high[1] + k)),
                        vw_load((const int16_t *)(high[2] + k)), vm_lanes_below(n_high - k),
                        p->log2_table, gain_limit);
#else
    for (unsigned k = 0; k < staged; k++)
        accumulate(acc, sigma1_sq[k], sigma2_sq[k], sigma12[k], vm_lanes_below(valid[k]),
                   p->log2_table, gain_limit);
#endif
    acc_flush(acc, sums);
}

VIF_ALWAYS_INLINE void statistic_taps(const VifPlanes *src, const VifStatParams *p, VifSums *sums,
                                      bool hbd, unsigned taps)
{
    const unsigned half = taps / 2;
    const ptrdiff_t w = src->w;
    VifVertical v;
    vertical_setup(&v, p->scale, p->mu_shift, p->sq_shift, hbd);
    vw coef[VIF_MAX_TAPS];
    column_coefs(coef, v.filt, taps);

    _Alignas(64) int16_t buf[PLANES][VIF_BUF_LEN] = {0};
    int16_t *planes[PLANES];
    for (unsigned q = 0; q < PLANES; q++)
        planes[q] = buf[q];
    VifAcc acc = {vw_zero(), vw_zero(), vq_zero(), 0};

    for (unsigned i = 0; i < src->h; i++) {
        gather_rows(v.ref_rows, src->ref, src->ref_stride, src->h, (int)i, taps);
        gather_rows(v.dis_rows, src->dis, src->dis_stride, src->h, (int)i, taps);
        for (ptrdiff_t b = 0; b < w; b += VIF_BLOCK) {
            const ptrdiff_t e = b + VIF_BLOCK < w ? b + VIF_BLOCK : w;
            const ptrdiff_t origin = b - half, end = e + half;
            const ptrdiff_t lo = origin > 0 ? origin : 0, hi = end < w ? end : w;
            vertical_range(&v, lo, hi, planes, origin, hbd, true, taps);
            reflect_block(planes, PLANES, origin, lo, hi, end, w);
            horizontal_stat(planes, coef, taps, e - b, p, &acc, sums);
        }
    }
    sums->num_non_log += vq_sum(acc.num_non_log);
    sums->den_non_log += acc.den_non_log;
}

/* n outputs of the filtered line at its even columns, rounded to 16 bits. */
VIF_ALWAYS_INLINE void horizontal_even(const int16_t *line, const vw *coef, unsigned taps,
                                       ptrdiff_t n, uint16_t *out)
{
    const vw rounding = vw_set32((int32_t)(0x80000000u + (1u << 15)));
    for (ptrdiff_t t = 0; t < n; t += 2 * VIF_LANES) {
        const vw f = column_filter(line + 2 * t, coef, taps);
        const ptrdiff_t left = n - t;
        vw_store_u16(out + t, vw_srli32(vw_add32(f, rounding), 16),
                     left < 2 * VIF_LANES ? (unsigned)left : 2 * VIF_LANES);
    }
}

VIF_ALWAYS_INLINE void decimate_taps(const VifPlanes *src, unsigned scale, unsigned v_shift,
                                     const VifDecimated *dst, bool hbd, unsigned taps)
{
    const unsigned half = taps / 2;
    const ptrdiff_t w = src->w, out_w = src->w / 2;
    VifVertical v;
    vertical_setup(&v, scale, v_shift, 0, hbd);
    vw coef[VIF_MAX_TAPS];
    column_coefs(coef, v.filt, taps);

    _Alignas(64) int16_t line[2][VIF_BUF_LEN] = {0};
    int16_t *const planes[2] = {line[0], line[1]};

    for (unsigned i = 0; i < src->h / 2; i++) {
        uint16_t *const out[2] = {(uint16_t *)((uint8_t *)dst->ref + i * dst->stride),
                                  (uint16_t *)((uint8_t *)dst->dis + i * dst->stride)};
        gather_rows(v.ref_rows, src->ref, src->ref_stride, src->h, 2 * (int)i, taps);
        gather_rows(v.dis_rows, src->dis, src->dis_stride, src->h, 2 * (int)i, taps);
        for (ptrdiff_t b = 0; b < out_w; b += VIF_DEC_BLOCK) {
            const ptrdiff_t e = b + VIF_DEC_BLOCK < out_w ? b + VIF_DEC_BLOCK : out_w;
            const ptrdiff_t origin = 2 * b - half, end = 2 * (e - 1) + half + 1;
            const ptrdiff_t lo = origin > 0 ? origin : 0, hi = end < w ? end : w;
            vertical_range(&v, lo, hi, planes, origin, hbd, false, taps);
            reflect_block(planes, 2, origin, lo, hi, end, w);
            for (unsigned q = 0; q < 2; q++)
                horizontal_even(line[q], coef, taps, e - b, out[q] + b);
        }
    }
}

/* The filters' lengths as constants, so that their loops unroll. */
#define VIF_WITH_CONSTANT_TAPS(taps, call)                                                         \
    switch (taps) {                                                                                \
    case 17:                                                                                       \
        call(17);                                                                                  \
        break;                                                                                     \
    case 9:                                                                                        \
        call(9);                                                                                   \
        break;                                                                                     \
    case 5:                                                                                        \
        call(5);                                                                                   \
        break;                                                                                     \
    default:                                                                                       \
        call(3);                                                                                   \
        break;                                                                                     \
    }

VIF_ALWAYS_INLINE void statistic(const VifPlanes *src, const VifStatParams *p, VifSums *sums,
                                 bool hbd){
#define VIF_STATISTIC(taps) statistic_taps(src, p, sums, hbd, taps)
    VIF_WITH_CONSTANT_TAPS(vif_filter_taps[p->scale], VIF_STATISTIC)
#undef VIF_STATISTIC
}

VIF_ALWAYS_INLINE void decimate(const VifPlanes *src, unsigned scale, unsigned v_shift,
                                const VifDecimated *dst, bool hbd)
{
#define VIF_DECIMATE(taps) decimate_taps(src, scale, v_shift, dst, hbd, taps)
    VIF_WITH_CONSTANT_TAPS(vif_filter_taps[scale], VIF_DECIMATE)
#undef VIF_DECIMATE
}

static void statistic_8_simd(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                             VifSums *sums)
{
    (void)lines; /* the blocks' buffers are on the stack */
    statistic(src, p, sums, false);
}

static void statistic_16_simd(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                              VifSums *sums)
{
    (void)lines;
    statistic(src, p, sums, true);
}

static void decimate_8_simd(const VifPlanes *src, unsigned scale, unsigned v_shift,
                            const VifLines *lines, const VifDecimated *dst)
{
    (void)lines;
    decimate(src, scale, v_shift, dst, false);
}

static void decimate_16_simd(const VifPlanes *src, unsigned scale, unsigned v_shift,
                             const VifLines *lines, const VifDecimated *dst)
{
    (void)lines;
    decimate(src, scale, v_shift, dst, true);
}
