/* Runs one fuzz target over files, outside libFuzzer: each regular file, or
 * each file of a directory in name order (dot files skipped), is one input.
 * A crash or sanitizer report fails the run; so does a run without inputs,
 * which would check nothing. Usage: fuzz_replay_TARGET PATH... */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    uint8_t *data = NULL;
    size_t size = 0, capacity = 0;
    int err = 0;
    for (size_t got = 1; got && !err;) {
        if (size == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 16;
            uint8_t *grown = realloc(data, capacity);
            if (!grown)
                err = -1;
            else
                data = grown;
        }
        if (!err)
            size += got = fread(data + size, 1, capacity - size, f);
    }
    if (!err && ferror(f))
        err = -1;
    fclose(f);
    if (err)
        fprintf(stderr, "%s: cannot read\n", path);
    else
        LLVMFuzzerTestOneInput(data, size);
    free(data);
    return err;
}

static int visible(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

static int run_dir(const char *dir, unsigned *cnt)
{
    struct dirent **entry;
    const int n = scandir(dir, &entry, visible, alphasort);
    if (n < 0) {
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
        return -1;
    }
    int err = 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, entry[i]->d_name);
        if (!err && !(err = run_file(path)))
            ++*cnt;
        free(entry[i]);
    }
    free(entry);
    return err;
}

int main(int argc, char **argv)
{
    unsigned cnt = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) {
            fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        int err = S_ISDIR(st.st_mode) ? run_dir(argv[i], &cnt) : run_file(argv[i]);
        if (err)
            return 1;
        cnt += !S_ISDIR(st.st_mode);
    }
    printf("%s: %u inputs, no crash\n", argv[0], cnt);
    return cnt ? 0 : 1;
}
