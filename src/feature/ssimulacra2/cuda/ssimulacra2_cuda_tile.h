/* The steps of the ssimulacra2 twin's kernels, as C and as CUDA
 * (core/hd.h): ssimulacra2_cuda.cu runs them a thread per pixel, row lane
 * or column lane; tests/unit/test_ssimulacra2_cuda_emu.c runs the same
 * steps on the CPU. Each is the CPU stage's arithmetic on one value
 * (ssimulacra2_pixel.h, or the lane's share of a stage of
 * ssimulacra2_stages.h, whose lanes never mix):
 * 0. ssimu2_tile_chroma_row(): chroma subsampled across, upsampled across;
 * 1. ssimu2_tile_linear(): a pixel's RGB (converted from YUV as
 *    ssimulacra2_rgb.c does, or read) in linear light;
 * 2. ssimu2_tile_downsample(): a pixel of the next scale;
 * 3. ssimu2_tile_xyb(): a pixel's XYB;
 * 4. ssimu2_tile_blur_lane(): a run of a row's outputs of one lane's blur;
 * 5. ssimu2_tile_column_step(): one output of a column's blur of a lane;
 * 6. ssimu2_tile_maps(): a pixel's terms of the sums made;
 * 7. the running double sum of each map in raster order. */
#ifndef VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_TILE_H
#define VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/ssimulacra2/ssimulacra2_pixel.h"
#include "ssimulacra2_cuda.h"

/* Chroma plane p (1, 2) of picture pic, row r, at output column x: the
 * samples as float, upsampled across when subsampled (resize_row). */
static inline VMAF_HD float ssimu2_tile_chroma_row(const Ssimu2CudaFrame *f, unsigned pic,
                                                   unsigned p, unsigned r, unsigned x, bool hbd)
{
    const void *plane = f->src[pic][p];
    if (!f->log2_w)
        return (float)vmaf_hd_sample(plane, f->pitch[p], x, r, hbd) * f->chroma_scale +
               f->chroma_offset;
    const float *c = f->h_coeff + (size_t)x * f->h_taps;
    const unsigned left = f->h_left[x];
    float acc = 0.0f;
    for (unsigned k = 0; k < f->h_taps; k++) {
        const float v =
            (float)vmaf_hd_sample(plane, f->pitch[p], left + k, r, hbd) * f->chroma_scale +
            f->chroma_offset;
        acc += c[k] * v;
    }
    return acc;
}

/* Chroma plane p at full size, pixel (x, y): when subsampled across, from
 * the rows already upsampled across (chroma[pic][p - 1], rows of w), down
 * the rows when subsampled down too (resize_column, from zero). */
static inline VMAF_HD float ssimu2_tile_chroma(const Ssimu2CudaFrame *f, unsigned pic, unsigned p,
                                               unsigned x, unsigned y, bool hbd)
{
    if (!f->log2_w)
        return ssimu2_tile_chroma_row(f, pic, p, y, x, hbd);
    const float *across = f->chroma[pic][p - 1];
    const unsigned w = f->scale[0].w;
    if (!f->log2_h)
        return across[(size_t)y * w + x];
    const float *c = f->v_coeff + (size_t)y * f->v_taps;
    const unsigned top = f->v_left[y];
    float acc = 0.0f;
    for (unsigned k = 0; k < f->v_taps; k++)
        acc += c[k] * across[(size_t)(top + k) * w + x];
    return acc;
}

/* Step 1: pixel (x, y) of picture pic, linear R, G, B into rgb; hbd:
 * 16-bit samples (bpc > 8). Chroma subsampled across is read from
 * chroma[][] (step 0: ssimu2_tile_chroma_row() of every chroma row and
 * output column). */
static inline VMAF_HD void ssimu2_tile_linear(const Ssimu2CudaFrame *f, unsigned pic, unsigned x,
                                              unsigned y, bool hbd, float rgb[3])
{
    if (f->gbr) {
        /* R, G, B from planes 2, 0, 1. */
        for (unsigned c = 0; c < 3; c++) {
            const unsigned p = (c + 2) % 3;
            rgb[c] = f->table[vmaf_hd_sample(f->src[pic][p], f->pitch[p], x, y, hbd)];
        }
        return;
    }
    const float luma =
        (float)vmaf_hd_sample(f->src[pic][0], f->pitch[0], x, y, hbd) * f->luma_scale +
        f->luma_offset;
    const float u = ssimu2_tile_chroma(f, pic, 1, x, y, hbd);
    const float v = ssimu2_tile_chroma(f, pic, 2, x, y, hbd);
    const float max = (float)((1u << f->rgb_bits) - 1);
    for (unsigned c = 0; c < 3; c++)
        rgb[c] = f->table[(unsigned)(int32_t)ssimu2_rgb_sample(f->matrix[c], luma, u, v, max)];
}

