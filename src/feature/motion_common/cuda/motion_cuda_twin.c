/* The CUDA twin shared by motion_cuda and motion_v2_cuda
 * (motion_cuda_twin.h). The sad of the blurred luma difference is computed
 * on the device from the shared reference luma and the luma of the frame
 * before (two before with the five-frame window), which the twin keeps on
 * the device: a device-to-device copy behind each frame's kernel, not a
 * second upload. Frames are scored one frame later. motion2 and motion3 are
 * derived from the stored sad scores at the flush by an instance of the
 * variant's CPU extractor, so both compute them alike. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "feature/motion_common/motion_common.h"
#include "motion_cuda.h"
#include "motion_cuda_twin.h"

enum { PITCH_ALIGN = 256 };

void motion_cuda_twin_close(VmafFexContext *ctx)
{
    MotionCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
    vmaf_fex_context_destroy(s->cpu);
    s->cpu = NULL;
}

/* The device side: the twin and the kept frames. */
static int open_twin(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                     unsigned h)
{
    MotionCudaState *s = ctx->priv;
    s->w = w;
    s->h = h;
    s->bpc = bpc;
    s->distance = motion_frame_distance(&s->opt);
    const size_t row_bytes = (size_t)w * (bpc > 8 ? 2 : 1);
    s->history_pitch = (row_bytes + PITCH_ALIGN - 1) & ~(size_t)(PITCH_ALIGN - 1);
    int err = vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, h * sizeof(uint32_t));
    for (unsigned i = 0; !err && i < s->distance; i++)
        err = vmaf_cuda_twin_alloc(&s->twin, &s->history[i], s->history_pitch * h);
    return err;
}

int motion_cuda_twin_init(VmafFexContext *ctx, const MotionCudaVariant *variant,
                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h)
{
    MotionCudaState *s = ctx->priv;
    s->variant = variant;
    /* The CPU extractor checks the size, depth and options, and flushes. */
    int err = vmaf_fex_context_create(&s->cpu, variant->cpu, ctx->opts);
    if (!err) {
        s->cpu->cpu_flags = ctx->cpu_flags;
        err = vmaf_fex_context_init(s->cpu, pix_fmt, bpc, w, h);
    }
    if (!err && !s->opt.force_zero)
        err = open_twin(ctx, pix_fmt, bpc, w, h);
    if (err)
        motion_cuda_twin_close(ctx);
    return err;
}

static int append_score(VmafFexContext *ctx, VmafFeatureCollector *fc, double score, unsigned index)
{
    MotionCudaState *s = ctx->priv;
    int err = vmaf_fex_append(ctx, fc, s->variant->sad_feature, score, index);
    if (!err && s->debug)
        err = vmaf_fex_append(ctx, fc, s->variant->debug_feature, score, index);
    s->named = true;
    return err;
}

/* Scores the oldest frame whose row sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    MotionCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const uint32_t *row_sad = host;
    uint64_t sad = 0;
    for (unsigned y = 0; y < s->h; y++)
        sad += row_sad[y];
    int err = append_score(ctx, fc, motion_score_of_sad(&s->opt, sad, s->w, s->h), index);
    return err ? err : 1;
}

/* One frame's device work, for vmaf_cuda_twin_run(): the sad against the
 * kept frame when there is one (rows.row_sad), then the copy of this frame's
 * luma over the kept one, behind the kernel that has read it. */
typedef struct MotionCudaFrame {
    MotionCudaRows rows;
    void *kept;
    const VmafCudaApi *api;
    const MotionGpuKernels *kernels;
} MotionCudaFrame;

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const MotionCudaFrame *f = opaque;
    const MotionCudaRows *r = &f->rows;
    int err = r->row_sad ? f->kernels->row_sad(r, stream) : 0;
    if (!err)
        err = f->api->copy_2d_async(f->kept, r->prev_pitch, r->cur, r->cur_pitch,
                                    (size_t)r->w * (r->bpc > 8 ? 2 : 1), r->h,
                                    VMAF_CUDA_DEVICE_TO_DEVICE, stream);
    return err;
}

/* Queues the sad of frame index against the kept frame, if it has one to
 * compare with, then keeps its luma: 1 when a sad was queued. */
static int queue_frame(MotionCudaState *s, const VmafFeatureExtractor *fex, const void *luma,
                       size_t pitch, unsigned index)
{
    VmafCudaTwin *t = &s->twin;
    const char *name = fex->name;
    const bool compared = index >= s->distance;
    if (compared && s->frames < s->distance) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: frame %u has no earlier reference picture", name,
                 index);
        return -EINVAL;
    }
    MotionCudaFrame frame = {
        .rows =
            {
                .prev = s->history[s->frames % s->distance],
                .cur = luma,
                .prev_pitch = s->history_pitch,
                .cur_pitch = pitch,
                .w = s->w,
                .h = s->h,
                .bpc = s->bpc,
                .row_sad = compared ? vmaf_cuda_twin_result_target(t) : NULL,
            },
        .kept = s->history[s->frames % s->distance],
        .api = t->dev->api,
        .kernels = fex->kernels,
    };
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {frame.kept, luma, frame.rows.row_sad};
    int err = vmaf_cuda_twin_run(t, key, enqueue_frame, &frame);
    if (!err && compared)
        err = vmaf_cuda_twin_submit_result(t, index);
    s->frames++;
    return err ? err : compared;
}

int motion_cuda_twin_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    MotionCudaState *s = ctx->priv;
    (void)dist;
    if (s->opt.force_zero)
        return append_score(ctx, fc, 0.0, index);

    VmafCudaTwin *t = &s->twin;
    if (!vmaf_cuda_twin_result_target(t))
        return -EINVAL; /* an earlier frame failed */
    VmafCudaPlanes planes;
    int err =
        vmaf_cuda_reader_acquire(t->reader, ref, NULL, VMAF_CUDA_PLANE_Y, 0, t->stream, &planes);
    if (err)
        return err;
    const int queued = queue_frame(s, ctx->fex, planes.data[0][0], planes.pitch[0], index);
    err = vmaf_cuda_reader_release(t->reader, t->stream);
    if (queued < 0)
        return queued;
    if (!err && !queued)
        err = append_score(ctx, fc, 0.0, index);
    /* The frame before has been summed meanwhile. */
    if (!err)
        err = vmaf_cuda_twin_score(t, s->named ? 1 : 0, score_collected, ctx, fc);
    return err;
}

int motion_cuda_twin_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    MotionCudaState *s = ctx->priv;
    int ret = vmaf_cuda_twin_score(&s->twin, 0, score_collected, ctx, fc);
    if (!ret)
        ret = vmaf_fex_context_flush(s->cpu, fc);
    return ret < 0 ? ret : 1;
}
