/* The stages of CAMBI (cambi_dsp.h), written once and compiled for each
 * instruction set: cambi_dsp.c for the C reference, x86/cambi_avx2.c and
 * x86/cambi_avx512.c with their vector widths. Their loops run over columns
 * with no carried state but the sliding counts' integer sums, so every
 * build gives the same samples; the c-values of a row come from the
 * CambiCRow each build passes (cambi_c_row() or a vector one), their total
 * in column order. CAMBI_STAGE_FUNCTIONS(suffix, c_row) names the table's
 * entries load_8_SUFFIX and so on. */
#ifndef VMAF_FEATURE_CAMBI_CAMBI_STAGES_H
#define VMAF_FEATURE_CAMBI_CAMBI_STAGES_H

#include <stdbool.h>
#include <string.h>

#include "cambi_dsp.h"
#include "cambi_math.h"

static inline uint16_t *plane_row(const CambiPlane *p, unsigned i)
{
    return p->data + (ptrdiff_t)i * p->stride;
}

static inline void load_8_rows(const uint8_t *src, ptrdiff_t src_stride, const CambiGrid *grid,
                               const CambiPlane *dst)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const uint8_t *restrict in = src + (ptrdiff_t)grid->row[i] * src_stride;
        uint16_t *restrict out = plane_row(dst, i);
        if (grid->same_width) {
            for (size_t j = 0; j < dst->w; j++)
                out[j] = cambi_to_10bit(in[j], 8);
            continue;
        }
        for (size_t j = 0; j < dst->w; j++)
            out[j] = cambi_to_10bit(in[grid->col[j]], 8);
    }
}

static inline void load_16_rows(const uint16_t *src, ptrdiff_t src_stride, unsigned bpc,
                                const CambiGrid *grid, const CambiPlane *dst)
{
    for (unsigned i = 0; i < dst->h; i++) {
        const uint16_t *restrict in =
            (const uint16_t *)((const uint8_t *)src + (ptrdiff_t)grid->row[i] * src_stride);
        uint16_t *restrict out = plane_row(dst, i);
        if (grid->same_width) {
            for (size_t j = 0; j < dst->w; j++)
                out[j] = cambi_to_10bit(in[j], bpc);
            continue;
        }
        for (size_t j = 0; j < dst->w; j++)
            out[j] = cambi_to_10bit(in[grid->col[j]], bpc);
    }
}

static inline uint16_t max_16_rows(const uint16_t *src, ptrdiff_t src_stride, unsigned w,
                                   unsigned h)
{
    uint16_t max = 0;
    for (unsigned i = 0; i < h; i++) {
        const uint16_t *in = (const uint16_t *)((const uint8_t *)src + (ptrdiff_t)i * src_stride);
        for (size_t j = 0; j < w; j++)
            max = in[j] > max ? in[j] : max;
    }
    return max;
}

static inline void anti_dither_rows(const CambiPlane *p)
{
    /* Top to bottom and left to right in place: every sample read below
     * (right and lower neighbours) is still the original one. */
    for (unsigned i = 0; i + 1 < p->h; i++) {
        uint16_t *row = plane_row(p, i);
        const uint16_t *next = plane_row(p, i + 1);
        for (size_t j = 0; j + 1 < p->w; j++)
            row[j] = cambi_mean4(row[j], row[j + 1], next[j], next[j + 1]);
        row[p->w - 1] = cambi_mean2(row[p->w - 1], next[p->w - 1]);
    }
    uint16_t *last = plane_row(p, p->h - 1);
    for (size_t j = 0; j + 1 < p->w; j++)
        last[j] = cambi_mean2(last[j], last[j + 1]);
}

/* 1 where a sample equals its right and lower neighbours; a missing
 * neighbour (last column, last row) counts as equal. */
static inline void flat_row(const CambiPlane *img, unsigned i, uint16_t *flat)
{
    const uint16_t *row = plane_row(img, i);
    const unsigned w = img->w;
    if (i + 1 < img->h) {
        const uint16_t *below = plane_row(img, i + 1);
        for (size_t j = 0; j + 1 < w; j++)
            flat[j] = cambi_flat(row[j], row[j + 1], below[j]);
        flat[w - 1] = cambi_flat(row[w - 1], row[w - 1], below[w - 1]);
    } else {
        for (size_t j = 0; j + 1 < w; j++)
            flat[j] = cambi_flat(row[j], row[j + 1], row[j]);
        flat[w - 1] = 1;
    }
}

