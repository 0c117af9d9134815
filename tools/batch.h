/* --batch: the pairs of a list file, scored by a few workers at once in one
 * process. The list is read and checked whole first (each line
 * REFERENCE<TAB>DISTORTED<TAB>OUTPUT, then optionally GROUP and KBITS for
 * the report, "-" for an output, group or bitrate left out; empty lines and
 * lines starting with '#' skipped); a bad line, like a pair that fails, is reported with its
 * line number and the others go on. Messages and a progress line (pairs
 * and frames done, fps, ETA; on a terminal only) share stderr without
 * tearing each other. */
#ifndef VMAF_TOOLS_BATCH_H
#define VMAF_TOOLS_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { BATCH_FIELDS = 5 };

typedef struct BatchPair {
    unsigned line;                   /* in the list file, from 1 */
    const char *ref, *dist, *output; /* output NULL: none written */
    const char *group;               /* the encoder or setting compared, or NULL */
    double kbps;                     /* the distorted stream's bitrate, NaN when not given */
} BatchPair;

typedef struct Batch Batch;

/* Scores one pair on worker `worker` (0 .. jobs-1): 0, or non-zero after
 * reporting why through batch_message(). */
typedef int (*BatchScore)(void *opaque, Batch *b, const BatchPair *pair, unsigned worker);

/* Reads the list at path. Returns 0 with *b (freed by batch_close()), or a
 * negative errno with a message in error when the file cannot be read or
 * holds no pair. Bad lines are kept as failures, reported by batch_run(). */
int batch_open(Batch **b, const char *path, char *error, size_t error_size);

unsigned batch_pair_count(const Batch *b);

/* Keeps slice `index` (0 .. count - 1) of `count` and drops the rest of the
 * list, refused lines included: the lines dealt heaviest first (the bytes
 * of both files) to the slice with the fewest bytes so far, so that the
 * slices take about as long and each process of an array job computes the
 * same slices from the same list and files. Returns 0 or -ENOMEM. */
int batch_slice(Batch *b, unsigned index, unsigned count);

/* Drops the pairs whose output done() says is already complete (pairs
 * without an output are kept); returns how many were dropped. */
unsigned batch_skip_done(Batch *b, bool (*done)(const char *output, void *opaque), void *opaque);

/* The lines the list refused, each with its number and why (*why owned by
 * b), for i < batch_bad_count(). */
unsigned batch_bad_count(const Batch *b);
unsigned batch_bad_line(const Batch *b, unsigned i, const char **why);

/* Scores every good pair with `jobs` workers, drawing progress on
 * progress_out (NULL: none). Returns the number of lines that failed. */
unsigned batch_run(Batch *b, unsigned jobs, BatchScore score, void *opaque, FILE *progress_out);

/* Counts a scored frame, for the progress line; any thread. */
void batch_count_frame(Batch *b);

/* Writes "vmaf: line N: <text>" (line 0: no line) as one line on stderr,
 * below the progress line; any thread. */
void batch_message(Batch *b, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

void batch_close(Batch *b);

#endif
