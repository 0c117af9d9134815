/* The device stage of the vif twin: each scale's sums (vif_math.h) and the
 * decimation into the next scale, queued on one stream. */
#ifndef VMAF_FEATURE_VIF_CUDA_VIF_CUDA_H
#define VMAF_FEATURE_VIF_CUDA_VIF_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/vif/vif_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of VIF_CUDA_THREADS threads covers a tile of
 * VIF_CUDA_TILE_ROWS(scale) rows and VIF_CUDA_TILE_COLS(scale) columns of
 * outputs: one thread per column of the tile widened by the filter's reach
 * on both sides. The tiles have half the rows a scale down, so that the
 * small scales still have blocks for every SM (8 rows left 1080p's scale 3
 * 17 blocks). */
enum { VIF_CUDA_THREADS = 256, VIF_CUDA_MAX_TILE_ROWS = 8 };
#define VIF_CUDA_TILE_ROWS(scale) ((unsigned)VIF_CUDA_MAX_TILE_ROWS >> (scale))
#define VIF_CUDA_TILE_COLS(scale) (VIF_CUDA_THREADS - 2u * VIF_FILTER_HALF(scale))

typedef struct VifCudaScale {
    /* Device planes at this scale: the input's samples at scale 0, else
     * uint16_t; rows of *_pitch bytes. */
    const void *ref, *dis;
    size_t ref_pitch, dis_pitch;
    unsigned w, h;
    unsigned blocks_x, blocks_y; /* tiles across and down */
    /* The statistic's vertical shifts (vif_common.h). */
    unsigned mu_shift, sq_shift;
    /* One per tile, in row-major tile order; NULL: no statistic at this
     * scale (a skipped scale 0). */
    VifSums *partials;
    /* The next scale, w/2 x h/2, and the vertical shift of the decimation
     * into it; NULL at the last scale. */
    uint16_t *next_ref, *next_dis;
    size_t next_pitch;
    unsigned next_shift;
} VifCudaScale;

typedef struct VifCudaFrame {
    VifCudaScale scale[VIF_SCALES];
    unsigned bpc;
    double gain_limit;
    const uint16_t *log2_table; /* the device copy of vif_log2_table() */
    VifSums *sums;              /* VIF_SCALES, on the device: the frame's result */
} VifCudaFrame;

static inline unsigned vif_cuda_blocks_x(unsigned scale, unsigned w)
{
    return (w + VIF_CUDA_TILE_COLS(scale) - 1) / VIF_CUDA_TILE_COLS(scale);
}

static inline unsigned vif_cuda_blocks_y(unsigned scale, unsigned h)
{
    return (h + VIF_CUDA_TILE_ROWS(scale) - 1) / VIF_CUDA_TILE_ROWS(scale);
}

enum { VIF_CUDA_ALIGN = 256 };
/* The device copy of vif_log2_table(). */
#define VIF_CUDA_LOG2_TABLE_SIZE (sizeof(uint16_t) << 16)

static inline size_t vif_cuda_align(size_t n)
{
    return (n + VIF_CUDA_ALIGN - 1) / VIF_CUDA_ALIGN * VIF_CUDA_ALIGN;
}

/* A carved piece of buf, or NULL while only counting. */
static inline void *vif_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* Lays out a frame's memory in buf (VIF_CUDA_ALIGN-aligned): the log2 table
 * first, then each scale's partials and the decimated planes; sets every
 * field of *f but bpc, gain_limit, scale 0's planes and sums. Returns the
 * bytes it takes; with buf NULL it only counts them. */
static inline size_t vif_cuda_layout(VifCudaFrame *f, unsigned bpc, unsigned w, unsigned h,
                                     bool skip_scale0, uint8_t *buf)
{
    f->log2_table = (const uint16_t *)vif_cuda_piece(buf, 0);
    size_t size = vif_cuda_align(VIF_CUDA_LOG2_TABLE_SIZE);
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        VifCudaScale *s = &f->scale[scale];
        s->w = w >> scale;
        s->h = h >> scale;
        s->blocks_x = vif_cuda_blocks_x(scale, s->w);
        s->blocks_y = vif_cuda_blocks_y(scale, s->h);
        s->mu_shift = vif_mu_shift(scale, bpc);
        s->sq_shift = vif_sq_shift(scale, bpc);
        s->partials = scale == 0 && skip_scale0 ? NULL : (VifSums *)vif_cuda_piece(buf, size);
        size += vif_cuda_align(sizeof(VifSums) * s->blocks_x * s->blocks_y);
        if (scale + 1 == VIF_SCALES)
            break;
        VifCudaScale *next = &f->scale[scale + 1];
        s->next_pitch = vif_cuda_align(sizeof(uint16_t) * (s->w / 2));
        s->next_shift = vif_decimate_shift(scale + 1, bpc);
        const size_t plane = s->next_pitch * (s->h / 2);
        s->next_ref = (uint16_t *)vif_cuda_piece(buf, size);
        s->next_dis = (uint16_t *)vif_cuda_piece(buf, size + plane);
        next->ref = s->next_ref;
        next->dis = s->next_dis;
        next->ref_pitch = next->dis_pitch = s->next_pitch;
        size += 2 * plane;
    }
    return size;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the vif
 * twins). enqueue: queues the frame's work on stream: sums[s] becomes what
 * the CPU's statistic adds up at scale s (zero for a skipped scale 0). No
 * host synchronisation, no allocation: the work can be captured in a
 * graph. */
typedef struct VifGpuKernels {
    int (*enqueue)(const VifCudaFrame *frame, VmafCudaStream stream);
} VifGpuKernels;

extern const VifGpuKernels vif_cuda_kernels; /* vif_cuda.cu */
extern const VifGpuKernels vif_sycl_kernels; /* ../sycl/vif_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
