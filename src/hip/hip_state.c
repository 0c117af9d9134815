/* The HIP backend's public API (libvmaf_hip.h): a device of the HIP module
 * (hip_module.h) behind the GPU backend the CUDA backend is too
 * (cuda/device_backend.c). */
#include <errno.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/log.h"
#include "cuda/device_backend.h"
#include "hip_module.h"
#include "libvmaf/libvmaf_hip.h"

struct VmafHipState {
    VmafDeviceState device;
};

int vmaf_hip_state_init(VmafHipState **state, VmafHipConfiguration cfg)
{
    if (!state)
        return -EINVAL;
    *state = NULL;
    VmafCudaDevice dev;
    int err = vmaf_hip_runtime_probe(cfg.device_index, &dev);
    if (err)
        return err;
    VmafHipState *s = malloc(sizeof(*s));
    if (!s)
        return -ENOMEM;
    s->device.dev = dev;
    vmaf_hip_module()->device_name(dev.index, s->device.name, sizeof(s->device.name));
    *state = s;
    return 0;
}

const char *vmaf_hip_state_device_name(const VmafHipState *state)
{
    return state ? state->device.name : NULL;
}

void vmaf_hip_state_free(VmafHipState *state)
{
    free(state);
}

int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *state)
{
    return vmaf_device_state_import(vmaf, &vmaf_hip_backend, state ? &state->device : NULL);
}

_Static_assert((int)VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED ==
                       (int)VMAF_DEVICE_PICTURES_PINNED &&
                   (int)VMAF_HIP_PICTURE_PREALLOCATION_METHOD_DEVICE ==
                       (int)VMAF_DEVICE_PICTURES_DEVICE,
               "the HIP API's methods are in VmafDevicePictureMethod's order");

int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafHipPictureConfiguration cfg)
{
    return vmaf_device_backend_preallocate_as(
        vmaf, &vmaf_hip_backend, VMAF_DEVICE_PICTURE_CONFIGURATION(cfg),
        (enum VmafDevicePictureMethod)cfg.pic_prealloc_method);
}

int vmaf_hip_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_hip_backend, pic);
}
