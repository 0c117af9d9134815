/* The steps of the vif twin's kernels, one thread's share at a time, as C
 * and as CUDA (core/hd.h): vif_cuda.cu runs them with a block per tile,
 * tests/unit/test_vif_cuda_emu.c runs the same calls on the CPU, tile by
 * tile, and compares the sums with the CPU extractor's.
 *
 * A tile at a scale is VIF_CUDA_TILE_ROWS(scale) rows and VIF_CUDA_TILE_COLS(scale)
 * columns of outputs from (x0, y0); its column t (0 <= t < VIF_CUDA_THREADS)
 * is the image's column x0 - VIF_FILTER_HALF(scale) + t.
 * 1. vif_tile_column(), thread t: walks column t down the tile's rows and
 *    the filter's reach, each sample read once and added to every row it
 *    weighs on, and stores each row's vertical moments (and, for the
 *    decimation, the vertical low-pass of the even rows) in the tile.
 * 2. vif_tile_statistic(), run i of outputs side by side: the horizontal
 *    filter of the moments, the (co)variances and their accumulation
 *    (vif_math.h).
 * 3. vif_tile_next(), output i of the next scale: the horizontal low-pass
 *    of the even columns.
 * The integers are those of the CPU's stages (vif_dsp.c) wherever a value
 * is rounded or truncated; between roundings only the grouping of exact
 * integer sums differs. */
#ifndef VMAF_FEATURE_VIF_CUDA_VIF_CUDA_TILE_H
#define VMAF_FEATURE_VIF_CUDA_VIF_CUDA_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hd.h"
#include "feature/vif/vif_math.h"
#include "vif_cuda.h"

/* Rows of the next scale a tile decimates into; the tile rows of a scale
 * that decimates are even. */
#define VIF_TILE_NEXT_ROWS(scale) (VIF_CUDA_TILE_ROWS(scale) / 2)
enum { VIF_TILE_MAX_NEXT_ROWS = VIF_CUDA_MAX_TILE_ROWS / 2 };

/* The statistic's outputs are filtered in runs side by side, one run a
 * thread, so that a moment read from the tile serves every output of the
 * run it weighs on: a run of 4 at scale 0 reads 20 values of each moment
 * where 4 lone outputs read 68. The tile's columns are a whole number of
 * runs. */
#define VIF_CUDA_RUN(scale) (VIF_CUDA_TILE_COLS(scale) % 4 ? 2u : 4u)
enum { VIF_CUDA_MAX_RUN = 4 };
#define VIF_TILE_RUNS(scale)                                                                       \
    (VIF_CUDA_TILE_COLS(scale) / VIF_CUDA_RUN(scale) * VIF_CUDA_TILE_ROWS(scale))

/* A block's shared memory. */
typedef struct VifTile {
    /* Each row's vertically filtered moments at each column, as the CPU's
     * line buffers hold them: means as uint16, the rest as uint32. */
    uint16_t mu1[VIF_CUDA_MAX_TILE_ROWS][VIF_CUDA_THREADS];
    uint16_t mu2[VIF_CUDA_MAX_TILE_ROWS][VIF_CUDA_THREADS];
    uint32_t ref_sq[VIF_CUDA_MAX_TILE_ROWS][VIF_CUDA_THREADS];
    uint32_t dis_sq[VIF_CUDA_MAX_TILE_ROWS][VIF_CUDA_THREADS];
    uint32_t ref_dis[VIF_CUDA_MAX_TILE_ROWS][VIF_CUDA_THREADS];
    /* The vertical low-pass of the even rows, for the decimation. */
    uint16_t next_ref[VIF_TILE_MAX_NEXT_ROWS][VIF_CUDA_THREADS];
    uint16_t next_dis[VIF_TILE_MAX_NEXT_ROWS][VIF_CUDA_THREADS];
} VifTile;

/* A column's running vertical sums, per row of the tile. 8-bit samples
 * keep the squares in 32 bits: 65536 * 255^2 < 2^32. */
