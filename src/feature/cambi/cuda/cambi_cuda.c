/* cambi_cuda and cambi_sycl, the GPU twins of cambi: the per-pixel stages and the c-values
 * run on the device from the shared luma (cambi_cuda.cu), in buffers of the
 * twin's own; the host pools each scale's c-values and writes the scores
 * with cambi's code (cambi_common.h, cambi_tools.h), one frame later. Pooling
 * needs only each scale's exact totals unless more c-values than it pools
 * are non-zero (or their sum is too large to be exact); then the scale's
 * c-values are copied back and selected on the host, as the CPU does. Every
 * option but heatmaps_path, which the CPU extractor serves. On a device
 * whose blocks cannot hold the window counts of the band, the twin runs the
 * CPU extractor. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "cambi_cuda.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/cambi/cambi_common.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

extern const VmafFeatureExtractor vmaf_fex_cambi;

typedef struct CambiCudaState {
    CambiOptions opt;
    CambiSetup setup;
    /* Every pointer but the views' input and the result, which change from
     * frame to frame, set at init. */
    CambiCudaFrame frame;
    VmafCudaTwin twin;
    unsigned submitted, collected; /* frames; their c-value slots alternate */
    float *values;                 /* a scale's c-values, where pooling needs them */
    VmafCudaEvent fetched;
    VmafFexContext *cpu; /* cambi, where the device cannot run the twin */
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} CambiCudaState;

/* cambi's table, less heatmaps_path. */
static const VmafOption cambi_cuda_options[] = {
    CAMBI_OPTIONS(CambiCudaState, opt),
    {0},
};

static void cambi_cuda_close(VmafFexContext *ctx)
{
    CambiCudaState *s = ctx->priv;
    if (s->fetched)
        s->twin.dev->api->event_destroy(s->fetched);
    s->fetched = NULL;
    vmaf_cuda_twin_close(&s->twin);
    free(s->values);
    s->values = NULL;
    vmaf_fex_context_destroy(s->cpu);
    s->cpu = NULL;
}

/* The reciprocal table, visibility masks and grids, laid out in host memory
 * as on the device, copied there before the first kernel. */
static int upload_constants(CambiCudaState *s, uint8_t *device, size_t size)
{
    uint8_t *host = malloc(size);
    if (!host)
        return -ENOMEM;
    CambiCudaFrame layout;
    cambi_cuda_layout_constants(&layout, &s->setup, s->opt.full_ref, host);
    cambi_cuda_constants(&layout, &s->setup);
    const VmafCudaApi *api = s->twin.dev->api;
    int err = api->copy_2d_async(device, size, host, size, size, 1, VMAF_CUDA_HOST_TO_DEVICE,
                                 s->twin.stream);
    if (!err)
        err = api->stream_synchronize(s->twin.stream);
    free(host);
    return err;
}

static int run_on_cpu(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                      unsigned h)
{
    CambiCudaState *s = ctx->priv;
    vmaf_log(VMAF_LOG_LEVEL_INFO,
             "%s: the device cannot hold the window counts of a %u-sample band; "
             "cambi runs on the CPU",
             ctx->fex->name, s->setup.dis.cp.band_size);
    int err = vmaf_fex_context_create(&s->cpu, &vmaf_fex_cambi, ctx->opts);
    if (!err) {
        s->cpu->cpu_flags = ctx->cpu_flags;
        err = vmaf_fex_context_init(s->cpu, pix_fmt, bpc, w, h);
    }
    return err;
}

static int open_twin(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h)
{
    CambiCudaState *s = ctx->priv;
    CambiCudaFrame *f = &s->frame;
    const size_t size = cambi_cuda_layout(f, &s->setup, s->opt.full_ref, NULL);
    const size_t constants = cambi_cuda_layout_constants(f, &s->setup, s->opt.full_ref, NULL);
    int err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, sizeof(CambiCudaResult));
    /* The views differ in size only: they have the same band. */
    const CambiGpuKernels *k = ctx->fex->kernels;
    if (!err)
        err = k->prepare(cambi_cuda_counts_size(s->setup.dis.cp.band_size), s->twin.stream);
    if (err == -ENOSPC) {
        vmaf_cuda_twin_close(&s->twin);
        return run_on_cpu(ctx, pix_fmt, bpc, w, h);
    }
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        err = upload_constants(s, buf, constants);
    if (!err)
        err = s->twin.dev->api->event_create(&s->fetched);
    if (err)
        return err;
    cambi_cuda_layout(f, &s->setup, s->opt.full_ref, buf);
    const CambiView *largest =
        s->opt.full_ref && s->setup.src.w * s->setup.src.h > s->setup.dis.w * s->setup.dis.h
            ? &s->setup.src
            : &s->setup.dis;
    s->values = malloc((size_t)largest->w * largest->h * sizeof(float));
    return s->values ? 0 : -ENOMEM;
}

