/* float_moment_cuda and float_moment_sycl, the GPU twins of float_moment: each luma row's sums of
 * samples and of their squares are computed on the device from the shared
 * planes as exact integer counts (float_moment_math.h); the host adds the
 * rows and scores them with float_moment's code, one frame later. The same
 * doubles as the CPU while the CPU's double sums are exact: always at 8, 10
 * and 12 bits (below 2^29 pixels), and at 16 bits while a picture's squares
 * at 8-bit scale sum to less than 2^37 (always below 2^21 pixels). */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_common/float_plane.h"
#include "feature/float_moment/float_moment_common.h"
#include "float_moment_cuda.h"
#include "float_moment_cuda_tile.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatMomentCudaState {
    FloatMomentCudaFrame frame; /* all but the planes and the result, set at init */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatMomentCudaState;

static int float_moment_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                  unsigned w, unsigned h)
{
    FloatMomentCudaState *s = ctx->priv;
    const int err = float_plane_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    s->frame = (FloatMomentCudaFrame){
        .w = w,
        .h = h,
        .bpc = bpc,
        .divisor = (float)(1u << (bpc - 8)),
    };
    return vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h,
                               2 * h * sizeof(FloatMomentCudaSums));
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMomentCudaState *s = ctx->priv;
    const FloatMomentCudaFrame *f = &s->frame;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const FloatMomentCudaSums *rows = host;
    double ref[2], dis[2];
    float_moment_cuda_picture_sums(rows, f->h, f->divisor, ref);
    float_moment_cuda_picture_sums(rows + f->h, f->h, f->divisor, dis);
    const int err = float_moment_append(ctx, fc, ref, dis, (int)(f->w * f->h), index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatMomentCudaState *s = ctx->priv;
    const FloatMomentGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_moment_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                     unsigned index, VmafFeatureCollector *fc)
{
    FloatMomentCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatMomentCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->rows = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                         &planes, &err);
    if (!f->rows)
        return err;
    f->pic[0] = planes.data[0][0];
    f->pic[1] = planes.data[1][0];
    f->pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->rows, f->pic[0], f->pic[1]};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_moment_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMomentCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static void float_moment_cuda_close(VmafFexContext *ctx)
{
    FloatMomentCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_MOMENT_TWIN(backend_flag)                                                            \
    .priv_size = sizeof(FloatMomentCudaState),                                                     \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_moment_provided_features, .init = float_moment_cuda_init,           \
    .extract = float_moment_cuda_extract, .flush = float_moment_cuda_flush,                        \
    .close = float_moment_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_moment_cuda = {
    .name = "float_moment_cuda",
    FLOAT_MOMENT_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_moment_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_moment_sycl = {
    .name = "float_moment_sycl",
    FLOAT_MOMENT_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_moment_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_moment_hip = {
    .name = "float_moment_hip",
    FLOAT_MOMENT_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_moment,
};
#endif
