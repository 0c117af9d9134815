/* How --chunks splits a pair (tools/chunks.c): every frame in exactly one
 * chunk, in order; chunks of CHUNK_MIN_FRAMES or more, at most as many as
 * asked; each starting CHUNK_LEAD frames after a distorted keyframe near the
 * even split, or at the split when none is near; leads and tails clipped at
 * the pair's ends. And how the workers take them: every chunk scored once,
 * runs going on into the next chunk, a fast worker taking over a slow one's
 * next chunk, no run started or grown after a failure. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#include "chunks.h"
#include "test.h"

static unsigned keyframes[64];

/* An index of n frames with a keyframe every gop frames from frame 0. */
static VideoIndex index_of(unsigned n, unsigned gop)
{
    VideoIndex index = {.frame_cnt = n, .keyframe = keyframes};
    for (unsigned f = 0; f < n && index.keyframe_cnt < 64; f += gop)
        keyframes[index.keyframe_cnt++] = f;
    return index;
}

/* The chunks cover 0 .. n - 1 in order, each of the minimum size or more. */
static void check_cover(const Chunk *c, unsigned cnt, unsigned n)
{
    unsigned next = 0;
    for (unsigned i = 0; i < cnt; i++) {
        CHECK_EQ_INT(c[i].first, next);
        CHECK(c[i].count >= CHUNK_MIN_FRAMES || cnt == 1);
        next += c[i].count;
        CHECK_EQ_INT(c[i].lead, c[i].first < CHUNK_LEAD ? c[i].first : CHUNK_LEAD);
        CHECK_EQ_INT(c[i].tail, next == n ? 0 : CHUNK_TAIL);
    }
    CHECK_EQ_INT(next, n);
}

/* Eight chunks of 1200 frames with a keyframe every gop frames, checked
 * for cover. */
static void plan_eight(Chunk c[8], unsigned gop)
{
    const VideoIndex index = index_of(1200, gop);
    const unsigned cnt = chunk_plan(c, 8, 1200, &index, 0);
    CHECK_EQ_INT(cnt, 8);
    check_cover(c, cnt, 1200);
}

static void test_starts_after_keyframes(void)
{
    Chunk c[8];
    plan_eight(c, 48);
    for (unsigned i = 1; i < 8; i++)
        CHECK_EQ_INT((c[i].first - CHUNK_LEAD) % 48, 0);
}

/* Keyframes 250 frames apart: chunks start at the even split where no
 * keyframe is near. */
static void test_far_keyframes(void)
{
    Chunk c[8];
    plan_eight(c, 250);
    CHECK_EQ_INT(c[1].first, 150);
    CHECK_EQ_INT(c[2].first, 254);
}

/* Distorted frames counted from a skip: keyframes before it are left out,
 * the others numbered from it. */
static void test_skipped_frames(void)
{
    const VideoIndex index = index_of(600, 100);
    Chunk c[4];
    const unsigned cnt = chunk_plan(c, 2, 590, &index, 10);
    CHECK_EQ_INT(cnt, 2);
    check_cover(c, cnt, 590);
    CHECK_EQ_INT(c[1].first, 300 - 10 + CHUNK_LEAD);
}

static void test_short_pairs(void)
{
    const VideoIndex index = index_of(200, 24);
    Chunk c[16];
    /* 200 frames hold 4 chunks of 48 at most. */
    unsigned cnt = chunk_plan(c, 16, 200, &index, 0);
    CHECK(cnt >= 2 && cnt <= 4);
    check_cover(c, cnt, 200);
    cnt = chunk_plan(c, 4, 60, &index, 0);
    CHECK_EQ_INT(cnt, 1);
    check_cover(c, cnt, 60);
    CHECK_EQ_INT(c[0].lead + c[0].tail, 0);
    cnt = chunk_plan(c, 4, 0, &index, 0);
    CHECK_EQ_INT(cnt, 1);
    CHECK_EQ_INT(c[0].count, 0);
}

/* What the workers did: how often each chunk was scored, by which run
 * (the chunk it started from), and how many runs there were. */
typedef struct RunLog {
    pthread_mutex_t lock;
    pthread_cond_t scored_one;
    unsigned scored[8], run_of[8], runs;
    bool slow_start;     /* the run from chunk 0 waits until chunk 1 is scored */
    unsigned fail_first; /* a run from this chunk fails (8: none does) */
} RunLog;

