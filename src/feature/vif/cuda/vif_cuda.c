/* vif_cuda and vif_sycl, the GPU twins of vif: each scale's sums are computed on the
 * device from the shared luma planes (vif_cuda.cu), the decimated scales
 * kept in device buffers of the twin's own; the host turns the sums into
 * scores with vif's arithmetic (vif_common.h), one frame later. All of vif's
 * options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/vif/vif_common.h"
#include "feature/vif/vif_dsp.h"
#include "vif_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct VifCudaState {
    VifOptions opt;
    /* Every pointer but scale 0's planes and the result, which change from
     * frame to frame, set at init. */
    VifCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} VifCudaState;

/* vif's table, row for row. */
static const VmafOption vif_cuda_options[] = {
    VIF_OPTIONS(VifCudaState, opt),
    {0},
};

static void vif_cuda_close(VmafFexContext *ctx)
{
    VifCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int vif_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                         unsigned w, unsigned h)
{
    VifCudaState *s = ctx->priv;
    int err = vif_check_format(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    VifCudaFrame *f = &s->frame;
    f->bpc = bpc;
    f->gain_limit = s->opt.gain_limit;
    const size_t size = vif_cuda_layout(f, bpc, w, h, s->opt.skip_scale0, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, VIF_SCALES * sizeof(VifSums));
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err) {
        vif_cuda_layout(f, bpc, w, h, s->opt.skip_scale0, buf);
        /* Before the first kernel, on the same stream. */
        err = s->twin.dev->api->copy_2d_async(buf, VIF_CUDA_LOG2_TABLE_SIZE, vif_log2_table(),
                                              VIF_CUDA_LOG2_TABLE_SIZE, VIF_CUDA_LOG2_TABLE_SIZE, 1,
                                              VMAF_CUDA_HOST_TO_DEVICE, s->twin.stream);
    }
    if (err)
        vif_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    VifCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const int err = vif_append_scores(ctx, fc, &s->opt, host, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const VifCudaState *s = ctx->priv;
    const VifGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int vif_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                            unsigned index, VmafFeatureCollector *fc)
{
    VifCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    VifCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->sums = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                         &planes, &err);
    if (!f->sums)
        return err;
    f->scale[0].ref = planes.data[0][0];
    f->scale[0].dis = planes.data[1][0];
    f->scale[0].ref_pitch = f->scale[0].dis_pitch = planes.pitch[0];
    /* Everything else the kernels are given is set at init. */
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->sums, f->scale[0].ref, f->scale[0].dis};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int vif_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    VifCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define VIF_TWIN(backend_flag)                                                                     \
    .options = vif_cuda_options, .priv_size = sizeof(VifCudaState),                                \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = vif_provided_features, .init = vif_cuda_init,                             \
    .extract = vif_cuda_extract, .flush = vif_cuda_flush, .close = vif_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_vif_cuda = {
    .name = "vif_cuda",
    VIF_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &vif_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_vif_sycl = {
    .name = "vif_sycl",
    VIF_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &vif_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_vif_hip = {
    .name = "vif_hip",
    VIF_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.vif,
};
#endif
