/* The SYCL backend's public API (libvmaf_sycl.h): a device of sycl_api.cpp
 * behind the GPU backend the CUDA backend is too (cuda/device_backend.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/log.h"
#include "cuda/device_backend.h"
#include "libvmaf/libvmaf_sycl.h"
#include "sycl_api.h"

struct VmafSyclState {
    VmafDeviceState device;
};

int vmaf_sycl_state_init(VmafSyclState **state, VmafSyclConfiguration cfg)
{
    if (!state)
        return -EINVAL;
    *state = NULL;
    VmafCudaDevice dev;
    int err = vmaf_sycl_runtime_probe(cfg.device_index, &dev);
    if (err)
        return err;
    VmafSyclState *s = malloc(sizeof(*s));
    if (!s)
        return -ENOMEM;
    s->device.dev = dev;
    snprintf(s->device.name, sizeof(s->device.name), "%s", vmaf_sycl_device_name(dev.index));
    *state = s;
    return 0;
}

const char *vmaf_sycl_state_device_name(const VmafSyclState *state)
{
    return state ? state->device.name : NULL;
}

void vmaf_sycl_state_free(VmafSyclState *state)
{
    free(state);
}

int vmaf_sycl_import_state(VmafContext *vmaf, VmafSyclState *state)
{
    return vmaf_device_state_import(vmaf, &vmaf_sycl_backend, state ? &state->device : NULL);
}

_Static_assert((int)VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM ==
                       (int)VMAF_DEVICE_PICTURES_PINNED &&
                   (int)VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_DEVICE ==
                       (int)VMAF_DEVICE_PICTURES_DEVICE,
               "the SYCL API's methods are in VmafDevicePictureMethod's order");

int vmaf_sycl_preallocate_pictures(VmafContext *vmaf, VmafSyclPictureConfiguration cfg)
{
    return vmaf_device_backend_preallocate_as(
        vmaf, &vmaf_sycl_backend, VMAF_DEVICE_PICTURE_CONFIGURATION(cfg),
        (enum VmafDevicePictureMethod)cfg.pic_prealloc_method);
}

int vmaf_sycl_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_sycl_backend, pic);
}
