/* Encoded input through FFmpeg's libraries, loaded when the first encoded
 * file is opened: they and what they need are over a hundred shared
 * libraries, whose loading costs every run of the tool (raw YUV and Y4M
 * too) some 25 MB of memory and 70 ms of start-up. The reader itself
 * (libav.c) is a module next to the tool (the build tree) or in its
 * library folder (installed); it resolves the input helpers it shares from
 * the tool, which exports them. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input.h"

typedef int (*CudaDeviceOpen)(VideoCudaDevice **, unsigned, char *, size_t);
typedef void (*CudaDeviceClose)(VideoCudaDevice **);

static struct {
    pthread_once_t once;
    const VideoReader *reader;
    CudaDeviceOpen device_open;
    CudaDeviceClose device_close;
    char error[VIDEO_INPUT_ERROR_SIZE];
} module = {.once = PTHREAD_ONCE_INIT};

/* The module: the file the environment's VMAF_LIBAV_MODULE names, else in
 * the tool's own folder or VMAF_LIBAV_MODULE_DIR (relative to it, set at
 * build). */
static void *open_module(void)
{
    const char *chosen = getenv("VMAF_LIBAV_MODULE");
    if (chosen && *chosen) {
        void *handle = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (!handle)
            snprintf(module.error, sizeof(module.error), "%s", dlerror());
        return handle;
    }
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0) {
        snprintf(module.error, sizeof(module.error), "cannot find the tool's folder");
        return NULL;
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    *slash = '\0';
    static const char *const dirs[] = {".", VMAF_LIBAV_MODULE_DIR};
    void *handle = NULL;
    size_t said = 0;
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]) && !handle; i++) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof(path), "%s/%s/" VMAF_LIBAV_MODULE, exe, dirs[i]);
        handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!handle && said < sizeof(module.error))
            said += (size_t)snprintf(module.error + said, sizeof(module.error) - said, "%s%s",
                                     said ? "; " : "", dlerror());
    }
    return handle;
}

static void load(void)
{
    void *handle = open_module();
    if (!handle)
        return;
    module.reader = dlsym(handle, "video_reader_libav");
    *(void **)&module.device_open = dlsym(handle, "video_cuda_device_open");
    *(void **)&module.device_close = dlsym(handle, "video_cuda_device_close");
    if (!module.reader || !module.device_open || !module.device_close) {
        snprintf(module.error, sizeof(module.error), VMAF_LIBAV_MODULE " lacks its symbols");
        module.reader = NULL;
        dlclose(handle);
    }
}

static const VideoReader *loaded(void)
{
    pthread_once(&module.once, load);
    return module.reader;
}

/* Loads the module, and the input is its reader's from here on. */
static int lazy_open(VideoInput *in, const VideoInfo *raw)
{
    const VideoReader *reader = loaded();
    if (!reader)
        return video_input_fail(in, -ENOTSUP,
                                "not Y4M nor described as raw YUV, and FFmpeg's libraries, "
                                "which read encoded video, could not be loaded (%s)",
                                module.error);
    in->reader = reader;
    return reader->open(in, raw);
}

const VideoReader video_reader_libav_lazy = {
    .name = "libav",
    .encoded = true,
    .probe = video_probe_encoded,
    .open = lazy_open,
};

int video_cuda_device_open(VideoCudaDevice **dev, unsigned gpu, char *error, size_t error_size)
{
    *dev = NULL;
    if (!loaded()) {
        snprintf(error, error_size, "NVDEC: FFmpeg's libraries could not be loaded (%s)",
                 module.error);
        return -ENOTSUP;
    }
    return module.device_open(dev, gpu, error, error_size);
}

void video_cuda_device_close(VideoCudaDevice **dev)
{
    if (*dev && loaded())
        module.device_close(dev);
}
