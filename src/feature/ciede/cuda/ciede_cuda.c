/* ciede_cuda and ciede_sycl, the GPU twins of ciede: every pixel's CIEDE2000 difference is
 * computed on the device from the shared planes, the chroma read where the
 * CPU's upsampling takes it from, and the differences' running double sum in
 * raster order is the CPU's (serial_sums.h); the host scores it with ciede's
 * code (ciede_common.c), one frame later. The device's double libm is
 * within an ulp or two of glibc's, so the score may differ from the CPU's
 * in its last bits. ciede has no options. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/ciede/ciede_common.h"
#include "ciede_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct CiedeCudaState {
    /* Every pointer but the shared planes and the result, which change from
     * frame to frame, set at init. */
    CiedeCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} CiedeCudaState;

static void ciede_cuda_close(VmafFexContext *ctx)
{
    CiedeCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int ciede_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                           unsigned w, unsigned h)
{
    CiedeCudaState *s = ctx->priv;
    CiedeGeometry geo;
    int err = ciede_geometry(&geo, ctx->fex->name, pix_fmt, bpc, w, h);
    if (err)
        return err;
    const size_t size = ciede_cuda_layout(&s->frame, &geo, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, sizeof(double));
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        ciede_cuda_layout(&s->frame, &geo, buf);
    if (err)
        ciede_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sum is queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    CiedeCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const int err = ciede_append(ctx, fc, &s->frame.geo, *(const double *)host, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const CiedeCudaState *s = ctx->priv;
    const CiedeGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int ciede_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                              unsigned index, VmafFeatureCollector *fc)
{
    CiedeCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    CiedeCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->sum = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANES_YUV, VMAF_CUDA_PLANES_YUV,
                                        &planes, &err);
    if (!f->sum)
        return err;
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    vmaf_cuda_twin_yuv_key(&planes, f->sum, f->src, f->pitch, key);
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int ciede_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    CiedeCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define CIEDE_TWIN(backend_flag)                                                                   \
    .priv_size = sizeof(CiedeCudaState),                                                           \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag),                                     \
    .provided_features = ciede_provided_features, .init = ciede_cuda_init,                         \
    .extract = ciede_cuda_extract, .flush = ciede_cuda_flush, .close = ciede_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_ciede_cuda = {
    .name = "ciede_cuda",
    CIEDE_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &ciede_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_ciede_sycl = {
    .name = "ciede_sycl",
    CIEDE_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &ciede_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_ciede_hip = {
    .name = "ciede_hip",
    CIEDE_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.ciede,
};
#endif
