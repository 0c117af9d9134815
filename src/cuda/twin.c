#include <errno.h>

#include "core/log.h"
#include "device_backend.h"
#include "twin.h"
#if VMAF_HAVE_SYCL
#include "sycl/sycl_api.h"
#endif
#if VMAF_HAVE_HIP
#include "hip/hip_module.h"
#endif

static int results_init(VmafCudaResults *r, const VmafCudaDevice *dev, size_t size)
{
    *r = (VmafCudaResults){.dev = dev, .size = size};
    const VmafCudaApi *api = dev->api;
    int err = 0;
    for (unsigned i = 0; i < VMAF_CUDA_RESULT_DEPTH && !err; i++) {
        err = api->malloc_device(&r->device[i], size);
        if (!err)
            err = api->malloc_host(&r->host[i], size);
        if (!err)
            err = api->event_create(&r->ready[i]);
    }
    return err;
}

static void results_free(VmafCudaResults *r)
{
    if (!r->dev)
        return;
    const VmafCudaApi *api = r->dev->api;
    for (unsigned i = 0; i < VMAF_CUDA_RESULT_DEPTH; i++) {
        if (r->device[i])
            api->free_device(r->device[i]);
        if (r->host[i])
            api->free_host(r->host[i]);
        if (r->ready[i])
            api->event_destroy(r->ready[i]);
    }
    *r = (VmafCudaResults){0};
}

/* Device 0 of the twin's backend, for a twin used outside a context with it. */
static int probe_own_device(const VmafFeatureExtractor *fex, VmafCudaDevice *dev)
{
#if VMAF_HAVE_SYCL
    if (fex->flags & VMAF_FEATURE_EXTRACTOR_SYCL) {
        const int err = vmaf_sycl_runtime_probe(0, dev);
        if (err == -ENODEV)
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: needs a SYCL device", fex->name);
        return err;
    }
#endif
#if VMAF_HAVE_HIP
    if (fex->flags & VMAF_FEATURE_EXTRACTOR_HIP) {
        const int err = vmaf_hip_runtime_probe(0, dev);
        if (err == -ENODEV)
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: needs a HIP device", fex->name);
        return err;
    }
#endif
#if VMAF_HAVE_CUDA
    const int err = vmaf_cuda_runtime_probe(0, NULL, dev);
    if (err == -ENODEV)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: needs a CUDA device", fex->name);
    return err;
#else
    (void)dev;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: its backend is not in this build", fex->name);
    return -ENODEV;
#endif
}

int vmaf_cuda_twin_open(VmafCudaTwin *twin, const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt,
                        unsigned bpc, unsigned w, unsigned h, size_t result_size)
{
    *twin = (VmafCudaTwin){0};
    VmafCudaSharedFrame *frame = NULL;
    int err;
    if (ctx->backend) {
        err = vmaf_cuda_backend_frame(ctx->backend, pix_fmt, bpc, w, h, &frame, &twin->dev);
    } else {
        twin->dev = &twin->own_dev;
        err = probe_own_device(ctx->fex, &twin->own_dev);
    }
    if (!err)
        err = vmaf_cuda_device_bind(twin->dev);
    if (err) {
        *twin = (VmafCudaTwin){0};
        return err;
    }
    err = twin->dev->api->stream_create(&twin->stream);
    if (!err)
        err = vmaf_cuda_reader_create(&twin->reader, twin->dev, frame, pix_fmt, bpc, w, h);
    if (!err)
        err = results_init(&twin->results, twin->dev, result_size);
    if (!err)
        vmaf_cuda_graph_cache_init(&twin->graphs, twin->dev);
    vmaf_cuda_device_unbind(twin->dev);
    if (err)
        vmaf_cuda_twin_close(twin);
    return err;
}

void vmaf_cuda_twin_close(VmafCudaTwin *twin)
{
    if (twin->stream && !vmaf_cuda_device_bind(twin->dev)) {
        twin->dev->api->stream_synchronize(twin->stream);
        if (twin->graphs.dev)
            vmaf_cuda_graph_cache_free(&twin->graphs);
        results_free(&twin->results);
        for (unsigned i = 0; i < twin->buffer_cnt; i++)
            twin->dev->api->free_device(twin->buffer[i]);
        vmaf_cuda_reader_destroy(twin->reader);
        twin->dev->api->stream_destroy(twin->stream);
        vmaf_cuda_device_unbind(twin->dev);
    }
    *twin = (VmafCudaTwin){0};
}

int vmaf_cuda_twin_alloc(VmafCudaTwin *twin, void **ptr, size_t size)
{
    if (twin->buffer_cnt == sizeof(twin->buffer) / sizeof(twin->buffer[0]))
        return -ENOMEM;
    int err = twin->dev->api->malloc_device(ptr, size);
    if (!err)
        twin->buffer[twin->buffer_cnt++] = *ptr;
    return err;
}

