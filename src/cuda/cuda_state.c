/* The CUDA backend's public API (libvmaf_cuda.h): the device the CUDA
 * runtime probes, the backend attached to a context over it
 * (device_backend.c), and decoder surfaces imported into device pictures. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/log.h"
#include "core/picture.h"
#include "device_backend.h"
#include "libvmaf/libvmaf_cuda.h"
#include "picture_import.h"

struct VmafCudaState {
    VmafCudaDevice dev;
};

int vmaf_cuda_state_init(VmafCudaState **cu_state, VmafCudaConfiguration cfg)
{
    if (!cu_state)
        return -EINVAL;
    *cu_state = NULL;
    VmafCudaDevice dev;
    int err = vmaf_cuda_runtime_probe(cfg.device_index, cfg.cu_ctx, &dev);
    if (err)
        return err;
    VmafCudaState *s = malloc(sizeof(*s));
    if (!s)
        return -ENOMEM;
    s->dev = dev;
    *cu_state = s;
    return 0;
}

void vmaf_cuda_state_free(VmafCudaState *cu_state)
{
    free(cu_state);
}

int vmaf_cuda_import_state(VmafContext *vmaf, VmafCudaState *cu_state)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !cu_state)
        return -EINVAL;
    return vmaf_device_backend_attach(vmaf, &vmaf_cuda_backend, &cu_state->dev);
}

int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    return vmaf_device_backend_preallocate(vmaf, &vmaf_cuda_backend, cfg);
}

int vmaf_cuda_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!pic)
        return -EINVAL;
    return vmaf_device_backend_fetch(vmaf, &vmaf_cuda_backend, pic);
}

int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    return vmaf_cuda_picture_fetch(vmaf, pic);
}

int vmaf_cuda_device_pictures_fit(VmafContext *vmaf, enum VmafCudaPicturePreallocationMethod method,
                                  enum VmafPixelFormat pix_fmt)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    return vmaf_device_backend_pictures_fit(vmaf, &vmaf_cuda_backend, method, pix_fmt);
}

/* What the surface must be for pic: 8-bit samples for 8-bit pictures, 16-bit
 * ones whose shift leaves the picture's depth otherwise; with the chroma of
 * its size where pic holds chroma. */
static bool surface_fits(const VmafPicture *pic, const VmafCudaSurface *s)
{
    const size_t bytes = s->bits / 8;
    if (!s->luma || s->pitch < (size_t)pic->w[0] * bytes)
        return false;
    if (pic->data[1]) {
        const size_t chroma_row = (size_t)pic->w[1] * bytes * (s->chroma[1] ? 1 : 2);
        if (!s->chroma[0] || s->chroma_pitch < chroma_row)
            return false;
    }
    if (s->bits == 8)
        return pic->bpc == 8 && !s->shift;
    return s->bits == 16 && pic->bpc > 8 && s->shift == 16 - pic->bpc;
}

/* Plane p of pic from src (src_pitch bytes a row) on the legacy stream. */
static int import_plane(const VmafCudaApi *api, VmafPicture *pic, unsigned p, const void *src,
                        size_t src_pitch, const VmafCudaSurface *s)
{
    if (s->shift)
        return vmaf_cuda_shift_plane(pic->data[p], (size_t)pic->stride[p], src, src_pitch,
                                     pic->w[p], pic->h[p], s->shift, VMAF_CUDA_STREAM_LEGACY);
    return api->copy_2d_async(pic->data[p], (size_t)pic->stride[p], src, src_pitch,
                              (size_t)pic->w[p] * (s->bits / 8), pic->h[p],
                              VMAF_CUDA_DEVICE_TO_DEVICE, VMAF_CUDA_STREAM_LEGACY);
}

static int import_chroma(const VmafCudaApi *api, VmafPicture *pic, const VmafCudaSurface *s)
{
    if (!s->chroma[1])
        return vmaf_cuda_split_chroma(pic->data[1], pic->data[2], (size_t)pic->stride[1],
                                      s->chroma[0], s->chroma_pitch, pic->w[1], pic->h[1],
                                      s->bits / 8, s->shift, VMAF_CUDA_STREAM_LEGACY);
    const int err = import_plane(api, pic, 1, s->chroma[0], s->chroma_pitch, s);
    return err ? err : import_plane(api, pic, 2, s->chroma[1], s->chroma_pitch, s);
}

int vmaf_cuda_picture_import(VmafContext *vmaf, VmafPicture *pic, const VmafCudaSurface *surface)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    const VmafCudaDevice *dev = vmaf_device_backend_picture_device(vmaf, &vmaf_cuda_backend);
    if (!dev || !pic || !surface || !vmaf_picture_in_device_memory(pic) ||
        !surface_fits(pic, surface)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cuda: vmaf_cuda_picture_import() takes a picture of the DEVICE or "
                 "DEVICE_PLANES_READ pool and a surface of its size and depth (and its chroma, "
                 "where the picture holds chroma)");
        return -EINVAL;
    }
    const VmafCudaApi *api = dev->api;
    int err = vmaf_cuda_device_bind(dev);
    if (err)
        return err;
    err = import_plane(api, pic, 0, surface->luma, surface->pitch, surface);
    if (!err && pic->data[1])
        err = import_chroma(api, pic, surface);
    vmaf_cuda_device_unbind(dev);
    return err;
}
