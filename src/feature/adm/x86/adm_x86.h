/* What the AVX2 and AVX-512 variants of the ADM stages share: the stage
 * constants as numbers (adm_math.h holds them inside its per-sample
 * functions; checkasm compares every variant with those) and the
 * instruction-set independent setup. */
#ifndef VMAF_FEATURE_ADM_X86_H
#define VMAF_FEATURE_ADM_X86_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "feature/adm/adm_dsp.h"

/* Tap t of the db2 filters, read off adm_math.h's filter functions. */
static inline int32_t adm_x86_lo_tap(int t)
{
    return adm_dwt_lo_32(t == 0, t == 1, t == 2, t == 3);
}

static inline int32_t adm_x86_hi_tap(int t)
{
    return adm_dwt_hi_32(t == 0, t == 1, t == 2, t == 3);
}

/* Taps a and b as one 32-bit lane for madd_epi16 over (x_a, x_b) pairs. */
static inline int32_t adm_x86_tap_pair(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)b << 16 | (uint16_t)a);
}

/* The int16 pairs of madd_epi16 hold int32 samples split in halves: the
 * high halves (signed) and the low halves less 32768. Sum c * x of a filter
 * is then 2^16 A + B + 2^15 C, A and B the madd sums of the halves, C the
 * sum of the taps; (sum + round) >> shift is, modulo 2^32, A << (16 - shift)
 * plus this constant plus (B + round) >> shift, as 2^15 C is a multiple of
 * 2^shift (C is even) for the shifts used (0, 15, 16). */
static inline int32_t adm_x86_split_constant(int32_t tap_sum, int shift)
{
    return (int32_t)(uint32_t)((INT64_C(32768) * tap_sum) >> shift);
}

/* x[first .. first + len) as the horizontal pass reads it (adm_dwt_mirror():
 * at most one index before the row, two after it), zeros up to size. */
#define ADM_X86_MIRRORED_COPY(name, type)                                                          \
    static inline type *name(const type *x, int n, int first, int len, type *copy, int size)       \
    {                                                                                              \
        const int lo = first < 0 ? 0 : first, hi = first + len < n ? first + len : n;              \
        memset(copy, 0, (size_t)size * sizeof(*copy));                                             \
        memcpy(copy + (lo - first), x + lo, (size_t)(hi - lo) * sizeof(*copy));                    \
        for (int k = 0; k < lo - first; k++)                                                       \
            copy[k] = x[adm_dwt_mirror(first + k, n)];                                             \
        for (int k = hi - first; k < len; k++)                                                     \
            copy[k] = x[adm_dwt_mirror(first + k, n)];                                             \
        return copy;                                                                               \
    }
ADM_X86_MIRRORED_COPY(adm_x86_mirrored_copy16, int16_t)
ADM_X86_MIRRORED_COPY(adm_x86_mirrored_copy32, int32_t)

/* Scale 0 CSF: roundings and shifts of h, v and d (adm_csf_s0()). */
static const int32_t adm_x86_csf_s0_round[ADM_DETAIL_BANDS] = {16384, 16384, 65535};
static const int adm_x86_csf_s0_shift[ADM_DETAIL_BANDS] = {15, 15, 17};

/* Scale 0 masking: the threshold's shift and the square's (adm_cm_cube_s0()). */
static const int adm_x86_cm_s0_thr_shift[ADM_DETAIL_BANDS] = {10, 10, 12};
static const int adm_x86_cm_s0_square_shift[ADM_DETAIL_BANDS] = {29, 29, 30};
#define ADM_X86_CM_S123_SQUARE_SHIFT 30

/* Columns of a masking row handled per pass over the neighbour sums. */
#define ADM_X86_CM_CHUNK 512

/* Whether the gain limit is an integer small enough for r * gain to stay in
 * int32 at scale 0 (|r| <= 32768): the product is then exact and the double
 * comparison of libvmaf can be made on integers. */
static inline bool adm_x86_integral_gain(double gain_limit)
{
    return gain_limit >= 0.0 && gain_limit <= 65535.0 && gain_limit == (double)(int32_t)gain_limit;
}

/* The parts of the distorted bands: each is summed masked by the other. */
enum { PART_RESTORED, PART_ADDITIVE, PARTS };

/* Columns kept before column 0 of a row: column -1 and whole vectors. */
#define ROW_LEAD 16

/* What one pass keeps (AdmWork16.rows): of three band rows, in slots by row
 * modulo 3 (the rows above, at and below the one summed), the two parts of
 * each band as int32 and, of each part, the sums over the bands of the
 * thirtieths of its CSF-weighted values (what a neighbour adds to a masking
 * threshold) and of the fifteenths less the thirtieths (what the sample
 * itself adds beyond that); and the sums over the three rows of the row
 * summed. Indexed by column; sums modulo 2^32. */
typedef struct KeptRows {
    int32_t *part[3][PARTS][ADM_DETAIL_BANDS];
    int32_t *neighbour[3][PARTS], *centre[3][PARTS];
    int32_t *column[PARTS];
    int row[3];
} KeptRows;

static inline void adm_x86_kept_rows_init(KeptRows *k, int32_t *rows, int w)
{
    const size_t len = adm_work_row_len(w);
    int32_t *next = rows + ROW_LEAD;
    for (int slot = 0; slot < 3; slot++) {
        k->row[slot] = -1;
        for (int p = 0; p < PARTS; p++) {
            for (int b = 0; b < ADM_DETAIL_BANDS; b++, next += len)
                k->part[slot][p][b] = next;
            k->neighbour[slot][p] = next;
            next += len;
            k->centre[slot][p] = next;
            next += len;
        }
    }
    for (int p = 0; p < PARTS; p++, next += len)
        k->column[p] = next;
}

#endif
