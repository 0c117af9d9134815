/* speed_chroma_cuda and speed_temporal_cuda, the CUDA twins of speed_chroma
 * and speed_temporal, and their SYCL twins (*_sycl) with the same host code. The device computes
 * each plane's covariance matrix and its blocks' variances from the shared planes (speed_cuda.cu);
 * the host, one frame later, takes the eigenvalues, entropies and scores with the CPU's own
 * functions (speed_pipeline.h, speed_common.h): the 25 x 25 eigenproblem of a plane is cheap on the
 * host and its logarithms are the C library's there. speed_temporal_cuda keeps the previous frame's
 * luma on the device, copied behind each frame's kernels. Every option of both. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/speed/speed_common.h"
#include "feature/speed/speed_linalg.h"
#include "feature/speed/speed_options.h"
#include "feature/speed/speed_pipeline.h"
#include "speed_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

enum { CHROMA_PLANES = 4, TEMPORAL_PLANES = 2 };

typedef struct SpeedCudaState {
    SpeedParams params;
    double max_val;
    bool use_ref_diff;

    bool temporal;
    /* Geometry, filters and the scoring's parameters; no scratch. */
    SpeedPipeline pipeline;
    /* Every pointer but the inputs and the results, set at init. */
    SpeedCudaFrame frame;
    /* speed_temporal_cuda: the previous frame's reference and distorted
     * luma, rows of history_pitch bytes, and how many frames it has seen. */
    void *history[2];
    size_t history_pitch, row_bytes;
    unsigned frames;
    /* The host's share: the resampler's tables until the copy has surely
     * completed (close), the eigensolver's scratch, each plane's blocks. */
    uint8_t *tables;
    float *host, *eigenvalues, *eigen_scratch;
    SpeedBlocks blocks[CHROMA_PLANES];
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} SpeedCudaState;

/* The CPU extractors' tables, row for row. */
static const VmafOption speed_chroma_cuda_options[] = {
    SPEED_CHROMA_OPTIONS(SpeedCudaState),
    {0},
};

static const VmafOption speed_temporal_cuda_options[] = {
    SPEED_TEMPORAL_OPTIONS(SpeedCudaState),
    {0},
};

static void speed_cuda_close(VmafFexContext *ctx)
{
    SpeedCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
    free(s->tables);
    free(s->host);
    s->tables = NULL;
    s->host = NULL;
}

static int alloc_host(SpeedCudaState *s)
{
    const unsigned nb = s->pipeline.n_blocks, planes = s->frame.planes;
    const size_t floats =
        SPEED_BLOCK_ELEMS + SPEED_EIGEN_SCRATCH(SPEED_BLOCK_ELEMS) + (size_t)2 * nb * planes;
    s->host = calloc(floats, sizeof(float));
    if (!s->host)
        return -ENOMEM;
    s->eigenvalues = s->host;
    s->eigen_scratch = s->eigenvalues + SPEED_BLOCK_ELEMS;
    float *blocks = s->eigen_scratch + SPEED_EIGEN_SCRATCH(SPEED_BLOCK_ELEMS);
    for (unsigned p = 0; p < planes; p++) {
        s->blocks[p].entropy = blocks + (size_t)2 * p * nb;
        s->blocks[p].variance = s->blocks[p].entropy + nb;
    }
    return 0;
}

/* The device side: the twin, its scratch (the resampler's tables first,
 * uploaded here) and, for speed_temporal_cuda, the kept frames. */
static int open_device(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                       unsigned h)
{
    SpeedCudaState *s = ctx->priv;
    const unsigned planes = s->frame.planes;
    size_t size = speed_cuda_layout(&s->frame, &s->pipeline, planes, bpc, NULL);
    const size_t history = size;
    if (s->temporal) {
        s->row_bytes = (size_t)w * (bpc > 8 ? 2 : 1);
        s->history_pitch = speed_cuda_align(s->row_bytes);
        size += 2 * s->history_pitch * h;
    }
    int err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h,
                                  planes * speed_cuda_result_plane_size(s->pipeline.n_blocks));
    uint8_t *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, (void **)&buf, size);
    if (err)
        return err;
    speed_cuda_layout(&s->frame, &s->pipeline, planes, bpc, buf);
    for (unsigned i = 0; s->temporal && i < 2; i++)
        s->history[i] = buf + history + i * s->history_pitch * h;
    const size_t tables = speed_cuda_resize_tables_size(&s->pipeline);
    if (!tables)
        return 0;
    s->tables = malloc(tables);
    if (!s->tables)
        return -ENOMEM;
    speed_cuda_resize_tables(&s->pipeline, s->tables);
    /* Before the first kernel, on the same stream. */
    return s->twin.dev->api->copy_2d_async(buf, tables, s->tables, tables, tables, 1,
                                           VMAF_CUDA_HOST_TO_DEVICE, s->twin.stream);
}

