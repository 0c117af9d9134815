/* The graph cache of the CUDA twins (src/cuda/graph.c) on a stub of the
 * device table: capture once per key set, replay after, direct dispatch,
 * eviction, failure inside a capture, a capture another thread spoilt,
 * several contexts open at once, and the VMAF_CUDA_DISPATCH setting. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "cuda/graph.h"
#include "test.h"

static struct {
    int capturing;
    unsigned begins, ends, launches, created, destroyed;
    unsigned enqueued, enqueued_while_capturing;
    uintptr_t next_graph;
} stub;

static int stub_capture_begin(VmafCudaStream stream)
{
    (void)stream;
    CHECK(!stub.capturing);
    stub.capturing = 1;
    stub.begins++;
    return 0;
}

static int stub_capture_end(VmafCudaStream stream, VmafCudaGraph *graph)
{
    (void)stream;
    CHECK(stub.capturing);
    stub.capturing = 0;
    stub.ends++;
    stub.created++;
    *graph = (VmafCudaGraph)++stub.next_graph;
    return 0;
}

static int stub_graph_launch(VmafCudaGraph graph, VmafCudaStream stream)
{
    (void)stream;
    CHECK(!stub.capturing);
    CHECK(graph != NULL);
    stub.launches++;
    return 0;
}

static void stub_graph_destroy(VmafCudaGraph graph)
{
    CHECK(graph != NULL);
    stub.destroyed++;
}

static const VmafCudaApi stub_api = {
    .capture_begin = stub_capture_begin,
    .capture_end = stub_capture_end,
    .graph_launch = stub_graph_launch,
    .graph_destroy = stub_graph_destroy,
};

static int enqueue_ok(void *opaque, VmafCudaStream stream)
{
    (void)opaque;
    (void)stream;
    stub.enqueued++;
    stub.enqueued_while_capturing += stub.capturing;
    return 0;
}

static int enqueue_fails(void *opaque, VmafCudaStream stream)
{
    (void)opaque;
    (void)stream;
    return -EIO;
}

/* As a launch reports a capture that another thread's synchronising call
 * invalidated (vmaf_cuda_check() gives -EAGAIN); outside a capture it runs. */
static int enqueue_spoilt_when_capturing(void *opaque, VmafCudaStream stream)
{
    (void)opaque;
    (void)stream;
    if (stub.capturing)
        return -EAGAIN;
    stub.enqueued++;
    return 0;
}

static void reset(void)
{
    stub = (__typeof__(stub)){0};
}

/* Key set i: two buffers, as a twin passes a slot's plane and a result. */
static void keys(const void *key[VMAF_CUDA_GRAPH_KEYS], unsigned i)
{
    static char buffers[2 * (VMAF_CUDA_GRAPH_CACHE + 2)];
    for (unsigned k = 0; k < VMAF_CUDA_GRAPH_KEYS; k++)
        key[k] = NULL;
    key[0] = &buffers[2 * i];
    key[1] = &buffers[2 * i + 1];
}

static void test_capture_once_per_key_set(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_GRAPH};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    /* Two slots alternating over 10 frames. */
    for (unsigned frame = 0; frame < 10; frame++) {
        keys(key, frame % 2);
        CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    }
    CHECK_EQ_INT(stub.begins, 2);
    CHECK_EQ_INT(stub.enqueued, 2);
    CHECK_EQ_INT(stub.enqueued_while_capturing, 2);
    CHECK_EQ_INT(stub.launches, 10);
    CHECK_EQ_INT(cache.captures, 2);
    CHECK_EQ_INT(cache.replays, 10);
    vmaf_cuda_graph_cache_free(&cache);
    CHECK_EQ_INT(stub.destroyed, stub.created);
}

static void test_direct_dispatch(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_DIRECT};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    keys(key, 0);
    for (unsigned frame = 0; frame < 5; frame++)
        CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.enqueued, 5);
    CHECK_EQ_INT(stub.enqueued_while_capturing, 0);
    CHECK_EQ_INT(stub.begins + stub.launches, 0);
    vmaf_cuda_graph_cache_free(&cache);
}