static inline void spatial_mask_rows(const CambiPlane *img, const CambiPlane *mask,
                                     unsigned threshold, uint16_t *scratch)
{
    const unsigned half = CAMBI_MASK_SIZE / 2, w = img->w, h = img->h;
    /* counts[j]: flat samples of column j in rows i - half .. i + half, with
     * half zero columns on either side. */
    uint16_t *counts = scratch + half;
    uint16_t *flat_in = scratch + w + 2 * half, *flat_out = flat_in + w;
    memset(scratch, 0, (w + 2 * half) * sizeof(*scratch));
    for (unsigned i = 0; i < half && i < h; i++) {
        flat_row(img, i, flat_in);
        for (size_t j = 0; j < w; j++)
            counts[j] += flat_in[j];
    }

    for (unsigned i = 0; i < h; i++) {
        const bool enters = i + half < h;
        const bool leaves = i > half;
        if (enters)
            flat_row(img, i + half, flat_in);
        if (leaves)
            flat_row(img, i - half - 1, flat_out);
        for (size_t j = 0; enters && j < w; j++)
            counts[j] += flat_in[j];
        for (size_t j = 0; leaves && j < w; j++)
            counts[j] -= flat_out[j];

        uint16_t *restrict out = plane_row(mask, i);
        const uint16_t *restrict c = counts - half; /* c[j..j + 6]: column j's square */
        for (size_t j = 0; j < w; j++) {
            const unsigned sum =
                c[j] + c[j + 1] + c[j + 2] + c[j + 3] + c[j + 4] + c[j + 5] + c[j + 6];
            out[j] = sum > threshold;
        }
    }
}

static inline void decimate_rows(const CambiPlane *p, unsigned w, unsigned h)
{
    /* Sample 2j >= j of the first row is read before j is written; the
     * other rows read a row further down. */
    uint16_t *first = plane_row(p, 0);
    for (size_t j = 0; j < w; j++)
        first[j] = first[2 * j];
    for (unsigned i = 1; i < h; i++) {
        const uint16_t *restrict in = plane_row(p, 2 * i);
        uint16_t *restrict out = plane_row(p, i);
        for (size_t j = 0; j < w; j++)
            out[j] = in[2 * j];
    }
}

static inline void mode_row(const uint16_t *in, unsigned w, uint16_t *out)
{
    out[0] = in[0];
    for (size_t j = 1; j + 1 < w; j++)
        out[j] = cambi_mode3(in[j - 1], in[j], in[j + 1]);
    out[w - 1] = in[w - 1];
}

static inline void mode_filter_rows(const CambiPlane *p, uint16_t *scratch)
{
    const unsigned w = p->w;
    uint16_t *h_mode[3] = {scratch, scratch + w, scratch + 2 * w};
    /* Row i - 1 is overwritten once the horizontal modes of rows i - 2..i
     * are known; those were taken from rows not yet overwritten. */
    for (unsigned i = 0; i < p->h; i++) {
        mode_row(plane_row(p, i), w, h_mode[i % 3]);
        if (i < 2)
            continue;
        uint16_t *out = plane_row(p, i - 1);
        for (size_t j = 0; j < w; j++)
            out[j] = cambi_mode3(h_mode[0][j], h_mode[1][j], h_mode[2][j]);
    }
}

/* The histogram row of each sample of a row (columns 0..cols-1), or
 * CAMBI_NOT_COUNTED outside flat areas and outside the band. */
static inline void histogram_rows(const CambiPlane *img, const CambiPlane *mask,
                                  const CambiCParams *cp, unsigned i, unsigned cols,
                                  uint16_t *restrict rows)
{
    const uint16_t *restrict v = plane_row(img, i), *restrict m = plane_row(mask, i);
    for (size_t j = 0; j < cols; j++)
        rows[j] = cambi_hist_index(v[j], m[j], cp->band_base, cp->band_size);
}