/* w x h: the size of the planes scored; the pictures' for the twin. */
static int open_twin(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h, unsigned plane_w, unsigned plane_h, unsigned planes)
{
    SpeedCudaState *s = ctx->priv;
    int err = speed_pipeline_setup(&s->pipeline, &s->params, plane_w, plane_h, bpc, 0);
    if (err)
        return err;
    s->frame.planes = planes;
    err = alloc_host(s);
    if (!err)
        err = open_device(ctx, pix_fmt, bpc, w, h);
    if (err)
        speed_cuda_close(ctx);
    return err;
}

static int speed_chroma_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                  unsigned w, unsigned h)
{
    unsigned cw = w, ch = h;
    int err = speed_chroma_size(ctx->fex->name, pix_fmt, &cw, &ch);
    return err ? err : open_twin(ctx, pix_fmt, bpc, w, h, cw, ch, CHROMA_PLANES);
}

static int speed_temporal_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                    unsigned w, unsigned h)
{
    SpeedCudaState *s = ctx->priv;
    s->temporal = true;
    return open_twin(ctx, pix_fmt, bpc, w, h, w, h, TEMPORAL_PLANES);
}

/* Completes plane p's blocks from the results: true when its covariance
 * matrix is singular, by its eigenvalues or by the solve's pivots. */
static bool fit_plane(SpeedCudaState *s, const void *result, unsigned p)
{
    const unsigned nb = s->pipeline.n_blocks;
    const bool singular = speed_covariance_singular(speed_cuda_result_cov(result, nb, p),
                                                    s->eigenvalues, s->eigen_scratch) ||
                          speed_cuda_result_pivot(result, nb, p);
    if (!singular)
        memcpy(s->blocks[p].variance, speed_cuda_result_variance(result, nb, p),
               sizeof(float) * nb);
    speed_blocks_finish(&s->pipeline, s->eigenvalues, singular, &s->blocks[p]);
    return singular;
}

/* Scores the oldest frame whose results are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    SpeedCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    bool singular[CHROMA_PLANES];
    float score[CHROMA_PLANES / 2];
    for (unsigned p = 0; p < s->frame.planes; p++)
        singular[p] = fit_plane(s, host, p);
    for (unsigned c = 0; c < s->frame.planes / 2; c++)
        score[c] = speed_pair_score(&s->pipeline, singular[2 * c], singular[2 * c + 1],
                                    &s->blocks[2 * c], &s->blocks[2 * c + 1]);
    const int err =
        s->temporal ? vmaf_fex_append(ctx, fc, SPEED_TEMPORAL_FEATURE, score[0], index)
                    : speed_chroma_append(ctx, fc, score[0], singular[0] || singular[1], score[1],
                                          singular[2] || singular[3], s->max_val, index);
    s->named = true;
    return err ? err : 1;
}

/* One frame's device work, for vmaf_cuda_twin_run(): the kernels when there
 * is a score to compute, then (speed_temporal_cuda) this frame's luma over
 * the kept one, behind the kernels that have read it. */
typedef struct SpeedCudaRun {
    const SpeedCudaState *s;
    const SpeedGpuKernels *kernels;
    const SpeedCudaFrame *frame; /* NULL: nothing to score */
    const void *luma[2];
    size_t pitch;
} SpeedCudaRun;

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const SpeedCudaRun *run = opaque;
    const SpeedCudaState *s = run->s;
    int err = run->frame ? run->kernels->enqueue(run->frame, stream) : 0;
    for (unsigned i = 0; !err && s->temporal && i < 2; i++)
        err = s->twin.dev->api->copy_2d_async(s->history[i], s->history_pitch, run->luma[i],
                                              run->pitch, s->row_bytes, s->pipeline.h,
                                              VMAF_CUDA_DEVICE_TO_DEVICE, stream);
    return err;
}

static int run_frame(SpeedCudaState *s, SpeedCudaRun *run, const VmafCudaPlanes *planes,
                     void *result, unsigned index)
{
    VmafCudaTwin *t = &s->twin;
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {result};
    for (unsigned i = 0; i < 2; i++) {
        for (unsigned p = 0; p < 3; p++)
            key[1 + 3 * i + p] = planes->data[i][p];
    }
    int err = vmaf_cuda_twin_run(t, key, enqueue_frame, run);
    if (!err)
        err = vmaf_cuda_reader_release(t->reader, t->stream);
    if (!err && result)
        err = vmaf_cuda_twin_submit_result(t, index);
    return err;
}

