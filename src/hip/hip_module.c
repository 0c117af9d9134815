/* The HIP module's entry (hip_module.h) and its log, which is the
 * library's: the module's code logs with vmaf_log() as the rest does. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "core/log.h"
#include "hip_api.h"
#include "hip_module.h"

#define VMAF_HIP_KERNELS_DECLARE(type, metric) extern const type metric##_hip_kernels;
VMAF_HIP_KERNEL_TABLES(VMAF_HIP_KERNELS_DECLARE)

static void (*host_vlog)(enum VmafLogLevel level, const char *fmt, va_list ap);

void vmaf_log(enum VmafLogLevel level, const char *fmt, ...)
{
    if (!host_vlog)
        return;
    va_list ap;
    va_start(ap, fmt);
    host_vlog(level, fmt, ap);
    va_end(ap);
}

__attribute__((visibility("default"))) int vmaf_hip_module_open(const VmafHipHost *host,
                                                                VmafHipModule *module)
{
    if (!host || !module || host->abi != VMAF_HIP_MODULE_ABI || !host->version ||
        strcmp(host->version, VMAF_VERSION_STRING) || host->module_size != sizeof(*module))
        return -EINVAL;
    host_vlog = host->vlog;
    *module = (VmafHipModule){
        .api = &vmaf_hip_api,
        .probe = vmaf_hip_probe,
        .device_name = vmaf_hip_device_name,
        .archs = VMAF_HIP_ARCHS,
    };
#define VMAF_HIP_KERNELS_COPY(type, metric) module->kernels.metric = metric##_hip_kernels;
    VMAF_HIP_KERNEL_TABLES(VMAF_HIP_KERNELS_COPY)
    return 0;
}
