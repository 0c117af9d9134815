/* The motion stages, written once over what motion_avx2.c and
 * motion_avx512.c define before including this file (the vif_kernels.h
 * pattern): vi with MOTION_LANES int32 lanes, the vi_* primitives (set1,
 * zero, loadu, storeu, add16/32, mullo32, sra32/srl32 by an __m128i count,
 * and, abs32, madd16, unpacklo16/hi16), diff_u8() (2 x MOTION_LANES
 * differences as int16 lanes), diff_u16() (MOTION_LANES as int32 lanes),
 * store_in_order() (the two madd halves back in column order), sum_u32()
 * and MOTION_X86_NAME(name). Bit-exact with the C reference: the taps are
 * symmetric, so each output needs three products, the outer pair, the inner
 * pair and the centre; sums modulo 2^32 do not depend on the order of their
 * terms. */
#ifndef MOTION_X86_NAME
#error "define MOTION_X86_NAME before including motion_kernels.h"
#endif

static void MOTION_X86_NAME(diff_blur_vertical_8)(int32_t *dst, const MotionRows *rows, unsigned w,
                                                  unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    /* Differences of 8-bit samples and their pair sums fit 16 bits, so one
     * madd applies the outer and inner taps and another the centre. */
    const vi outer_inner_taps =
        vi_set1_32((int32_t)((uint32_t)motion_filter[1] << 16 | (uint32_t)motion_filter[0]));
    const vi centre_tap = vi_set1_32(motion_filter[2]);
    const vi round = vi_set1_32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const vi zero = vi_zero();
    unsigned x = 0;
    for (; x + 2 * MOTION_LANES <= w; x += 2 * MOTION_LANES) {
        const vi outer = vi_add16(diff_u8(local.prev[0], local.cur[0], x),
                                  diff_u8(local.prev[4], local.cur[4], x));
        const vi inner = vi_add16(diff_u8(local.prev[1], local.cur[1], x),
                                  diff_u8(local.prev[3], local.cur[3], x));
        const vi centre = diff_u8(local.prev[2], local.cur[2], x);
        /* unpack*16 interleave within 128-bit lanes: lo holds columns 0-3,
         * 8-11, ..., hi 4-7, 12-15, ... */
        vi lo = vi_add32(vi_madd16(vi_unpacklo16(outer, inner), outer_inner_taps),
                         vi_madd16(vi_unpacklo16(centre, zero), centre_tap));
        vi hi = vi_add32(vi_madd16(vi_unpackhi16(outer, inner), outer_inner_taps),
                         vi_madd16(vi_unpackhi16(centre, zero), centre_tap));
        lo = vi_sra32(vi_add32(lo, round), count);
        hi = vi_sra32(vi_add32(hi, round), count);
        store_in_order(dst + x, lo, hi);
    }
    if (x < w) {
        MotionRows rest;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            rest.prev[k] = (const uint8_t *)rows->prev[k] + x;
            rest.cur[k] = (const uint8_t *)rows->cur[k] + x;
        }
        motion_diff_blur_vertical_8_c(dst + x, &rest, w - x, shift);
    }
}

/* floor((outer * f0 + inner * f1 + centre * f2 + 2^(shift - 1)) / 2^shift)
 * for |outer|, |inner| < 2^17 and |centre| < 2^16. Each product fits 32 bits
 * but their sum needs 33, so the products are split at bit `shift` and the
 * parts summed apart: floor((2^s H + L) / 2^s) = H + floor(L / 2^s). */
static inline vi symmetric_taps_round_shift(vi outer, vi inner, vi centre, unsigned shift)
{
    const vi p0 = vi_mullo32(outer, vi_set1_32(motion_filter[0]));
    const vi p1 = vi_mullo32(inner, vi_set1_32(motion_filter[1]));
    const vi p2 = vi_mullo32(centre, vi_set1_32(motion_filter[2]));
    const __m128i count = _mm_cvtsi32_si128((int)shift);
    const vi low_mask = vi_set1_32((int32_t)((1u << shift) - 1));
    const vi high =
        vi_add32(vi_add32(vi_sra32(p0, count), vi_sra32(p1, count)), vi_sra32(p2, count));
    const vi low = vi_add32(vi_add32(vi_and(p0, low_mask), vi_and(p1, low_mask)),
                            vi_add32(vi_and(p2, low_mask), vi_set1_32(1 << (shift - 1))));
    return vi_add32(high, vi_srl32(low, count));
}

static void MOTION_X86_NAME(diff_blur_vertical_16)(int32_t *dst, const MotionRows *rows, unsigned w,
                                                   unsigned shift)
{
    /* A copy the stores to dst cannot alias, so the row pointers stay in registers. */
    const MotionRows local = *rows;
    unsigned x = 0;
    for (; x + MOTION_LANES <= w; x += MOTION_LANES) {
        const vi outer = vi_add32(diff_u16(local.prev[0], local.cur[0], x),
                                  diff_u16(local.prev[4], local.cur[4], x));
        const vi inner = vi_add32(diff_u16(local.prev[1], local.cur[1], x),
                                  diff_u16(local.prev[3], local.cur[3], x));
        const vi centre = diff_u16(local.prev[2], local.cur[2], x);
        vi_storeu(dst + x, symmetric_taps_round_shift(outer, inner, centre, shift));
    }
    if (x < w) {
        MotionRows rest;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            rest.prev[k] = (const uint16_t *)rows->prev[k] + x;
            rest.cur[k] = (const uint16_t *)rows->cur[k] + x;
        }
        motion_diff_blur_vertical_16_c(dst + x, &rest, w - x, shift);
    }
}

static uint32_t MOTION_X86_NAME(blur_horizontal_abs_sum)(const int32_t *src, unsigned w)
{
    vi sums = vi_zero();
    unsigned x = MOTION_RADIUS;
    for (; x + MOTION_LANES + MOTION_RADIUS <= w; x += MOTION_LANES) {
        const int32_t *s = src + x - MOTION_RADIUS;
        const vi outer = vi_add32(vi_loadu(s), vi_loadu(s + 4));
        const vi inner = vi_add32(vi_loadu(s + 1), vi_loadu(s + 3));
        const vi centre = vi_loadu(s + 2);
        sums = vi_add32(sums, vi_abs32(symmetric_taps_round_shift(outer, inner, centre, 16)));
    }
    uint32_t sum = sum_u32(sums);
    for (unsigned edge = 0; edge < MOTION_RADIUS && edge < w; edge++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, edge));
    for (; x < w; x++)
        sum += (uint32_t)abs(motion_blur_horizontal_at(src, w, x));
    return sum;
}

#undef MOTION_X86_NAME