static int speed_chroma_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                     unsigned index, VmafFeatureCollector *fc)
{
    SpeedCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    const unsigned chroma = VMAF_CUDA_PLANES_YUV & ~VMAF_CUDA_PLANE_Y;
    VmafCudaPlanes planes;
    int err;
    void *result = vmaf_cuda_twin_begin_frame(t, ref, dist, chroma, chroma, &planes, &err);
    if (!result)
        return err;
    SpeedCudaFrame *f = &s->frame;
    /* Planes u ref, u dis, v ref, v dis: scores u and v. */
    for (unsigned p = 0; p < CHROMA_PLANES; p++) {
        const unsigned pic = p % 2, plane = 1 + p / 2;
        f->plane[p].input = (SpeedCudaInput){
            .plane = planes.data[pic][plane],
            .plane_pitch = planes.pitch[plane],
        };
    }
    speed_cuda_set_result(f, result);
    SpeedCudaRun run = {.s = s, .kernels = ctx->fex->kernels, .frame = f};
    err = run_frame(s, &run, &planes, result, index);
    /* The frame before has been scored meanwhile. */
    if (!err)
        err = vmaf_cuda_twin_score(t, s->named ? 1 : 0, score_collected, ctx, fc);
    return err;
}

static int speed_temporal_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                       unsigned index, VmafFeatureCollector *fc)
{
    SpeedCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    /* Frame 0 scores 0; later ones the differences with the frame before. */
    const bool compared = index != 0;
    if (compared && !s->frames) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: frame %u has no frame before it", ctx->fex->name,
                 index);
        return -EINVAL;
    }
    void *result = compared ? vmaf_cuda_twin_result_target(t) : NULL;
    if (compared && !result)
        return -EINVAL; /* an earlier frame failed */
    VmafCudaPlanes planes;
    int err = vmaf_cuda_reader_acquire(t->reader, ref, dist, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                       t->stream, &planes);
    if (err)
        return err;
    SpeedCudaFrame *f = &s->frame;
    const void *cur_ref = planes.data[0][0], *cur_dis = planes.data[1][0];
    f->plane[0].input = (SpeedCudaInput){
        .plane = s->history[0],
        .sub = cur_ref,
        .plane_pitch = s->history_pitch,
        .sub_pitch = planes.pitch[0],
    };
    f->plane[1].input = (SpeedCudaInput){
        .plane = s->history[1],
        .sub = s->use_ref_diff ? cur_ref : cur_dis,
        .plane_pitch = s->history_pitch,
        .sub_pitch = planes.pitch[0],
    };
    if (result)
        speed_cuda_set_result(f, result);
    SpeedCudaRun run = {
        .s = s,
        .kernels = ctx->fex->kernels,
        .frame = compared ? f : NULL,
        .luma = {cur_ref, cur_dis},
        .pitch = planes.pitch[0],
    };
    err = run_frame(s, &run, &planes, result, index);
    s->frames++;
    if (!err && !compared) {
        err = vmaf_fex_append(ctx, fc, SPEED_TEMPORAL_FEATURE, 0.0, index);
        s->named = true;
    }
    /* The frame before has been scored meanwhile. */
    if (!err)
        err = vmaf_cuda_twin_score(t, s->named ? 1 : 0, score_collected, ctx, fc);
    return err;
}

static int speed_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    SpeedCudaState *s = ctx->priv;
    const int err = vmaf_cuda_twin_score(&s->twin, 0, score_collected, ctx, fc);
    return err ? err : 1;
}

/* The twins' host code over either backend's kernels. */
#define SPEED_CHROMA_TWIN(backend_flag)                                                            \
    .options = speed_chroma_cuda_options, .priv_size = sizeof(SpeedCudaState),                     \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag),                                     \
    .provided_features = speed_chroma_features, .init = speed_chroma_cuda_init,                    \
    .extract = speed_chroma_cuda_extract, .flush = speed_cuda_flush, .close = speed_cuda_close
#define SPEED_TEMPORAL_TWIN(backend_flag)                                                          \
    .options = speed_temporal_cuda_options, .priv_size = sizeof(SpeedCudaState),                   \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = speed_temporal_features, .init = speed_temporal_cuda_init,                \
    .extract = speed_temporal_cuda_extract, .flush = speed_cuda_flush, .close = speed_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_speed_chroma_cuda = {
    .name = "speed_chroma_cuda",
    SPEED_CHROMA_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &speed_cuda_kernels,
};

const VmafFeatureExtractor vmaf_fex_speed_temporal_cuda = {
    .name = "speed_temporal_cuda",
    SPEED_TEMPORAL_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &speed_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_speed_chroma_sycl = {
    .name = "speed_chroma_sycl",
    SPEED_CHROMA_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &speed_sycl_kernels,
};

const VmafFeatureExtractor vmaf_fex_speed_temporal_sycl = {
    .name = "speed_temporal_sycl",
    SPEED_TEMPORAL_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &speed_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_speed_chroma_hip = {
    .name = "speed_chroma_hip",
    SPEED_CHROMA_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.speed,
};

const VmafFeatureExtractor vmaf_fex_speed_temporal_hip = {
    .name = "speed_temporal_hip",
    SPEED_TEMPORAL_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.speed,
};
#endif