/* Adds (sign 1) or removes (sign -1) the samples of columns a..b-1 to the
 * window counts of every column: column c's window holds the run's samples
 * between c - half and c + half. */
static inline void count_run(uint16_t *counts, unsigned w, int half, int a, int b, int sign)
{
    const int lo = a - half > 0 ? a - half : 0;
    const int hi = b + half < (int)w ? b + half : (int)w;
    for (int c = lo; c < hi; c++) {
        const int first = c - half > a ? c - half : a;
        const int last = c + half < b - 1 ? c + half : b - 1;
        counts[c] = (uint16_t)(counts[c] + sign * (last - first + 1));
    }
}

/* The end of the run of rows[a]'s value that starts at a. */
static inline unsigned run_end(const uint16_t *rows, unsigned a, unsigned cols)
{
    /* Four samples at a time while they all match. */
    const uint64_t four = rows[a] * UINT64_C(0x0001000100010001);
    unsigned b = a + 1;
    for (uint64_t next; b + 4 <= cols; b += 4) {
        memcpy(&next, rows + b, sizeof(next));
        if (next != four)
            break;
    }
    while (b < cols && rows[b] == rows[a])
        b++;
    return b;
}

/* Counts (sign 1) or uncounts (sign -1) a row of samples, given by their
 * histogram rows, in the windows of every column: runs of equal samples at
 * once. */
static inline void count_row(uint16_t *hist, unsigned w, unsigned half, const uint16_t *rows,
                             unsigned cols, int sign)
{
    for (unsigned a = 0; a < cols;) {
        const unsigned b = run_end(rows, a, cols);
        if (rows[a] != CAMBI_NOT_COUNTED)
            count_run(hist + (size_t)rows[a] * w, w, (int)half, (int)a, (int)b, sign);
        a = b;
    }
}

/* Moves the windows down one row: the leaving row's samples go, the entering
 * row's come (either may be NULL). */
static inline void slide_window(uint16_t *hist, unsigned w, unsigned half, const uint16_t *leaving,
                                const uint16_t *entering, unsigned cols, uint16_t *restrict in,
                                uint16_t *restrict out)
{
    if (leaving && entering) {
        /* A sample that leaves where an equal one enters changes nothing. */
        for (size_t j = 0; j < cols; j++) {
            const uint16_t same = entering[j] == leaving[j] ? CAMBI_NOT_COUNTED : 0; /* all ones */
            in[j] = entering[j] | same;
            out[j] = leaving[j] | same;
        }
        entering = in;
        leaving = out;
    }
    if (entering)
        count_row(hist, w, half, entering, cols, 1);
    if (leaving)
        count_row(hist, w, half, leaving, cols, -1);
}

/* The c-values of one row: c[j] for columns 0..w-1, 0 where rows[j] is
 * CAMBI_NOT_COUNTED; hist holds the windows' counts, a row of w per
 * histogram row. */
typedef void (*CambiCRow)(const uint16_t *rows, const uint16_t *hist, unsigned w,
                          const CambiCParams *cp, float *c);

static inline void cambi_c_row(const uint16_t *rows, const uint16_t *hist, unsigned w,
                               const CambiCParams *cp, float *c)
{
    for (size_t j = 0; j < w; j++)
        c[j] = rows[j] == CAMBI_NOT_COUNTED
                   ? 0.0f
                   : cambi_c_value(hist + j, w, rows[j], cp->visible[rows[j]], cp->weight,
                                   cp->reciprocal);
}

