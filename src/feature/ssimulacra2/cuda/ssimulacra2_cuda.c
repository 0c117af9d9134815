/* ssimulacra2_cuda and ssimulacra2_sycl, the GPU twins of ssimulacra2: the YUV to RGB
 * conversion, the six scales' stages and the maps' sums run on the device
 * from the shared planes (ssimulacra2_cuda.cu); the host pools the sums
 * into the score with ssimulacra2's code, one frame later. Every stage
 * rounds as the CPU's does and the sums are its running sums, so the score
 * is the CPU's to the last bit. Every option of ssimulacra2. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/ssimulacra2/ssimulacra2_frame.h"
#include "feature/ssimulacra2/ssimulacra2_options.h"
#include "ssimulacra2_cuda.h"
#include "ssimulacra2_cuda_setup.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct Ssimu2CudaState {
    Ssimu2Options opt;
    /* Every pointer but the shared planes and the result, which change from
     * frame to frame, set at init. */
    Ssimu2CudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} Ssimu2CudaState;

static const VmafOption ssimulacra2_cuda_options[] = {
    SSIMU2_OPTIONS(Ssimu2CudaState, opt),
    {0},
};

static void ssimulacra2_cuda_close(VmafFexContext *ctx)
{
    Ssimu2CudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

/* The constants and buffers of w x h pictures; the constants' host copy
 * copied to the device. */
static int open_twin(VmafFexContext *ctx, const Ssimu2RgbSetup *set, enum VmafPixelFormat pix_fmt,
                     unsigned bpc, unsigned w, unsigned h)
{
    Ssimu2CudaState *s = ctx->priv;
    Ssimu2CudaConstants c;
    const size_t size = ssimu2_cuda_setup(&s->frame, set, bpc, w, h, &c);
    int err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h,
                                  sizeof(double) * SSIMU2_SCALES * 3 * 6);
    void *frame = NULL, *device = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &frame, size);
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &device, c.size);
    uint8_t *host = err ? NULL : calloc(1, c.size);
    if (!err && !host)
        err = -ENOMEM;
    if (err)
        return err;
    Ssimulacra2Dsp dsp;
    ssimulacra2_dsp_init(&dsp, ctx->cpu_flags);
    ssimu2_cuda_place(&s->frame, set, &dsp, frame, host, device, &c);
    const VmafCudaApi *api = s->twin.dev->api;
    err = api->copy_2d_async(device, c.size, host, c.size, c.size, 1, VMAF_CUDA_HOST_TO_DEVICE,
                             s->twin.stream);
    if (!err)
        err = api->stream_synchronize(s->twin.stream);
    free(host);
    return err;
}

static int ssimulacra2_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                 unsigned w, unsigned h)
{
    Ssimu2CudaState *s = ctx->priv;
    Ssimu2Colour colour;
    Ssimu2RgbSetup set = {.w = w, .h = h};
    int err = ssimu2_options_colour(&s->opt, pix_fmt, w, h, &colour, &s->frame.gbr);
    if (!err)
        err = ssimu2_check_size(w, h);
    if (!err && !s->frame.gbr)
        err = ssimu2_rgb_setup_make(&set, &colour, pix_fmt, bpc, w, h);
    if (!err)
        err = open_twin(ctx, &set, pix_fmt, bpc, w, h);
    ssimu2_rgb_setup_free(&set);
    if (err)
        ssimulacra2_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    Ssimu2CudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    const int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const double(*sums)[3][6] = host;
    Ssimu2Norms norms[SSIMU2_SCALES];
    const Ssimu2CudaFrame *f = &s->frame;
    for (unsigned sc = 0; sc < f->scales; sc++)
        ssimu2_scale_norms(&norms[sc], sums[sc], f->scale[sc].w, f->scale[sc].h);
    const int err = vmaf_fex_append(ctx, fc, "ssimulacra2", ssimu2_pool(norms, f->scales), index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const Ssimu2CudaState *s = ctx->priv;
    const Ssimu2GpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int ssimulacra2_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                    unsigned index, VmafFeatureCollector *fc)
{
    Ssimu2CudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    Ssimu2CudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->sums = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANES_YUV, VMAF_CUDA_PLANES_YUV,
                                         &planes, &err);
    if (!f->sums)
        return err;
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    vmaf_cuda_twin_yuv_key(&planes, f->sums, f->src, f->pitch, key);
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int ssimulacra2_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    Ssimu2CudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define SSIMULACRA2_TWIN(backend_flag)                                                             \
    .options = ssimulacra2_cuda_options, .priv_size = sizeof(Ssimu2CudaState),                     \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag),                                     \
    .provided_features = ssimu2_provided_features, .init = ssimulacra2_cuda_init,                  \
    .extract = ssimulacra2_cuda_extract, .flush = ssimulacra2_cuda_flush,                          \
    .close = ssimulacra2_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_ssimulacra2_cuda = {
    .name = "ssimulacra2_cuda",
    SSIMULACRA2_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &ssimulacra2_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_ssimulacra2_sycl = {
    .name = "ssimulacra2_sycl",
    SSIMULACRA2_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &ssimulacra2_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_ssimulacra2_hip = {
    .name = "ssimulacra2_hip",
    SSIMULACRA2_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.ssimulacra2,
};
#endif