/* Step 2: pixel (ox, oy) of the half-size plane of src (w x h, rows of w). */
static inline VMAF_HD float ssimu2_tile_downsample(const float *src, unsigned w, unsigned h,
                                                   unsigned ox, unsigned oy)
{
    const unsigned x1 = 2 * ox + 1 < w ? 2 * ox + 1 : w - 1;
    const unsigned y1 = 2 * oy + 1 < h ? 2 * oy + 1 : h - 1;
    const float *r0 = src + (size_t)2 * oy * w, *r1 = src + (size_t)y1 * w;
    return ssimu2_mean4(r0[2 * ox], r0[x1], r1[2 * ox], r1[x1]);
}

/* Step 3: XYB of linear r, g, b. */
static inline VMAF_HD void ssimu2_tile_xyb(const float opsin[3][3], float r, float g, float b,
                                           float xyb[3])
{
    float lms[3];
    for (unsigned c = 0; c < 3; c++)
        lms[c] = ssimu2_cube_root_add(ssimu2_opsin_mix(opsin[c], r, g, b), SSIMU2_NEG_BIAS_CBRT);
    ssimu2_xyb_combine(lms[0], lms[1], lms[2], xyb);
}

/* Steps 1 and 3 with their stores, as every form of the kernels runs them:
 * pixel (x, y)'s linear RGB into scale 0's planes of picture pic; pixel i's
 * XYB of scale s into the frame's XYB planes of picture pic. */
static inline VMAF_HD void ssimu2_tile_linear_pixel(const Ssimu2CudaFrame *f, unsigned pic,
                                                    unsigned x, unsigned y, bool hbd)
{
    const Ssimu2CudaScale *sc = &f->scale[0];
    float rgb[3];
    ssimu2_tile_linear(f, pic, x, y, hbd, rgb);
    for (unsigned c = 0; c < 3; c++)
        sc->linear[pic][c][(size_t)y * sc->w + x] = rgb[c];
}

static inline VMAF_HD void ssimu2_tile_xyb_pixel(const Ssimu2CudaFrame *f, unsigned s, unsigned pic,
                                                 size_t i)
{
    const Ssimu2CudaScale *sc = &f->scale[s];
    float v[3];
    ssimu2_tile_xyb(f->opsin, sc->linear[pic][0][i], sc->linear[pic][1][i], sc->linear[pic][2][i],
                    v);
    for (unsigned c = 0; c < 3; c++)
        f->xyb[pic][c][i] = v[c];
}

/* The row blur's recurrence of one lane: each term's last two outputs. */
typedef struct Ssimu2LaneBlur {
    float prev[3], prev2[3];
} Ssimu2LaneBlur;

/* One output from the sum of its two inputs (blur_step's lane). */
static inline VMAF_HD float ssimu2_tile_blur_single(Ssimu2LaneBlur *st, const Ssimu2Gauss *g,
                                                    float sum)
{
    float o[3];
    for (unsigned k = 0; k < 3; k++) {
        o[k] = sum * g->mul_in[k][0];
        o[k] = fmaf(g->mul_prev2[k][0], st->prev2[k], o[k]);
        o[k] = fmaf(g->mul_prev[k][0], st->prev[k], o[k]);
        st->prev2[k] = st->prev[k];
        st->prev[k] = o[k];
    }
    return o[0] + (o[1] + o[2]);
}

/* Four outputs from their input sums (blur_group's lane). */
static inline VMAF_HD void ssimu2_tile_blur_group(Ssimu2LaneBlur *st, const Ssimu2Gauss *g,
                                                  const float in[SSIMU2_BLUR_GROUP],
                                                  float out[SSIMU2_BLUR_GROUP])
{
    float o[3][SSIMU2_BLUR_GROUP];
    VMAF_UNROLL
    for (unsigned k = 0; k < 3; k++) {
        VMAF_UNROLL
        for (unsigned p = 0; p < SSIMU2_BLUR_GROUP; p++) {
            float v = in[0] * g->mul_in[k][p];
            for (unsigned i = 1; i <= p; i++)
                v = fmaf(g->mul_in[k][p - i], in[i], v);
            v = fmaf(g->mul_prev2[k][p], st->prev2[k], v);
            o[k][p] = fmaf(g->mul_prev[k][p], st->prev[k], v);
        }
        st->prev2[k] = o[k][SSIMU2_BLUR_GROUP - 2];
        st->prev[k] = o[k][SSIMU2_BLUR_GROUP - 1];
    }
    for (unsigned p = 0; p < SSIMU2_BLUR_GROUP; p++)
        out[p] = o[0][p] + (o[1][p] + o[2][p]);
}

/* Blur input map of column i of a row whose XYB in the channel is a[] and
 * b[], indexed from origin. */
static inline VMAF_HD float ssimu2_tile_lane_input(const float *a, const float *b, int origin,
                                                   unsigned map, int i)
{
    return ssimu2_blur_input(map, a[i - origin], b[i - origin]);
}

