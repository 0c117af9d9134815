/* The "N frames, F FPS" line the vmaf tool redraws on a terminal. */
#ifndef VMAF_TOOLS_PROGRESS_H
#define VMAF_TOOLS_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

typedef struct Progress {
    FILE *out;             /* NULL: disabled */
    struct timespec start; /* wall clock: CPU time would count every thread */
    struct timespec last_draw;
    unsigned drawn; /* the frame count on screen */
    bool line_open; /* a line was drawn and not ended yet */
} Progress;

/* Draws nothing unless out is given (the caller decides: a TTY, not -q). */
void progress_start(Progress *p, FILE *out);

/* Redraws after a frame, at most every 100 ms. */
void progress_update(Progress *p, unsigned frames);

/* Draws the final count and ends the line. */
void progress_finish(Progress *p, unsigned frames);

/* Ends an open progress line so that a message can follow on its own. */
void progress_break_line(Progress *p);

#endif