static void test_evicts_least_recently_used(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_GRAPH};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    for (unsigned i = 0; i < VMAF_CUDA_GRAPH_CACHE; i++) {
        keys(key, i);
        CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    }
    /* Key set 0 used again: key set 1 is now the oldest. */
    keys(key, 0);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    keys(key, VMAF_CUDA_GRAPH_CACHE);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.destroyed, 1);
    CHECK_EQ_INT(cache.cnt, VMAF_CUDA_GRAPH_CACHE);
    const unsigned captured = stub.begins;
    keys(key, 0);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.begins, captured);
    keys(key, 1);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.begins, captured + 1);
    vmaf_cuda_graph_cache_free(&cache);
    CHECK_EQ_INT(stub.destroyed, stub.created);
}

static void test_failure_inside_capture(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_GRAPH};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    keys(key, 0);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_fails, NULL, NULL), -EIO);
    /* The capture was ended, its graph dropped, nothing cached or launched. */
    CHECK_EQ_INT(stub.capturing, 0);
    CHECK_EQ_INT(stub.destroyed, stub.created);
    CHECK_EQ_INT(stub.launches, 0);
    CHECK_EQ_INT(cache.cnt, 0);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.launches, 1);
    vmaf_cuda_graph_cache_free(&cache);
}

static void test_spoilt_capture_runs_directly(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_GRAPH};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    keys(key, 0);
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_spoilt_when_capturing, NULL, NULL), 0);
    /* The work ran once, outside the capture; nothing cached or launched. */
    CHECK_EQ_INT(stub.enqueued, 1);
    CHECK_EQ_INT(stub.capturing, 0);
    CHECK_EQ_INT(stub.launches, 0);
    CHECK_EQ_INT(cache.cnt, 0);
    CHECK_EQ_INT(cache.invalidated, 1);
    /* The next frame captures again. */
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(cache.captures, 1);
    CHECK_EQ_INT(stub.launches, 1);
    vmaf_cuda_graph_cache_free(&cache);
    CHECK_EQ_INT(stub.destroyed, stub.created);
}

static void test_several_contexts_run_directly(void)
{
    reset();
    const VmafCudaDevice dev = {.api = &stub_api, .dispatch = VMAF_CUDA_DISPATCH_GRAPH};
    VmafCudaGraphCache cache;
    vmaf_cuda_graph_cache_init(&cache, &dev);
    const void *key[VMAF_CUDA_GRAPH_KEYS];
    keys(key, 0);
    vmaf_cuda_graph_context_opened();
    vmaf_cuda_graph_context_opened();
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.enqueued_while_capturing + stub.begins + stub.launches, 0);
    CHECK_EQ_INT(stub.enqueued, 1);
    vmaf_cuda_graph_context_closed();
    CHECK_EQ_INT(vmaf_cuda_graph_run(&cache, key, enqueue_ok, NULL, NULL), 0);
    CHECK_EQ_INT(stub.begins, 1);
    CHECK_EQ_INT(stub.launches, 1);
    vmaf_cuda_graph_context_closed();
    vmaf_cuda_graph_cache_free(&cache);
}

static void test_dispatch_from_env(void)
{
    enum VmafCudaDispatch d = VMAF_CUDA_DISPATCH_DIRECT;
    unsetenv("VMAF_CUDA_DISPATCH");
    CHECK_EQ_INT(vmaf_cuda_dispatch_from_env(&d), 0);
    CHECK_EQ_INT(d, VMAF_CUDA_DISPATCH_GRAPH);
    setenv("VMAF_CUDA_DISPATCH", "direct", 1);
    CHECK_EQ_INT(vmaf_cuda_dispatch_from_env(&d), 0);
    CHECK_EQ_INT(d, VMAF_CUDA_DISPATCH_DIRECT);
    setenv("VMAF_CUDA_DISPATCH", "graph", 1);
    CHECK_EQ_INT(vmaf_cuda_dispatch_from_env(&d), 0);
    CHECK_EQ_INT(d, VMAF_CUDA_DISPATCH_GRAPH);
    setenv("VMAF_CUDA_DISPATCH", "graphs", 1);
    CHECK_EQ_INT(vmaf_cuda_dispatch_from_env(&d), -EINVAL);
    unsetenv("VMAF_CUDA_DISPATCH");
}

TEST_MAIN("cuda_graph", {"capture_once_per_key_set", test_capture_once_per_key_set},
          {"direct_dispatch", test_direct_dispatch},
          {"evicts_least_recently_used", test_evicts_least_recently_used},
          {"failure_inside_capture", test_failure_inside_capture},
          {"spoilt_capture_runs_directly", test_spoilt_capture_runs_directly},
          {"several_contexts_run_directly", test_several_contexts_run_directly},
          {"dispatch_from_env", test_dispatch_from_env})
