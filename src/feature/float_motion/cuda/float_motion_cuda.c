/* float_motion_cuda and float_motion_sycl, the GPU twins of float_motion: each frame's reference
 * planes are converted and blurred on the device from the shared planes
 * into one of two slots of the twin's own, so the frame before stays on the
 * device, never uploaded again; each row's sum of |previous - current| comes
 * back a frame later and the host adds the rows and scores them with
 * float_motion's code (float_motion_common.h). The CPU extractor compares
 * frame n - 1 with n - 2 again for motion2; the twin takes the motion it
 * scored for frame n - 1, the same sum of the same planes. Frames must come
 * in order from 0, as they do from a context. All of float_motion's options. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/float_motion/float_motion_common.h"
#include "float_motion_cuda.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct FloatMotionCudaState {
    FloatMotionOptions opt;
    FloatMotionGeometry geo;
    /* Every field but the planes' sources, the slot and the result, which
     * change from frame to frame, set at init. */
    FloatMotionCudaFrame frame;
    FloatBilinearTap *taps; /* the host copy of the device's, until close */
    unsigned frames;        /* extracted so far */
    FloatMotionTrack track; /* of the last frame scored */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} FloatMotionCudaState;

/* float_motion's table, row for row. */
static const VmafOption float_motion_cuda_options[] = {
    FLOAT_MOTION_OPTIONS(FloatMotionCudaState, opt),
    {0},
};

static void float_motion_cuda_close(VmafFexContext *ctx)
{
    FloatMotionCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
    free(s->taps);
    s->taps = NULL;
}

/* The resampler's taps, before the first kernel on the same stream. */
static int upload_taps(FloatMotionCudaState *s, void *buf)
{
    const size_t n = float_motion_cuda_taps_count(&s->geo, s->opt.add_scale1);
    if (!n)
        return 0;
    s->taps = malloc(n * sizeof(*s->taps));
    if (!s->taps)
        return -ENOMEM;
    float_motion_cuda_fill_taps(&s->geo, s->taps);
    const size_t bytes = n * sizeof(*s->taps);
    return s->twin.dev->api->copy_2d_async(buf, bytes, s->taps, bytes, bytes, 1,
                                           VMAF_CUDA_HOST_TO_DEVICE, s->twin.stream);
}

static int float_motion_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                  unsigned w, unsigned h)
{
    FloatMotionCudaState *s = ctx->priv;
    int err = float_motion_geometry(&s->geo, ctx->fex->name, &s->opt, pix_fmt, bpc, w, h);
    if (err || s->opt.force_zero)
        return err; /* force_zero reads no picture */
    FloatMotionCudaFrame *f = &s->frame;
    const size_t size = float_motion_cuda_layout(f, &s->geo, s->opt.add_scale1, bpc, NULL);
    err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, f->rows * sizeof(float));
    void *buf = NULL;
    if (!err)
        err = vmaf_cuda_twin_alloc(&s->twin, &buf, size);
    if (!err) {
        float_motion_cuda_layout(f, &s->geo, s->opt.add_scale1, bpc, buf);
        err = upload_taps(s, buf);
    }
    if (err)
        float_motion_cuda_close(ctx);
    return err;
}

/* Scores the oldest frame whose row sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMotionCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const FloatMotionCudaFrame *f = &s->frame;
    float sad[FLOAT_MOTION_MAX_PLANES][2] = {{0}};
    for (unsigned p = 0; p < f->planes; p++) {
        sad[p][0] = float_motion_cuda_sad(host, &f->plane[p].blur);
        if (f->scale1)
            sad[p][1] = float_motion_cuda_sad(host, &f->plane[p].half);
    }
    const double score = float_motion_frame_score(&s->geo, f->scale1, sad);
    /* The frame before's motion against its own predecessor. */
    const double earlier = s->track.score;
    const int err = float_motion_append_frame(ctx, fc, &s->opt, &s->track, index, score, earlier);
    s->named = true;
    return err ? err : 1;
}

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const VmafFexContext *ctx = opaque;
    const FloatMotionCudaState *s = ctx->priv;
    const FloatMotionGpuKernels *k = ctx->fex->kernels;
    return k->enqueue(&s->frame, stream);
}

