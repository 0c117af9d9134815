/* Per-pixel stages of integer ADM (detail loss / additive impairment).
 *
 * Each of the four scales runs a db2 wavelet level on reference and
 * distorted luma, splits the distorted detail bands into a restored part r
 * (what survives of the reference) and an additive part a = dis - r, weights
 * both with a contrast sensitivity factor and sums cubes of what exceeds a
 * contrast masking threshold. Scale 0 works on int16 bands, scales 1..3 on
 * int32 bands with their own fixed-point formats; both are mirrored bit for
 * bit from libvmaf, including its rounding quirks.
 *
 * Band order is h, v, d everywhere: h is high-pass vertically and low-pass
 * horizontally, v the other way round, d high-pass both ways. The
 * approximation band (low-pass both ways) only feeds the next level, which
 * works in int32, so it is stored as int32 at every level. */
#ifndef VMAF_FEATURE_ADM_DSP_H
#define VMAF_FEATURE_ADM_DSP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adm_math.h"

typedef struct AdmBands16 {
    int16_t *band[ADM_DETAIL_BANDS];
} AdmBands16;

typedef struct AdmBands32 {
    int32_t *band[ADM_DETAIL_BANDS];
} AdmBands32;

/* Half-open rectangle [left, right) x [top, bottom) of band samples. */
typedef struct AdmRect {
    int left, top, right, bottom;
} AdmRect;

/* Whether row i, column j lies in r. */
static inline VMAF_HD bool adm_in_rect(const AdmRect *r, int i, int j)
{
    return i >= r->top && i < r->bottom && j >= r->left && j < r->right;
}

/* Source indices of one wavelet level: output row i reads input rows
 * rows[4i..4i+3], output column j input columns cols[4j..4j+3]. */
typedef struct AdmDwtTaps {
    const int32_t *rows, *cols;
} AdmDwtTaps;

/* Right shifts of the masked cubes: each cube of band b is rounded and
 * shifted by cube[b], each row sum by row. */
typedef struct AdmCmShifts {
    int cube[ADM_DETAIL_BANDS];
    int row;
} AdmCmShifts;

/* Right shifts of the reference cubes at scales 1..3: the square by square
 * (rounded with a full unit, as libvmaf does), the cube by cube, each row sum
 * by row. */
typedef struct AdmDenShifts {
    int square, cube, row;
} AdmDenShifts;

/* Fills the 4 source indices of each of the (n + 1) / 2 outputs of a pass
 * over n samples: 2i-1 .. 2i+2, with -1 read as 1 and indices past the end
 * reflected about n - 1/2 (n -> n-1, n+1 -> n-2). Needs n >= 5. */
void adm_dwt_taps(int32_t *taps, int n);

/* 2^30 / |i| with the sign of i, for -ADM_RECIP_RANGE <= i <= ADM_RECIP_RANGE,
 * i != 0; the returned pointer is the entry for 0. Built once, shared by all
 * instances. */
const int32_t *adm_reciprocal_table(void);

/* cos^2 of one degree as a float, the bound of adm_in_cone(). */
float adm_cos_1deg_sq(void);

/* Where libvmaf's default x86 paths compute otherwise than its C
 * (docs/reference-notes.md), all zero for its C:
 * - decouple_area: the cells of scale 0's vector decoupling, whose angle
 *   test takes its sums of products wrapped to int32 and whose enhanced
 *   restored part is rounded to nearest rather than truncated;
 *   decouple_ordered: there, |o|^2 |t|^2 multiplied before cos^2 (AVX-512);
 * - cm_area: the cells of scale 0's vector masking, whose centre fifteenth
 *   is not wrapped to int16; cm_logical_shift: there, a cube's product
 *   shifted as unsigned (AVX2);
 * - round_gain_s123: scales 1..3 round the enhanced restored part to
 *   nearest (AVX-512). */
typedef struct AdmQuirks {
    AdmRect decouple_area, cm_area;
    bool decouple_ordered, cm_logical_shift, round_gain_s123;
} AdmQuirks;

/* The cells of libvmaf's scale 0 masking loop of `block` columns (6 for
 * AVX2, 14 for AVX-512) over the region of a w x h band: an empty rect where
 * it takes its C loops (a region touching the left or right edge). */
