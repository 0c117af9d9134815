/* A few threads taking jobs 0, 1, 2, ... in turn, each the next one when
 * done with the last, while the calling thread redraws a progress line:
 * what --batch's pairs and --chunks' chunks are scored by. */
#ifndef VMAF_TOOLS_WORKERS_H
#define VMAF_TOOLS_WORKERS_H

#include <stdbool.h>

/* Runs job `job` on worker `worker` (0 .. workers - 1): 0 or a non-zero
 * status, reported by the job itself. */
typedef int (*WorkerJob)(void *opaque, unsigned job, unsigned worker);

/* Called on the calling thread at the start and every tick_ms while jobs
 * run; may be NULL. */
typedef void (*WorkerTick)(void *opaque);

/* Runs jobs 0 .. cnt - 1 on at most `workers` threads (jobs on the calling
 * thread, one after another, when none can be started). With
 * stop_on_failure no job starts after one failed. Returns 0, or the first
 * non-zero status a job returned. */
int workers_run(unsigned cnt, unsigned workers, bool stop_on_failure, WorkerJob job,
                WorkerTick tick, unsigned tick_ms, void *opaque);

#endif
