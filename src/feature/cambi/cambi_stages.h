/* The integer stages of CAMBI (cambi_dsp.h), written once and compiled for
 * each instruction set: cambi_dsp.c for the C reference, x86/cambi_avx2.c
 * and x86/cambi_avx512.c with their vector widths. Their loops run over
 * columns with no carried state but the sliding counts' integer sums, so
 * every build gives the same samples. CAMBI_STAGE_FUNCTIONS(suffix) names
 * the table's entries load_8_SUFFIX and so on. */
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

#define CAMBI_STAGE_FUNCTIONS(suffix)                                                              \
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
    static void cambi_stages_fill_##suffix(CambiDsp *dsp)                                          \
    {                                                                                              \
        dsp->load_8 = load_8_##suffix;                                                             \
        dsp->load_16 = load_16_##suffix;                                                           \
        dsp->max_16 = max_16_##suffix;                                                             \
        dsp->anti_dither = anti_dither_##suffix;                                                   \
        dsp->spatial_mask = spatial_mask_##suffix;                                                 \
        dsp->decimate = decimate_##suffix;                                                         \
        dsp->mode_filter = mode_filter_##suffix;                                                   \
    }

#endif