AdmRect adm_cm_vector_area(int w, int h, const AdmRect *region, int block);

/* The cells of libvmaf's scale 0 decoupling loop over win: AVX2 ends its
 * blocks of 8 at a multiple of 8, AVX-512 its blocks of 16 at one from
 * win's left. */
AdmRect adm_decouple_vector_area(const AdmRect *win, bool avx512);

/* What the sums of one scale take besides its bands. */
typedef struct AdmSumsArgs {
    int w, h;       /* band size */
    AdmRect window; /* what the stages fill: region plus the 3x3 reach */
    AdmRect region; /* what the sums cover */
    double gain_limit;
    const int32_t *recip;        /* adm_reciprocal_table() */
    const uint16_t *rfactor_q0;  /* scale 0 */
    const uint32_t *rfactor_q32; /* scales 1..3 */
    AdmCmShifts cm;
    AdmDenShifts den; /* scale 0 uses only den.row */
    bool aim;         /* whether the additive part is summed too */
    /* NULL for libvmaf's C paths; only the C references honour it (adm.c
     * calls them where the quirks can change a sum) */
    const AdmQuirks *quirks;
} AdmSumsArgs;

/* Work space of the sums of one scale: the planes (of the bands' stride) the
 * C reference's stages go through, and the rows a variant keeps instead:
 * ADM_WORK_ROWS rows of adm_work_row_len(w) int32. */
enum { ADM_WORK_ROWS = 32 };

static inline size_t adm_work_row_len(int w)
{
    return (size_t)w + 64;
}

typedef struct AdmWork16 {
    AdmBands16 restored, additive, csf, csf_30;
    int32_t *rows;
} AdmWork16;

typedef struct AdmWork32 {
    AdmBands32 restored, additive, csf, csf_30;
    int32_t *rows;
} AdmWork32;

