/* Where a model's JSON comes from: a file named by its path, or a version
 * name, looked up in $VMAF_MODEL_DIR (an override) and then among the models
 * compiled into the library. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libvmaf/model.h"
#include "core/log.h"
#include "builtin.h"
#include "source.h"

#define MODEL_FILE_MAX_SIZE (64u << 20)

static int read_file(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: cannot open: %s", path, strerror(errno));
        return -EINVAL;
    }
    char *buf = NULL;
    size_t n = 0, capacity = 0;
    int err = 0;
    while (!err) {
        if (n == capacity) {
            capacity = capacity ? capacity * 2 : 1u << 16;
            char *b = capacity <= MODEL_FILE_MAX_SIZE ? realloc(buf, capacity) : NULL;
            if (!b) {
                err = capacity <= MODEL_FILE_MAX_SIZE ? -ENOMEM : -EFBIG;
                break;
            }
            buf = b;
        }
        const size_t got = fread(buf + n, 1, capacity - n, f);
        n += got;
        if (!got)
            break;
    }
    if (!err && ferror(f)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: cannot read: %s", path, strerror(errno));
        err = -EINVAL;
    }
    if (err == -EFBIG) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: larger than %u MiB, not a model file", path,
                 MODEL_FILE_MAX_SIZE >> 20);
        err = -EINVAL;
    }
    fclose(f);
    if (err) {
        free(buf);
        return err;
    }
    *data = buf;
    *len = n;
    return 0;
}

/* Logs why and returns true for a legacy pickle model. */
static bool reject_pkl(const char *path)
{
    const char *ext = strrchr(path, '.');
    if (ext && !strcmp(ext, ".pkl")) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: support for pkl model files has been removed, use the json model file", path);
        return true;
    }
    return false;
}

/* dir/sub/file, sub may be NULL. */
static char *path_join(const char *dir, const char *sub, const char *file)
{
    const size_t n = strlen(dir) + (sub ? strlen(sub) + 1 : 0) + strlen(file) + 2;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s/%s%s%s", dir, sub ? sub : "", sub ? "/" : "", file);
    return path;
}

static bool is_regular_file(const char *path)
{
    struct stat s;
    return !stat(path, &s) && S_ISREG(s.st_mode);
}

static int visible_entry(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Netflix's model/ folder keeps some families in subfolders
 * (vmaf_v1.0.16/...), so one level below dir is searched too, in name order.
 * -ENOENT when not found. */
static int find_in_dir(const char *dir, const char *file, char **path)
{
    if (!(*path = path_join(dir, NULL, file)))
        return -ENOMEM;
    if (is_regular_file(*path))
        return 0;
    free(*path);
    *path = NULL;

    struct dirent **entry;
    const int cnt = scandir(dir, &entry, visible_entry, alphasort);
    int err = -ENOENT;
    for (int i = 0; i < cnt; i++) {
        if (err == -ENOENT) {
            if (!(*path = path_join(dir, entry[i]->d_name, file)))
                err = -ENOMEM;
            else if (is_regular_file(*path))
                err = 0;
            else
                free(*path);
        }
        free(entry[i]);
    }
    if (cnt >= 0)
        free(entry);
    if (err)
        *path = NULL;
    return err;
}

static int parse_json(const char *origin, const char *text, size_t len, VmafJsonValue **root)
{
    char msg[256];
    const int err = vmaf_json_parse(root, text, len, msg, sizeof(msg));
    if (err == -EINVAL)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: not valid JSON: %s", origin, msg);
    return err;
}

int vmaf_model_json_from_path(const char *path, VmafJsonValue **root)
{
    if (reject_pkl(path))
        return -EINVAL;
    char *data = NULL;
    size_t len;
    int err = read_file(path, &data, &len);
    if (err)
        return err;
    err = parse_json(path, data, len, root);
    free(data);
    return err;
}

const char *vmaf_model_built_in_next(const char *prev)
{
    if (!prev)
        return vmaf_built_in_model_count ? vmaf_built_in_models[0].version : NULL;
    for (unsigned i = 0; i + 1 < vmaf_built_in_model_count; i++) {
        if (!strcmp(prev, vmaf_built_in_models[i].version))
            return vmaf_built_in_models[i + 1].version;
    }
    return NULL;
}

static const VmafBuiltInModel *find_built_in(const char *version)
{
    for (unsigned i = 0; i < vmaf_built_in_model_count; i++) {
        if (!strcmp(version, vmaf_built_in_models[i].version))
            return &vmaf_built_in_models[i];
    }
    return NULL;
}

/* The error for a version found nowhere, with the names that exist. */
static void log_unknown_version(const char *version, const char *file, const char *env)
{
    char names[1024] = "";
    size_t n = 0;
    for (const char *v = vmaf_model_built_in_next(NULL); v && n < sizeof(names);
         v = vmaf_model_built_in_next(v))
        n += snprintf(names + n, sizeof(names) - n, "%s%s", n ? ", " : "", v);
    vmaf_log(VMAF_LOG_LEVEL_ERROR,
             "no model \"%s\": it is not built in (built in: %s)%s%s%s; a model file is "
             "loaded by its path (--model path=FILE, vmaf_model_load_from_path())",
             version, names, env ? ", nor is " : "", env ? file : "",
             env ? " in $VMAF_MODEL_DIR or its subfolders" : "");
}

/* $VMAF_MODEL_DIR/version.json (or in a subfolder) when there is one. */
static int find_override(const char *version, const char *env, char **path)
{
    const size_t n = strlen(version) + sizeof(".json");
    char *file = malloc(n);
    if (!file)
        return -ENOMEM;
    snprintf(file, n, "%s.json", version);
    int err = env ? find_in_dir(env, file, path) : -ENOENT;
    if (err == -ENOENT && !find_built_in(version)) {
        log_unknown_version(version, file, env);
        err = -EINVAL;
    }
    free(file);
    return err;
}

int vmaf_model_json_from_version(const char *version, VmafJsonValue **root, char **origin)
{
    *origin = NULL;
    if (strchr(version, '/')) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "\"%s\" is not a model version; load model files with "
                 "vmaf_model_load_from_path()",
                 version);
        return -EINVAL;
    }
    if (reject_pkl(version))
        return -EINVAL;
    const char *env = getenv("VMAF_MODEL_DIR");
    char *path = NULL;
    int err = find_override(version, env && *env ? env : NULL, &path);
    if (!err) {
        vmaf_log(VMAF_LOG_LEVEL_INFO, "model %s: read from %s ($VMAF_MODEL_DIR)", version, path);
        if (!(err = vmaf_model_json_from_path(path, root)))
            *origin = path;
        else
            free(path);
        return err;
    }
    if (err != -ENOENT)
        return err;
    const VmafBuiltInModel *m = find_built_in(version);
    const size_t n = strlen(version) + sizeof("built-in model ");
    if (!(*origin = malloc(n)))
        return -ENOMEM;
    snprintf(*origin, n, "built-in model %s", version);
    if ((err = parse_json(*origin, m->json, m->len, root))) {
        free(*origin);
        *origin = NULL;
    }
    return err;
}
