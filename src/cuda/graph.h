/* A twin's per-frame work as a CUDA graph: the work is an enqueue function,
 * captured once for each set of keys (the buffers that change from frame to
 * frame: a shared-frame slot's planes, a result buffer) and then replayed with
 * one launch a frame instead of one per kernel. The function must put the
 * same work on the stream whenever it is given the same keys, and make no
 * host-synchronous call. With VMAF_CUDA_DISPATCH_DIRECT (the device's
 * dispatch), it is called on the stream every frame. */
#ifndef VMAF_CUDA_GRAPH_H
#define VMAF_CUDA_GRAPH_H

#include <stdint.h>

#include "cuda_api.h"

enum { VMAF_CUDA_GRAPH_KEYS = 8, VMAF_CUDA_GRAPH_CACHE = 8 };

typedef int (*VmafCudaEnqueue)(void *opaque, VmafCudaStream stream);

typedef struct VmafCudaGraphEntry {
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    VmafCudaGraph graph;
    uint64_t last_use;
} VmafCudaGraphEntry;

typedef struct VmafCudaGraphCache {
    const VmafCudaDevice *dev;
    VmafCudaGraphEntry entry[VMAF_CUDA_GRAPH_CACHE];
    unsigned cnt;
    uint64_t clock;
    uint64_t captures, replays;
    uint64_t invalidated; /* captures another thread's call spoilt: the work ran directly */
} VmafCudaGraphCache;

/* Contexts of the process with the CUDA backend, counted as they open and
 * close: while more than one is open their twins put their work on the
 * stream directly rather than capture graphs, because a synchronising call
 * on the device (a free, as a context closes) invalidates every capture on
 * it, in any thread and whatever its capture mode. */
void vmaf_cuda_graph_context_opened(void);
void vmaf_cuda_graph_context_closed(void);

void vmaf_cuda_graph_cache_init(VmafCudaGraphCache *cache, const VmafCudaDevice *dev);
/* Destroys the graphs; the streams they were launched on must be idle. */
void vmaf_cuda_graph_cache_free(VmafCudaGraphCache *cache);

/* Puts the work of enqueue(opaque) for these keys (unused ones NULL) on
 * stream: replayed, captured first, or called directly. With more key sets
 * than VMAF_CUDA_GRAPH_CACHE the least recently used graph is replaced. */
int vmaf_cuda_graph_run(VmafCudaGraphCache *cache, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                        VmafCudaEnqueue enqueue, void *opaque, VmafCudaStream stream);

/* VMAF_CUDA_DISPATCH from the environment: "graph" or "direct"; unset is
 * graph. -EINVAL, logged, for anything else. */
int vmaf_cuda_dispatch_from_env(enum VmafCudaDispatch *dispatch);

#endif