int vmaf_cuda_twin_run(VmafCudaTwin *twin, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                       VmafCudaEnqueue enqueue, void *opaque)
{
    return vmaf_cuda_graph_run(&twin->graphs, key, enqueue, opaque, twin->stream);
}

void *vmaf_cuda_twin_result_target(const VmafCudaTwin *twin)
{
    const VmafCudaResults *r = &twin->results;
    if (!r->dev || r->cnt == VMAF_CUDA_RESULT_DEPTH)
        return NULL;
    return r->device[(r->head + r->cnt) % VMAF_CUDA_RESULT_DEPTH];
}

void *vmaf_cuda_twin_begin_frame(VmafCudaTwin *twin, const VmafPicture *ref,
                                 const VmafPicture *dist, unsigned ref_planes, unsigned dist_planes,
                                 VmafCudaPlanes *planes, int *err)
{
    void *result = vmaf_cuda_twin_result_target(twin);
    *err = result ? vmaf_cuda_reader_acquire(twin->reader, ref, dist, ref_planes, dist_planes,
                                             twin->stream, planes)
                  : -EINVAL;
    return *err ? NULL : result;
}

void vmaf_cuda_twin_yuv_key(const VmafCudaPlanes *planes, const void *result, const void *src[2][3],
                            size_t pitch[3], const void *key[VMAF_CUDA_GRAPH_KEYS])
{
    key[0] = result;
    for (unsigned p = 0; p < 3; p++) {
        src[0][p] = key[1 + 2 * p] = planes->data[0][p];
        src[1][p] = key[2 + 2 * p] = planes->data[1][p];
        pitch[p] = planes->pitch[p];
    }
    for (unsigned k = 7; k < VMAF_CUDA_GRAPH_KEYS; k++)
        key[k] = NULL;
}

int vmaf_cuda_twin_submit_result(VmafCudaTwin *twin, unsigned index)
{
    VmafCudaResults *r = &twin->results;
    if (!r->dev || r->cnt == VMAF_CUDA_RESULT_DEPTH)
        return -EINVAL;
    const unsigned i = (r->head + r->cnt) % VMAF_CUDA_RESULT_DEPTH;
    const VmafCudaApi *api = r->dev->api;
    int err = api->copy_2d_async(r->host[i], r->size, r->device[i], r->size, r->size, 1,
                                 VMAF_CUDA_DEVICE_TO_HOST, twin->stream);
    if (!err)
        err = api->event_record(r->ready[i], twin->stream);
    if (err)
        return err;
    r->index[i] = index;
    r->cnt++;
    return 0;
}

int vmaf_cuda_twin_collect_result(VmafCudaTwin *twin, const void **host, unsigned *index)
{
    VmafCudaResults *r = &twin->results;
    if (!r->cnt)
        return 0;
    const unsigned i = r->head;
    int err = vmaf_cuda_wait_event(r->dev->api, r->ready[i], vmaf_cuda_reader_stats(twin->reader));
    if (err)
        return err;
    r->head = (r->head + 1) % VMAF_CUDA_RESULT_DEPTH;
    r->cnt--;
    *host = r->host[i];
    *index = r->index[i];
    return 1;
}

unsigned vmaf_cuda_twin_pending(const VmafCudaTwin *twin)
{
    return twin->results.cnt;
}

int vmaf_cuda_twin_score(VmafCudaTwin *twin, unsigned keep, VmafCudaScoreCollected score,
                         VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    while (vmaf_cuda_twin_pending(twin) > keep) {
        const int ret = score(ctx, fc);
        if (ret <= 0)
            return ret;
    }
    return 0;
}

int vmaf_cuda_twin_finish_frame(VmafCudaTwin *twin, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                                VmafCudaEnqueue enqueue, void *opaque, unsigned index, bool named,
                                VmafCudaScoreCollected score, VmafFexContext *ctx,
                                VmafFeatureCollector *fc)
{
    int err = vmaf_cuda_twin_run(twin, key, enqueue, opaque);
    if (!err)
        err = vmaf_cuda_reader_release(twin->reader, twin->stream);
    if (!err)
        err = vmaf_cuda_twin_submit_result(twin, index);
    /* The frame before has been computed meanwhile: the host does not wait
     * for the kernels it has just queued. */
    if (!err)
        err = vmaf_cuda_twin_score(twin, named ? 1 : 0, score, ctx, fc);
    return err;
}

int vmaf_cuda_twin_flush(VmafCudaTwin *twin, VmafCudaScoreCollected score, VmafFexContext *ctx,
                         VmafFeatureCollector *fc)
{
    const int err = vmaf_cuda_twin_score(twin, 0, score, ctx, fc);
    return err ? err : 1;
}
