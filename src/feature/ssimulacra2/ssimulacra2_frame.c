/* SSIMULACRA 2 of a pair of RGB pictures (ssimulacra2_frame.h), in the
 * order of libjxl's tools/ssimulacra2.cc: each blurred value and each map's
 * sum is what libjxl computes, a row at a time instead of a plane at a
 * time. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "ssimulacra2_frame.h"

/* Floats between the rows of the lane rings: a row of lanes and a cache
 * line and more, so that the dozen rows a column step streams through do
 * not all fall in the same cache sets (a row of 1920 columns is 30 pages). */
static size_t ring_stride(size_t w)
{
    return SSIMU2_LANES * (w + 2);
}

/* Every ring and row buffer, with its length in floats for width w. */
static float **buffer_at(Ssimu2Frame *f, unsigned i, size_t w, size_t *n)
{
    const size_t lanes = SSIMU2_LANES * w, stride = ring_stride(w);
    float **const buffers[] = {
        &f->xyb[0][0], &f->xyb[0][1], &f->xyb[0][2],   &f->xyb[1][0],
        &f->xyb[1][1], &f->xyb[1][2], &f->row_blurred, &f->column_state,
        &f->inputs,    &f->blurred,   &f->table,
    };
    const size_t sizes[] = {
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * w,
        SSIMU2_RING_ROWS * stride,
        6 * stride,
        lanes,
        lanes,
        (size_t)1 << 16,
    };
    if (i >= sizeof(buffers) / sizeof(buffers[0]))
        return NULL;
    *n = sizes[i];
    return buffers[i];
}

int ssimu2_check_size(unsigned w, unsigned h)
{
    if (w >= SSIMU2_MIN_SIZE && h >= SSIMU2_MIN_SIZE)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: %ux%u is smaller than its %dx%d minimum", w, h,
             SSIMU2_MIN_SIZE, SSIMU2_MIN_SIZE);
    return -EINVAL;
}

void ssimu2_frame_close(Ssimu2Frame *f)
{
    for (unsigned p = 0; p < 2; p++)
        for (unsigned c = 0; c < 3; c++)
            float_plane_free(&f->linear[p][c]);
    size_t n;
    for (unsigned i = 0; buffer_at(f, i, 0, &n); i++) {
        free(*buffer_at(f, i, 0, &n));
        *buffer_at(f, i, 0, &n) = NULL;
    }
}

int ssimu2_frame_open(Ssimu2Frame *f, unsigned w, unsigned h, unsigned cpu_flags)
{
    *f = (Ssimu2Frame){.w = w, .h = h};
    int err = ssimu2_check_size(w, h);
    if (err)
        return err;
    ssimulacra2_dsp_init(&f->dsp, cpu_flags);
    f->scales = ssimu2_scale_count(w, h);
    for (unsigned s = 0; s < f->scales; s++)
        for (unsigned c = 0; c < 3; c++)
            f->need[s][c] = ssimu2_sum_mask(f->scales, s, c);
    for (unsigned p = 0; p < 2; p++)
        for (unsigned c = 0; !err && c < 3; c++)
            err = float_plane_alloc(&f->linear[p][c], w, h);
    size_t n;
    for (unsigned i = 0; !err && buffer_at(f, i, w, &n); i++)
        err = (*buffer_at(f, i, w, &n) = malloc(sizeof(float) * n)) ? 0 : -ENOMEM;
    if (err)
        ssimu2_frame_close(f);
    return err;
}

/* Row y of the rings' XYB of picture p. */
static void xyb_rows(Ssimu2Frame *f, unsigned p, unsigned y, unsigned w, float *rows[3])
{
    for (unsigned c = 0; c < 3; c++)
        rows[c] = f->xyb[p][c] + (size_t)(y % SSIMU2_RING_ROWS) * w;
}

/* Row y into the rings: both pictures' XYB, then its blur inputs blurred
 * along the row. */
static void add_row(Ssimu2Frame *f, unsigned y, unsigned w)
{
    float *x[2][3];
    for (unsigned p = 0; p < 2; p++) {
        const float *rgb[3];
        for (unsigned c = 0; c < 3; c++)
            rgb[c] = f->linear[p][c].data + (ptrdiff_t)y * f->linear[p][c].stride;
        xyb_rows(f, p, y, w, x[p]);
        f->dsp.xyb_row(x[p], rgb, w);
    }
    f->dsp.blur_inputs(f->inputs, (const float *const *)x[0], (const float *const *)x[1], w);
    f->dsp.blur_row(f->row_blurred + (size_t)(y % SSIMU2_RING_ROWS) * ring_stride(w), f->inputs, w);
}

