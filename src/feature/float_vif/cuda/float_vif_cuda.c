/* float_vif_cuda and float_vif_sycl, the GPU twins of float_vif: each scale's moments, terms and
 * row sums are computed on the device from the shared luma planes
 * (float_vif_cuda.cu), the decimated scales kept in device buffers of the
 * twin's own; the host adds the rows and scores them with float_vif's
 * arithmetic (float_vif_common.h), one frame later. All of float_vif's
 * options but the prescaling, which the CPU extractor serves. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_vif/float_vif_common.h"
#include "float_vif_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatVifCudaState {
    FloatVifOptions opt;
    FloatVifSetup setup;
    /* Every field but scale 0's pair and the result, which change from
     * frame to frame, set at init. */
    FloatVifCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatVifCudaState;

/* float_vif's rows but vif_prescale and vif_prescale_method. */
static const VmafOption float_vif_cuda_options[] = {
    FLOAT_VIF_OPTION_DEBUG(FloatVifCudaState, opt),
    FLOAT_VIF_OPTION_GAIN_LIMIT(FloatVifCudaState, opt),
    FLOAT_VIF_OPTION_KERNEL_SCALE(FloatVifCudaState, opt),
    FLOAT_VIF_OPTION_MIN_VAL(FloatVifCudaState, opt, 1),
    FLOAT_VIF_OPTION_MIN_VAL(FloatVifCudaState, opt, 2),
    FLOAT_VIF_OPTION_MIN_VAL(FloatVifCudaState, opt, 3),
    FLOAT_VIF_OPTION_SIGMA_NSQ(FloatVifCudaState, opt),
    FLOAT_VIF_OPTION_SKIP_SCALE0(FloatVifCudaState, opt),
    {0},
};

static void float_vif_cuda_close(VmafFexContext *ctx)
{
    FloatVifCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int float_vif_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                               unsigned w, unsigned h)
{
    FloatVifCudaState *s = ctx->priv;
    s->opt.prescale = FLOAT_VIF_DEFAULT_PRESCALE;
    s->opt.prescale_method = FLOAT_VIF_DEFAULT_PRESCALE_METHOD;
    int err = float_vif_setup(ctx->fex->name, &s->opt, bpc, w, h, &s->setup);
    if (err)
        return err;
    FloatVifCudaFrame *f = &s->frame;
    const size_t size = float_vif_cuda_layout(f, &s->setup, &s->opt, bpc, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, f->result_size);
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        float_vif_cuda_layout(f, &s->setup, &s->opt, bpc, buf);
    if (err)
        float_vif_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose rows are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatVifCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    FloatVifSums sums[FLOAT_VIF_SCALES];
    float_vif_cuda_sums(&s->frame, host, sums);
    const int err = float_vif_append_scores(ctx, fc, &s->opt, sums, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatVifCudaState *s = ctx->priv;
    const FloatVifGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_vif_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                  unsigned index, VmafFeatureCollector *fc)
{
    FloatVifCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatVifCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->result = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                           &planes, &err);
    if (!f->result)
        return err;
    f->scale[0].ref = planes.data[0][0];
    f->scale[0].dis = planes.data[1][0];
    f->scale[0].pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->scale[0].ref, f->scale[0].dis, f->result};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_vif_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatVifCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_VIF_TWIN(backend_flag)                                                               \
    .options = float_vif_cuda_options, .priv_size = sizeof(FloatVifCudaState),                     \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_vif_provided_features, .init = float_vif_cuda_init,                 \
    .extract = float_vif_cuda_extract, .flush = float_vif_cuda_flush,                              \
    .close = float_vif_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_vif_cuda = {
    .name = "float_vif_cuda",
    FLOAT_VIF_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_vif_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_vif_sycl = {
    .name = "float_vif_sycl",
    FLOAT_VIF_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_vif_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_vif_hip = {
    .name = "float_vif_hip",
    FLOAT_VIF_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_vif,
};
#endif
