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
    VmafCudaDevice dev;
    char name[128];
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
    s->dev = dev;
    snprintf(s->name, sizeof(s->name), "%s", vmaf_sycl_device_name(dev.index));
    *state = s;
    return 0;
}

const char *vmaf_sycl_state_device_name(const VmafSyclState *state)
{
    return state ? state->name : NULL;
}

void vmaf_sycl_state_free(VmafSyclState *state)
{
    free(state);
}

int vmaf_sycl_import_state(VmafContext *vmaf, VmafSyclState *state)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !state)
        return -EINVAL;
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "sycl: computing on %s", state->name);
    return vmaf_device_backend_attach(vmaf, &vmaf_sycl_backend, &state->dev);
}

_Static_assert(VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM == VMAF_DEVICE_PICTURES_PINNED &&
                   VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_DEVICE == VMAF_DEVICE_PICTURES_DEVICE,
               "the SYCL API's methods are in vmaf_device_backend_method()'s order");

int vmaf_sycl_preallocate_pictures(VmafContext *vmaf, VmafSyclPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    VmafCudaPictureConfiguration c = {
        .pic_params = {.w = cfg.pic_params.w,
                       .h = cfg.pic_params.h,
                       .bpc = cfg.pic_params.bpc,
                       .pix_fmt = cfg.pic_params.pix_fmt},
        .pic_cnt = cfg.pic_cnt,
    };
    const int err = vmaf_device_backend_method(
        &vmaf_sycl_backend, (enum VmafDevicePictureMethod)cfg.pic_prealloc_method,
        &c.pic_prealloc_method);
    return err ? err : vmaf_device_backend_preallocate(vmaf, &vmaf_sycl_backend, c);
}

int vmaf_sycl_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_sycl_backend, pic);
}