typedef struct VifColumnSums {
    uint32_t mu1[VIF_CUDA_MAX_TILE_ROWS], mu2[VIF_CUDA_MAX_TILE_ROWS];
    uint32_t sq_narrow[3][VIF_CUDA_MAX_TILE_ROWS];
    uint64_t sq[3][VIF_CUDA_MAX_TILE_ROWS];
    uint32_t next_ref[VIF_TILE_MAX_NEXT_ROWS], next_dis[VIF_TILE_MAX_NEXT_ROWS];
} VifColumnSums;

/* The sample a tile position reads: reflected at the edges, as the CPU
 * reads it, for every position an output needs; the positions no output
 * needs (a tile past the picture's end) are clamped into the plane. */
static inline VMAF_HD int vif_tile_source(int i, int n)
{
    const int r = vif_reflect(i, n);
    return r < 0 ? 0 : r >= n ? n - 1 : r;
}

/* y and x inside the plane; a pitch fits 32 bits, so the row's offset is
 * one 32 x 32 -> 64-bit product. */
static inline VMAF_HD uint32_t vif_tile_sample(const void *plane, size_t pitch, int y, int x,
                                               bool hbd)
{
    const uint8_t *row = (const uint8_t *)plane + (uint64_t)(uint32_t)y * (uint32_t)pitch;
    return hbd ? ((const uint16_t *)row)[x] : row[x];
}

/* sum filt[k] * x[k] over the 2 * half + 1 taps of a symmetric filter, the
 * taps it weighs alike paired; exact in 32 bits for 16-bit x, since the
 * taps sum to 65536. */
static inline VMAF_HD uint32_t vif_window_dot(const uint16_t *x, const uint16_t *filt, int half)
{
    uint32_t acc = (uint32_t)filt[half] * x[half];
    VMAF_UNROLL
    for (int k = 0; k < half; k++)
        acc += (uint32_t)filt[k] * ((uint32_t)x[k] + x[2 * half - k]);
    return acc;
}

/* acc[o] = sum filt[k] * x[o + k] over the taps, for the outputs o of a
 * run (run <= VIF_CUDA_MAX_RUN): each x read once for every output it
 * weighs on. The loops run to the largest run and test this one, so that
 * they unroll whole. Exact as vif_window_dot is, for T uint16_t in 32 bits
 * and uint32_t in 64. */
#define VIF_RUN_DOT(name, T, Acc)                                                                  \
    static inline VMAF_HD void name(const T *x, const uint16_t *filt, int half, int run,           \
                                    Acc acc[VIF_CUDA_MAX_RUN])                                     \
    {                                                                                              \
        VMAF_UNROLL                                                                                \
        for (int o = 0; o < VIF_CUDA_MAX_RUN; o++)                                                 \
            acc[o] = 0;                                                                            \
        VMAF_UNROLL                                                                                \
        for (int k = 0; k < 2 * half + VIF_CUDA_MAX_RUN; k++) {                                    \
            if (k >= 2 * half + run)                                                               \
                break;                                                                             \
            const Acc v = x[k];                                                                    \
            VMAF_UNROLL                                                                            \
            for (int o = 0; o < VIF_CUDA_MAX_RUN; o++) {                                           \
                const int tap = k - o;                                                             \
                if (o < run && tap >= 0 && tap <= 2 * half)                                        \
                    acc[o] += (Acc)filt[tap] * v;                                                  \
            }                                                                                      \
        }                                                                                          \
    }
VIF_RUN_DOT(vif_run_dot, uint16_t, uint32_t)
VIF_RUN_DOT(vif_run_dot_64, uint32_t, uint64_t)
#undef VIF_RUN_DOT

/* Sample k of the column's window (rows y0 - half + k) added to the rows
 * of the tile (rows of them) it weighs on with filt. The loops run to the
 * largest tile and test the scale's, so that they unroll whole. */
