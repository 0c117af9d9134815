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

/* The CUDA backend's method that each of ours is. */
static int cuda_method(enum VmafSyclPicturePreallocationMethod m,
                       enum VmafCudaPicturePreallocationMethod *out)
{
    switch (m) {
    case VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_NONE:
        *out = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE;
        return 0;
    case VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST:
        *out = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST;
        return 0;
    case VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM:
        *out = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED;
        return 0;
    case VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM_PLANES_READ:
        *out = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ;
        return 0;
    case VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_DEVICE:
        *out = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ;
        return 0;
    }
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "sycl: unknown picture preallocation method %d", (int)m);
    return -EINVAL;
}

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
    const int err = cuda_method(cfg.pic_prealloc_method, &c.pic_prealloc_method);
    return err ? err : vmaf_device_backend_preallocate(vmaf, &vmaf_sycl_backend, c);
}

int vmaf_sycl_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_sycl_backend, pic);
}
