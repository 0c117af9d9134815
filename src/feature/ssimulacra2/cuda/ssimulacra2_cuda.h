/* The device stages of the ssimulacra2 twin: the CPU's stages of each scale
 * (ssimulacra2_frame.c) as whole planes, a thread per pixel, row and lane
 * or column and lane (ssimulacra2_cuda_tile.h), and each map's running
 * double sum in raster order (serial_sums.h), so that the host pools the
 * CPU's sums into the CPU's score. Only the sums whose norms weigh in the
 * score are made (ssimu2_sum_mask()), and only the blur lanes they read. */
#ifndef VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_H
#define VMAF_FEATURE_SSIMULACRA2_CUDA_SSIMULACRA2_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cuda/cuda_api.h"
#include "cuda/serial_sums.h"
#include "feature/ssimulacra2/ssimulacra2_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The pixel kernels take 2-D blocks of SSIMU2_CUDA_BLOCK_W x
 * SSIMU2_CUDA_BLOCK_H threads. The row blur takes strips of
 * SSIMU2_CUDA_ROWS rows, a thread a row and lane, through tiles of
 * SSIMU2_CUDA_ROWS columns; the column blur a thread a column and lane. */
enum {
    SSIMU2_CUDA_BLOCK_W = 32,
    SSIMU2_CUDA_BLOCK_H = 8,
    SSIMU2_CUDA_ROWS = 32,
    SSIMU2_CUDA_COLUMNS = 64,
};

/* A row blur output n reads inputs n - SSIMU2_BLUR_BEFORE and
 * n + SSIMU2_BLUR_AFTER; the first output made is SSIMU2_BLUR_FIRST (those
 * before 0 only feed the recurrence). */
enum {
    SSIMU2_BLUR_BEFORE = SSIMU2_BLUR_RADIUS + 1,
    SSIMU2_BLUR_AFTER = SSIMU2_BLUR_RADIUS - 1,
    SSIMU2_BLUR_FIRST = -SSIMU2_BLUR_RADIUS + 1,
};

typedef struct Ssimu2CudaScale {
    unsigned w, h;
    float *linear[2][3]; /* per picture, linear R, G, B; rows of w floats */
    /* Per channel: ssimu2_sum_mask(); the lanes blurred (SSIMU2_MAPS, or 2,
     * the means alone, for edge maps only, or 0) and the slot of the first
     * in the blurred planes. */
    uint8_t sums[3], lanes[3], slot[3];
    unsigned slots;
    double *terms[3][6]; /* each made sum's w * h terms, raster order */
} Ssimu2CudaScale;

typedef struct Ssimu2CudaFrame {
    Ssimu2Gauss gauss;
    float opsin[3][3];
    unsigned scales;
    /* The input: RGB (planes G, B, R) or YUV of bpc bits, this frame's
     * shared planes of ref (0) and dis (1) at pitch[plane] bytes. */
    bool gbr;
    unsigned bpc;
    const void *src[2][3];
    size_t pitch[3];
    /* YUV to RGB of rgb_bits (ssimulacra2_rgb.h's setup). */
    unsigned rgb_bits, log2_w, log2_h, h_taps, v_taps;
    float luma_scale, luma_offset, chroma_scale, chroma_offset;
    float matrix[3][3];
    const unsigned *h_left, *v_left;
    const float *h_coeff, *v_coeff;
    /* The linear light of every 16-bit word (ssimu2_linear_table()). */
    const float *table;
    /* Where log2_w: per picture, U and V upsampled across, a row of w
     * floats a chroma row. */
    float *chroma[2][2];
    Ssimu2CudaScale scale[SSIMU2_SCALES];
    /* The scale being made: XYB per picture and channel, the row-blurred
     * and the blurred lanes, a plane a slot; rows of the scale's width. */
    float *xyb[2][3], *row_blurred, *blurred;
    /* The running sums made over all scales, into the frame's result:
     * sums[(s * 3 + c) * 6 + k] of scale s, channel c, sum k, 0 for those
     * not made. */
    VmafSerialSums serial;
    double *sums;
} Ssimu2CudaFrame;

enum { SSIMU2_CUDA_ALIGN = 256 };

static inline size_t ssimu2_cuda_align(size_t n)
{
    return (n + SSIMU2_CUDA_ALIGN - 1) / SSIMU2_CUDA_ALIGN * SSIMU2_CUDA_ALIGN;
}

/* Where the constants lie in their buffer, in bytes: the linear table
 * (65536 floats), then the filters' left and coeff, and the size. */
typedef struct Ssimu2CudaConstants {
    size_t table, h_left, h_coeff, v_left, v_coeff, size;
} Ssimu2CudaConstants;

static inline Ssimu2CudaConstants ssimu2_cuda_constants(unsigned w, unsigned h, unsigned h_taps,
                                                        unsigned v_taps)
{
    Ssimu2CudaConstants c;
    c.table = 0;
    c.h_left = c.table + ssimu2_cuda_align(sizeof(float) << 16);
    c.h_coeff = c.h_left + ssimu2_cuda_align(sizeof(unsigned) * w);
    c.v_left = c.h_coeff + ssimu2_cuda_align(sizeof(float) * w * h_taps);
    c.v_coeff = c.v_left + ssimu2_cuda_align(sizeof(unsigned) * h);
    c.size = c.v_coeff + ssimu2_cuda_align(sizeof(float) * h * v_taps);
    return c;
}

