/* A pair scored in chunks: its frames split into pieces that decode and
 * score at once, each run of adjacent chunks from a keyframe, on decoders
 * and a context of its own, so that one pair keeps several NVDEC engines
 * busy (one session decodes about one stream's worth; an H100 or H200 has
 * seven). A run decodes a few frames beyond its own on each side, for the
 * temporal features, and hands the scores of its own frames to the pair's
 * context. */
#ifndef VMAF_TOOLS_CHUNKS_H
#define VMAF_TOOLS_CHUNKS_H

#include <stdbool.h>
#include <stdio.h>

#include "input/input.h"

/* The frames a chunk scores beyond its own, for the temporal features
 * whose scores at a frame look at others: motion's five-frame window
 * compares frame n with n - 2, its motion2 takes the smaller of the scores
 * at n and n + 1, and motion3's moving average also that at n - 1 (so four
 * frames back, one ahead); SpEED and the float motion reach less far. */
enum { CHUNK_LEAD = 4, CHUNK_TAIL = 1 };

/* Chunks shorter than this are not worth a decoder and a context. */
enum { CHUNK_MIN_FRAMES = 48 };

/* The most chunks a plan has. */
enum { CHUNKS_MAX = 256 };

typedef struct Chunk {
    unsigned first, count; /* its own frames, numbered from the pair's first */
    unsigned lead, tail;   /* frames decoded and scored before and after them */
} Chunk;

/* Splits frames 0 .. n - 1 of a pair into at most `want` chunks of
 * CHUNK_MIN_FRAMES or more, into chunk[], where the distorted stream has
 * keyframes (dist, numbered from frame dist_skip), so that a chunk's
 * decoding starts on one: each starts CHUNK_LEAD frames after a keyframe
 * where one is near the even split, else at the even split. Returns the
 * number of chunks (1: not worth splitting). */
unsigned chunk_plan(Chunk *chunk, unsigned want, unsigned n, const VideoIndex *dist,
                    unsigned dist_skip);

typedef struct Chunks Chunks;

/* Scores a run of chunks from chunk `first` (chunks_at()) on worker
 * `worker` (0 .. workers - 1), taking the chunks after it with
 * chunks_extend() while it can: 0, or non-zero after reporting why through
 * chunks_message(). */
typedef int (*ChunkScore)(void *opaque, Chunks *cs, unsigned first, unsigned worker);

/* Scores the cnt (<= CHUNKS_MAX) chunks, `workers` at once. Each worker
 * starts on its share of the plan (worker w on chunk w * cnt / workers)
 * and goes on into the chunks after it with the same decoders and context,
 * with no seek, while no other worker has taken them; a worker whose next
 * chunk is taken starts again, with a seek, on the first chunk none has.
 * So each worker makes its decoders about once, and a fast worker takes
 * over a slow one's last chunks. Draws "N frames, F FPS" of the pair's
 * frames on progress_out (NULL: none) meanwhile. After a failure no run
 * starts or grows. Returns 0, or the first non-zero status of score. */
int chunks_run(const Chunk *chunk, unsigned cnt, unsigned workers, ChunkScore score, void *opaque,
               FILE *progress_out);

/* Chunk i of the plan (i < cnt). */
const Chunk *chunks_at(const Chunks *cs, unsigned i);

/* The chunk a run scoring up to chunk next - 1 would go on into: true when
 * chunk `next` exists and no worker has taken it, which the caller then
 * has; false after a failure. Any thread. */
bool chunks_extend(Chunks *cs, unsigned next);

/* Counts one of a chunk's own frames as scored; any thread. */
void chunks_count_frame(Chunks *cs);

/* Runs fn(arg) while no other chunk's call does: for the pair's context,
 * which takes the chunks' scores in one order. Returns what fn does. */
int chunks_serialise(Chunks *cs, int (*fn)(void *arg), void *arg);

/* Writes "vmaf: <text>" as one line on stderr, below the progress line;
 * any thread. */
void chunks_message(Chunks *cs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
