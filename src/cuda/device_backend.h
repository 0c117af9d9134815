/* A VmafContext's GPU backend over a device of the device-API table
 * (cuda_api.h): the CUDA backend (vmaf_cuda_import_state()), the SYCL
 * backend (vmaf_sycl_import_state()) and the HIP backend
 * (vmaf_hip_import_state()) are this one backend, told apart by their
 * VmafBackend (name and twin flag). Pictures are configured with the CUDA
 * API's methods (libvmaf_cuda.h); the SYCL and HIP APIs map theirs onto
 * them (vmaf_device_backend_preallocate_as()).
 * Every function but the attach takes the backend it expects and fails
 * (-EINVAL, logged) when vmaf has another or none. */
#ifndef VMAF_CUDA_DEVICE_BACKEND_H
#define VMAF_CUDA_DEVICE_BACKEND_H

#include "core/backend.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_cuda.h"
#include "cuda_api.h"
#include "shared_frame.h"

extern const VmafBackend vmaf_cuda_backend, vmaf_sycl_backend, vmaf_hip_backend;

/* The picture pools of the SYCL and HIP APIs, in the order of their public
 * enums (libvmaf_sycl.h, libvmaf_hip.h). */
enum VmafDevicePictureMethod {
    VMAF_DEVICE_PICTURES_NONE,
    VMAF_DEVICE_PICTURES_HOST,
    VMAF_DEVICE_PICTURES_PINNED,
    VMAF_DEVICE_PICTURES_PINNED_PLANES_READ,
    VMAF_DEVICE_PICTURES_DEVICE,
};

/* What the SYCL and HIP APIs' states hold (VmafSyclState, VmafHipState):
 * a device their backend probed, and its name. */
typedef struct VmafDeviceState {
    VmafCudaDevice dev;
    char name[160];
} VmafDeviceState;

/* vmaf_sycl_import_state() and vmaf_hip_import_state(): iface on the
 * state's device. 0 or a negative errno. */
int vmaf_device_state_import(VmafContext *vmaf, const VmafBackend *iface,
                             const VmafDeviceState *state);

/* The CUDA API's configuration with the fields of a SYCL or HIP one (the
 * same but for the method, which vmaf_device_backend_preallocate_as()
 * maps). */
#define VMAF_DEVICE_PICTURE_CONFIGURATION(cfg)                                                     \
    ((VmafCudaPictureConfiguration){.pic_params = {.w = (cfg).pic_params.w,                        \
                                                   .h = (cfg).pic_params.h,                        \
                                                   .bpc = (cfg).pic_params.bpc,                    \
                                                   .pix_fmt = (cfg).pic_params.pix_fmt},           \
                                    .pic_cnt = (cfg).pic_cnt})

/* vmaf_sycl_preallocate_pictures() and vmaf_hip_preallocate_pictures():
 * cfg with method, or -EINVAL (logged, naming iface) for a method out of
 * the enum. */
int vmaf_device_backend_preallocate_as(VmafContext *vmaf, const VmafBackend *iface,
                                       VmafCudaPictureConfiguration cfg,
                                       enum VmafDevicePictureMethod method);

/* Attaches iface to vmaf with a copy of dev, after binding it once on the
 * calling thread. 0 or a negative errno. */
int vmaf_device_backend_attach(VmafContext *vmaf, const VmafBackend *iface,
                               const VmafCudaDevice *dev);

/* vmaf_cuda_preallocate_pictures(), vmaf_cuda_picture_fetch() and
 * vmaf_cuda_device_pictures_fit() (libvmaf_cuda.h) for the backend iface. */
int vmaf_device_backend_preallocate(VmafContext *vmaf, const VmafBackend *iface,
                                    VmafCudaPictureConfiguration cfg);
int vmaf_device_backend_fetch(VmafContext *vmaf, const VmafBackend *iface, VmafPicture *pic);
int vmaf_device_backend_pictures_fit(VmafContext *vmaf, const VmafBackend *iface,
                                     enum VmafCudaPicturePreallocationMethod method,
                                     enum VmafPixelFormat pix_fmt);

/* The device of vmaf's backend iface when its pool holds device pictures,
 * else NULL. */
const VmafCudaDevice *vmaf_device_backend_picture_device(const VmafContext *vmaf,
                                                         const VmafBackend *iface);

/* The shared frame and device of the backend state given to a twin
 * (VmafFexContext.backend); the first twin creates the frame. */
int vmaf_cuda_backend_frame(void *backend, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                            unsigned h, VmafCudaSharedFrame **frame, const VmafCudaDevice **dev);

/* The upload statistics of vmaf's shared frame so far, with either
 * backend; -ENOENT without one. */
int vmaf_cuda_frame_stats(const VmafContext *vmaf, VmafCudaFrameStats *stats);

#endif