static inline VMAF_HD void vif_column_add(VifColumnSums *c, const uint16_t *filt, int half,
                                          int rows, int k, uint32_t r, uint32_t d, bool narrow)
{
    const uint32_t rr = r * r, dd = d * d, rd = r * d;
    VMAF_UNROLL
    for (int row = 0; row < VIF_CUDA_MAX_TILE_ROWS; row++) {
        const int tap = k - row;
        if (row >= rows || tap < 0 || tap > 2 * half)
            continue;
        const uint32_t f = filt[tap];
        c->mu1[row] += f * r;
        c->mu2[row] += f * d;
        if (narrow) {
            c->sq_narrow[0][row] += f * rr;
            c->sq_narrow[1][row] += f * dd;
            c->sq_narrow[2][row] += f * rd;
        } else {
            c->sq[0][row] += (uint64_t)f * rr;
            c->sq[1][row] += (uint64_t)f * dd;
            c->sq[2][row] += (uint64_t)f * rd;
        }
    }
}

/* The same for the vertical low-pass of the decimation, centred on the even
 * rows, with the next scale's filt of half width next_half. */
static inline VMAF_HD void vif_column_add_next(VifColumnSums *c, const uint16_t *filt, int half,
                                               int next_half, int next_rows, int k, uint32_t r,
                                               uint32_t d)
{
    VMAF_UNROLL
    for (int m = 0; m < VIF_TILE_MAX_NEXT_ROWS; m++) {
        const int tap = k - (2 * m + half - next_half);
        if (m >= next_rows || tap < 0 || tap > 2 * next_half)
            continue;
        c->next_ref[m] += filt[tap] * r;
        c->next_dis[m] += filt[tap] * d;
    }
}

/* Step 1 for thread t of tile (bx, by) at scale, whose filters are
 * filter[scale] and, when decimating, filter[scale + 1]. hbd: 16-bit
 * samples (always past scale 0). stat: the statistic's moments, decimate:
 * the decimation's low-pass. */
static inline VMAF_HD void vif_tile_column(const VifCudaScale *s, int scale,
                                           const uint16_t (*filter)[VIF_MAX_TAPS], bool hbd,
                                           bool stat, bool decimate, unsigned bx, unsigned by,
                                           int t, VifTile *tile)
{
    const int half = VIF_FILTER_HALF(scale);
    const int x = vif_tile_source((int)(bx * VIF_CUDA_TILE_COLS(scale)) - half + t, (int)s->w);
    const int rows = (int)VIF_CUDA_TILE_ROWS(scale), next_rows = rows / 2;
    const int y0 = (int)by * rows - half;
    const bool narrow = !hbd;
    VifColumnSums c = {0};

    VMAF_UNROLL
    for (int k = 0; k < rows + 2 * half; k++) {
        const int y = vif_tile_source(y0 + k, (int)s->h);
        const uint32_t r = vif_tile_sample(s->ref, s->ref_pitch, y, x, hbd);
        const uint32_t d = vif_tile_sample(s->dis, s->dis_pitch, y, x, hbd);
        if (stat)
            vif_column_add(&c, filter[scale], half, rows, k, r, d, narrow);
        if (decimate)
            vif_column_add_next(&c, filter[scale + 1], half, VIF_FILTER_HALF(scale + 1), next_rows,
                                k, r, d);
    }

    if (stat) {
        VMAF_UNROLL
        for (int row = 0; row < VIF_CUDA_MAX_TILE_ROWS; row++) {
            if (row >= rows)
                break;
            tile->mu1[row][t] = (uint16_t)vif_round_shift_32(c.mu1[row], s->mu_shift);
            tile->mu2[row][t] = (uint16_t)vif_round_shift_32(c.mu2[row], s->mu_shift);
            if (narrow) {
                tile->ref_sq[row][t] = vif_round_shift_32(c.sq_narrow[0][row], s->sq_shift);
                tile->dis_sq[row][t] = vif_round_shift_32(c.sq_narrow[1][row], s->sq_shift);
                tile->ref_dis[row][t] = vif_round_shift_32(c.sq_narrow[2][row], s->sq_shift);
            } else {
                tile->ref_sq[row][t] = (uint32_t)vif_round_shift_64(c.sq[0][row], s->sq_shift);
                tile->dis_sq[row][t] = (uint32_t)vif_round_shift_64(c.sq[1][row], s->sq_shift);
                tile->ref_dis[row][t] = (uint32_t)vif_round_shift_64(c.sq[2][row], s->sq_shift);
            }
        }
    }
    if (decimate) {
        VMAF_UNROLL
        for (int m = 0; m < VIF_TILE_MAX_NEXT_ROWS; m++) {
            if (m >= next_rows)
                break;
            tile->next_ref[m][t] = (uint16_t)vif_round_shift_32(c.next_ref[m], s->next_shift);
            tile->next_dis[m][t] = (uint16_t)vif_round_shift_32(c.next_dis[m], s->next_shift);
        }
    }
}