/* The lanes of a channel whose sums are `mask`: all five for an SSIM sum,
 * the means alone for edge sums only. */
static inline unsigned ssimu2_cuda_lanes(unsigned mask)
{
    return mask & 3 ? SSIMU2_MAPS : mask ? 2 : 0;
}

/* The jobs of the sums the layout makes, in the order scale, channel,
 * sum (at most 52: the weights that are not 0). */
static inline void ssimu2_cuda_jobs(Ssimu2CudaFrame *f)
{
    unsigned j = 0;
    for (unsigned s = 0; s < f->scales; s++) {
        const Ssimu2CudaScale *sc = &f->scale[s];
        for (unsigned c = 0; c < 3; c++) {
            for (unsigned k = 0; k < 6; k++) {
                if (sc->sums[c] >> k & 1) {
                    VmafSerialSumJob *job = &f->serial.job[j++];
                    job->x = sc->terms[c][k];
                    job->n = (size_t)sc->w * sc->h;
                    job->out = (s * 3 + c) * 6 + k;
                }
            }
        }
    }
}

/* Sets the scales' sizes, sums and lanes for w x h pictures (at least the
 * minimum; f's log2_w and log2_h set) and lays the per-frame planes out in buf (aligned to
 * SSIMU2_CUDA_ALIGN). Returns the bytes they take; with buf NULL it only
 * counts them. */
static inline size_t ssimu2_cuda_layout(Ssimu2CudaFrame *f, unsigned w, unsigned h, uint8_t *buf)
{
    size_t size = 0, plane = 0, lanes = 0;
#define SSIMU2_TAKE(ptr, type, count)                                                              \
    do {                                                                                           \
        (ptr) = buf ? (type *)(buf + size) : NULL;                                                 \
        size += ssimu2_cuda_align(sizeof(type) * (count));                                         \
    } while (0)
    f->scales = ssimu2_scale_count(w, h);
    f->serial.count = 0;
    for (unsigned s = 0; s < SSIMU2_SCALES; s++) {
        Ssimu2CudaScale *sc = &f->scale[s];
        memset(sc, 0, sizeof(*sc));
        if (s >= f->scales)
            continue;
        const size_t pixels = (size_t)w * h;
        sc->w = w;
        sc->h = h;
        for (unsigned p = 0; p < 2; p++)
            for (unsigned c = 0; c < 3; c++)
                SSIMU2_TAKE(sc->linear[p][c], float, pixels);
        for (unsigned c = 0; c < 3; c++) {
            const unsigned mask = ssimu2_sum_mask(f->scales, s, c);
            sc->sums[c] = (uint8_t)mask;
            sc->lanes[c] = (uint8_t)ssimu2_cuda_lanes(mask);
            sc->slot[c] = (uint8_t)sc->slots;
            sc->slots += sc->lanes[c];
            for (unsigned k = 0; k < 6; k++) {
                if (mask >> k & 1) {
                    SSIMU2_TAKE(sc->terms[c][k], double, pixels);
                    f->serial.count++;
                }
            }
        }
        plane = pixels > plane ? pixels : plane;
        lanes = sc->slots * pixels > lanes ? sc->slots * pixels : lanes;
        w = (w + 1) / 2;
        h = (h + 1) / 2;
    }
    for (unsigned p = 0; p < 2; p++)
        for (unsigned c = 0; c < 3; c++)
            SSIMU2_TAKE(f->xyb[p][c], float, plane);
    /* The rows of chroma subsampled across: half the rows where subsampled
     * down too. */
    const size_t across = f->log2_w ? f->scale[0].w * (size_t)(f->scale[0].h >> f->log2_h) : 0;
    for (unsigned p = 0; p < 2; p++)
        for (unsigned c = 0; c < 2; c++)
            SSIMU2_TAKE(f->chroma[p][c], float, across);
    SSIMU2_TAKE(f->row_blurred, float, lanes);
    SSIMU2_TAKE(f->blurred, float, lanes);
    f->serial.max_n = (size_t)f->scale[0].w * f->scale[0].h;
    SSIMU2_TAKE(f->serial.segments, SerialSumSegment,
                f->serial.count * serial_sum_segment_count(f->serial.max_n));
#undef SSIMU2_TAKE
    ssimu2_cuda_jobs(f);
    return size;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the ssimulacra2 twins). enqueue:
 * queues the frame's work on stream: f->sums becomes the CPU's sums. No host synchronisation,
 * no allocation: it can be captured in a graph. */
typedef struct Ssimu2GpuKernels {
    int (*enqueue)(const Ssimu2CudaFrame *f, VmafCudaStream stream);
} Ssimu2GpuKernels;

extern const Ssimu2GpuKernels ssimulacra2_cuda_kernels; /* ssimulacra2_cuda.cu */
extern const Ssimu2GpuKernels ssimulacra2_sycl_kernels; /* ../sycl/ssimulacra2_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
