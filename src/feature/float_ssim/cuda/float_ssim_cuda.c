/* float_ssim_cuda and float_ssim_sycl, the GPU twins of float_ssim: the luma planes are loaded
 * as floats, decimated and scored on the device from the shared planes
 * (float_ssim_cuda.cu), every window position's terms computed with the
 * CPU's float and double operations and added up there in the CPU's order,
 * each addition rounded as the CPU's running sums round it; the host turns
 * the four sums into scores with float_ssim's code (float_ssim_common.h),
 * one frame later. All of float_ssim's options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_ssim/float_ssim_common.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "float_ssim_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatSsimCudaState {
    FloatSsimOptions opt;
    FloatSsimGeometry geom;
    /* Every field but the planes and the result, which change from frame to
     * frame, set at init. */
    FloatSsimCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatSsimCudaState;

/* float_ssim's table, row for row. */
static const VmafOption float_ssim_cuda_options[] = {
    FLOAT_SSIM_OPTIONS(FloatSsimCudaState, opt),
    {0},
};

static void float_ssim_cuda_close(VmafFexContext *ctx)
{
    FloatSsimCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int float_ssim_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                unsigned w, unsigned h)
{
    FloatSsimCudaState *s = ctx->priv;
    const FloatSsimGeometry *g = &s->geom;
    int err = float_ssim_geometry(&s->geom, &s->opt, ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    FloatSsimCudaFrame *f = &s->frame;
    const size_t size =
        float_ssim_cuda_layout(f, bpc, w, h, g->factor, g->scaled_w, g->scaled_h, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, SSIM_TERMS * sizeof(double));
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        float_ssim_cuda_layout(f, bpc, w, h, g->factor, g->scaled_w, g->scaled_h, buf);
    if (err)
        float_ssim_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatSsimCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const double *sum = host;
    const SsimSums sums = {
        .lcs = sum[SSIM_TERM_LCS],
        .l = sum[SSIM_TERM_L],
        .c = sum[SSIM_TERM_C],
        .s = sum[SSIM_TERM_S],
    };
    const FloatSsimCudaFrame *f = &s->frame;
    const SsimMeans m =
        ssim_means(&sums, ssim_pass_cuda_out_w(&f->pass), ssim_pass_cuda_out_h(&f->pass));
    const int err = float_ssim_append_scores(ctx, fc, &s->opt, &s->geom, &m, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatSsimCudaState *s = ctx->priv;
    const FloatSsimGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, float_ssim_c1, float_ssim_c2, float_ssim_c3, stream);
}

static int float_ssim_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                   unsigned index, VmafFeatureCollector *fc)
{
    FloatSsimCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatSsimCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->sums = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                         &planes, &err);
    if (!f->sums)
        return err;
    f->src[0] = planes.data[0][0];
    f->src[1] = planes.data[1][0];
    f->src_pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->src[0], f->src[1], f->sums};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_ssim_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatSsimCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_SSIM_TWIN(backend_flag)                                                              \
    .options = float_ssim_cuda_options, .priv_size = sizeof(FloatSsimCudaState),                   \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_ssim_provided_features, .init = float_ssim_cuda_init,               \
    .extract = float_ssim_cuda_extract, .flush = float_ssim_cuda_flush,                            \
    .close = float_ssim_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_ssim_cuda = {
    .name = "float_ssim_cuda",
    FLOAT_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_ssim_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_ssim_sycl = {
    .name = "float_ssim_sycl",
    FLOAT_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_ssim_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_ssim_hip = {
    .name = "float_ssim_hip",
    FLOAT_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_ssim,
};
#endif
