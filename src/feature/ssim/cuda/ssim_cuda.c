/* ssim_cuda and ssim_sycl, the GPU twins of the integer ssim: every pixel's SSIM times its
 * window's mass is computed on the device from the shared luma planes
 * (ssim_cuda.cu) and added up there in raster order, each addition rounded
 * as the CPU's running sum rounds it (cuda/serial_sums.h), so the sum is the
 * CPU's double; the host divides it by the masses' sum one frame later.
 * ssim has no options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/ssim/ssim_common.h"
#include "feature/ssim/ssim_dsp.h"
#include "ssim_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct SsimCudaState {
    /* Every field but the planes and the result, which change from frame to
     * frame, set at init. */
    SsimCudaFrame frame;
    double weight;
    VmafCudaTwin twin;
    /* The feature exists in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} SsimCudaState;

static const char *const ssim_cuda_provided_features[] = SSIM_PROVIDED_FEATURES;

static void ssim_cuda_close(VmafFexContext *ctx)
{
    SsimCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int ssim_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    SsimCudaState *s = ctx->priv;
    int err = ssim_check_depth(ctx->fex->name, bpc);
    if (err)
        return err;
    ssim_cuda_frame_setup(&s->frame, bpc, w, h, ssim_k1_sq, ssim_k2_sq);
    s->weight = ssim_cuda_total_weight(w, h);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, sizeof(double));
    const size_t n = (size_t)w * h;
    void *values = NULL, *segments = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &values, n * sizeof(double));
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &segments,
                                   serial_sum_segment_count(n) * sizeof(SerialSumSegment));
    s->frame.values = values;
    s->frame.serial = (VmafSerialSums){
        .job = {{.x = values, .n = n}}, .count = 1, .max_n = n, .segments = segments};
    if (err)
        ssim_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sum is queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    SsimCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const int err = ssim_append_score(ctx, fc, *(const double *)host, s->weight, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const SsimCudaState *s = ctx->priv;
    const SsimGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int ssim_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    SsimCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    SsimCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->sum = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y, &planes,
                                        &err);
    if (!f->sum)
        return err;
    f->ref = planes.data[0][0];
    f->dis = planes.data[1][0];
    f->pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->ref, f->dis, f->sum};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int ssim_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    SsimCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define SSIM_TWIN(backend_flag)                                                                    \
    .priv_size = sizeof(SsimCudaState), .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), \
    .planes = vmaf_fex_planes_luma, .provided_features = ssim_cuda_provided_features,              \
    .init = ssim_cuda_init, .extract = ssim_cuda_extract, .flush = ssim_cuda_flush,                \
    .close = ssim_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_ssim_cuda = {
    .name = "ssim_cuda",
    SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &ssim_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_ssim_sycl = {
    .name = "ssim_sycl",
    SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &ssim_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_ssim_hip = {
    .name = "ssim_hip",
    SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.ssim,
};
#endif
