/* Opening, completing and removing an output file safely (output_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/log.h"
#include "output_file.h"

/* Symlinks followed before giving up, as the kernel does. */
#define OUTPUT_MAX_LINKS 40

static char *joined(const char *dir, size_t dir_len, const char *name)
{
    const size_t len = dir_len + 1 + strlen(name) + 1;
    char *s = malloc(len);
    if (s)
        snprintf(s, len, "%.*s/%s", (int)dir_len, dir, name);
    return s;
}

/* The length of path's folder part; 0 where it has none (the current one). */
static size_t folder_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return !slash ? 0 : slash == path ? 1 : (size_t)(slash - path);
}

/* path with every symlink of its last component followed, also a dangling
 * one (the file it names is created); *err on failure. */
static char *resolve(const char *path, int *err)
{
    char *cur = strdup(path);
    for (int hops = 0; cur && hops <= OUTPUT_MAX_LINKS; hops++) {
        struct stat st;
        if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
            return cur;
        char link[PATH_MAX];
        const ssize_t n = readlink(cur, link, sizeof(link) - 1);
        if (n < 0) {
            *err = -errno;
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        const size_t dir = folder_len(cur);
        char *next = link[0] == '/' || !dir ? strdup(link) : joined(cur, dir, link);
        free(cur);
        cur = next;
    }
    *err = cur ? -ELOOP : -ENOMEM;
    free(cur);
    return NULL;
}

/* The process's umask, read without changing it (Linux 4.7 and later show
 * it in /proc), else the common 022. */
static mode_t current_umask(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    unsigned mask = 022;
    char line[128];
    while (f && fgets(line, sizeof(line), f))
        if (sscanf(line, "Umask: %o", &mask) == 1)
            break;
    if (f)
        fclose(f);
    return (mode_t)mask;
}

static int fail(const OutputFile *f, int err, const char *what)
{
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %s (%s)", f->path, what, strerror(-err));
    return err;
}

/* The longest name the folder of f->target takes. */
static size_t name_max(const OutputFile *f, size_t dir)
{
    char *folder = dir ? strndup(f->target, dir) : strdup(".");
    const long n = folder ? pathconf(folder, _PC_NAME_MAX) : -1;
    free(folder);
    return n > 0 ? (size_t)n : NAME_MAX;
}

/* A regular target: the temporary file beside it, with its mode and owner
 * (a new file's as open() would give it). */
static int open_temporary(OutputFile *f, const struct stat *st, bool exists)
{
    const size_t dir = folder_len(f->target);
    const char *name = f->target + dir + (dir && f->target[dir] == '/');
    if (!*name)
        return fail(f, -EISDIR, "names a folder");
    if (strlen(name) > name_max(f, dir))
        return fail(f, -ENAMETOOLONG, "cannot be created");
    f->tmp = dir ? joined(f->target, dir, ".vmaf-XXXXXX") : strdup(".vmaf-XXXXXX");
    if (!f->tmp)
        return -ENOMEM;
    f->fd = mkstemp(f->tmp);
    if (f->fd < 0) {
        const int err = -errno;
        free(f->tmp);
        f->tmp = NULL;
        return fail(f, err, "cannot create a file in its folder");
    }
    if (!exists)
        return fchmod(f->fd, 0666 & ~current_umask()) ? fail(f, -errno, "cannot set its mode") : 0;
    if (access(f->target, W_OK))
        return fail(f, -errno, "cannot be written");
    f->in_place = st->st_nlink > 1;
    /* Another owner's file becomes ours where we may not give it back, and
     * then readable by us alone: its permissions never widen. */
    mode_t mode = st->st_mode & 07777;
    if (fchown(f->fd, st->st_uid, st->st_gid))
        mode &= 0700;
    return fchmod(f->fd, mode) ? fail(f, -errno, "cannot set its mode") : 0;
}

int output_file_open(OutputFile *f, const char *path)
{
    *f = (OutputFile){.fd = -1, .path = strdup(path)};
    if (!f->path)
        return -ENOMEM;
    if (!*path)
        return fail(f, -ENOENT, "an empty name");
    if (!strcmp(path, "-")) {
        f->fd = dup(STDOUT_FILENO);
        return f->fd < 0 ? fail(f, -errno, "cannot write to the standard output") : 0;
    }
    /* Pipes, terminals and devices, also through /dev/stdout or
     * /proc/self/fd links whose targets are no paths. */
    struct stat st;
    bool exists = !stat(path, &st);
    if (exists && S_ISDIR(st.st_mode))
        return fail(f, -EISDIR, "is a folder");
    if (exists && !S_ISREG(st.st_mode)) {
        f->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        return f->fd < 0 ? fail(f, -errno, "cannot open for writing") : 0;
    }
    int err = -ENOMEM;
    f->target = resolve(path, &err);
    if (!f->target)
        return fail(f, err, "cannot follow its symlinks");
    exists = !stat(f->target, &st);
    return open_temporary(f, &st, exists);
}

/* Copies the temporary file into the hard-linked target. */
static int copy_into(const OutputFile *f)
{
    int err = 0;
    const int in = open(f->tmp, O_RDONLY | O_CLOEXEC);
    const int out = in < 0 ? -1 : open(f->target, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (in < 0 || out < 0)
        err = -errno;
    char buf[1 << 16];
    ssize_t n = 0;
    while (!err && (n = read(in, buf, sizeof(buf))) > 0)
        for (ssize_t done = 0, w; !err && done < n; done += w)
            if ((w = write(out, buf + done, (size_t)(n - done))) < 0)
                err = -errno;
    if (!err && n < 0)
        err = -errno;
    if (out >= 0 && close(out) && !err)
        err = -errno;
    if (in >= 0)
        close(in);
    return err;
}

int output_file_write(OutputFile *f, void (*write_to)(FILE *stream, void *opaque), void *opaque)
{
    if (f->fd < 0 || f->done)
        return -EINVAL;
    FILE *s = fdopen(f->fd, "w");
    if (!s)
        return fail(f, -errno, "cannot write");
    f->fd = -1;
    errno = 0;
    write_to(s, opaque);
    int err = fflush(s) || ferror(s) ? (errno ? -errno : -EIO) : 0;
    /* Delayed allocation reports a full disk as late as here. */
    if (!err && f->tmp && fsync(fileno(s)))
        err = -errno;
    if (fclose(s) && !err)
        err = -errno;
    if (!err && f->in_place)
        err = copy_into(f);
    else if (!err && f->tmp && rename(f->tmp, f->target))
        err = -errno;
    if (err)
        return fail(f, err, "could not write the output");
    f->done = true;
    if (f->in_place) {
        unlink(f->tmp);
        vmaf_log(VMAF_LOG_LEVEL_INFO, "%s: has other hard links: written in place", f->path);
    }
    return 0;
}

void output_file_close(OutputFile *f)
{
    if (f->fd >= 0)
        close(f->fd);
    if (f->tmp && !f->done)
        unlink(f->tmp);
    free(f->tmp);
    free(f->target);
    free(f->path);
    *f = (OutputFile){.fd = -1};
}
