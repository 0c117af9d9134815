#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "thread_pool.h"

typedef struct Job {
    VmafThreadPoolJob fn;
    struct Job *next;
    unsigned char arg[];
} Job;

typedef struct Worker {
    VmafThreadPool *pool;
    pthread_t thread;
    void *data;
} Worker;

struct VmafThreadPool {
    pthread_mutex_t lock;
    pthread_cond_t work, space, idle;
    Job *head, *tail;
    unsigned depth, busy, n_threads, started;
    bool stop;
    Worker *worker;
};

static void *worker_main(void *arg)
{
    Worker *w = arg;
    VmafThreadPool *pool = w->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->head && !pool->stop)
            pthread_cond_wait(&pool->work, &pool->lock);
        if (!pool->head)
            break;
        Job *job = pool->head;
        pool->head = job->next;
        if (!pool->head)
            pool->tail = NULL;
        pool->depth--;
        pool->busy++;
        pthread_cond_signal(&pool->space);
        pthread_mutex_unlock(&pool->lock);

        job->fn(job->arg, &w->data);
        free(job);

        pthread_mutex_lock(&pool->lock);
        pool->busy--;
        if (!pool->head && !pool->busy)
            pthread_cond_broadcast(&pool->idle);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

int vmaf_thread_pool_create(VmafThreadPool **pool, unsigned n_threads)
{
    if (!pool || !n_threads)
        return -EINVAL;
    VmafThreadPool *p = calloc(1, sizeof(*p));
    if (!p)
        return -ENOMEM;
    p->worker = calloc(n_threads, sizeof(*p->worker));
    if (!p->worker) {
        free(p);
        return -ENOMEM;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->space, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->n_threads = n_threads;
    for (unsigned i = 0; i < n_threads; i++) {
        p->worker[i].pool = p;
        if (pthread_create(&p->worker[i].thread, NULL, worker_main, &p->worker[i])) {
            vmaf_thread_pool_destroy(p, NULL);
            return -ENOMEM;
        }
        p->started++;
    }
    *pool = p;
    return 0;
}

int vmaf_thread_pool_enqueue(VmafThreadPool *pool, VmafThreadPoolJob fn, const void *arg,
                             unsigned arg_size)
{
    Job *job = malloc(sizeof(*job) + arg_size);
    if (!job)
        return -ENOMEM;
    job->fn = fn;
    job->next = NULL;
    memcpy(job->arg, arg, arg_size);
    pthread_mutex_lock(&pool->lock);
    while (pool->depth >= pool->n_threads)
        pthread_cond_wait(&pool->space, &pool->lock);
    if (pool->tail)
        pool->tail->next = job;
    else
        pool->head = job;
    pool->tail = job;
    pool->depth++;
    pthread_cond_signal(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    return 0;
}

void vmaf_thread_pool_wait(VmafThreadPool *pool)
{
    pthread_mutex_lock(&pool->lock);
    while (pool->head || pool->busy)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}

void vmaf_thread_pool_destroy(VmafThreadPool *pool, void (*free_data)(void *data))
{
    if (!pool)
        return;
    vmaf_thread_pool_wait(pool);
    pthread_mutex_lock(&pool->lock);
    pool->stop = true;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->started; i++) {
        pthread_join(pool->worker[i].thread, NULL);
        if (free_data && pool->worker[i].data)
            free_data(pool->worker[i].data);
    }
    pthread_cond_destroy(&pool->work);
    pthread_cond_destroy(&pool->space);
    pthread_cond_destroy(&pool->idle);
    pthread_mutex_destroy(&pool->lock);
    free(pool->worker);
    free(pool);
}
