/* The device stage of the adm twin. Per scale, one kernel runs the wavelet
 * level of ref and dis (bands and approximation into device planes), a
 * second decouples, weights and masks the bands and writes each tile's row
 * sums as partials; a last kernel adds every scale's partials row by row,
 * rounds and shifts each row as the CPU does and sums the rows into the
 * frame's result. The steps of the kernels are in adm_cuda_tile.h. */
#ifndef VMAF_FEATURE_ADM_CUDA_ADM_CUDA_H
#define VMAF_FEATURE_ADM_CUDA_ADM_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"
#include "feature/adm/adm_math.h"
#include "feature/adm/adm_scale.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A wavelet block makes ADM_CUDA_DWT_TILE_H rows of ADM_CUDA_DWT_TILE_W
 * outputs of each band of one picture; a masking block covers
 * ADM_CUDA_MASK_TILE_H rows of ADM_CUDA_MASK_TILE_W samples of the region,
 * one warp a row. */
enum {
    ADM_CUDA_THREADS = 256,
    ADM_CUDA_DWT_TILE_W = 64,
    ADM_CUDA_DWT_TILE_H = ADM_CUDA_THREADS / ADM_CUDA_DWT_TILE_W,
    ADM_CUDA_MASK_TILE_W = 32,
    ADM_CUDA_MASK_TILE_H = ADM_CUDA_THREADS / ADM_CUDA_MASK_TILE_W,
};

/* The sums of a scale, in the frame's result and the partials: reference
 * cubes, masked restored cubes (numerator) and masked additive cubes (aim),
 * each for bands h, v, d. */
enum {
    ADM_CUDA_DEN = 0,
    ADM_CUDA_CM = ADM_DETAIL_BANDS,
    ADM_CUDA_AIM = 2 * ADM_DETAIL_BANDS,
    ADM_CUDA_SUMS = 3 * ADM_DETAIL_BANDS,
};

/* How a plane stores its samples. */
enum AdmCudaSample { ADM_CUDA_U8, ADM_CUDA_U16, ADM_CUDA_S16, ADM_CUDA_S32 };

/* One wavelet level of ref (0) and dis (1). */
typedef struct AdmCudaDwt {
    const void *src[2]; /* in_w x in_h, rows of src_pitch bytes */
    size_t src_pitch;
    int src_kind; /* AdmCudaSample */
    int in_w, in_h;
    void *band[2][ADM_DETAIL_BANDS]; /* out_w x out_h, int16 at scale 0, else int32 */
    int32_t *approx[2];              /* NULL at the last scale, which has no next */
    size_t pitch;                    /* bytes, of the bands and the approximation */
    int out_w, out_h;
    unsigned bpc;
    int scale;
} AdmCudaDwt;

/* Decoupling, CSF, masking and reference cubes of one scale's bands. */
typedef struct AdmCudaMask {
    const void *ref[ADM_DETAIL_BANDS], *dis[ADM_DETAIL_BANDS];
    size_t pitch;
    int w, h;
    AdmRect region;
    AdmQuirks quirks; /* libvmaf's default x86 path (areas at scale 0 only) */
    bool scale0, aim;
    uint32_t rfactor[ADM_DETAIL_BANDS]; /* rfactor_q0 at scale 0, else rfactor_q32 */
    int cube_shift[ADM_DETAIL_BANDS];
    int den_square, den_cube; /* scales 1..3 */
    float cos_sq;
    double gain_limit;
    const int32_t *recip; /* the device copy of adm_reciprocal_table(), its entry 0 */
    /* Sum q of region row y of tile t at adm_cuda_partial(); NULL: the scale
     * is skipped (scale 0 with adm_skip_scale0). */
    uint64_t *partials;
    unsigned tiles, rows; /* across the region; the region's rows */
    int den_row, cm_row;  /* the row shifts */
} AdmCudaMask;

typedef struct AdmCudaFrame {
    AdmCudaDwt dwt[ADM_SCALES];
    AdmCudaMask mask[ADM_SCALES];
    /* The frame's result, on the device: ADM_CUDA_SUMS per scale, the CPU's
     * AdmSums as unsigned bits (zero for a skipped scale or aim). */
    uint64_t *sums;
} AdmCudaFrame;

static inline VMAF_HD size_t adm_cuda_partial(const AdmCudaMask *m, unsigned q, unsigned tile,
                                              unsigned row)
{
    return ((size_t)q * m->tiles + tile) * m->rows + row;
}

enum { ADM_CUDA_ALIGN = 256 };

#define ADM_CUDA_RECIP_SIZE ((2 * ADM_RECIP_RANGE + 1) * sizeof(int32_t))

static inline size_t adm_cuda_align(size_t n)
{
    return (n + ADM_CUDA_ALIGN - 1) / ADM_CUDA_ALIGN * ADM_CUDA_ALIGN;
}

