/* VmafCudaApi over the CUDA runtime, every call checked. */
#include <errno.h>
#include <pthread.h>

#include "core/log.h"
#include "cuda_api.h"
#include "cuda_check.h"
#include "graph.h"

/* The oldest architecture the kernels are built for (CMAKE_CUDA_ARCHITECTURES). */
enum { MIN_COMPUTE_CAPABILITY = 75 };

int vmaf_cuda_check(cudaError_t err, const char *call, const char *file, int line)
{
    if (err == cudaSuccess)
        return 0;
    if (err == cudaErrorStreamCaptureInvalidated) {
        /* Not this call's fault: a capture that another thread spoilt,
         * which the graph cache redoes without capturing. */
        (void)cudaGetLastError();
        return -EAGAIN;
    }
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: %s:%d: %s failed: %s (%s)", file, line, call,
             cudaGetErrorString(err), cudaGetErrorName(err));
    /* A failed call also leaves its error as the thread's last error, where
     * the next launch check (another twin's, another context's) would take
     * it for its own: reported now, it is consumed. */
    (void)cudaGetLastError();
    return -EIO;
}

/* cuCtxPushCurrent and cuCtxPopCurrent, from the driver the runtime loaded:
 * binding a context the caller created needs no link against libcuda. */
typedef int (*CtxPushFn)(void *cu_ctx);
typedef int (*CtxPopFn)(void **cu_ctx);
static CtxPushFn ctx_push;
static CtxPopFn ctx_pop;
static pthread_once_t ctx_fns_once = PTHREAD_ONCE_INIT;

static void *driver_entry_point(const char *name)
{
    void *fn = NULL;
    enum cudaDriverEntryPointQueryResult status;
#if CUDART_VERSION >= 12050
    cudaError_t err = cudaGetDriverEntryPointByVersion(name, &fn, 4000, cudaEnableDefault, &status);
#else
    cudaError_t err = cudaGetDriverEntryPoint(name, &fn, cudaEnableDefault, &status);
#endif
    return err == cudaSuccess && status == cudaDriverEntryPointSuccess ? fn : NULL;
}

static void resolve_ctx_fns(void)
{
    ctx_push = (CtxPushFn)driver_entry_point("cuCtxPushCurrent");
    ctx_pop = (CtxPopFn)driver_entry_point("cuCtxPopCurrent");
}

static int rt_bind(int device, void *cu_ctx)
{
    if (!cu_ctx)
        return VMAF_CUDA_CHECK(cudaSetDevice(device));
    pthread_once(&ctx_fns_once, resolve_ctx_fns);
    if (!ctx_push || !ctx_pop) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: the driver does not provide cuCtxPushCurrent");
        return -ENOSYS;
    }
    const int res = ctx_push(cu_ctx);
    if (res) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: cuCtxPushCurrent failed (CUresult %d)", res);
        return -EIO;
    }
    return 0;
}

static void rt_unbind(void *cu_ctx)
{
    if (!cu_ctx)
        return;
    void *popped = NULL;
    const int res = ctx_pop(&popped);
    if (res || popped != cu_ctx)
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cuda: cuCtxPopCurrent failed (CUresult %d) or popped another context", res);
}

static int rt_malloc_device(void **ptr, size_t size)
{
    return VMAF_CUDA_CHECK(cudaMalloc(ptr, size));
}

static void rt_free_device(void *ptr)
{
    VMAF_CUDA_CHECK(cudaFree(ptr));
}

static int rt_malloc_host(void **ptr, size_t size)
{
    return VMAF_CUDA_CHECK(cudaHostAlloc(ptr, size, cudaHostAllocPortable));
}

static void rt_free_host(void *ptr)
{
    VMAF_CUDA_CHECK(cudaFreeHost(ptr));
}

static int rt_copy_2d_async(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                            size_t width, size_t height, enum VmafCudaCopyKind kind,
                            VmafCudaStream stream)
{
    static const enum cudaMemcpyKind kinds[] = {
        [VMAF_CUDA_HOST_TO_DEVICE] = cudaMemcpyHostToDevice,
        [VMAF_CUDA_DEVICE_TO_HOST] = cudaMemcpyDeviceToHost,
        [VMAF_CUDA_DEVICE_TO_DEVICE] = cudaMemcpyDeviceToDevice,
    };
    return VMAF_CUDA_CHECK(cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, width, height,
                                             kinds[kind], (cudaStream_t)stream));
}

static int rt_stream_create(VmafCudaStream *stream)
{
    cudaStream_t s;
    int err = VMAF_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    if (!err)
        *stream = (VmafCudaStream)s;
    return err;
}

static void rt_stream_destroy(VmafCudaStream stream)
{
    VMAF_CUDA_CHECK(cudaStreamDestroy((cudaStream_t)stream));
}

static int rt_stream_synchronize(VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(cudaStreamSynchronize((cudaStream_t)stream));
}

static int rt_event_create(VmafCudaEvent *event)
{
    cudaEvent_t e;
    int err = VMAF_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    if (!err)
        *event = (VmafCudaEvent)e;
    return err;
}

static void rt_event_destroy(VmafCudaEvent event)
{
    VMAF_CUDA_CHECK(cudaEventDestroy((cudaEvent_t)event));
}

