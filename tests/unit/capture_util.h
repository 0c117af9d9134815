/* Captured log output of the unit tests. */
#ifndef VMAF_TESTS_CAPTURE_UTIL_H
#define VMAF_TESTS_CAPTURE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Everything written to stderr between the two calls (the log). */
typedef struct CapturedStderr {
    int saved_fd;
    FILE *file;
} CapturedStderr;

static inline void capture_stderr(CapturedStderr *c)
{
    fflush(stderr);
    c->file = tmpfile();
    c->saved_fd = dup(STDERR_FILENO);
    if (c->file)
        dup2(fileno(c->file), STDERR_FILENO);
}

/* Restores stderr, echoes the captured text and returns it; free() it. */
static inline char *end_capture(CapturedStderr *c)
{
    fflush(stderr);
    dup2(c->saved_fd, STDERR_FILENO);
    close(c->saved_fd);
    if (!c->file)
        return strdup("");
    const long n = ftell(c->file);
    char *text = calloc(1, n > 0 ? (size_t)n + 1 : 1);
    rewind(c->file);
    if (text && n > 0 && fread(text, 1, (size_t)n, c->file) != (size_t)n)
        text[0] = '\0';
    fclose(c->file);
    if (text)
        fputs(text, stderr);
    return text ? text : strdup("");
}

#endif
