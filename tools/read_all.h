/* Reading a whole file into memory, for the lists and outputs the tool
 * reads back (read_all.c). */
#ifndef VMAF_TOOLS_READ_ALL_H
#define VMAF_TOOLS_READ_ALL_H

#include <stddef.h>
#include <stdio.h>

/* Reads f to its end into *text (malloc'd, freed by the caller), *len bytes
 * and a NUL after them. Returns 0, -EFBIG when f holds more than max bytes,
 * -EIO for a read error, or -ENOMEM; *text is untouched on failure. */
int read_all(FILE *f, size_t max, char **text, size_t *len);

#endif
