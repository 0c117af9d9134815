/* A fixed pool of worker threads running jobs in FIFO order. Each worker
 * has a data slot of its own (the context keeps per-worker extractor
 * instances there). enqueue blocks while n_threads jobs are already queued,
 * so a fast reader cannot run ahead and hold every picture. */
#ifndef VMAF_CORE_THREAD_POOL_H
#define VMAF_CORE_THREAD_POOL_H

typedef struct VmafThreadPool VmafThreadPool;

typedef void (*VmafThreadPoolJob)(void *arg, void **worker_data);

int vmaf_thread_pool_create(VmafThreadPool **pool, unsigned n_threads);
/* arg is copied (arg_size bytes) and owned by the pool until the job ran. */
int vmaf_thread_pool_enqueue(VmafThreadPool *pool, VmafThreadPoolJob fn, const void *arg,
                             unsigned arg_size);
/* Returns once the queue is empty and every worker idle. */
void vmaf_thread_pool_wait(VmafThreadPool *pool);
/* Waits, stops the workers and calls free_data on each worker's slot. */
void vmaf_thread_pool_destroy(VmafThreadPool *pool, void (*free_data)(void *data));

#endif