/* Step 2 for run i of tile (bx, by), in row-major order, with
 * filt = filter[scale]: VIF_CUDA_RUN(scale) outputs side by side. */
static inline VMAF_HD void vif_tile_statistic(const VifTile *tile, const VifCudaScale *s, int scale,
                                              const uint16_t *filt, unsigned bx, unsigned by,
                                              unsigned i, const uint16_t *log2_table,
                                              double gain_limit, VifSums *sums)
{
    const unsigned cols = VIF_CUDA_TILE_COLS(scale), run = VIF_CUDA_RUN(scale);
    const unsigned row = i / (cols / run), j = i % (cols / run) * run;
    if (by * VIF_CUDA_TILE_ROWS(scale) + row >= s->h)
        return;
    /* Output j is tile column j + half: the taps start at column j. */
    const int half = VIF_FILTER_HALF(scale);
    uint32_t mu1[VIF_CUDA_MAX_RUN], mu2[VIF_CUDA_MAX_RUN];
    uint64_t ref_sq[VIF_CUDA_MAX_RUN], dis_sq[VIF_CUDA_MAX_RUN], ref_dis[VIF_CUDA_MAX_RUN];
    vif_run_dot(&tile->mu1[row][j], filt, half, (int)run, mu1);
    vif_run_dot(&tile->mu2[row][j], filt, half, (int)run, mu2);
    vif_run_dot_64(&tile->ref_sq[row][j], filt, half, (int)run, ref_sq);
    vif_run_dot_64(&tile->dis_sq[row][j], filt, half, (int)run, dis_sq);
    vif_run_dot_64(&tile->ref_dis[row][j], filt, half, (int)run, ref_dis);
    VMAF_UNROLL
    for (unsigned o = 0; o < VIF_CUDA_MAX_RUN; o++) {
        if (o >= run || bx * cols + j + o >= s->w)
            break;
        const VifSigmas sg = vif_sigmas(mu1[o], mu2[o], ref_sq[o], dis_sq[o], ref_dis[o]);
        vif_accumulate(sums, sg.sigma1_sq, sg.sigma2_sq, sg.sigma12, log2_table, gain_limit);
    }
}

static inline VMAF_HD uint16_t *vif_plane_at(uint16_t *plane, size_t pitch, unsigned y, unsigned x)
{
    return (uint16_t *)((uint8_t *)plane + (size_t)y * pitch) + x;
}

/* Step 3 for output i of the next scale's part of tile (bx, by), in
 * row-major order, with next_filt = filter[scale + 1]. */
static inline VMAF_HD void vif_tile_next(const VifTile *tile, const VifCudaScale *s, int scale,
                                         const uint16_t *next_filt, unsigned bx, unsigned by,
                                         unsigned i)
{
    const unsigned cols = VIF_CUDA_TILE_COLS(scale) / 2;
    const unsigned row = i / cols, j = i % cols;
    const unsigned x = bx * cols + j, y = by * VIF_TILE_NEXT_ROWS(scale) + row;
    if (x >= s->w / 2 || y >= s->h / 2)
        return;
    /* Output j is the even tile column 2 j + half. */
    const int next_half = VIF_FILTER_HALF(scale + 1);
    const int first = 2 * (int)j + VIF_FILTER_HALF(scale) - next_half;
    *vif_plane_at(s->next_ref, s->next_pitch, y, x) = (uint16_t)vif_round_shift_32(
        vif_window_dot(&tile->next_ref[row][first], next_filt, next_half), 16);
    *vif_plane_at(s->next_dis, s->next_pitch, y, x) = (uint16_t)vif_round_shift_32(
        vif_window_dot(&tile->next_dis[row][first], next_filt, next_half), 16);
}

#endif
