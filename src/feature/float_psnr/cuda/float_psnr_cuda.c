/* float_psnr_cuda and float_psnr_sycl, the GPU twins of float_psnr: each luma row's squared
 * errors are summed on the device from the shared planes as exact integer
 * counts of 1 / divisor^2 (float_psnr_math.h); the host adds the rows and
 * scores them with float_psnr's code, one frame later. The same double as
 * the CPU while the CPU's double sum is exact: always at 8, 10 and 12 bits
 * (below 2^29 pixels), and at 16 bits while the frame's squared errors at
 * 8-bit scale sum to less than 2^37 (always below 2^21 pixels). */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_common/float_plane.h"
#include "feature/float_psnr/float_psnr_common.h"
#include "float_psnr_cuda.h"
#include "float_psnr_cuda_tile.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatPsnrCudaState {
    FloatPsnrCudaFrame frame; /* all but the planes and the result, set at init */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatPsnrCudaState;

static int float_psnr_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                unsigned w, unsigned h)
{
    FloatPsnrCudaState *s = ctx->priv;
    const int err = float_plane_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    s->frame = (FloatPsnrCudaFrame){
        .w = w,
        .h = h,
        .bpc = bpc,
        .divisor = (float)(1u << (bpc - 8)),
    };
    return vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, h * sizeof(uint64_t));
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatPsnrCudaState *s = ctx->priv;
    const FloatPsnrCudaFrame *f = &s->frame;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const double sse = float_psnr_cuda_sse(host, f->h, f->divisor);
    const int err = float_psnr_append(ctx, fc, f->bpc, (int)f->w, (int)f->h, sse, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatPsnrCudaState *s = ctx->priv;
    const FloatPsnrGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_psnr_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                   unsigned index, VmafFeatureCollector *fc)
{
    FloatPsnrCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatPsnrCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->row_sse = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                            &planes, &err);
    if (!f->row_sse)
        return err;
    f->ref = planes.data[0][0];
    f->dis = planes.data[1][0];
    f->pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->row_sse, f->ref, f->dis};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_psnr_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatPsnrCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static void float_psnr_cuda_close(VmafFexContext *ctx)
{
    FloatPsnrCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_PSNR_TWIN(backend_flag)                                                              \
    .priv_size = sizeof(FloatPsnrCudaState),                                                       \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_psnr_provided_features, .init = float_psnr_cuda_init,               \
    .extract = float_psnr_cuda_extract, .flush = float_psnr_cuda_flush,                            \
    .close = float_psnr_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_psnr_cuda = {
    .name = "float_psnr_cuda",
    FLOAT_PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_psnr_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_psnr_sycl = {
    .name = "float_psnr_sycl",
    FLOAT_PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_psnr_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_psnr_hip = {
    .name = "float_psnr_hip",
    FLOAT_PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_psnr,
};
#endif
