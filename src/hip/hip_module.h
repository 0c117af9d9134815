/* The HIP backend's module, vmaf-hip.so: the device-API table of
 * cuda/cuda_api.h over HIP's runtime (hip_api.c), the device checks, and the
 * HIP twins' launchers (the CUDA twins' .cu files built by hipcc). Debian and
 * most distributions ship no static HIP runtime, so the library loads the
 * module when a HIP device is first asked for (hip_loader.c): the library
 * and the tool run where ROCm is not installed, and say so when asked for
 * HIP. The module is built from the same tree as the library and refuses a
 * library of another build (VMAF_HIP_MODULE_ABI, sizes). */
#ifndef VMAF_HIP_HIP_MODULE_H
#define VMAF_HIP_HIP_MODULE_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include "cuda/cuda_api.h"
#include "hip_kernels.h"
#include "libvmaf/libvmaf.h"

/* Changed with any change of these structures or of the tables' types. */
#define VMAF_HIP_MODULE_ABI 1

#define VMAF_HIP_MODULE_FILE "vmaf-hip.so"
#define VMAF_HIP_MODULE_OPEN "vmaf_hip_module_open"

/* What the library gives the module. */
typedef struct VmafHipHost {
    unsigned abi;        /* VMAF_HIP_MODULE_ABI */
    const char *version; /* VMAF_VERSION_STRING */
    size_t module_size;  /* sizeof(VmafHipModule) */
    /* The library's log (core/log.h), at the calling context's level. */
    void (*vlog)(enum VmafLogLevel level, const char *fmt, va_list ap);
} VmafHipHost;

typedef struct VmafHipModule {
    const VmafCudaApi *api;
    /* 0 when `device` (an ordinal among HIP's devices) exists and has an
     * architecture the module's kernels are built for; else -ENODEV, logged
     * why (no runtime or device, no such device, another architecture). */
    int (*probe)(int device);
    /* The name and architecture of a device probe() accepted, into buf. */
    void (*device_name)(int device, char *buf, size_t size);
    /* The architectures the kernels are built for, ","-separated. */
    const char *archs;
    VmafHipKernels kernels;
} VmafHipModule;

/* The module's one exported function, VMAF_HIP_MODULE_OPEN: fills *module
 * and returns 0, or -EINVAL for a host of another ABI or version (nothing
 * filled).
 * The module logs through host->vlog from then on. */
typedef int (*VmafHipModuleOpen)(const VmafHipHost *host, VmafHipModule *module);

/* 1 when the processor of gcn_arch_name (HIP's gcnArchName, such as
 * "gfx90a:sramecc+:xnack-": code objects are built per processor, the
 * features after it do not matter) is one of archs (","-separated), else 0. */
static inline int vmaf_hip_arch_built(const char *gcn_arch_name, const char *archs)
{
    const size_t n = strcspn(gcn_arch_name, ":");
    for (const char *a = archs; *a;) {
        const size_t len = strcspn(a, ",");
        if (len == n && !strncmp(a, gcn_arch_name, n))
            return 1;
        a += len + (a[len] == ',');
    }
    return 0;
}

/* The library's side (hip_loader.c). */

/* The module, loaded at the first call in the process; NULL (with the
 * reason logged at every call, at the info level) when it cannot be had:
 * not found, HIP's runtime missing, another build's. Any thread. */
const VmafHipModule *vmaf_hip_module(void);

/* Device `device` among HIP's as *dev, or -ENODEV (logged why). */
int vmaf_hip_runtime_probe(int device, VmafCudaDevice *dev);

#endif