static int rt_event_record(VmafCudaEvent event, VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(cudaEventRecord((cudaEvent_t)event, (cudaStream_t)stream));
}

static int rt_event_done(VmafCudaEvent event)
{
    const cudaError_t err = cudaEventQuery((cudaEvent_t)event);
    if (err == cudaErrorNotReady) {
        /* Not an error: keep it from being taken for a launch failure later. */
        (void)cudaGetLastError();
        return 0;
    }
    return err == cudaSuccess ? 1 : vmaf_cuda_check(err, "cudaEventQuery", __FILE__, __LINE__);
}

static int rt_event_synchronize(VmafCudaEvent event)
{
    return VMAF_CUDA_CHECK(cudaEventSynchronize((cudaEvent_t)event));
}

static int rt_stream_wait_event(VmafCudaStream stream, VmafCudaEvent event)
{
    return VMAF_CUDA_CHECK(cudaStreamWaitEvent((cudaStream_t)stream, (cudaEvent_t)event, 0));
}

static int rt_capture_begin(VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(
        cudaStreamBeginCapture((cudaStream_t)stream, cudaStreamCaptureModeThreadLocal));
}

static int rt_capture_end(VmafCudaStream stream, VmafCudaGraph *graph)
{
    cudaGraph_t g = NULL;
    int err = VMAF_CUDA_CHECK(cudaStreamEndCapture((cudaStream_t)stream, &g));
    cudaGraphExec_t exec;
    if (!err)
        err = VMAF_CUDA_CHECK(cudaGraphInstantiate(&exec, g, 0));
    if (g)
        VMAF_CUDA_CHECK(cudaGraphDestroy(g));
    if (!err)
        *graph = (VmafCudaGraph)exec;
    return err;
}

static int rt_graph_launch(VmafCudaGraph graph, VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(cudaGraphLaunch((cudaGraphExec_t)graph, (cudaStream_t)stream));
}

/* A graph still running is freed when it completes. */
static void rt_graph_destroy(VmafCudaGraph graph)
{
    VMAF_CUDA_CHECK(cudaGraphExecDestroy((cudaGraphExec_t)graph));
}

const VmafCudaApi vmaf_cuda_runtime_api = {
    .bind = rt_bind,
    .unbind = rt_unbind,
    .malloc_device = rt_malloc_device,
    .free_device = rt_free_device,
    .malloc_host = rt_malloc_host,
    .free_host = rt_free_host,
    .copy_2d_async = rt_copy_2d_async,
    .stream_create = rt_stream_create,
    .stream_destroy = rt_stream_destroy,
    .stream_synchronize = rt_stream_synchronize,
    .event_create = rt_event_create,
    .event_destroy = rt_event_destroy,
    .event_record = rt_event_record,
    .event_done = rt_event_done,
    .event_synchronize = rt_event_synchronize,
    .stream_wait_event = rt_stream_wait_event,
    .capture_begin = rt_capture_begin,
    .capture_end = rt_capture_end,
    .graph_launch = rt_graph_launch,
    .graph_destroy = rt_graph_destroy,
};

static const char *no_device_reason(cudaError_t err)
{
    if (err == cudaErrorInsufficientDriver)
        return "no CUDA driver, or one older than this build's runtime";
    return cudaGetErrorString(err);
}

int vmaf_cuda_runtime_probe(int device, void *cu_ctx, VmafCudaDevice *dev)
{
    int count = 0;
    const cudaError_t found = cudaGetDeviceCount(&count);
    if (found != cudaSuccess || !count) {
        (void)cudaGetLastError();
        vmaf_log(VMAF_LOG_LEVEL_INFO, "cuda: no usable device (%s)",
                 found != cudaSuccess ? no_device_reason(found) : "none found");
        return -ENODEV;
    }
    if (cu_ctx) {
        int err = rt_bind(0, cu_ctx);
        if (err)
            return err;
        err = VMAF_CUDA_CHECK(cudaGetDevice(&device));
        rt_unbind(cu_ctx);
        if (err)
            return err;
    } else if (device < 0 || device >= count) {
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "cuda: no usable device (there is no device %d; %d found)",
                 device, count);
        return -ENODEV;
    }
    struct cudaDeviceProp prop;
    int err = VMAF_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    if (err)
        return err;
    if (prop.major * 10 + prop.minor < MIN_COMPUTE_CAPABILITY) {
        vmaf_log(VMAF_LOG_LEVEL_INFO,
                 "cuda: no usable device (device %d, %s, has compute capability %d.%d; the "
                 "kernels need %d.%d or later)",
                 device, prop.name, prop.major, prop.minor, MIN_COMPUTE_CAPABILITY / 10,
                 MIN_COMPUTE_CAPABILITY % 10);
        return -ENODEV;
    }
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "cuda: device %d: %s, compute capability %d.%d", device,
             prop.name, prop.major, prop.minor);
    enum VmafCudaDispatch dispatch;
    err = vmaf_cuda_dispatch_from_env(&dispatch);
    if (err)
        return err;
    *dev = (VmafCudaDevice){
        .api = &vmaf_cuda_runtime_api, .index = device, .cu_ctx = cu_ctx, .dispatch = dispatch};
    return 0;
}
