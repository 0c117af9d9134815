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
    VmafCudaDevice dev;
    char name[160];
};

_Static_assert(VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED == VMAF_DEVICE_PICTURES_PINNED &&
                   VMAF_HIP_PICTURE_PREALLOCATION_METHOD_DEVICE == VMAF_DEVICE_PICTURES_DEVICE,
               "the HIP API's methods are in vmaf_device_backend_method()'s order");

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
    s->dev = dev;
    vmaf_hip_module()->device_name(dev.index, s->name, sizeof(s->name));
    *state = s;
    return 0;
}

const char *vmaf_hip_state_device_name(const VmafHipState *state)
{
    return state ? state->name : NULL;
}

void vmaf_hip_state_free(VmafHipState *state)
{
    free(state);
}

int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *state)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !state)
        return -EINVAL;
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "hip: computing on %s", state->name);
    return vmaf_device_backend_attach(vmaf, &vmaf_hip_backend, &state->dev);
}

int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafHipPictureConfiguration cfg)
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
        &vmaf_hip_backend, (enum VmafDevicePictureMethod)cfg.pic_prealloc_method,
        &c.pic_prealloc_method);
    return err ? err : vmaf_device_backend_preallocate(vmaf, &vmaf_hip_backend, c);
}

int vmaf_hip_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_hip_backend, pic);
}
