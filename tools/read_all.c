/* A whole file into memory, the buffer doubling as it fills. */
#include <errno.h>
#include <stdlib.h>

#include "read_all.h"

int read_all(FILE *f, size_t max, char **text, size_t *len)
{
    size_t size = 0, cap = 1 << 16;
    char *buf = malloc(cap + 1);
    int err = buf ? 0 : -ENOMEM;
    while (!err) {
        size += fread(buf + size, 1, cap - size, f);
        if (ferror(f)) {
            err = -EIO;
        } else if (size < cap) {
            break;
        } else if (cap >= max) {
            err = -EFBIG;
        } else {
            char *bigger = realloc(buf, 2 * cap + 1);
            err = bigger ? 0 : -ENOMEM;
            buf = bigger ? bigger : buf;
            cap *= 2;
        }
    }
    if (err) {
        free(buf);
        return err;
    }
    buf[size] = '\0';
    *text = buf;
    *len = size;
    return 0;
}
