/* psnr_cuda and psnr_sycl, the GPU twins of psnr: the squared errors of each row are summed
 * on the device from the shared planes; the host adds the rows and scores
 * them exactly as the CPU extractor does, one frame later. enable_apsnr, a
 * pooled score of the whole run, is not implemented: with it the CPU
 * extractor serves. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "core/log.h"
#include "cuda/twin.h"
#include "psnr_cuda.h"
#include "feature/psnr/psnr_common.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

typedef struct PsnrCudaState {
    bool enable_chroma;
    bool enable_mse;
    bool reduced_hbd_peak;
    double min_sse;

    unsigned bpc, planes;
    uint32_t peak;
    double psnr_max[3];
    unsigned w[3], h[3];
    size_t first_row[3]; /* of each plane in a frame's results */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} PsnrCudaState;

/* The rows of psnr's table, less enable_apsnr. */
static const VmafOption psnr_cuda_options[] = {
    PSNR_OPTION_ENABLE_CHROMA(PsnrCudaState),
    PSNR_OPTION_ENABLE_MSE(PsnrCudaState),
    PSNR_OPTIONS_PEAK(PsnrCudaState),
    {0},
};

/* NULL-terminated: also the provided features, psnr's. */
static const char *const psnr_feature[4] = {"psnr_y", "psnr_cb", "psnr_cr", NULL};
static const char *const mse_feature[3] = {"mse_y", "mse_cb", "mse_cr"};

static int psnr_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    PsnrCudaState *s = ctx->priv;
    int err = psnr_check_depth("psnr_cuda", bpc);
    if (err)
        return err;
    s->bpc = bpc;
    s->peak = psnr_peak(bpc, s->reduced_hbd_peak);
    if (pix_fmt == VMAF_PIX_FMT_YUV400P)
        s->enable_chroma = false;
    s->planes = s->enable_chroma ? 3 : 1;
    const unsigned ss_hor = pix_fmt != VMAF_PIX_FMT_YUV444P;
    const unsigned ss_ver = pix_fmt == VMAF_PIX_FMT_YUV420P;
    size_t rows = 0;
    for (unsigned p = 0; p < 3; p++) {
        s->w[p] = p ? w >> ss_hor : w;
        s->h[p] = p ? h >> ss_ver : h;
        s->psnr_max[p] = psnr_cap(s->min_sse, bpc, s->peak, s->w[p] * s->h[p]);
        s->first_row[p] = rows;
        rows += p < s->planes ? s->h[p] : 0;
    }
    return vmaf_cuda_twin_open(&s->twin, ctx, pix_fmt, bpc, w, h, rows * sizeof(uint64_t));
}

/* Scores the oldest frame whose sums are queued: 1 when there was one. */
static int score_collected(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    PsnrCudaState *s = ctx->priv;
    const void *host;
    unsigned index;
    int ret = vmaf_cuda_twin_collect_result(&s->twin, &host, &index);
    if (ret <= 0)
        return ret;
    const uint64_t *row_sse = host;
    int err = 0;
    for (unsigned p = 0; !err && p < s->planes; p++) {
        uint64_t sse = 0;
        for (unsigned y = 0; y < s->h[p]; y++)
            sse += row_sse[s->first_row[p] + y];
        const double mse = (double)sse / (s->w[p] * s->h[p]);
        const double psnr = psnr_from_mse(mse, s->peak, s->psnr_max[p]);
        err = vmaf_fex_append(ctx, fc, psnr_feature[p], psnr, index);
        if (!err && s->enable_mse)
            err = vmaf_fex_append(ctx, fc, mse_feature[p], mse, index);
    }
    s->named = true;
    return err ? err : 1;
}

/* One frame's kernels, for vmaf_cuda_twin_run(). */
typedef struct PsnrCudaFrame {
    PsnrCudaPlane plane[3];
    unsigned planes, bpc;
    const PsnrGpuKernels *kernels;
} PsnrCudaFrame;

static int enqueue_frame(void *opaque, VmafCudaStream stream)
{
    const PsnrCudaFrame *f = opaque;
    return f->kernels->row_sse(f->plane, f->planes, f->bpc, stream);
}

static int psnr_cuda_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    PsnrCudaState *s = ctx->priv;
    VmafCudaTwin *t = &s->twin;
    const unsigned mask = s->planes == 3 ? VMAF_CUDA_PLANES_YUV : VMAF_CUDA_PLANE_Y;
    VmafCudaPlanes planes;
    int err;
    uint64_t *row_sse = vmaf_cuda_twin_begin_frame(t, ref, dist, mask, mask, &planes, &err);
    if (!row_sse)
        return err;
    PsnrCudaFrame frame = {.planes = s->planes, .bpc = s->bpc, .kernels = ctx->fex->kernels};
    const void *key[VMAF_CUDA_GRAPH_KEYS] = {row_sse};
    for (unsigned p = 0; p < s->planes; p++) {
        frame.plane[p] = (PsnrCudaPlane){
            .ref = planes.data[0][p],
            .dist = planes.data[1][p],
            .pitch = planes.pitch[p],
            .w = planes.w[p],
            .h = planes.h[p],
            .row_sse = row_sse + s->first_row[p],
        };
        key[1 + 2 * p] = planes.data[0][p];
        key[2 + 2 * p] = planes.data[1][p];
    }
    return vmaf_cuda_twin_finish_frame(t, key, enqueue_frame, &frame, index, s->named,
                                       score_collected, ctx, fc);
}

static int psnr_cuda_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    PsnrCudaState *s = ctx->priv;
    return vmaf_cuda_twin_flush(&s->twin, score_collected, ctx, fc);
}

static void psnr_cuda_close(VmafFexContext *ctx)
{
    PsnrCudaState *s = ctx->priv;
    vmaf_cuda_twin_close(&s->twin);
}

static unsigned psnr_cuda_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    const PsnrCudaState *s = ctx->priv;
    return psnr_planes_read(s->enable_chroma, pix_fmt);
}

/* The twin's host code over either backend's kernels. */
#define PSNR_TWIN(backend_flag)                                                                    \
    .options = psnr_cuda_options, .priv_size = sizeof(PsnrCudaState),                              \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = psnr_cuda_planes,         \
    .provided_features = psnr_feature, .init = psnr_cuda_init, .extract = psnr_cuda_extract,       \
    .flush = psnr_cuda_flush, .close = psnr_cuda_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_psnr_cuda = {
    .name = "psnr_cuda",
    PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &psnr_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_psnr_sycl = {
    .name = "psnr_sycl",
    PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &psnr_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_psnr_hip = {
    .name = "psnr_hip",
    PSNR_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.psnr,
};
#endif
