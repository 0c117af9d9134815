/* float_adm_cuda and float_adm_sycl, the GPU twins of float_adm: each frame's wavelet levels,
 * decoupling, masking and row sums run on the device from the shared luma
 * planes (float_adm_cuda.cu), in buffers of the twin's own allocated at
 * init; the host adds the rows and scores them with float_adm's arithmetic
 * (float_adm_common.h), one frame later. All of float_adm's options but
 * adm_p_norm: the device's powf is not the CPU's libm, so another p-norm is
 * left to the CPU extractor. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/float_adm/float_adm_common.h"
#include "float_adm_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatAdmCudaState {
    FloatAdmOptions opt;
    unsigned w, h;
    /* Every field but level 0's source and the result, which change from
     * frame to frame, set at init. */
    FloatAdmCudaFrame frame;
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatAdmCudaState;

/* float_adm's rows but adm_p_norm. */
static const VmafOption float_adm_cuda_options[] = {
    FLOAT_ADM_OPTIONS_HEAD(FloatAdmCudaState, opt),
    FLOAT_ADM_OPTIONS_TAIL(FloatAdmCudaState, opt),
    {0},
};

static void float_adm_cuda_close(VmafFexContext *ctx)
{
    FloatAdmCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

#if defined(FLOAT_ADM_RCP_DIVISION)
/* The CPU's reciprocal estimates into the front of buf, before the first
 * kernel; the host table is freed once the copy has completed (init may
 * wait). */
static int upload_rcp_table(VmafCudaTwin *twin, const char *name, void *buf)
{
    _Static_assert(FLOAT_ADM_CUDA_RCP_SIZE == FLOAT_ADM_RCP_TABLE_SIZE * sizeof(float),
                   "the twin's table is the CPU's");
    float *table = malloc(FLOAT_ADM_CUDA_RCP_SIZE);
    if (!table)
        return -ENOMEM;
    int err = float_adm_rcp_table(name, table);
    if (!err)
        err = twin->dev->api->copy_2d_async(buf, FLOAT_ADM_CUDA_RCP_SIZE, table,
                                            FLOAT_ADM_CUDA_RCP_SIZE, FLOAT_ADM_CUDA_RCP_SIZE, 1,
                                            VMAF_CUDA_HOST_TO_DEVICE, twin->stream);
    if (!err)
        err = twin->dev->api->stream_synchronize(twin->stream);
    free(table);
    return err;
}
#endif

static int float_adm_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                               unsigned w, unsigned h)
{
    FloatAdmCudaState *s = ctx->priv;
    s->opt.p_norm = FLOAT_ADM_DEFAULT_P_NORM;
    int err = float_adm_check_input(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    s->w = w;
    s->h = h;
    FloatAdmCudaParams params = {
        .gain_limit = s->opt.gain_limit,
        .cos_sq = float_adm_cos_1deg_sq(),
        .bypass_cm = s->opt.bypass_cm,
        .skip_scale0 = s->opt.skip_scale0,
#if defined(FLOAT_ADM_RCP_DIVISION)
        .rcp = true,
#endif
    };
    float_adm_rfactors(&s->opt, params.rfactor);
    FloatAdmCudaFrame *f = &s->frame;
    const size_t size = float_adm_cuda_layout(f, &params, w, h, bpc, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, f->result_size);
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err)
        float_adm_cuda_layout(f, &params, w, h, bpc, buf);
#if defined(FLOAT_ADM_RCP_DIVISION)
    if (!err)
        err = upload_rcp_table(&s->twin, ctx->fex->name, buf);
#endif
    if (err)
        float_adm_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose rows are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatAdmCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    FloatAdmLevelSums sums[FLOAT_ADM_SCALES];
    float_adm_cuda_sums(&s->frame, host, sums);
    const int err = float_adm_append_scores(ctx, fc, &s->opt, sums, s->w, s->h, index);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatAdmCudaState *s = ctx->priv;
    const FloatAdmGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

static int float_adm_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                  unsigned index, VmafFeatureCollector *fc)
{
    FloatAdmCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatAdmCudaFrame *f = &s->frame;
    VmafCudaPlanes planes;
    int err;
    f->rows.result = vmaf_cuda_twin_begin_frame(t, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                                &planes, &err);
    if (!f->rows.result)
        return err;
    float_adm_cuda_set_source(f, planes.data[0][0], planes.data[1][0], planes.pitch[0]);
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {planes.data[0][0], planes.data[1][0], f->rows.result};
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, ctx, index, s->named, score_collected,
                                       ctx, fc);
}

static int float_adm_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatAdmCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_ADM_TWIN(backend_flag)                                                               \
    .options = float_adm_cuda_options, .priv_size = sizeof(FloatAdmCudaState),                     \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = float_adm_provided_features, .init = float_adm_cuda_init,                 \
    .extract = float_adm_cuda_extract, .flush = float_adm_cuda_flush,                              \
    .close = float_adm_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_adm_cuda = {
    .name = "float_adm_cuda",
    FLOAT_ADM_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_adm_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_adm_sycl = {
    .name = "float_adm_sycl",
    FLOAT_ADM_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_adm_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_adm_hip = {
    .name = "float_adm_hip",
    FLOAT_ADM_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_adm,
};
#endif
