/* The constants of the integer ADM wavelet passes as vectors of the
 * including file's layer (vi, vi_set1_32: adm_avx2.c, adm_avx512.c), for
 * its per-width steps and for adm_kernels.h. */
#ifndef VMAF_FEATURE_ADM_X86_ADM_KERNEL_SETUP_H
#define VMAF_FEATURE_ADM_X86_ADM_KERNEL_SETUP_H

#include <stdint.h>

#include "feature/adm/x86/adm_x86.h"

/* The db2 taps as int16 pairs for madd over (x0, x1) and (x2, x3). */
typedef struct DwtTaps {
    vi lo01, lo23, hi01, hi23;
} DwtTaps;

static DwtTaps dwt_taps(void)
{
    return (DwtTaps){
        .lo01 = vi_set1_32(adm_x86_tap_pair(adm_x86_lo_tap(0), adm_x86_lo_tap(1))),
        .lo23 = vi_set1_32(adm_x86_tap_pair(adm_x86_lo_tap(2), adm_x86_lo_tap(3))),
        .hi01 = vi_set1_32(adm_x86_tap_pair(adm_x86_hi_tap(0), adm_x86_hi_tap(1))),
        .hi23 = vi_set1_32(adm_x86_tap_pair(adm_x86_hi_tap(2), adm_x86_hi_tap(3))),
    };
}

/* One filter of a split int32 pass (adm_x86_split_constant()). */
typedef struct SplitFilter {
    vi t01, t23, constant;
} SplitFilter;

typedef struct SplitPass {
    SplitFilter lo, hi;
    vi round;
    __m128i high_shift, low_shift;
} SplitPass;

static SplitPass split_pass(int32_t round, int shift)
{
    int32_t lo_sum = 0, hi_sum = 0;
    for (int t = 0; t < ADM_DWT_TAPS; t++) {
        lo_sum += adm_x86_lo_tap(t);
        hi_sum += adm_x86_hi_tap(t);
    }
    const DwtTaps k = dwt_taps();
    return (SplitPass){
        .lo = {k.lo01, k.lo23, vi_set1_32(adm_x86_split_constant(lo_sum, shift))},
        .hi = {k.hi01, k.hi23, vi_set1_32(adm_x86_split_constant(hi_sum, shift))},
        .round = vi_set1_32(round),
        .high_shift = _mm_cvtsi32_si128(16 - shift),
        .low_shift = _mm_cvtsi32_si128(shift),
    };
}

#endif
