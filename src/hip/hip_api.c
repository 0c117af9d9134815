/* VmafCudaApi over HIP's runtime, every call checked, and the module's
 * device checks: part of the HIP module (hip_module.h), built by the C
 * compiler against HIP's headers. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "cuda/cuda_check.h"
#include "hip_api.h"
#include "hip_module.h"

int vmaf_cuda_check(hipError_t err, const char *call, const char *file, int line)
{
    if (err == hipSuccess)
        return 0;
    if (err == hipErrorStreamCaptureInvalidated) {
        /* As on CUDA (cuda/cuda_runtime.c): another thread spoilt the
         * capture; the graph cache redoes the work without capturing. */
        (void)hipGetLastError();
        return -EAGAIN;
    }
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "hip: %s:%d: %s failed: %s (%s)", file, line, call,
             hipGetErrorString(err), hipGetErrorName(err));
    /* Consumed, so that the next launch check does not take it for its own. */
    (void)hipGetLastError();
    return -EIO;
}

/* HIP contexts are per device: nothing of the caller's to push (the HIP
 * state takes no context of the caller's). */
static int hip_bind(int device, void *cu_ctx)
{
    (void)cu_ctx;
    return VMAF_CUDA_CHECK(hipSetDevice(device));
}

static void hip_unbind(void *cu_ctx)
{
    (void)cu_ctx;
}

static int hip_malloc_device(void **ptr, size_t size)
{
    return VMAF_CUDA_CHECK(hipMalloc(ptr, size));
}

static void hip_free_device(void *ptr)
{
    VMAF_CUDA_CHECK(hipFree(ptr));
}

static int hip_malloc_host(void **ptr, size_t size)
{
    return VMAF_CUDA_CHECK(hipHostMalloc(ptr, size, hipHostMallocPortable));
}

static void hip_free_host(void *ptr)
{
    VMAF_CUDA_CHECK(hipHostFree(ptr));
}

static int hip_copy_2d_async(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                             size_t width, size_t height, enum VmafCudaCopyKind kind,
                             VmafCudaStream stream)
{
    static const hipMemcpyKind kinds[] = {
        [VMAF_CUDA_HOST_TO_DEVICE] = hipMemcpyHostToDevice,
        [VMAF_CUDA_DEVICE_TO_HOST] = hipMemcpyDeviceToHost,
        [VMAF_CUDA_DEVICE_TO_DEVICE] = hipMemcpyDeviceToDevice,
    };
    return VMAF_CUDA_CHECK(hipMemcpy2DAsync(dst, dst_pitch, src, src_pitch, width, height,
                                            kinds[kind], (hipStream_t)stream));
}

static int hip_stream_create(VmafCudaStream *stream)
{
    hipStream_t s;
    const int err = VMAF_CUDA_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
    if (!err)
        *stream = (VmafCudaStream)s;
    return err;
}

static void hip_stream_destroy(VmafCudaStream stream)
{
    VMAF_CUDA_CHECK(hipStreamDestroy((hipStream_t)stream));
}

static int hip_stream_synchronize(VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(hipStreamSynchronize((hipStream_t)stream));
}

static int hip_event_create(VmafCudaEvent *event)
{
    hipEvent_t e;
    const int err = VMAF_CUDA_CHECK(hipEventCreateWithFlags(&e, hipEventDisableTiming));
    if (!err)
        *event = (VmafCudaEvent)e;
    return err;
}

static void hip_event_destroy(VmafCudaEvent event)
{
    VMAF_CUDA_CHECK(hipEventDestroy((hipEvent_t)event));
}

static int hip_event_record(VmafCudaEvent event, VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(hipEventRecord((hipEvent_t)event, (hipStream_t)stream));
}

static int hip_event_done(VmafCudaEvent event)
{
    const hipError_t err = hipEventQuery((hipEvent_t)event);
    if (err == hipErrorNotReady) {
        (void)hipGetLastError();
        return 0;
    }
    return err == hipSuccess ? 1 : vmaf_cuda_check(err, "hipEventQuery", __FILE__, __LINE__);
}

