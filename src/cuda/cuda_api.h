/* The few CUDA runtime calls the backend's host code makes, as a table of
 * function pointers. The shared frame and the twins' host code call the
 * device only through it, so they compile as plain C and a test can put a
 * counting stub in its place (tests/unit/test_shared_frame.c). The table over
 * the real runtime is vmaf_cuda_runtime_api (cuda_runtime.c). Every function
 * returns 0 or a negative errno: a failed CUDA call is logged with file and
 * line and returns -EIO. */
#ifndef VMAF_CUDA_CUDA_API_H
#define VMAF_CUDA_CUDA_API_H

#include <stddef.h>

/* cudaStream_t and cudaEvent_t, without the runtime's headers. */
typedef struct VmafCudaStreamObject *VmafCudaStream;
typedef struct VmafCudaEventObject *VmafCudaEvent;
/* cudaGraphExec_t: captured work, launched as one. */
typedef struct VmafCudaGraphObject *VmafCudaGraph;

/* The legacy default stream of the current context (cudaStreamLegacy), where
 * a caller's synchronous copies (cuMemcpy2D) are ordered. */
#define VMAF_CUDA_STREAM_LEGACY ((VmafCudaStream)0x1)

enum VmafCudaCopyKind {
    VMAF_CUDA_HOST_TO_DEVICE,
    VMAF_CUDA_DEVICE_TO_HOST,
    VMAF_CUDA_DEVICE_TO_DEVICE,
};

typedef struct VmafCudaApi {
    /* Makes cu_ctx (a CUcontext the caller owns) current on the calling
     * thread by pushing it, or, when it is NULL, the device's primary
     * context. Every successful bind() is paired with an unbind(), which
     * pops cu_ctx, so that the caller's thread gets its own context back. */
    int (*bind)(int device, void *cu_ctx);
    void (*unbind)(void *cu_ctx);
    int (*malloc_device)(void **ptr, size_t size);
    void (*free_device)(void *ptr);
    /* Page-locked host memory, usable by every device. */
    int (*malloc_host)(void **ptr, size_t size);
    void (*free_host)(void *ptr);
    /* height rows of width bytes, ordered on stream. */
    int (*copy_2d_async)(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                         size_t width, size_t height, enum VmafCudaCopyKind kind,
                         VmafCudaStream stream);
    /* A stream that does not synchronise with the legacy default stream. */
    int (*stream_create)(VmafCudaStream *stream);
    void (*stream_destroy)(VmafCudaStream stream);
    int (*stream_synchronize)(VmafCudaStream stream);
    /* An event without timing. */
    int (*event_create)(VmafCudaEvent *event);
    void (*event_destroy)(VmafCudaEvent event);
    int (*event_record)(VmafCudaEvent event, VmafCudaStream stream);
    /* 1 when the work captured by the last record has completed (or the event
     * was never recorded), 0 while it runs, or a negative errno. */
    int (*event_done)(VmafCudaEvent event);
    int (*event_synchronize)(VmafCudaEvent event);
    /* Later work on stream waits, on the device, for the event's last record. */
    int (*stream_wait_event)(VmafCudaStream stream, VmafCudaEvent event);
    /* Work put on stream between the two is recorded, not run, and
     * instantiated into *graph; only this thread's calls are affected. */
    int (*capture_begin)(VmafCudaStream stream);
    int (*capture_end)(VmafCudaStream stream, VmafCudaGraph *graph);
    int (*graph_launch)(VmafCudaGraph graph, VmafCudaStream stream);
    void (*graph_destroy)(VmafCudaGraph graph);
} VmafCudaApi;

/* How a twin puts its per-frame work on its stream (graph.h). */
enum VmafCudaDispatch {
    VMAF_CUDA_DISPATCH_GRAPH,  /* captured once per set of buffers, replayed */
    VMAF_CUDA_DISPATCH_DIRECT, /* every launch every frame */
};

/* A device as the backend's host code sees it: the table and what to bind. */
typedef struct VmafCudaDevice {
    const VmafCudaApi *api;
    int index;
    void *cu_ctx; /* CUcontext given by the caller, or NULL for the device's primary one */
    enum VmafCudaDispatch dispatch;
} VmafCudaDevice;

static inline int vmaf_cuda_device_bind(const VmafCudaDevice *dev)
{
    return dev->api->bind(dev->index, dev->cu_ctx);
}

static inline void vmaf_cuda_device_unbind(const VmafCudaDevice *dev)
{
    dev->api->unbind(dev->cu_ctx);
}

/* Builds with CUDA only (cuda_runtime.c). */
extern const VmafCudaApi vmaf_cuda_runtime_api;

/* A device that can run the backend's kernels: device, or the device of
 * cu_ctx when it is set. Without a driver, a device or a recent enough one,
 * logs why in one line and returns -ENODEV. */
int vmaf_cuda_runtime_probe(int device, void *cu_ctx, VmafCudaDevice *dev);

#endif
