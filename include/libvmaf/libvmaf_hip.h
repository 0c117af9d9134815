/* vmaf-ng public API: the HIP backend (AMD GPUs, through ROCm). Installed
 * only by builds with HIP (VMAF_HIP, docs/hip.md).
 *
 * Typical use, before any feature is registered:
 *
 *     VmafHipState *hs;
 *     if (!vmaf_hip_state_init(&hs, (VmafHipConfiguration){0})) {
 *         vmaf_hip_import_state(vmaf, hs);
 *         vmaf_hip_state_free(hs);
 *     }
 *
 * As with the CUDA backend (libvmaf_cuda.h): every feature whose extractor
 * has a HIP twin (motion_hip, ...) that supports all of the requested
 * options is computed on the device; the others on the CPU, as the log
 * says. A frame's scores computed on the device become available one frame
 * later (or at the flush). Each plane a twin reads is copied to the device
 * once per frame (docs/shared-frame.md).
 *
 * The HIP runtime and the kernels are in a module the library loads at the
 * first vmaf_hip_state_init() (vmaf-hip.so, installed beside the library in
 * its vmaf-ng folder; the environment's VMAF_HIP_MODULE names another), so
 * the library runs where ROCm is not installed: the state's init then fails
 * with -ENODEV and logs why. */
#ifndef LIBVMAF_LIBVMAF_HIP_H
#define LIBVMAF_LIBVMAF_HIP_H

#include "libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafHipState VmafHipState;

typedef struct VmafHipConfiguration {
    /* The device among HIP's, as HIP numbers them (HIP_VISIBLE_DEVICES
     * applies). Default 0. */
    int device_index;
} VmafHipConfiguration;

/* Loads the HIP module and checks for the device: it must exist and be of
 * an architecture the kernels are built for (docs/hip.md). Returns 0 with
 * *state (the caller's, freed with vmaf_hip_state_free()), -ENODEV (logged
 * why: no module, no ROCm, no such device, another architecture), -ENOMEM,
 * or -EINVAL for NULL. Any thread. */
VMAF_API int vmaf_hip_state_init(VmafHipState **state, VmafHipConfiguration cfg);

/* The state's device: its name and architecture as HIP gives them; valid
 * while the state is. */
VMAF_API const char *vmaf_hip_state_device_name(const VmafHipState *state);

/* Makes vmaf compute on that device. The context keeps a copy: the state
 * can be freed right after. Features registered before stay on the CPU.
 * Fails with -EINVAL when vmaf has a backend already. */
VMAF_API int vmaf_hip_import_state(VmafContext *vmaf, VmafHipState *state);

VMAF_API void vmaf_hip_state_free(VmafHipState *state);

enum VmafHipPicturePreallocationMethod {
    VMAF_HIP_PICTURE_PREALLOCATION_METHOD_NONE = 0,
    /* plain pictures, allocated per fetch */
    VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST,
    /* a pool of page-locked pictures, copied from directly */
    VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
    /* as HOST_PINNED, holding only the planes the features used so far read */
    VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
    /* a pool of pictures in device memory, holding the planes the features
     * used so far read, read in place */
    VMAF_HIP_PICTURE_PREALLOCATION_METHOD_DEVICE,
};

typedef struct VmafHipPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    enum VmafHipPicturePreallocationMethod pic_prealloc_method;
    /* Pictures in the pool; 0 for enough for the frames in flight. */
    unsigned pic_cnt;
} VmafHipPictureConfiguration;

/* After vmaf_hip_import_state(), once, before the first frame; 0 or a
 * negative errno (logged). The methods are the CUDA backend's
 * (vmaf_cuda_preallocate_pictures()): HOST_PINNED_PLANES_READ as its
 * HOST_PINNED_PLANES_READ, DEVICE as DEVICE_PLANES_READ, except that the
 * caller writes a DEVICE picture's planes on the same device and waits for
 * the writes to finish before vmaf_read_pictures(). With DEVICE pictures, a
 * feature without a HIP twin is refused with -ENOTSUP, naming it. */
VMAF_API int vmaf_hip_preallocate_pictures(VmafContext *vmaf, VmafHipPictureConfiguration cfg);

/* A picture of the pool to fill and hand to vmaf_read_pictures(), which
 * takes it (or to give back with vmaf_picture_unref()); blocks while every
 * picture of the pool is in flight. 0, or -EINVAL without a pool. */
VMAF_API int vmaf_hip_picture_fetch(VmafContext *vmaf, VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