/* buf + offset, or NULL while only counting. */
static inline void *adm_cuda_piece(uint8_t *buf, size_t offset)
{
    return buf ? buf + offset : NULL;
}

/* Settings of the kernels that come from the options. */
typedef struct AdmCudaParams {
    double gain_limit;
    float cos_sq; /* adm_cos_1deg_sq() */
    bool skip_scale0, skip_aim;
    AdmQuirks quirks; /* adm_default_quirks(): scores as the CPU's default path */
} AdmCudaParams;

/* Lays out a frame's memory in buf (ADM_CUDA_ALIGN-aligned): the reciprocal
 * table first (ADM_CUDA_RECIP_SIZE bytes, entry 0 at its middle), then per
 * scale the bands, the approximation and the partials, and sets every field
 * of *f but scale 0's source planes and the sums. Returns the bytes it
 * takes; with buf NULL it only counts them. */
static inline size_t adm_cuda_layout(AdmCudaFrame *f, const AdmScale scale[ADM_SCALES],
                                     const AdmCudaParams *p, unsigned w, unsigned h, unsigned bpc,
                                     uint8_t *buf)
{
    uint8_t *recip = (uint8_t *)adm_cuda_piece(buf, 0);
    size_t size = adm_cuda_align(ADM_CUDA_RECIP_SIZE);
    int in_w = (int)w, in_h = (int)h;
    for (int s = 0; s < ADM_SCALES; s++) {
        const AdmScale *sc = &scale[s];
        AdmCudaDwt *d = &f->dwt[s];
        AdmCudaMask *m = &f->mask[s];
        const bool scale0 = s == 0;
        d->src_pitch = s ? f->dwt[s - 1].pitch : 0;
        d->src_kind = scale0 ? (bpc > 8 ? ADM_CUDA_U16 : ADM_CUDA_U8) : ADM_CUDA_S32;
        d->src[0] = s ? f->dwt[s - 1].approx[0] : NULL;
        d->src[1] = s ? f->dwt[s - 1].approx[1] : NULL;
        d->in_w = in_w;
        d->in_h = in_h;
        d->out_w = sc->w;
        d->out_h = sc->h;
        d->bpc = bpc;
        d->scale = s;
        d->pitch = adm_cuda_align((size_t)sc->w * sizeof(int32_t));
        const size_t band = d->pitch * sc->h;
        for (int img = 0; img < 2; img++) {
            for (int b = 0; b < ADM_DETAIL_BANDS; b++, size += band)
                d->band[img][b] = adm_cuda_piece(buf, size);
            d->approx[img] = s + 1 < ADM_SCALES ? (int32_t *)adm_cuda_piece(buf, size) : NULL;
            size += s + 1 < ADM_SCALES ? band : 0;
        }

        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            m->ref[b] = d->band[0][b];
            m->dis[b] = d->band[1][b];
            m->rfactor[b] = scale0 ? sc->rfactor_q0[b] : sc->rfactor_q32[b];
            m->cube_shift[b] = sc->cm.cube[b];
        }
        m->pitch = d->pitch;
        m->quirks = p->quirks;
        m->w = sc->w;
        m->h = sc->h;
        m->region = sc->region;
        m->scale0 = scale0;
        m->aim = !p->skip_aim;
        m->den_square = sc->den.square;
        m->den_cube = sc->den.cube;
        m->den_row = sc->den.row;
        m->cm_row = sc->cm.row;
        m->cos_sq = p->cos_sq;
        m->gain_limit = p->gain_limit;
        m->recip = recip ? (const int32_t *)recip + ADM_RECIP_RANGE : NULL;
        const int region_w = sc->region.right - sc->region.left;
        m->tiles = (unsigned)(region_w + ADM_CUDA_MASK_TILE_W - 1) / ADM_CUDA_MASK_TILE_W;
        m->rows = (unsigned)(sc->region.bottom - sc->region.top);
        const bool skipped = scale0 && p->skip_scale0;
        m->partials = skipped ? NULL : (uint64_t *)adm_cuda_piece(buf, size);
        size += adm_cuda_align(sizeof(uint64_t) * ADM_CUDA_SUMS * m->tiles * m->rows);
        in_w = sc->w;
        in_h = sc->h;
    }
    return size;
}

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the adm
 * twins). enqueue: queues the frame's work on stream, reading
 * f->dwt[0].src: f->sums becomes the CPU extractor's AdmSums of every
 * scale. No host synchronisation, no allocation: the work can be captured
 * in a graph. */
typedef struct AdmGpuKernels {
    int (*enqueue)(const AdmCudaFrame *f, VmafCudaStream stream);
} AdmGpuKernels;

extern const AdmGpuKernels adm_cuda_kernels; /* adm_cuda.cu */
extern const AdmGpuKernels adm_sycl_kernels; /* ../sycl/adm_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
