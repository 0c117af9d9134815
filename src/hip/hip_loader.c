/* Loads the HIP module (hip_module.h) once per process: the file the
 * environment's VMAF_HIP_MODULE names, else vmaf-hip.so beside the library
 * (or the tool it is linked into), in its vmaf-ng folder (installed
 * libraries), or in VMAF_HIP_MODULE_DIR relative to it (an installed tool). */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "cuda/graph.h"
#include "hip_module.h"

VmafHipKernels vmaf_hip_kernels;

static struct {
    pthread_once_t once;
    VmafHipModule module;
    bool loaded;
    char error[1024];
} hip = {.once = PTHREAD_ONCE_INIT};

static void *open_file(const char *path, size_t *said)
{
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle && *said < sizeof(hip.error))
        *said += (size_t)snprintf(hip.error + *said, sizeof(hip.error) - *said, "%s%s",
                                  *said ? "; " : "", dlerror());
    return handle;
}

static void *open_module(void)
{
    size_t said = 0;
    const char *chosen = getenv("VMAF_HIP_MODULE");
    if (chosen && *chosen)
        return open_file(chosen, &said);
    Dl_info info;
    if (!dladdr((void *)vmaf_hip_module, &info) || !info.dli_fname) {
        snprintf(hip.error, sizeof(hip.error), "cannot find the library's folder");
        return NULL;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof(dir), "%s", info.dli_fname);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof(dir), ".");
    static const char *const subdirs[] = {".", "vmaf-ng", VMAF_HIP_MODULE_DIR};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]) && !handle; i++) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof(path), "%s/%s/" VMAF_HIP_MODULE_FILE, dir, subdirs[i]);
        handle = open_file(path, &said);
    }
    return handle;
}

static void load(void)
{
    void *handle = open_module();
    if (!handle)
        return;
    VmafHipModuleOpen open;
    *(void **)&open = dlsym(handle, VMAF_HIP_MODULE_OPEN);
    const VmafHipHost host = {.abi = VMAF_HIP_MODULE_ABI,
                              .version = VMAF_VERSION_STRING,
                              .module_size = sizeof(hip.module),
                              .vlog = vmaf_vlog};
    if (!open || open(&host, &hip.module)) {
        snprintf(hip.error, sizeof(hip.error),
                 "%s is not this build's (rebuild it with the library)", VMAF_HIP_MODULE_FILE);
        dlclose(handle);
        return;
    }
    /* Kept loaded: the twins' launchers are its code. */
    vmaf_hip_kernels = hip.module.kernels;
    hip.loaded = true;
}

const VmafHipModule *vmaf_hip_module(void)
{
    pthread_once(&hip.once, load);
    if (!hip.loaded) {
        vmaf_log(VMAF_LOG_LEVEL_INFO, "hip: no usable device (the HIP module: %s)", hip.error);
        return NULL;
    }
    return &hip.module;
}

int vmaf_hip_runtime_probe(int device, VmafCudaDevice *dev)
{
    const VmafHipModule *m = vmaf_hip_module();
    if (!m)
        return -ENODEV;
    int err = m->probe(device);
    enum VmafCudaDispatch dispatch;
    if (!err)
        err = vmaf_cuda_dispatch_from_env(&dispatch);
    if (err)
        return err;
    *dev = (VmafCudaDevice){.api = m->api, .index = device, .dispatch = dispatch};
    return 0;
}
