/* adm_cuda and adm_sycl, the GPU twins of adm: each frame's wavelet levels, decoupling,
 * masking and integer sums run on the device from the shared luma planes
 * (adm_cuda.cu), in buffers of the twin's own allocated at init; the host
 * scores the sums with adm's arithmetic (adm_common.h), one frame later.
 * All of adm's options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adm_cuda.h"
#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/adm/adm_common.h"
#include "feature/adm/adm_dsp.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct AdmCudaState {
    AdmOptions opt;
    unsigned w, h;
    AdmScale scale[ADM_SCALES];
    /* Every pointer but scale 0's planes and the result, which change from
     * frame to frame, set at init. */
    AdmCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} AdmCudaState;

/* adm's table, row for row. */
static const VmafOption adm_cuda_options[] = {
    ADM_OPTIONS(AdmCudaState, opt),
    {0},
};

static void adm_cuda_close(VmafFexContext *ctx)
{
    AdmCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static int adm_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                         unsigned w, unsigned h)
{
    AdmCudaState *s = ctx->priv;
    int err = adm_check_input(ctx->fex->name, w, h, bpc);
    if (err)
        return err;
    s->w = w;
    s->h = h;
    adm_setup(&s->opt, w, h, s->scale);
    const AdmCudaParams params = {
        .gain_limit = s->opt.enhn_gain_limit,
        .cos_sq = adm_cos_1deg_sq(),
        .skip_scale0 = s->opt.skip_scale0,
        .skip_aim = s->opt.skip_aim,
        .quirks = adm_default_quirks(&s->scale[0], ctx->cpu_flags),
    };
    AdmCudaFrame *f = &s->frame;
    const size_t size = adm_cuda_layout(f, s->scale, &params, w, h, bpc, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h,
                              ADM_SCALES * ADM_CUDA_SUMS * sizeof(uint64_t));
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err) {
        adm_cuda_layout(f, s->scale, &params, w, h, bpc, buf);
        /* Before the first kernel, on the same stream. */
        err = s->twin.dev->api->copy_2d_async(
            buf, ADM_CUDA_RECIP_SIZE, adm_reciprocal_table() - ADM_RECIP_RANGE, ADM_CUDA_RECIP_SIZE,
            ADM_CUDA_RECIP_SIZE, 1, VMAF_CUDA_HOST_TO_DEVICE, s->twin.stream);
    }
    if (err)
        adm_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    AdmCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const uint64_t *sums = host;
    AdmSums scale_sums[ADM_SCALES];
    for (int i = 0; i < ADM_SCALES; i++, sums += ADM_CUDA_SUMS) {
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            scale_sums[i].den[b] = sums[ADM_CUDA_DEN + b];
            scale_sums[i].cm[b] = (int64_t)sums[ADM_CUDA_CM + b];
            scale_sums[i].aim[b] = (int64_t)sums[ADM_CUDA_AIM + b];
        }
    }
    const int err = adm_write_scores(ctx, fc, index, &s->opt, s->scale, scale_sums, s->w, s->h);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const AdmCudaState *s = ctx->priv;
    const AdmGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int adm_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                            unsigned index, VmafFeatureCollector *fc)
{
    AdmCudaState *s = ctx->priv;
    int err = adm_check_view(ctx->fex->name, &s->opt);
    if (err)
        return err;
    VmafCudaTwin *t = &s->twin;
    AdmCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    f->sums = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                         &planes, &err);
    if (!f->sums)
        return err;
    f->dwt[0].src[0] = planes.data[0][0];
    f->dwt[0].src[1] = planes.data[1][0];
    f->dwt[0].src_pitch = planes.pitch[0];
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->dwt[0].src[0], f->dwt[0].src[1], f->sums};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int adm_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    AdmCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define ADM_TWIN(backend_flag)                                                                     \
    .options = adm_cuda_options, .priv_size = sizeof(AdmCudaState),                                \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = adm_features, .init = adm_cuda_init, .extract = adm_cuda_extract,         \
    .flush = adm_cuda_flush, .close = adm_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_adm_cuda = {
    .name = "adm_cuda",
    ADM_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &adm_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_adm_sycl = {
    .name = "adm_sycl",
    ADM_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &adm_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_adm_hip = {
    .name = "adm_hip",
    ADM_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.adm,
};
#endif
