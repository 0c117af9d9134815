/* float_ms_ssim_cuda and float_ms_ssim_sycl, the GPU twins of float_ms_ssim: the scales, their
 * per-pixel terms and the terms' running sums are computed on the device
 * from the shared planes (float_ms_ssim_cuda.cu), the sums the same doubles
 * as the CPU's; the host turns them into means and scores with the CPU's
 * code (ssim_means(), float_ms_ssim_common.c), one frame later. All of
 * float_ms_ssim's options; chroma is read only with enable_chroma. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_ms_ssim/float_ms_ssim_common.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "feature/ssim_pass/ssim_pass.h"
#include "float_ms_ssim_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatMsSsimCudaState {
    FloatMsSsimOptions opt;
    MsSsimGeometry geo;
    /* Every pointer but the shared planes and the result, which change from
     * frame to frame, set at init. */
    MsSsimCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatMsSsimCudaState;

/* float_ms_ssim's table, row for row. */
static const VmafOption float_ms_ssim_cuda_options[] = {
    FLOAT_MS_SSIM_OPTIONS(FloatMsSsimCudaState, opt),
    {0},
};

static void float_ms_ssim_cuda_close(VmafFexContext *ctx)
{
    FloatMsSsimCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int float_ms_ssim_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                   unsigned w, unsigned h)
{
    FloatMsSsimCudaState *s = ctx->priv;
    int err = ms_ssim_geometry(&s->geo, &s->opt, ctx->fex->name, pix_fmt, bpc, w, h);
    if (err)
        return err;
    MsSsimCudaFrame *f = &s->frame;
    f->c1 = float_ssim_c1;
    f->c2 = float_ssim_c2;
    f->c3 = float_ssim_c3;
    const size_t size = ms_ssim_cuda_layout(f, &s->geo, bpc, NULL);
    const size_t result_size = sizeof(double) * s->geo.planes * MS_SSIM_SCALES * MS_SSIM_CUDA_SUMS;
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, result_size);
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        ms_ssim_cuda_layout(f, &s->geo, bpc, buf);
    if (err)
        float_ms_ssim_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMsSsimCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const double(*sums)[MS_SSIM_SCALES][MS_SSIM_CUDA_SUMS] = host;
    int err = 0;
    for (unsigned p = 0; !err && p < s->geo.planes; p++) {
        SsimMeans means[MS_SSIM_SCALES];
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
            /* The SSIM map's sum is not needed here, nor computed. */
            const SsimSums scale = {.l = sums[p][i][0], .c = sums[p][i][1], .s = sums[p][i][2]};
            means[i] = ssim_means(&scale, s->geo.w[p][i] - (SSIM_WINDOW - 1),
                                  s->geo.h[p][i] - (SSIM_WINDOW - 1));
        }
        err = ms_ssim_append_plane(ctx, fc, &s->opt, &s->geo, p, means, index);
    }
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatMsSsimCudaState *s = ctx->priv;
    const MsSsimGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_ms_ssim_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                      unsigned index, VmafFeatureCollector *fc)
{
    FloatMsSsimCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    MsSsimCudaFrame *f = &s->frame;
    const unsigned mask = f->planes == 3 ? VMAF_CUDA_PLANES_YUV : VMAF_CUDA_PLANE_Y;
    VmafCudaPlanes planes;
    int err;
    f->sums = vmaf_cuda_twin_begin_frame(t, ref, dist, mask, mask, &planes, &err);
    if (!f->sums)
        return err;
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->sums};
    for (unsigned p = 0; p < f->planes; p++) {
        MsSsimCudaPlane *pl = &f->plane[p];
        pl->src[0] = key[1 + 2 * p] = planes.data[0][p];
        pl->src[1] = key[2 + 2 * p] = planes.data[1][p];
        pl->src_pitch = planes.pitch[p];
    }
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_ms_ssim_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMsSsimCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static unsigned float_ms_ssim_cuda_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    const FloatMsSsimCudaState *s = ctx->priv;
    return s->opt.enable_chroma && pix_fmt != VMAF_PIX_FMT_YUV400P ? 7 : 1;
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_MS_SSIM_TWIN(backend_flag)                                                           \
    .options = float_ms_ssim_cuda_options, .priv_size = sizeof(FloatMsSsimCudaState),              \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag),                                     \
    .planes = float_ms_ssim_cuda_planes, .provided_features = float_ms_ssim_provided_features,     \
    .init = float_ms_ssim_cuda_init, .extract = float_ms_ssim_cuda_extract,                        \
    .flush = float_ms_ssim_cuda_flush, .close = float_ms_ssim_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_ms_ssim_cuda = {
    .name = "float_ms_ssim_cuda",
    FLOAT_MS_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_ms_ssim_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_ms_ssim_sycl = {
    .name = "float_ms_ssim_sycl",
    FLOAT_MS_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_ms_ssim_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_ms_ssim_hip = {
    .name = "float_ms_ssim_hip",
    FLOAT_MS_SSIM_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_ms_ssim,
};
#endif
