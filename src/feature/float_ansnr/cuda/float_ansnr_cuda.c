/* float_ansnr_cuda and float_ansnr_sycl, the GPU twins of float_ansnr: both luma planes are
 * filtered on the device from the shared planes and each row's energies
 * summed in float in the CPU's order (float_ansnr_math.h, the CPU's own
 * arithmetic); the host adds the rows in float from the top, as the CPU
 * does, and scores them with float_ansnr's code, one frame later. */
#include <errno.h>
#include <stdbool.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_ansnr/float_ansnr_common.h"
#include "float_ansnr_cuda.h"
#include "float_ansnr_cuda_tile.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatAnsnrCudaState {
    FloatAnsnrCudaFrame frame; /* all but the planes and the result, set at init */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatAnsnrCudaState;

static int float_ansnr_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                 unsigned w, unsigned h)
{
    FloatAnsnrCudaState *s = ctx->priv;
    const int err = float_ansnr_check_format(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    FloatAnsnrCudaFrame *f = &s->frame;
    *f = (FloatAnsnrCudaFrame){
        .w = w,
        .h = h,
        .bpc = bpc,
        .divisor = (float)(1u << (bpc - 8)),
    };
    float_ansnr_kernels(&f->kernels);
    return vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, h * sizeof(FloatAnsnrEnergy));
}

/* Scores the oldest frame whose rows are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatAnsnrCudaState *s = ctx->priv;
    const FloatAnsnrCudaFrame *f = &s->frame;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const FloatAnsnrEnergy total = float_ansnr_cuda_total(host, f->h);
    const int err = float_ansnr_append(ctx, fc, f->bpc, f->w, f->h, total, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatAnsnrCudaState *s = ctx->priv;
    const FloatAnsnrGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_ansnr_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                    unsigned index, VmafFeatureCollector *fc)
{
    FloatAnsnrCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatAnsnrCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->rows = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                         &planes, &err);
    if (!f->rows)
        return err;
    f->ref = planes.data[0][0];
    f->dis = planes.data[1][0];
    f->pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->rows, f->ref, f->dis};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_ansnr_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatAnsnrCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static void float_ansnr_cuda_close(VmafFexContext *ctx)
{
    FloatAnsnrCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_ANSNR_TWIN(backend_flag)                                                             \
    .priv_size = sizeof(FloatAnsnrCudaState),                                                      \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_ansnr_provided_features, .init = float_ansnr_cuda_init,             \
    .extract = float_ansnr_cuda_extract, .flush = float_ansnr_cuda_flush,                          \
    .close = float_ansnr_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_ansnr_cuda = {
    .name = "float_ansnr_cuda",
    FLOAT_ANSNR_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_ansnr_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_ansnr_sycl = {
    .name = "float_ansnr_sycl",
    FLOAT_ANSNR_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_ansnr_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_ansnr_hip = {
    .name = "float_ansnr_hip",
    FLOAT_ANSNR_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_ansnr,
};
#endif