/* Blurs frame index into its slot and, past frame 0, queues its row sums
 * against the frame before. */
static int queue_frame(VmafFexContext *ctx, const VmafCudaPlanes *planes, unsigned index)
{
    FloatMotionCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    FloatMotionCudaFrame *f = &s->frame;
    f->cur = index % 2;
    f->row_sad = index ? vmaf_cuda_twin_result_target(t) : NULL;
    if (index && !f->row_sad)
        return -EINVAL; /* an earlier frame failed */
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {f->plane[0].blur.slot[f->cur], f->row_sad};
    for (unsigned p = 0; p < f->planes; p++) {
        f->plane[p].src = planes->data[0][p];
        f->plane[p].src_pitch = planes->pitch[p];
        key[2 + p] = planes->data[0][p];
    }
    int err = vmaf_cuda_twin_run(t, key, enqueue_frame, ctx);
    if (!err && index)
        err = vmaf_cuda_twin_submit_result(t, index);
    return err;
}

static int float_motion_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                     unsigned index, VmafFeatureCollector *fc)
{
    FloatMotionCudaState *s = ctx->priv;
    (void)dist;
    if (s->opt.force_zero)
        return float_motion_append_zeros(ctx, fc, &s->opt, index);
    /* The slots hold the frames in the order they came. */
    if (index != s->frames) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: frame %u after %u frames; frames must come in order",
                 ctx->fex->name, index, s->frames);
        return -EINVAL;
    }

    VmafCudaTwin *t = &s->twin;
    const unsigned mask = s->frame.planes == 3 ? VMAF_CUDA_PLANES_YUV : VMAF_CUDA_PLANE_Y;
    VmafCudaPlanes planes;
    int err = vmaf_cuda_reader_acquire(t->reader, ref, NULL, mask, 0, t->stream, &planes);
    if (err)
        return err;
    err = queue_frame(ctx, &planes, index);
    const int released = vmaf_cuda_reader_release(t->reader, t->stream);
    err = err ? err : released;
    if (err)
        return err;
    s->frames++;
    if (!index)
        err = float_motion_append_first(ctx, fc, &s->opt, &s->track);
    /* The frame before has been summed meanwhile. */
    if (!err)
        err = vmaf_cuda_twin_score(t, s->named ? 1 : 0, score_collected, ctx, fc);
    return err;
}

static int float_motion_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    FloatMotionCudaState *s = ctx->priv;
    if (s->opt.force_zero)
        return 1;
    int err = vmaf_cuda_twin_score(&s->twin, 0, score_collected, ctx, fc);
    if (!err)
        err = float_motion_append_last(ctx, fc, &s->opt, &s->track);
    return err < 0 ? err : 1;
}

static unsigned float_motion_cuda_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    const FloatMotionCudaState *s = ctx->priv;
    return float_motion_planes_read(&s->opt, pix_fmt);
}

/* The twin's host code over either backend's kernels. */
#define FLOAT_MOTION_TWIN(backend_flag)                                                            \
    .options = float_motion_cuda_options, .priv_size = sizeof(FloatMotionCudaState),               \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = float_motion_cuda_planes, \
    .provided_features = float_motion_provided_features, .init = float_motion_cuda_init,           \
    .extract = float_motion_cuda_extract, .flush = float_motion_cuda_flush,                        \
    .close = float_motion_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_float_motion_cuda = {
    .name = "float_motion_cuda",
    FLOAT_MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &float_motion_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_float_motion_sycl = {
    .name = "float_motion_sycl",
    FLOAT_MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &float_motion_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_float_motion_hip = {
    .name = "float_motion_hip",
    FLOAT_MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.float_motion,
};
#endif
