/* The worker threads of --batch and --chunks. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "cli_parse.h"
#include "workers.h"

typedef struct Pool {
    unsigned cnt;
    bool stop_on_failure;
    WorkerJob job;
    void *opaque;
    pthread_mutex_t lock; /* what follows */
    pthread_cond_t finished;
    unsigned next, running;
    int status;
} Pool;

typedef struct Worker {
    Pool *pool;
    unsigned index;
} Worker;

static void *work(void *arg)
{
    const Worker *w = arg;
    Pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    while (p->next < p->cnt && !(p->stop_on_failure && p->status)) {
        const unsigned job = p->next++;
        pthread_mutex_unlock(&p->lock);
        const int ret = p->job(p->opaque, job, w->index);
        pthread_mutex_lock(&p->lock);
        if (ret && !p->status)
            p->status = ret;
    }
    if (!--p->running)
        pthread_cond_signal(&p->finished);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Ticks until the workers are done. */
static void watch(Pool *p, WorkerTick tick, unsigned tick_ms, void *opaque)
{
    pthread_mutex_lock(&p->lock);
    while (p->running) {
        pthread_mutex_unlock(&p->lock);
        if (tick)
            tick(opaque);
        pthread_mutex_lock(&p->lock);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)tick_ms * 1000000L;
        until.tv_sec += until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        if (p->running)
            pthread_cond_timedwait(&p->finished, &p->lock, &until);
    }
    pthread_mutex_unlock(&p->lock);
}

int workers_run(unsigned cnt, unsigned workers, bool stop_on_failure, WorkerJob job,
                WorkerTick tick, unsigned tick_ms, void *opaque)
{
    Pool p = {.cnt = cnt, .stop_on_failure = stop_on_failure, .job = job, .opaque = opaque};
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.finished, NULL);
    if (workers > cnt)
        workers = cnt;
    if (workers > CLI_MAX_JOBS)
        workers = CLI_MAX_JOBS;
    pthread_t thread[CLI_MAX_JOBS];
    Worker worker[CLI_MAX_JOBS];
    unsigned started = 0;
    p.running = workers;
    for (; started < workers; started++) {
        worker[started] = (Worker){&p, started};
        if (pthread_create(&thread[started], NULL, work, &worker[started]))
            break;
    }
    pthread_mutex_lock(&p.lock);
    p.running -= workers - started;
    pthread_mutex_unlock(&p.lock);
    if (!started && cnt) {
        /* No thread: the jobs run here, one after another. */
        p.running = 1;
        worker[0] = (Worker){&p, 0};
        work(&worker[0]);
    }
    watch(&p, tick, tick_ms, opaque);
    for (unsigned i = 0; i < started; i++)
        pthread_join(thread[i], NULL);
    pthread_cond_destroy(&p.finished);
    pthread_mutex_destroy(&p.lock);
    return p.status;
}