static int cambi_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                           unsigned w, unsigned h)
{
    CambiCudaState *s = ctx->priv;
    int err = cambi_setup(&s->opt, bpc, w, h, &s->setup);
    if (!err)
        err = open_twin(ctx, pix_fmt, bpc, w, h);
    if (err)
        cambi_cuda_close(ctx);
    return err;
}

/* CambiCudaFetch: into s->values, waiting for the copy. */
static int fetch_c_values(void *opaque, const CambiCudaScale *sc, unsigned slot, float **values)
{
    CambiCudaState *s = opaque;
    const VmafCudaApi *api = s->twin.dev->api;
    const size_t row = (size_t)sc->w * sizeof(float);
    int err = api->copy_2d_async(s->values, row, sc->c_values[slot], row, row, sc->h,
                                 VMAF_CUDA_DEVICE_TO_HOST, s->twin.stream);
    if (!err)
        err = api->event_record(s->fetched, s->twin.stream);
    if (!err)
        err = vmaf_cuda_wait_event(api, s->fetched, vmaf_cuda_reader_stats(s->twin.reader));
    *values = s->values;
    return err;
}

/* Scores the oldest frame whose totals are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    CambiCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const unsigned slot = s->collected++ % CAMBI_CUDA_SLOTS;
    double dis_score, src_score;
    int err =
        cambi_cuda_view_score(&s->frame, &s->setup, 0, host, slot, fetch_c_values, s, &dis_score);
    if (!err)
        err = cambi_append_score(ctx, fc, &s->opt, dis_score, index);
    if (!err && s->opt.full_ref)
        err = cambi_cuda_view_score(&s->frame, &s->setup, 1, host, slot, fetch_c_values, s,
                                    &src_score);
    if (!err && s->opt.full_ref)
        err = cambi_append_full_reference(fc, &s->opt, dis_score, src_score, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const CambiCudaState *s = ctx->priv;
    const CambiGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int cambi_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                              unsigned index, VmafFeatureCollector *fc)
{
    CambiCudaState *s = ctx->priv;
    if (s->cpu)
        return vmaf_fex_context_extract(s->cpu, ref, dist, index, fc);
    VmafCudaTwin *t = &s->twin;
    CambiCudaFrame *f = &s->frame;
    f->result = vmaf_cuda_twin_result_target(t);
    if (!f->result)
        return -EINVAL; /* an earlier frame failed */
    const bool full_ref = s->opt.full_ref;
    VmafCudaPlanes planes;
    int err = vmaf_cuda_reader_acquire(t->reader, ref, dist, full_ref ? VMAF_CUDA_PLANE_Y : 0,
                                       VMAF_CUDA_PLANE_Y, t->stream, &planes);
    if (err)
        return err;
    for (unsigned v = 0; v < f->views; v++) {
        f->view[v].src = planes.data[v ? 0 : 1][0];
        f->view[v].src_pitch = planes.pitch[0];
    }
    f->slot = s->submitted % CAMBI_CUDA_SLOTS;
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->view[0].src, full_ref ? f->view[1].src : NULL,
                                             f->result, f->view[0].scale[0].c_values[f->slot]};
    err = vmaf_cuda_twin_run(t, key, enqueue_frame, ctx);
    if (!err)
        err = vmaf_cuda_reader_release(t->reader, t->stream);
    if (!err)
        err = vmaf_cuda_twin_submit_result(t, index);
    if (err)
        return err;
    s->submitted++;
    /* The frame before has been computed meanwhile. */
    return vmaf_cuda_twin_score(t, s->named ? 1 : 0, score_collected, ctx, fc);
}

static int cambi_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    CambiCudaState *s = ctx->priv;
    if (s->cpu)
        return 1;
    const int err = vmaf_cuda_twin_score(&s->twin, 0, score_collected, ctx, fc);
    return err ? err : 1;
}

/* The twin's host code over either backend's kernels. */
#define CAMBI_TWIN(backend_flag)                                                                   \
    .options = cambi_cuda_options, .priv_size = sizeof(CambiCudaState),                            \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = cambi_provided_features, .init = cambi_cuda_init,                         \
    .extract = cambi_cuda_extract, .flush = cambi_cuda_flush, .close = cambi_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_cambi_cuda = {
    .name = "cambi_cuda",
    CAMBI_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &cambi_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_cambi_sycl = {
    .name = "cambi_sycl",
    CAMBI_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &cambi_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_cambi_hip = {
    .name = "cambi_hip",
    CAMBI_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.cambi,
};
#endif
