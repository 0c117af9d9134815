/* Reads an input ahead of the scoring, on threads of its own: frames go
 * into pictures from the context's pool and wait in a short queue, so that
 * reading the files overlaps the dispatch and each other. Raw YUV files are
 * read by several threads at once, at each frame's offset (one thread reads
 * about 2.5 GB/s on the H200 host: 400 1080p pairs a second); anything else
 * by one, in order. The frames come out in order, and a read error comes out
 * where it happened, after the frames before it. */
#ifndef VMAF_TOOLS_PREFETCH_H
#define VMAF_TOOLS_PREFETCH_H

#include "libvmaf/picture.h"
#include "input/input.h"

/* Frames read ahead of the consumer, at most. */
enum { PREFETCH_DEPTH_MAX = 8 };

/* Fills pic with a picture to read into; may block until one is free. */
typedef int (*PrefetchFetch)(void *opaque, VmafPicture *pic);

typedef struct Prefetch Prefetch;

/* Skips `skip` frames of in, then reads up to `count` frames (0: all) into
 * pictures laid out like layout (one of those fetch gives), at most depth
 * (1 .. PREFETCH_DEPTH_MAX) ahead of the consumer: each is a picture held.
 * in and opaque must outlive the prefetch. On failure nothing runs; the
 * error is a negative errno (no message). */
int prefetch_start(Prefetch **pf, VideoInput *in, PrefetchFetch fetch, void *opaque, unsigned skip,
                   unsigned count, unsigned depth, const VmafPicture *layout);

/* The next frame: 1 with *pic (the caller's reference), 0 at the end of
 * the input, or a negative errno with in->error set (the reader's message,
 * or "could not get a picture ..."). */
int prefetch_next(Prefetch *pf, VmafPicture *pic);

/* Stops the thread and drops the frames still queued. NULL is a no-op. */
void prefetch_stop(Prefetch *pf);

#endif
