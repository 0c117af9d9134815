/* Planning a pair's chunks, and the workers that score them. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "chunks.h"
#include "progress.h"
#include "workers.h"

#define CHUNKS_REDRAW_MS 100

/* Where a chunk near frame f best starts: CHUNK_LEAD frames after the
 * distorted stream's keyframe nearest to that, when one is within reach
 * frames of f, else f. */
static unsigned snap_to_keyframe(unsigned f, unsigned reach, const VideoIndex *dist,
                                 unsigned dist_skip)
{
    unsigned best = f, best_distance = reach + 1;
    for (unsigned k = 0; k < dist->keyframe_cnt; k++) {
        if (dist->keyframe[k] < dist_skip)
            continue;
        const unsigned start = dist->keyframe[k] - dist_skip + CHUNK_LEAD;
        const unsigned distance = start > f ? start - f : f - start;
        if (distance < best_distance) {
            best = start;
            best_distance = distance;
        }
    }
    return best;
}

unsigned chunk_plan(Chunk *chunk, unsigned want, unsigned n, const VideoIndex *dist,
                    unsigned dist_skip)
{
    if (want > n / CHUNK_MIN_FRAMES)
        want = n / CHUNK_MIN_FRAMES;
    unsigned cnt = 0, start = 0;
    for (unsigned i = 1; i < want; i++) {
        const unsigned even = (unsigned)((uint64_t)n * i / want);
        const unsigned end = snap_to_keyframe(even, n / want / 2, dist, dist_skip);
        if (end >= start + CHUNK_MIN_FRAMES && end <= n - CHUNK_MIN_FRAMES) {
            chunk[cnt++] = (Chunk){.first = start, .count = end - start};
            start = end;
        }
    }
    chunk[cnt++] = (Chunk){.first = start, .count = n - start};
    for (unsigned i = 0; i < cnt; i++) {
        const unsigned after = n - chunk[i].first - chunk[i].count;
        chunk[i].lead = chunk[i].first < CHUNK_LEAD ? chunk[i].first : CHUNK_LEAD;
        chunk[i].tail = after < CHUNK_TAIL ? after : CHUNK_TAIL;
    }
    return cnt;
}

struct Chunks {
    const Chunk *chunk;
    unsigned cnt, workers;
    atomic_bool taken[CHUNKS_MAX]; /* chunk i is, or was, a run's */
    atomic_bool failed;
    ChunkScore score;
    void *opaque;
    pthread_mutex_t lock; /* the progress line, and stderr */
    atomic_uint frames;
    Progress progress;
    pthread_mutex_t serial; /* chunks_serialise() */
};

const Chunk *chunks_at(const Chunks *cs, unsigned i)
{
    return &cs->chunk[i];
}

static bool take(Chunks *cs, unsigned i)
{
    return i < cs->cnt && !atomic_load(&cs->failed) && !atomic_exchange(&cs->taken[i], true);
}

bool chunks_extend(Chunks *cs, unsigned next)
{
    return take(cs, next);
}

void chunks_count_frame(Chunks *cs)
{
    atomic_fetch_add(&cs->frames, 1);
}

int chunks_serialise(Chunks *cs, int (*fn)(void *arg), void *arg)
{
    pthread_mutex_lock(&cs->serial);
    const int ret = fn(arg);
    pthread_mutex_unlock(&cs->serial);
    return ret;
}

void chunks_message(Chunks *cs, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&cs->lock);
    progress_break_line(&cs->progress);
    fprintf(stderr, "vmaf: %s\n", text);
    pthread_mutex_unlock(&cs->lock);
}

/* Worker `job`'s runs: from its share of the plan, then from whatever
 * chunk none has taken. */
static int score_runs(void *opaque, unsigned job, unsigned worker)
{
    Chunks *cs = opaque;
    unsigned first = (unsigned)((uint64_t)job * cs->cnt / cs->workers);
    int status = 0;
    while (!status) {
        if (!take(cs, first)) {
            first = 0;
            while (first < cs->cnt && !take(cs, first))
                first++;
            if (first == cs->cnt)
                break;
        }
        status = cs->score(cs->opaque, cs, first, worker);
    }
    if (status)
        atomic_store(&cs->failed, true);
    return status;
}

static void redraw(void *opaque)
{
    Chunks *cs = opaque;
    pthread_mutex_lock(&cs->lock);
    progress_update(&cs->progress, atomic_load(&cs->frames));
    pthread_mutex_unlock(&cs->lock);
}

int chunks_run(const Chunk *chunk, unsigned cnt, unsigned workers, ChunkScore score, void *opaque,
               FILE *progress_out)
{
    if (workers > cnt)
        workers = cnt;
    Chunks cs = {.chunk = chunk, .cnt = cnt, .workers = workers, .score = score, .opaque = opaque};
    pthread_mutex_init(&cs.lock, NULL);
    pthread_mutex_init(&cs.serial, NULL);
    progress_start(&cs.progress, progress_out);
    const int status =
        workers_run(workers, workers, true, score_runs, redraw, CHUNKS_REDRAW_MS, &cs);
    if (!status)
        progress_finish(&cs.progress, atomic_load(&cs.frames));
    progress_break_line(&cs.progress);
    pthread_mutex_destroy(&cs.serial);
    pthread_mutex_destroy(&cs.lock);
    return status;
}
