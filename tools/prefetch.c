#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch.h"

/* Readers of a positioned input; one reads anything else in order. */
enum { PREFETCH_THREADS = 4 };

struct Prefetch {
    VideoInput *in;
    PrefetchFetch fetch;
    void *opaque;
    unsigned skip, count;
    unsigned depth; /* frames read ahead, at most */
    bool positioned;

    unsigned threads;
    pthread_t thread[PREFETCH_THREADS];
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a frame was read or taken, or stop was asked */
    struct {
        VmafPicture pic;
        bool ready;
    } slot[PREFETCH_DEPTH_MAX]; /* frame n in slot n % depth */
    unsigned next;              /* the frame the consumer takes next */
    unsigned claimed;           /* frames given to readers so far */
    unsigned end;               /* the first frame that is not there, once known */
    int end_result;             /* 0 for the end of the input, or the error there */
    char error[VIDEO_INPUT_ERROR_SIZE];
    bool stop;
};

/* Reads frame n (after the skipped ones) into a fresh picture: 1, 0 at the
 * end, or an error with its message in error. */
static int read_frame(Prefetch *pf, unsigned n, VmafPicture *pic, char *error)
{
    int ret = pf->fetch(pf->opaque, pic);
    if (ret) {
        snprintf(error, VIDEO_INPUT_ERROR_SIZE, "could not get a picture from the pool (%s)",
                 strerror(-ret));
        return ret;
    }
    if (pf->positioned) {
        ret = video_input_read_at(pf->in, pic, pf->skip + n, error, VIDEO_INPUT_ERROR_SIZE);
    } else {
        ret = video_input_read(pf->in, pic);
        if (ret < 0)
            memcpy(error, pf->in->error, VIDEO_INPUT_ERROR_SIZE);
    }
    if (ret != 1)
        vmaf_picture_unref(pic);
    return ret;
}

/* read_frame() of a frame to score, its samples checked. */
static int read_scored_frame(Prefetch *pf, unsigned n, VmafPicture *pic, char *error)
{
    const int ret = read_frame(pf, n, pic, error);
    if (ret != 1)
        return ret;
    const int err =
        video_input_check_samples(pf->in, pic, pf->skip + n, error, VIDEO_INPUT_ERROR_SIZE);
    if (err)
        vmaf_picture_unref(pic);
    return err ? err : 1;
}

/* The next frame to read, once the queue has room for it; false when there
 * is nothing more to read. Called with the lock held. */
static bool claim(Prefetch *pf, unsigned *n)
{
    while (!pf->stop && pf->claimed < pf->end && pf->claimed >= pf->next + pf->depth)
        pthread_cond_wait(&pf->changed, &pf->lock);
    if (pf->stop || pf->claimed >= pf->end || (pf->count && pf->claimed >= pf->count))
        return false;
    *n = pf->claimed++;
    return true;
}

/* The sequential reader skips by reading; positioned ones by offset. */
static int skip_frames(Prefetch *pf, char *error)
{
    for (unsigned i = 0; !pf->positioned && i < pf->skip; i++) {
        VmafPicture pic;
        const int ret = read_frame(pf, i, &pic, error);
        if (ret != 1)
            return ret;
        vmaf_picture_unref(&pic);
    }
    return 1;
}

static void *reader(void *opaque)
{
    Prefetch *pf = opaque;
    char error[VIDEO_INPUT_ERROR_SIZE] = "";
    int ret = skip_frames(pf, error);
    pthread_mutex_lock(&pf->lock);
    if (ret != 1) {
        pf->end = 0;
        pf->end_result = ret;
        memcpy(pf->error, error, sizeof(error));
        pthread_cond_broadcast(&pf->changed);
    }
    unsigned n;
    while (ret == 1 && claim(pf, &n)) {
        pthread_mutex_unlock(&pf->lock);
        VmafPicture pic;
        ret = read_scored_frame(pf, n, &pic, error);
        pthread_mutex_lock(&pf->lock);
        if (ret == 1) {
            pf->slot[n % pf->depth].pic = pic;
            pf->slot[n % pf->depth].ready = true;
        } else if (n < pf->end) {
            pf->end = n;
            pf->end_result = ret;
            memcpy(pf->error, error, sizeof(error));
        }
        pthread_cond_broadcast(&pf->changed);
    }
    pthread_mutex_unlock(&pf->lock);
    return NULL;
}

static void join_readers(Prefetch *pf)
{
    pthread_mutex_lock(&pf->lock);
    pf->stop = true;
    pthread_cond_broadcast(&pf->changed);
    pthread_mutex_unlock(&pf->lock);
    for (unsigned i = 0; i < pf->threads; i++)
        pthread_join(pf->thread[i], NULL);
}

static void destroy(Prefetch *pf)
{
    for (unsigned i = 0; i < pf->depth; i++) {
        if (pf->slot[i].ready)
            vmaf_picture_unref(&pf->slot[i].pic);
    }
    pthread_cond_destroy(&pf->changed);
    pthread_mutex_destroy(&pf->lock);
    free(pf);
}

int prefetch_start(Prefetch **out, VideoInput *in, PrefetchFetch fetch, void *opaque, unsigned skip,
                   unsigned count, unsigned depth, const VmafPicture *layout)
{
    if (!depth || depth > PREFETCH_DEPTH_MAX)
        return -EINVAL;
    Prefetch *pf = calloc(1, sizeof(*pf));
    if (!pf)
        return -ENOMEM;
    pf->in = in;
    pf->fetch = fetch;
    pf->opaque = opaque;
    pf->skip = skip;
    pf->count = count;
    pf->depth = depth;
    pf->positioned = video_input_positioned(in, layout);
    pf->end = UINT_MAX;
    int err = -pthread_mutex_init(&pf->lock, NULL);
    if (err) {
        free(pf);
        return err;
    }
    if ((err = -pthread_cond_init(&pf->changed, NULL))) {
        pthread_mutex_destroy(&pf->lock);
        free(pf);
        return err;
    }
    const unsigned threads = pf->positioned ? PREFETCH_THREADS : 1;
    for (; pf->threads < threads && !err; pf->threads++)
        err = -pthread_create(&pf->thread[pf->threads], NULL, reader, pf);
    if (err) {
        pf->threads--;
        join_readers(pf);
        destroy(pf);
        return err;
    }
    *out = pf;
    return 0;
}

int prefetch_next(Prefetch *pf, VmafPicture *pic)
{
    pthread_mutex_lock(&pf->lock);
    unsigned i = pf->next % pf->depth;
    while (!pf->slot[i].ready && pf->next < pf->end && (!pf->count || pf->next < pf->count))
        pthread_cond_wait(&pf->changed, &pf->lock);
    int ret;
    if (pf->slot[i].ready) {
        *pic = pf->slot[i].pic;
        pf->slot[i].ready = false;
        pf->next++;
        pthread_cond_broadcast(&pf->changed);
        ret = 1;
    } else {
        ret = pf->next >= pf->end ? pf->end_result : 0;
        if (ret < 0)
            memcpy(pf->in->error, pf->error, sizeof(pf->error));
    }
    pthread_mutex_unlock(&pf->lock);
    return ret;
}

void prefetch_stop(Prefetch *pf)
{
    if (!pf)
        return;
    join_readers(pf);
    destroy(pf);
}