/* The norms of the current scale (w x h): the rows streamed through the
 * column blur, whose step n reads the row-blurred rows n - N - 1 and
 * n + N - 1, the latter added to the rings just before. */
static void scale_norms(Ssimu2Frame *f, unsigned w, unsigned h, const unsigned need[3],
                        Ssimu2Norms *norms)
{
    const int n_r = SSIMU2_BLUR_RADIUS;
    const size_t lanes = SSIMU2_LANES * (size_t)w, stride = ring_stride(w);
    double sums[3][6] = {{0}};
    memset(f->column_state, 0, sizeof(float) * 6 * stride);
    for (int n = -n_r + 1, step = 0; n < (int)h; n++, step++) {
        const int top = n - n_r - 1, bottom = n + n_r - 1;
        if (bottom < (int)h)
            add_row(f, (unsigned)bottom, w);
        /* Each term's rows n - 2 (overwritten by row n) and n - 1. */
        float *y[3][2];
        for (unsigned k = 0; k < 3; k++)
            for (unsigned age = 0; age < 2; age++)
                y[k][age] = f->column_state + (2 * k + (step + age) % 2) * stride;
        const float *row = f->row_blurred;
        f->dsp.blur_column_step(
            n >= 0 ? f->blurred : NULL,
            top >= 0 ? row + (size_t)(top % SSIMU2_RING_ROWS) * stride : NULL,
            bottom < (int)h ? row + (size_t)(bottom % SSIMU2_RING_ROWS) * stride : NULL, y, lanes);
        if (n < 0)
            continue;
        float *x[2][3];
        xyb_rows(f, 0, (unsigned)n, w, x[0]);
        xyb_rows(f, 1, (unsigned)n, w, x[1]);
        f->dsp.maps_row(f->blurred, (const float *const *)x[0], (const float *const *)x[1], w, need,
                        sums);
    }
    ssimu2_scale_norms(norms, (const double(*)[6])sums, w, h);
}

void ssimu2_linear_table(float *table, unsigned bits, const Ssimulacra2Dsp *dsp)
{
    const unsigned values = 1u << bits;
    const float scale = 1.0f / (float)(values - 1);
    for (unsigned v = 0; v < values; v++)
        table[v] = (float)v * scale;
    dsp->linear_from_srgb(table, table, values);
    for (unsigned v = values; v < 1u << 16; v++)
        table[v] = table[values - 1];
}

/* dst = the linear light of src's samples, through the table of their
 * depth, made when the depth changes. */
static void linear_planes(Ssimu2Frame *f, const FloatPlane dst[3], const Ssimu2Samples *src)
{
    if (f->table_bits != src->bits) {
        ssimu2_linear_table(f->table, src->bits, &f->dsp);
        f->table_bits = src->bits;
    }
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned y = 0; y < src->h; y++) {
            const uint8_t *in = (const uint8_t *)src->data[c] + (ptrdiff_t)y * src->stride[c];
            float *out = dst[c].data + (ptrdiff_t)y * dst[c].stride;
            if (src->bits == 8)
                for (unsigned x = 0; x < src->w; x++)
                    out[x] = f->table[in[x]];
            else
                for (unsigned x = 0; x < src->w; x++)
                    out[x] = f->table[((const uint16_t *)in)[x]];
        }
    }
}

double ssimu2_frame_score(Ssimu2Frame *f, const Ssimu2Samples *ref, const Ssimu2Samples *dis)
{
    Ssimu2Norms norms[SSIMU2_SCALES];
    unsigned w = f->w, h = f->h;
    for (unsigned p = 0; p < 2; p++) {
        for (unsigned c = 0; c < 3; c++) {
            f->linear[p][c].w = w;
            f->linear[p][c].h = h;
        }
    }
    linear_planes(f, f->linear[0], ref);
    linear_planes(f, f->linear[1], dis);
    for (unsigned s = 0; s < f->scales; s++) {
        if (s) {
            const unsigned half_w = (w + 1) / 2, half_h = (h + 1) / 2;
            for (unsigned p = 0; p < 2; p++) {
                for (unsigned c = 0; c < 3; c++) {
                    FloatPlane *plane = &f->linear[p][c];
                    const FloatPlane half = {plane->data, plane->stride, half_w, half_h};
                    f->dsp.downsample(&half, plane);
                    *plane = half;
                }
            }
            w = half_w;
            h = half_h;
        }
        scale_norms(f, w, h, f->need[s], &norms[s]);
    }
    return ssimu2_pool(norms, f->scales);
}
