/* The VIF log2 table's entries without a table lookup: a polynomial in
 * float, exact where it is far enough from a rounding tie, the table read
 * where it is not. Gathers from the 64 KiB table were the statistic's
 * largest cost; the polynomial runs on 16 lanes in 8 FMAs.
 *
 * For a mantissa 0x8000 + m (0 <= m < 2^15) the table holds
 * roundf(fl32(log2(0x8000 + m)) * 2048), that is 30720 + t with t rounded
 * half up from a multiple of 2^-9 within 2^-10 of 2048 * log2(1 + m / 2^15).
 * vif_log2_poly(m) approximates that log within 4e-4: where its value is
 * more than VIF_LOG2_BAND from a tie, rounding it gives t. Horner's scheme
 * in this order, each step one fmaf (the SIMD kernels' FMA), over x = m,
 * with coefficient i scaled by 2^(-15 i) so that x needs no scaling. The
 * test test_vif_log2_poly checks every m. */
#ifndef VMAF_FEATURE_VIF_X86_VIF_LOG2_POLY_H
#define VMAF_FEATURE_VIF_X86_VIF_LOG2_POLY_H

#define VIF_LOG2_DEGREE 8
#define VIF_LOG2_BAND (1.0f / 512)

/* coefficient i at index i; the constant term is 0, as log2(1) */
static const float vif_log2_poly[VIF_LOG2_DEGREE + 1] = {
    0x0p+0f,         0x1.7153ecp-4f,   -0x1.7135fp-20f, 0x1.e9cda6p-36f,   -0x1.624cc8p-51f,
    0x1.e9f24ap-67f, -0x1.1386b2p-82f, 0x1.9bdf94p-99f, -0x1.22ce5ap-116f,
};

#endif
