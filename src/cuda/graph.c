#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "graph.h"

static atomic_uint open_contexts;

void vmaf_cuda_graph_context_opened(void)
{
    atomic_fetch_add(&open_contexts, 1);
}

void vmaf_cuda_graph_context_closed(void)
{
    atomic_fetch_sub(&open_contexts, 1);
}

void vmaf_cuda_graph_cache_init(VmafCudaGraphCache *cache, const VmafCudaDevice *dev)
{
    *cache = (VmafCudaGraphCache){.dev = dev};
}

void vmaf_cuda_graph_cache_free(VmafCudaGraphCache *cache)
{
    for (unsigned i = 0; i < cache->cnt; i++)
        cache->dev->api->graph_destroy(cache->entry[i].graph);
    cache->cnt = 0;
}

static bool same_keys(const VmafCudaGraphEntry *e, const void *const key[VMAF_CUDA_GRAPH_KEYS])
{
    return !memcmp(e->key, key, sizeof(e->key));
}

/* A free entry, or the least recently used one with its graph destroyed. */
static VmafCudaGraphEntry *free_entry(VmafCudaGraphCache *cache)
{
    if (cache->cnt < VMAF_CUDA_GRAPH_CACHE)
        return &cache->entry[cache->cnt++];
    VmafCudaGraphEntry *oldest = &cache->entry[0];
    for (unsigned i = 1; i < cache->cnt; i++) {
        if (cache->entry[i].last_use < oldest->last_use)
            oldest = &cache->entry[i];
    }
    cache->dev->api->graph_destroy(oldest->graph);
    return oldest;
}

static int capture(VmafCudaGraphCache *cache, VmafCudaEnqueue enqueue, void *opaque,
                   VmafCudaStream stream, VmafCudaGraph *graph)
{
    const VmafCudaApi *api = cache->dev->api;
    int err = api->capture_begin(stream);
    if (err)
        return err;
    const int enqueued = enqueue(opaque, stream);
    /* Ended also after a failure, so that the stream leaves capture mode. */
    err = api->capture_end(stream, graph);
    if (enqueued) {
        if (!err)
            api->graph_destroy(*graph);
        return enqueued;
    }
    if (!err)
        cache->captures++;
    return err;
}

int vmaf_cuda_graph_run(VmafCudaGraphCache *cache, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                        VmafCudaEnqueue enqueue, void *opaque, VmafCudaStream stream)
{
    if (cache->dev->dispatch == VMAF_CUDA_DISPATCH_DIRECT || atomic_load(&open_contexts) > 1)
        return enqueue(opaque, stream);
    VmafCudaGraphEntry *e = NULL;
    for (unsigned i = 0; i < cache->cnt && !e; i++) {
        if (same_keys(&cache->entry[i], key))
            e = &cache->entry[i];
    }
    if (!e) {
        VmafCudaGraph graph;
        int err = capture(cache, enqueue, opaque, stream, &graph);
        if (err == -EAGAIN) {
            /* Another thread's synchronising call (the caller's decoder
             * freeing a buffer) spoilt the capture, and nothing ran: the
             * work goes on the stream as it is, a later frame captures. */
            cache->invalidated++;
            vmaf_log(VMAF_LOG_LEVEL_DEBUG, "cuda: a graph capture was invalidated; run directly");
            return enqueue(opaque, stream);
        }
        if (err)
            return err;
        e = free_entry(cache);
        memcpy(e->key, key, sizeof(e->key));
        e->graph = graph;
    }
    e->last_use = ++cache->clock;
    cache->replays++;
    return cache->dev->api->graph_launch(e->graph, stream);
}

int vmaf_cuda_dispatch_from_env(enum VmafCudaDispatch *dispatch)
{
    const char *v = getenv("VMAF_CUDA_DISPATCH");
    if (!v || !strcmp(v, "graph")) {
        *dispatch = VMAF_CUDA_DISPATCH_GRAPH;
        return 0;
    }
    if (!strcmp(v, "direct")) {
        *dispatch = VMAF_CUDA_DISPATCH_DIRECT;
        return 0;
    }
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: VMAF_CUDA_DISPATCH is \"%s\"; use graph or direct", v);
    return -EINVAL;
}