static int hip_event_synchronize(VmafCudaEvent event)
{
    return VMAF_CUDA_CHECK(hipEventSynchronize((hipEvent_t)event));
}

static int hip_stream_wait_event(VmafCudaStream stream, VmafCudaEvent event)
{
    return VMAF_CUDA_CHECK(hipStreamWaitEvent((hipStream_t)stream, (hipEvent_t)event, 0));
}

static int hip_capture_begin(VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(
        hipStreamBeginCapture((hipStream_t)stream, hipStreamCaptureModeThreadLocal));
}

static int hip_capture_end(VmafCudaStream stream, VmafCudaGraph *graph)
{
    hipGraph_t g = NULL;
    int err = VMAF_CUDA_CHECK(hipStreamEndCapture((hipStream_t)stream, &g));
    hipGraphExec_t exec;
    if (!err)
        err = VMAF_CUDA_CHECK(hipGraphInstantiate(&exec, g, NULL, NULL, 0));
    if (g)
        VMAF_CUDA_CHECK(hipGraphDestroy(g));
    if (!err)
        *graph = (VmafCudaGraph)exec;
    return err;
}

static int hip_graph_launch(VmafCudaGraph graph, VmafCudaStream stream)
{
    return VMAF_CUDA_CHECK(hipGraphLaunch((hipGraphExec_t)graph, (hipStream_t)stream));
}

static void hip_graph_destroy(VmafCudaGraph graph)
{
    VMAF_CUDA_CHECK(hipGraphExecDestroy((hipGraphExec_t)graph));
}

const VmafCudaApi vmaf_hip_api = {
    .bind = hip_bind,
    .unbind = hip_unbind,
    .malloc_device = hip_malloc_device,
    .free_device = hip_free_device,
    .malloc_host = hip_malloc_host,
    .free_host = hip_free_host,
    .copy_2d_async = hip_copy_2d_async,
    .stream_create = hip_stream_create,
    .stream_destroy = hip_stream_destroy,
    .stream_synchronize = hip_stream_synchronize,
    .event_create = hip_event_create,
    .event_destroy = hip_event_destroy,
    .event_record = hip_event_record,
    .event_done = hip_event_done,
    .event_synchronize = hip_event_synchronize,
    .stream_wait_event = hip_stream_wait_event,
    .capture_begin = hip_capture_begin,
    .capture_end = hip_capture_end,
    .graph_launch = hip_graph_launch,
    .graph_destroy = hip_graph_destroy,
};

int vmaf_hip_probe(int device)
{
    int count = 0;
    const hipError_t found = hipGetDeviceCount(&count);
    if (found != hipSuccess || !count) {
        (void)hipGetLastError();
        vmaf_log(VMAF_LOG_LEVEL_INFO, "hip: no usable device (%s)",
                 found != hipSuccess ? hipGetErrorString(found) : "none found");
        return -ENODEV;
    }
    if (device < 0 || device >= count) {
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "hip: no usable device (there is no device %d; %d found)",
                 device, count);
        return -ENODEV;
    }
    hipDeviceProp_t prop;
    const int err = VMAF_CUDA_CHECK(hipGetDeviceProperties(&prop, device));
    if (err)
        return err;
    if (!vmaf_hip_arch_built(prop.gcnArchName, VMAF_HIP_ARCHS)) {
        vmaf_log(VMAF_LOG_LEVEL_INFO,
                 "hip: no usable device (device %d, %s, is %s; the kernels are built for %s: "
                 "VMAF_HIP_ARCHS, docs/hip.md)",
                 device, prop.name, prop.gcnArchName, VMAF_HIP_ARCHS);
        return -ENODEV;
    }
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "hip: device %d: %s, %s", device, prop.name, prop.gcnArchName);
    return 0;
}

void vmaf_hip_device_name(int device, char *buf, size_t size)
{
    hipDeviceProp_t prop;
    if (hipGetDeviceProperties(&prop, device) != hipSuccess) {
        (void)hipGetLastError();
        snprintf(buf, size, "HIP device %d", device);
        return;
    }
    snprintf(buf, size, "%s (%s)", prop.name, prop.gcnArchName);
}