static inline void c_values_rows(const CambiPlane *img, const CambiPlane *mask,
                                 const CambiCParams *cp, uint16_t *hist, uint16_t *scratch,
                                 float *c_values, CambiCTotals *totals, CambiCRow c_row)
{
    const unsigned w = img->w, h = img->h, r = cp->half_window;
    *totals = (CambiCTotals){0};
    if (!cp->band_size) {
        memset(c_values, 0, (size_t)w * h * sizeof(*c_values));
        return;
    }
    memset(hist, 0, (size_t)cp->band_size * w * sizeof(*hist));

    /* The histogram rows of the rows from the leaving to the entering one,
     * kept in a ring, then two rows for the slide. */
    const unsigned cols = w > r ? w : r, ring_rows = CAMBI_RING_ROWS(r);
    uint16_t *in = scratch + (size_t)ring_rows * cols, *out = in + cols;
#define RING(row) (scratch + (size_t)((row) % ring_rows) * cols)
    for (unsigned i = 0; i < r; i++) {
        histogram_rows(img, mask, cp, i, cols, RING(i));
        count_row(hist, w, r, RING(i), cols, 1);
    }

    double sum = 0.0;
    unsigned nonzero = 0;
    for (unsigned i = 0; i < h; i++) {
        const uint16_t *entering = NULL, *leaving = i > r ? RING(i - r - 1) : NULL;
        if (i + r < h) {
            histogram_rows(img, mask, cp, i + r, cols, RING(i + r));
            entering = RING(i + r);
        }
        slide_window(hist, w, r, leaving, entering, cols, in, out);

        const uint16_t *rows = RING(i);
        float *c = c_values + (size_t)i * w;
        c_row(rows, hist, w, cp, c);
        /* In column order, as the pixels come: the sum is a double's. */
        for (size_t j = 0; j < w; j++) {
            if (rows[j] == CAMBI_NOT_COUNTED)
                continue;
            sum += c[j];
            nonzero += c[j] != 0.0f;
        }
    }
#undef RING
    totals->sum = sum;
    totals->nonzero = nonzero;
}

#define CAMBI_STAGE_FUNCTIONS(suffix, c_row)                                                       \
    static void load_8_##suffix(const uint8_t *src, ptrdiff_t src_stride, const CambiGrid *grid,   \
                                const CambiPlane *dst)                                             \
    {                                                                                              \
        load_8_rows(src, src_stride, grid, dst);                                                   \
    }                                                                                              \
    static void load_16_##suffix(const uint16_t *src, ptrdiff_t src_stride, unsigned bpc,          \
                                 const CambiGrid *grid, const CambiPlane *dst)                     \
    {                                                                                              \
        load_16_rows(src, src_stride, bpc, grid, dst);                                             \
    }                                                                                              \
    static uint16_t max_16_##suffix(const uint16_t *src, ptrdiff_t src_stride, unsigned w,         \
                                    unsigned h)                                                    \
    {                                                                                              \
        return max_16_rows(src, src_stride, w, h);                                                 \
    }                                                                                              \
    static void anti_dither_##suffix(const CambiPlane *p)                                          \
    {                                                                                              \
        anti_dither_rows(p);                                                                       \
    }                                                                                              \
    static void spatial_mask_##suffix(const CambiPlane *img, const CambiPlane *mask,               \
                                      unsigned threshold, uint16_t *scratch)                       \
    {                                                                                              \
        spatial_mask_rows(img, mask, threshold, scratch);                                          \
    }                                                                                              \
    static void decimate_##suffix(const CambiPlane *p, unsigned w, unsigned h)                     \
    {                                                                                              \
        decimate_rows(p, w, h);                                                                    \
    }                                                                                              \
    static void mode_filter_##suffix(const CambiPlane *p, uint16_t *scratch)                       \
    {                                                                                              \
        mode_filter_rows(p, scratch);                                                              \
    }                                                                                              \
    static void c_values_##suffix(const CambiPlane *img, const CambiPlane *mask,                   \
                                  const CambiCParams *cp, uint16_t *hist, uint16_t *scratch,       \
                                  float *c_values, CambiCTotals *totals)                           \
    {                                                                                              \
        c_values_rows(img, mask, cp, hist, scratch, c_values, totals, c_row);                      \
    }                                                                                              \
    static void cambi_stages_fill_##suffix(CambiDsp *dsp)                                          \
    {                                                                                              \
        dsp->load_8 = load_8_##suffix;                                                             \
        dsp->load_16 = load_16_##suffix;                                                           \
        dsp->max_16 = max_16_##suffix;                                                             \
        dsp->anti_dither = anti_dither_##suffix;                                                   \
        dsp->spatial_mask = spatial_mask_##suffix;                                                 \
        dsp->decimate = decimate_##suffix;                                                         \
        dsp->mode_filter = mode_filter_##suffix;                                                   \
        dsp->c_values = c_values_##suffix;                                                         \
    }

#endif
