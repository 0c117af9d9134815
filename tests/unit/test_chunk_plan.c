/* How --chunks splits a pair (tools/chunks.c): every frame in exactly one
 * chunk, in order; chunks of CHUNK_MIN_FRAMES or more, at most as many as
 * asked; each starting CHUNK_LEAD frames after a distorted keyframe near the
 * even split, or at the split when none is near; leads and tails clipped at
 * the pair's ends. */
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

static void test_starts_after_keyframes(void)
{
    const VideoIndex index = index_of(1200, 48);
    Chunk c[8];
    const unsigned cnt = chunk_plan(c, 8, 1200, &index, 0);
    CHECK_EQ_INT(cnt, 8);
    check_cover(c, cnt, 1200);
    for (unsigned i = 1; i < cnt; i++)
        CHECK_EQ_INT((c[i].first - CHUNK_LEAD) % 48, 0);
}

/* Keyframes 250 frames apart: chunks start at the even split where no
 * keyframe is near. */
static void test_far_keyframes(void)
{
    const VideoIndex index = index_of(1200, 250);
    Chunk c[8];
    const unsigned cnt = chunk_plan(c, 8, 1200, &index, 0);
    CHECK_EQ_INT(cnt, 8);
    check_cover(c, cnt, 1200);
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

TEST_MAIN("chunk_plan", {"starts_after_keyframes", test_starts_after_keyframes},
          {"far_keyframes", test_far_keyframes}, {"skipped_frames", test_skipped_frames},
          {"short_pairs", test_short_pairs})