/* Waits, at most 10 s, until chunk `chunk` is scored; log locked. */
static void wait_for(RunLog *log, unsigned chunk)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;
    while (!log->scored[chunk])
        if (pthread_cond_timedwait(&log->scored_one, &log->lock, &until) == ETIMEDOUT)
            break;
}

/* A run: scores its chunks one by one, going on while chunks_extend lets it. */
static int log_run(void *opaque, Chunks *cs, unsigned first, unsigned worker)
{
    RunLog *log = opaque;
    (void)worker;
    if (first == log->fail_first)
        return 3;
    for (unsigned k = first;; k++) {
        pthread_mutex_lock(&log->lock);
        log->scored[k]++;
        log->run_of[k] = first;
        pthread_cond_broadcast(&log->scored_one);
        if (log->slow_start && k == 0)
            wait_for(log, 1);
        pthread_mutex_unlock(&log->lock);
        if (!chunks_extend(cs, k + 1))
            break;
    }
    pthread_mutex_lock(&log->lock);
    log->runs++;
    pthread_mutex_unlock(&log->lock);
    return 0;
}

static int run_logged(RunLog *log, unsigned cnt, unsigned workers)
{
    static const Chunk plan[8];
    pthread_mutex_init(&log->lock, NULL);
    pthread_cond_init(&log->scored_one, NULL);
    const int status = chunks_run(plan, cnt, workers, log_run, log, NULL);
    pthread_cond_destroy(&log->scored_one);
    pthread_mutex_destroy(&log->lock);
    return status;
}

static void test_runs_cover_every_chunk_once(void)
{
    for (unsigned workers = 1; workers <= 8; workers++) {
        RunLog log = {.fail_first = 8};
        CHECK_EQ_INT(run_logged(&log, 6, workers), 0);
        for (unsigned k = 0; k < 6; k++)
            CHECK_EQ_INT(log.scored[k], 1);
        /* Every run is adjacent chunks: a chunk's run starts there or is
         * the run of the chunk before. */
        for (unsigned k = 1; k < 6; k++)
            CHECK(log.run_of[k] == k || log.run_of[k] == log.run_of[k - 1]);
        CHECK(log.runs >= 1 && log.runs <= 6);
    }
    /* One worker: one run, no seek. */
    RunLog one = {.fail_first = 8};
    CHECK_EQ_INT(run_logged(&one, 6, 1), 0);
    CHECK_EQ_INT(one.runs, 1);
}

static void test_fast_worker_takes_over(void)
{
    /* Two workers start on chunks 0 and 2; the first is slow, so the
     * other, done with 2 and 3, starts a run on 1, and the slow run stops
     * after 0 instead of going on into it. */
    RunLog log = {.slow_start = true, .fail_first = 8};
    CHECK_EQ_INT(run_logged(&log, 4, 2), 0);
    for (unsigned k = 0; k < 4; k++)
        CHECK_EQ_INT(log.scored[k], 1);
    CHECK_EQ_INT(log.run_of[0], 0);
    CHECK_EQ_INT(log.run_of[1], 1);
    CHECK_EQ_INT(log.run_of[2], 2);
    CHECK_EQ_INT(log.run_of[3], 2);
    CHECK_EQ_INT(log.runs, 3);
}

static void test_failure_stops_runs(void)
{
    /* One worker: the run from chunk 0 scores all; a failing first run
     * leaves every chunk unscored, and its status is returned. */
    RunLog log = {.fail_first = 0};
    CHECK_EQ_INT(run_logged(&log, 4, 1), 3);
    for (unsigned k = 0; k < 4; k++)
        CHECK_EQ_INT(log.scored[k], 0);
    CHECK_EQ_INT(log.runs, 0);
}

TEST_MAIN("chunks", {"starts_after_keyframes", test_starts_after_keyframes},
          {"far_keyframes", test_far_keyframes}, {"skipped_frames", test_skipped_frames},
          {"short_pairs", test_short_pairs},
          {"runs_cover_every_chunk_once", test_runs_cover_every_chunk_once},
          {"fast_worker_takes_over", test_fast_worker_takes_over},
          {"failure_stops_runs", test_failure_stops_runs})