/* Step 4: outputs begin..end - 1 of the row blur of lane map of a row of w
 * columns, whose XYB a[] and b[] (from column origin) hold the columns
 * those outputs read (begin - SSIMU2_BLUR_BEFORE to
 * end - 1 + SSIMU2_BLUR_AFTER inside the row); out[n - out_origin] gets
 * output n >= 0. The runs must follow one another from SSIMU2_BLUR_FIRST,
 * each but the last ending on a multiple of SSIMU2_BLUR_GROUP: as
 * blur_row, the outputs one by one up to the first group, groups while
 * every input is inside the row, then one by one. */
static inline VMAF_HD void ssimu2_tile_blur_lane(Ssimu2LaneBlur *st, const Ssimu2Gauss *g,
                                                 const float *a, const float *b, int origin,
                                                 unsigned map, int w, int begin, int end,
                                                 float *out, int out_origin)
{
    const int group = SSIMU2_BLUR_GROUP;
    const int first_group = (SSIMU2_BLUR_RADIUS + 1 + group - 1) / group * group;
    const int groups_end = w - SSIMU2_BLUR_RADIUS + 1 - (group - 1);
    for (int n = begin; n < end;) {
        if (n >= first_group && n < groups_end) {
            float in[SSIMU2_BLUR_GROUP], o[SSIMU2_BLUR_GROUP];
            for (int i = 0; i < group; i++)
                in[i] = ssimu2_tile_lane_input(a, b, origin, map, n - SSIMU2_BLUR_BEFORE + i) +
                        ssimu2_tile_lane_input(a, b, origin, map, n + SSIMU2_BLUR_AFTER + i);
            ssimu2_tile_blur_group(st, g, in, o);
            for (int i = 0; i < group; i++)
                out[n + i - out_origin] = o[i];
            n += group;
            continue;
        }
        const int left = n - SSIMU2_BLUR_BEFORE, right = n + SSIMU2_BLUR_AFTER;
        const float sum = (left >= 0 ? ssimu2_tile_lane_input(a, b, origin, map, left) : 0.0f) +
                          (right < w ? ssimu2_tile_lane_input(a, b, origin, map, right) : 0.0f);
        const float o = ssimu2_tile_blur_single(st, g, sum);
        if (n >= 0)
            out[n - out_origin] = o;
        n++;
    }
}

/* The column blur's recurrence of one lane: each term's outputs of the
 * rows n - 2 and n - 1. */
typedef struct Ssimu2LaneColumn {
    float y2[3], y1[3];
} Ssimu2LaneColumn;

/* Step 5: output n of a column from the row-blurred values of rows
 * n - SSIMU2_BLUR_BEFORE (top, where has_top) and n + SSIMU2_BLUR_AFTER
 * (bottom, where has_bottom), as blur_column_step. */
static inline VMAF_HD float ssimu2_tile_column_step(Ssimu2LaneColumn *st, const Ssimu2Gauss *g,
                                                    bool has_top, float top, bool has_bottom,
                                                    float bottom)
{
    const float below = has_bottom ? bottom : 0.0f;
    const float sum = has_top ? top + below : below;
    float v[3];
    for (unsigned k = 0; k < 3; k++) {
        v[k] = fmaf(g->n2[k], sum, fmaf(-g->d1[k], st->y1[k], -st->y2[k]));
        st->y2[k] = st->y1[k];
        st->y1[k] = v[k];
    }
    return v[0] + (v[1] + v[2]);
}

/* The map of blurred lane i of a channel of `lanes` lanes. */
static inline VMAF_HD unsigned ssimu2_tile_lane_map(unsigned lanes, unsigned i)
{
    return lanes == SSIMU2_MAPS ? i : SSIMU2_MAP_MU1 + i;
}

/* Step 6: pixel i (raster index) of scale s, channel c: its terms of the
 * sums made, from its blurred lanes and XYB. */
static inline VMAF_HD void ssimu2_tile_maps(const Ssimu2CudaFrame *f, unsigned s, unsigned c,
                                            size_t i)
{
    const Ssimu2CudaScale *sc = &f->scale[s];
    const unsigned mask = sc->sums[c];
    if (!mask)
        return;
    const size_t pixels = (size_t)sc->w * sc->h;
    const float *lane = f->blurred + (size_t)sc->slot[c] * pixels + i;
    const unsigned lanes = sc->lanes[c];
    const float mu1 = lane[(lanes == SSIMU2_MAPS ? SSIMU2_MAP_MU1 : 0) * pixels];
    const float mu2 = lane[(lanes == SSIMU2_MAPS ? SSIMU2_MAP_MU2 : 1) * pixels];
    const double e =
        mask & 3 ? ssimu2_ssim_error(mu1, mu2, lane[SSIMU2_MAP_SQ1 * pixels],
                                     lane[SSIMU2_MAP_SQ2 * pixels], lane[SSIMU2_MAP_CROSS * pixels])
                 : 0.0;
    const double d = ssimu2_edge_difference(f->xyb[0][c][i], mu1, f->xyb[1][c][i], mu2);
    double t[6];
    ssimu2_map_terms(e, d, t);
    for (unsigned k = 0; k < 6; k++)
        if (mask >> k & 1)
            sc->terms[c][k][i] = t[k];
}

#endif
