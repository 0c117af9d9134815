/* Per-pixel stages of CAMBI. Every stage works on 10-bit luma held in 16-bit
 * planes that are decimated in place from scale to scale, so a plane keeps its
 * allocation (and its stride) while its w and h shrink. */
#ifndef VMAF_FEATURE_CAMBI_DSP_H
#define VMAF_FEATURE_CAMBI_DSP_H

#include <stddef.h>
#include <stdint.h>

#define CAMBI_MAX_DIFFS 32
/* Side of the square that decides whether a pixel lies in a flat area. */
#define CAMBI_MASK_SIZE 7
/* Largest window area a count can reach, plus one: the reciprocal table's
 * size. It bounds the window to 65x65. */
#define CAMBI_RECIPROCAL_SIZE 4226
/* The most sample values a band can span: thresholds go up to 1023, and the
 * band reaches num_diffs above the largest. */
#define CAMBI_MAX_BAND (1024 + CAMBI_MAX_DIFFS)

/* Scratch entries the stages need, for planes w samples wide; the c-values
 * need rows of histogram indices from the window's top to its bottom too. */
#define CAMBI_SCRATCH(w) (3 * (size_t)(w) + CAMBI_MASK_SIZE)
#define CAMBI_RING_ROWS(half_window) (2 * (half_window) + 2)
#define CAMBI_C_SCRATCH(cols, half_window) ((CAMBI_RING_ROWS(half_window) + 2) * (size_t)(cols))
/* Entries the histograms have past their last count: vector variants read
 * (and drop) the one after the count they gather. */
#define CAMBI_HIST_SPARE 1

typedef struct CambiPlane {
    uint16_t *data;
    ptrdiff_t stride; /* in samples */
    unsigned w, h;
} CambiPlane;

/* Nearest-neighbour sampling grid from the input size to the working size:
 * working sample (i, j) is input sample (row[i], col[j]). */
typedef struct CambiGrid {
    const unsigned *row, *col;
    int same_width; /* col[j] == j */
} CambiGrid;

/* What pooling needs besides the c-values: their sum (in no particular
 * order, hence exact only while it is small; see cambi_pool_topk()) and how
 * many are non-zero. */
typedef struct CambiCTotals {
    double sum;
    unsigned nonzero;
} CambiCTotals;

/* What decides the c-value of one pixel at one scale. */
typedef struct CambiCParams {
    unsigned half_window; /* the window is 2 * half_window + 1 samples square */
    unsigned num_diffs;   /* contrasts 1..num_diffs are tested */
    /* Contrast d + 1 is visible at samples up to tvi[d] (non-decreasing in d). */
    uint16_t tvi[CAMBI_MAX_DIFFS];
    int weight[CAMBI_MAX_DIFFS]; /* response to contrast d + 1 */
    unsigned vlt_luma;           /* see cambi_c_visible() */
    /* Only samples in [band_base, band_base + band_size) can change any
     * c-value; the histograms hold just those. */
    unsigned band_base, band_size;
    /* Bit d of visible[k]: contrast d + 1 is tested at sample band_base + k
     * (cambi_c_visible()). */
    uint32_t visible[CAMBI_MAX_BAND];
    const float *reciprocal; /* CAMBI_RECIPROCAL_SIZE entries, [0] unused */
} CambiCParams;

typedef struct CambiDsp {
    /* Input luma to the 10-bit working plane dst (dst->w x dst->h) through
     * the grid: 8-bit samples are shifted up by 2; 16-bit samples of bpc
     * 9..16 shifted up to 10 bits or rounded down to them. */
    void (*load_8)(const uint8_t *src, ptrdiff_t src_stride, const CambiGrid *grid,
                   const CambiPlane *dst);
    void (*load_16)(const uint16_t *src, ptrdiff_t src_stride, unsigned bpc, const CambiGrid *grid,
                    const CambiPlane *dst);
    /* The largest sample of a 16-bit plane (src_stride in bytes). */
    uint16_t (*max_16)(const uint16_t *src, ptrdiff_t src_stride, unsigned w, unsigned h);
    /* Rounds-down 2x2 mean with the next row and column, which undoes the
     * dithering of content that was encoded below 10 bits. */
    void (*anti_dither)(const CambiPlane *p);
    /* mask = 1 where more than threshold pixels of the CAMBI_MASK_SIZE square
     * around it equal both their right and lower neighbours, else 0. scratch
     * holds CAMBI_SCRATCH(img->w) entries. */
    void (*spatial_mask)(const CambiPlane *img, const CambiPlane *mask, unsigned threshold,
                         uint16_t *scratch);
    /* Keeps samples (2i, 2j) of p as its first w x h samples. */
    void (*decimate)(const CambiPlane *p, unsigned w, unsigned h);
    /* 3-tap mode filter, horizontal then vertical, in place; the first and
     * last rows stay as they are. scratch holds CAMBI_SCRATCH(p->w) entries. */
    void (*mode_filter)(const CambiPlane *p, uint16_t *scratch);
    /* The c-value of every pixel, row-major and w x h: 0 where mask is 0,
     * else 0 or at least 0.5 (the pixel counts in its own window).
     * hist holds cp->band_size * img->w + CAMBI_HIST_SPARE entries, scratch
     * CAMBI_C_SCRATCH(max(img->w, half_window), half_window). Needs
     * h >= half_window.
     * Where w < half_window, columns w..half_window-1 of both planes (what
     * earlier scales left there) count in every window, as in the
     * reference. totals receives the sum and count of non-zero c-values. */
    void (*c_values)(const CambiPlane *img, const CambiPlane *mask, const CambiCParams *cp,
                     uint16_t *hist, uint16_t *scratch, float *c_values, CambiCTotals *totals);
} CambiDsp;

void cambi_dsp_init(CambiDsp *dsp, unsigned cpu_flags);

/* Whether contrast d + 1 is tested at sample v. The reference compares the
 * luminance threshold with the sample offset by num_diffs (its histogram
 * index); the offset is part of the definition. */
static inline int cambi_c_visible(const CambiCParams *cp, unsigned v, unsigned d)
{
    return v <= cp->tvi[d] && v + cp->num_diffs + d + 1 > cp->vlt_luma;
}

#endif
