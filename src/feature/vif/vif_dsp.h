/* Per-pixel stages of integer VIF: the filter-and-decimate step between
 * scales and the per-scale statistic, plus the fixed-point helpers they share.
 *
 * Units: at every scale the sigmas come out as (8-bit sample)^2 * 65536,
 * whatever the input depth; the vertical shifts chosen by the caller make it
 * so. */
#ifndef VMAF_FEATURE_VIF_DSP_H
#define VMAF_FEATURE_VIF_DSP_H

#include <stddef.h>
#include <stdint.h>

#define VIF_SCALES 4
#define VIF_MAX_TAPS 17
/* Slack, in elements, on both sides of every line buffer: enough for the
 * widest filter's half width, and a multiple of 64 bytes for aligned loads. */
#define VIF_LINE_PAD 16

/* Q16 separable low-pass filters; each sums to 65536. Filter s computes the
 * statistics of scale s and the decimation from scale s - 1 to s. */
extern const uint16_t vif_filter[VIF_SCALES][VIF_MAX_TAPS];
extern const unsigned vif_filter_taps[VIF_SCALES];

/* 2.0 in the units of the sigmas. */
#define VIF_SIGMA_NSQ (2 << 16)

/* log2 of the 16-bit mantissa, times 2048; filled for 32768..65535, the only
 * indices vif_log2_32/64 produce. Built once, shared by every instance. */
const uint16_t *vif_log2_table(void);

/* 2048 * log2(x) with x reduced to its top 16 bits; x >= 2^15. */
static inline int32_t vif_log2_32(const uint16_t *table, uint32_t x)
{
    const int k = 16 - __builtin_clz(x);
    return table[x >> k] + 2048 * k;
}

static inline int32_t vif_log2_64(const uint16_t *table, uint64_t x)
{
    const int k = 48 - __builtin_clzll(x);
    return table[x >> k] + 2048 * k;
}

/* Reflect-101 about the first and last sample: -k -> k, n-1+k -> n-1-k.
 * Valid for -n < i < 2n - 1. */
static inline int vif_reflect(int i, int n)
{
    if (i < 0)
        return -i;
    if (i >= n)
        return 2 * (n - 1) - i;
    return i;
}

/* Per-scale sums; integers, so the order pixels are visited in is free. */
typedef struct VifSums {
    int64_t num_log, den_log;         /* 2048 * log2 terms */
    int64_t num_non_log, den_non_log; /* pixels below the noise floor */
} VifSums;

/* Adds one pixel's local (co)variances to the sums. */
static inline void vif_accumulate(VifSums *sums, int32_t sigma1_sq, int32_t sigma2_sq,
                                  int32_t sigma12, const uint16_t *log2_table, double gain_limit)
{
    /* The reference's epsilon, written the same way so it rounds the same. */
    static const double eps = 65536 * 1.0e-10;

    if (sigma2_sq < 0)
        sigma2_sq = 0;
    if (sigma1_sq < VIF_SIGMA_NSQ) {
        sums->num_non_log += sigma2_sq;
        sums->den_non_log++;
        return;
    }
    /* log2(1 + sigma1_sq / sigma_nsq) as log2(sigma_nsq + sigma1_sq) - 17 */
    sums->den_log += vif_log2_32(log2_table, (uint32_t)(VIF_SIGMA_NSQ + sigma1_sq)) - 2048 * 17;
    if (sigma12 <= 0 || sigma2_sq <= 0)
        return;

    double g = sigma12 / (sigma1_sq + eps);
    int32_t sv_sq = (int32_t)(sigma2_sq - g * sigma12);
    if (sv_sq < 0)
        sv_sq = 0;
    if (g > gain_limit)
        g = gain_limit;
    /* log2(1 + g^2 sigma1_sq / (sv_sq + sigma_nsq)) as a difference of logs */
    const uint32_t noise = (uint32_t)(sv_sq + VIF_SIGMA_NSQ);
    const int64_t signal = (int64_t)(g * g * sigma1_sq) + noise;
    sums->num_log += vif_log2_64(log2_table, (uint64_t)signal) - vif_log2_64(log2_table, noise);
}

/* A reference/distorted pair at one scale. Samples are uint8_t for the 8-bit
 * stages, else uint16_t; strides in bytes. */
typedef struct VifPlanes {
    const void *ref, *dis;
    ptrdiff_t ref_stride, dis_stride;
    unsigned w, h;
} VifPlanes;

/* Line buffers of at least w + 2 * VIF_LINE_PAD elements, each pointer
 * VIF_LINE_PAD elements into its buffer. The decimation uses mu1 and mu2. */
typedef struct VifLines {
    uint32_t *mu1, *mu2, *ref_sq, *dis_sq, *ref_dis;
} VifLines;

typedef struct VifStatParams {
    unsigned scale;    /* picks the filter */
    unsigned mu_shift; /* rounding right shift of the vertical mean */
    unsigned sq_shift; /* of the vertical squares and cross product; may be 0 */
    const uint16_t *log2_table;
    double gain_limit; /* upper bound of the gain g, >= 1 */
} VifStatParams;

/* Decimated output: samples (2i, 2j) of the filtered input, w/2 x h/2. */
typedef struct VifDecimated {
    uint16_t *ref, *dis;
    ptrdiff_t stride; /* bytes */
} VifDecimated;

typedef struct VifDsp {
    /* Adds every pixel of the pair at scale p->scale to sums. Each dimension
     * must exceed the filter's half width. */
    void (*statistic_8)(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                        VifSums *sums);
    void (*statistic_16)(const VifPlanes *src, const VifStatParams *p, const VifLines *lines,
                         VifSums *sums);
    /* Filters the pair with filter `scale` (vertical rounding shift
     * v_shift, horizontal 16) and keeps the even samples. */
    void (*decimate_8)(const VifPlanes *src, unsigned scale, unsigned v_shift,
                       const VifLines *lines, const VifDecimated *dst);
    void (*decimate_16)(const VifPlanes *src, unsigned scale, unsigned v_shift,
                        const VifLines *lines, const VifDecimated *dst);
} VifDsp;

void vif_dsp_init(VifDsp *dsp, unsigned cpu_flags);

#endif