typedef struct AdmDsp {
    /* Scale 0 wavelet level of a w x h luma plane (src_stride in bytes; 8-bit
     * samples, or 16-bit ones of bit depth bpc). Writes (w+1)/2 x (h+1)/2
     * samples of each detail band into dst and of the approximation into
     * approx, both with stride dst_stride elements. tmp holds 2 * w int32. */
    void (*dwt_s0_8)(const uint8_t *src, ptrdiff_t src_stride, int w, int h, const AdmDwtTaps *taps,
                     int32_t *tmp, const AdmBands16 *dst, int32_t *approx, ptrdiff_t dst_stride);
    void (*dwt_s0_16)(const uint16_t *src, ptrdiff_t src_stride, int w, int h, unsigned bpc,
                      const AdmDwtTaps *taps, int32_t *tmp, const AdmBands16 *dst, int32_t *approx,
                      ptrdiff_t dst_stride);
    /* Wavelet level of scale 1..3 on the previous approximation (w x h,
     * strides in elements). approx must not overlap src. */
    void (*dwt_s123)(const int32_t *src, ptrdiff_t src_stride, int w, int h, int scale,
                     const AdmDwtTaps *taps, int32_t *tmp, const AdmBands32 *dst, int32_t *approx,
                     ptrdiff_t dst_stride);

    /* The stages that follow a wavelet level, one plane at a time. Only C has
     * them: they make up sums_s0/sums_s123's reference, which the SIMD
     * variants replace with one pass (adm.c calls those).
     *
     * Splits the distorted bands into restored and additive parts over win.
     * recip is adm_reciprocal_table(); gain_limit caps the enhancement. */
    void (*decouple_s0)(const AdmQuirks *quirks, const AdmBands16 *ref, const AdmBands16 *dis,
                        const AdmBands16 *restored, const AdmBands16 *additive, ptrdiff_t stride,
                        const AdmRect *win, double gain_limit, const int32_t *recip);
    void (*decouple_s123)(const AdmQuirks *quirks, const AdmBands32 *ref, const AdmBands32 *dis,
                          const AdmBands32 *restored, const AdmBands32 *additive, ptrdiff_t stride,
                          const AdmRect *win, double gain_limit, const int32_t *recip);

    /* Weights src with the fixed-point CSF factors over win: the weighted
     * value goes to csf, a thirtieth of its magnitude to csf_30. */
    void (*csf_s0)(const AdmBands16 *src, const AdmBands16 *csf, const AdmBands16 *csf_30,
                   ptrdiff_t stride, const AdmRect *win, const uint16_t rfactor[3]);
    void (*csf_s123)(const AdmBands32 *src, const AdmBands32 *csf, const AdmBands32 *csf_30,
                     ptrdiff_t stride, const AdmRect *win, const uint32_t rfactor[3]);

    /* Sums of the cubed magnitudes of the reference bands over region, each
     * row sum rounded and shifted right by row_shift (scale 0) or as shifts
     * says (scales 1..3). */
    void (*den_s0)(const AdmBands16 *ref, ptrdiff_t stride, const AdmRect *region, int row_shift,
                   uint64_t sum[ADM_DETAIL_BANDS]);
    void (*den_s123)(const AdmBands32 *ref, ptrdiff_t stride, const AdmRect *region,
                     const AdmDenShifts *shifts, uint64_t sum[ADM_DETAIL_BANDS]);

    /* Contrast masking: over region, sums the cubes of what the CSF-weighted
     * src exceeds the masking threshold by. The threshold of a sample is the
     * sum over the three bands of csf_30 on its 8 neighbours plus a
     * fifteenth of |csf| at the sample itself; outside the w x h band,
     * neighbour -1 reads 1 and neighbour w (h) reads w-1 (h-1). */
    void (*cm_s0)(const AdmQuirks *quirks, const AdmBands16 *src, const AdmBands16 *csf,
                  const AdmBands16 *csf_30, ptrdiff_t stride, int w, int h, const AdmRect *region,
                  const uint16_t rfactor[3], const AdmCmShifts *shifts,
                  int64_t sum[ADM_DETAIL_BANDS]);
    void (*cm_s123)(const AdmBands32 *src, const AdmBands32 *csf, const AdmBands32 *csf_30,
                    ptrdiff_t stride, int w, int h, const AdmRect *region,
                    const uint32_t rfactor[3], const AdmCmShifts *shifts,
                    int64_t sum[ADM_DETAIL_BANDS]);

    /* All of one scale after its wavelet level, in one call: the decoupling,
     * the denominator sums (den), the masked sums of the restored part (cm)
     * and, with args->aim, of the additive part (aim, else 0), each as the
     * stages above give them. The C reference runs those stages through the
     * planes of work; the variants make one pass over a few rows instead, so
     * that no plane but the bands is read or written. */
    void (*sums_s0)(const AdmBands16 *ref, const AdmBands16 *dis, ptrdiff_t stride,
                    const AdmSumsArgs *args, const AdmWork16 *work, uint64_t den[ADM_DETAIL_BANDS],
                    int64_t cm[ADM_DETAIL_BANDS], int64_t aim[ADM_DETAIL_BANDS]);
    /* sums_s0's and sums_s123's C references, never overridden: the only
     * ones that honour args->quirks. */
    void (*sums_s0_quirks)(const AdmBands16 *ref, const AdmBands16 *dis, ptrdiff_t stride,
                           const AdmSumsArgs *args, const AdmWork16 *work,
                           uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                           int64_t aim[ADM_DETAIL_BANDS]);
    void (*sums_s123_quirks)(const AdmBands32 *ref, const AdmBands32 *dis, ptrdiff_t stride,
                             const AdmSumsArgs *args, const AdmWork32 *work,
                             uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                             int64_t aim[ADM_DETAIL_BANDS]);
    void (*sums_s123)(const AdmBands32 *ref, const AdmBands32 *dis, ptrdiff_t stride,
                      const AdmSumsArgs *args, const AdmWork32 *work,
                      uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                      int64_t aim[ADM_DETAIL_BANDS]);
} AdmDsp;

void adm_dsp_init(AdmDsp *dsp, unsigned cpu_flags);

#if VMAF_HAVE_X86_SIMD
/* Override the entries they have a variant of (x86/adm_*.c). */
void adm_dsp_init_avx2(AdmDsp *dsp);
void adm_dsp_init_avx512(AdmDsp *dsp);
#endif

#endif
