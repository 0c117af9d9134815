#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch.h"

struct Prefetch {
    VideoInput *in;
    PrefetchFetch fetch;
    void *opaque;
    unsigned skip, count;

    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a frame was queued or taken, or stop was asked */
    VmafPicture queue[PREFETCH_DEPTH];
    unsigned head, cnt;
    bool done; /* the reader has ended: result says how */
    int result;
    bool stop;
};

/* Reads one frame into a fresh picture: 1, 0 at the end, or an error. */
static int read_frame(Prefetch *pf, VmafPicture *pic)
{
    int err = pf->fetch(pf->opaque, pic);
    if (err)
        return video_input_fail(pf->in, err, "could not get a picture from the pool (%s)",
                                strerror(-err));
    const int ret = video_input_read(pf->in, pic);
    if (ret != 1)
        vmaf_picture_unref(pic);
    return ret;
}

/* Waits for room in the queue; false when asked to stop. */
static bool wait_for_room(Prefetch *pf)
{
    pthread_mutex_lock(&pf->lock);
    while (pf->cnt == PREFETCH_DEPTH && !pf->stop)
        pthread_cond_wait(&pf->changed, &pf->lock);
    const bool go = !pf->stop;
    pthread_mutex_unlock(&pf->lock);
    return go;
}

static void finish(Prefetch *pf, int result)
{
    pthread_mutex_lock(&pf->lock);
    pf->done = true;
    pf->result = result;
    pthread_cond_broadcast(&pf->changed);
    pthread_mutex_unlock(&pf->lock);
}

static void *reader(void *opaque)
{
    Prefetch *pf = opaque;
    int ret = 1;
    for (unsigned i = 0; ret == 1 && i < pf->skip; i++) {
        VmafPicture pic;
        ret = read_frame(pf, &pic);
        if (ret == 1)
            vmaf_picture_unref(&pic);
    }
    for (unsigned n = 0; ret == 1 && (!pf->count || n < pf->count); n++) {
        if (!wait_for_room(pf))
            break;
        VmafPicture pic;
        ret = read_frame(pf, &pic);
        if (ret != 1)
            break;
        pthread_mutex_lock(&pf->lock);
        pf->queue[(pf->head + pf->cnt++) % PREFETCH_DEPTH] = pic;
        pthread_cond_broadcast(&pf->changed);
        pthread_mutex_unlock(&pf->lock);
    }
    finish(pf, ret < 0 ? ret : 0);
    return NULL;
}

int prefetch_start(Prefetch **out, VideoInput *in, PrefetchFetch fetch, void *opaque, unsigned skip,
                   unsigned count)
{
    Prefetch *pf = calloc(1, sizeof(*pf));
    if (!pf)
        return -ENOMEM;
    *pf = (Prefetch){.in = in, .fetch = fetch, .opaque = opaque, .skip = skip, .count = count};
    int err = -pthread_mutex_init(&pf->lock, NULL);
    if (!err && (err = -pthread_cond_init(&pf->changed, NULL)))
        pthread_mutex_destroy(&pf->lock);
    if (!err && (err = -pthread_create(&pf->thread, NULL, reader, pf))) {
        pthread_cond_destroy(&pf->changed);
        pthread_mutex_destroy(&pf->lock);
    }
    if (err) {
        free(pf);
        return err;
    }
    *out = pf;
    return 0;
}

int prefetch_next(Prefetch *pf, VmafPicture *pic)
{
    pthread_mutex_lock(&pf->lock);
    while (!pf->cnt && !pf->done)
        pthread_cond_wait(&pf->changed, &pf->lock);
    int ret;
    if (pf->cnt) {
        *pic = pf->queue[pf->head];
        pf->head = (pf->head + 1) % PREFETCH_DEPTH;
        pf->cnt--;
        pthread_cond_broadcast(&pf->changed);
        ret = 1;
    } else {
        ret = pf->result;
    }
    pthread_mutex_unlock(&pf->lock);
    return ret;
}

void prefetch_stop(Prefetch *pf)
{
    if (!pf)
        return;
    pthread_mutex_lock(&pf->lock);
    pf->stop = true;
    pthread_cond_broadcast(&pf->changed);
    pthread_mutex_unlock(&pf->lock);
    pthread_join(pf->thread, NULL);
    for (; pf->cnt; pf->cnt--, pf->head = (pf->head + 1) % PREFETCH_DEPTH)
        vmaf_picture_unref(&pf->queue[pf->head]);
    pthread_cond_destroy(&pf->changed);
    pthread_mutex_destroy(&pf->lock);
    free(pf);
}
