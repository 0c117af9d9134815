/* A file the library writes for its caller, opened before the work and
 * completed or removed after it (vmaf_output_open() and friends in
 * libvmaf.h). Regular files are written to a temporary file that mkstemp
 * creates beside the destination (O_EXCL: nothing planted there is
 * followed), which takes the destination's mode and owner and is renamed
 * over it when complete; a symlinked destination is resolved to its target
 * first; a hard-linked one is copied into in place, so that its links stay;
 * pipes, terminals and devices are written directly. */
#ifndef VMAF_CORE_OUTPUT_FILE_H
#define VMAF_CORE_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct OutputFile {
    char *path;    /* as the caller named it, for messages */
    char *target;  /* the file written: path with its symlinks resolved */
    char *tmp;     /* the temporary file; NULL when written directly */
    int fd;        /* tmp's, or the target's when written directly */
    bool in_place; /* a hard-linked target: tmp is copied into it */
    bool done;
} OutputFile;

/* Opens path as above; logs and returns a negative errno naming what is
 * wrong (a missing or unwritable folder, a name too long, a directory). */
int output_file_open(OutputFile *f, const char *path);

/* Hands write() a stream on the open file, then completes it: renames the
 * temporary file over the target (or copies it in). Logs and returns the
 * first error (ENOSPC, EDQUOT, EFBIG, EIO...) with the path; the target is
 * then as it was. */
int output_file_write(OutputFile *f, void (*write)(FILE *stream, void *opaque), void *opaque);

/* Removes the temporary file unless the output was completed, and frees. */
void output_file_close(OutputFile *f);

#endif
