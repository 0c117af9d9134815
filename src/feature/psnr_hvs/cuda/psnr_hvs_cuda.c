/* psnr_hvs_cuda and psnr_hvs_sycl, the GPU twins of psnr_hvs: the blocks of the three planes
 * are transformed, masked and weighted on the device from the shared planes,
 * a thread per block pair, in one launch (psnr_hvs_cuda.cu); the host adds
 * their error terms in the CPU's order and scores them with psnr_hvs's code
 * (psnr_hvs_common.c), one frame later: the CPU's doubles, bit for bit.
 * psnr_hvs has no options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/psnr_hvs/psnr_hvs_common.h"
#include "psnr_hvs_cuda.h"
#include "psnr_hvs_cuda_tile.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct PsnrHvsCudaState {
    /* All but the shared planes and the result, set at init. */
    PsnrHvsCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} PsnrHvsCudaState;

static int psnr_hvs_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                              unsigned w, unsigned h)
{
    PsnrHvsCudaState *s = ctx->priv;
    const int err = psnr_hvs_check_format(ctx->fex->name, pix_fmt, bpc);
    if (err)
        return err;
    unsigned pw[3], ph[3];
    psnr_hvs_cuda_plane_size(pix_fmt, w, h, pw, ph);
    const size_t result_size = psnr_hvs_cuda_layout(&s->frame, pw, ph, bpc);
    return vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, result_size);
}

/* Scores the oldest frame whose terms are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    PsnrHvsCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    double score[3];
    psnr_hvs_cuda_scores(score, host, &s->frame);
    const int err = psnr_hvs_append_scores(ctx, fc, score, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const PsnrHvsCudaState *s = ctx->priv;
    const PsnrHvsGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int psnr_hvs_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                 unsigned index, VmafFeatureCollector *fc)
{
    PsnrHvsCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    PsnrHvsCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->terms = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANES_YUV, VMAF_CUDA_PLANES_YUV,
                                          &planes, &err);
    if (!f->terms)
        return err;
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->terms};
    for (unsigned p = 0; p < 3; p++) {
        PsnrHvsCudaPlane *pl = &f->plane[p];
        pl->src[0] = key[1 + 2 * p] = planes.data[0][p];
        pl->src[1] = key[2 + 2 * p] = planes.data[1][p];
        pl->pitch = planes.pitch[p];
    }
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int psnr_hvs_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    PsnrHvsCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static void psnr_hvs_cuda_close(VmafFexContext *ctx)
{
    PsnrHvsCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

/* The twin's host code over either backend's kernels. */
#define PSNR_HVS_TWIN(backend_flag)                                                                \
    .priv_size = sizeof(PsnrHvsCudaState),                                                         \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag),                                     \
    .provided_features = psnr_hvs_provided_features, .init = psnr_hvs_cuda_init,                   \
    .extract = psnr_hvs_cuda_extract, .flush = psnr_hvs_cuda_flush, .close = psnr_hvs_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_psnr_hvs_cuda = {
    .name = "psnr_hvs_cuda",
    PSNR_HVS_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &psnr_hvs_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_psnr_hvs_sycl = {
    .name = "psnr_hvs_sycl",
    PSNR_HVS_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &psnr_hvs_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_psnr_hvs_hip = {
    .name = "psnr_hvs_hip",
    PSNR_HVS_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.psnr_hvs,
};
#endif
