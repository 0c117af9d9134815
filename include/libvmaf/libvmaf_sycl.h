/* vmaf-ng public API: the SYCL backend (AdaptiveCpp). Installed only by
 * builds with SYCL (VMAF_SYCL, docs/sycl.md).
 *
 * Typical use, before any feature is registered:
 *
 *     VmafSyclState *sy;
 *     if (!vmaf_sycl_state_init(&sy, (VmafSyclConfiguration){0})) {
 *         vmaf_sycl_import_state(vmaf, sy);
 *         vmaf_sycl_state_free(sy);
 *     }
 *
 * As with the CUDA backend (libvmaf_cuda.h): every feature whose extractor
 * has a SYCL twin (motion_sycl, ...) that supports all of the requested
 * options is computed on the device, with the same scores as on the CPU;
 * the others on the CPU, as the log says. A frame's scores computed on the
 * device become available one frame later (or at the flush). Each plane a
 * twin reads is copied to the device once per frame (docs/shared-frame.md).
 *
 * AdaptiveCpp compiles each kernel for the device when it is first launched
 * and caches the result (docs/sycl.md); its runtime says so on stderr unless
 * the environment has ACPP_DEBUG_LEVEL=1 (errors only), read when the
 * library is loaded. */
#ifndef LIBVMAF_LIBVMAF_SYCL_H
#define LIBVMAF_LIBVMAF_SYCL_H

#include "libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafSyclState VmafSyclState;

typedef struct VmafSyclConfiguration {
    /* The device among SYCL's: GPUs first, then the others (such as
     * AdaptiveCpp's OpenMP host device, which runs the kernels on the
     * CPU's cores), each group in the order SYCL lists them. Default 0. */
    int device_index;
} VmafSyclConfiguration;

/* Checks for the device. Returns 0 with *state (the caller's, freed with
 * vmaf_sycl_state_free()), -ENODEV without such a device (logged why),
 * -ENOMEM, or -EINVAL for NULL. Any thread. */
VMAF_API int vmaf_sycl_state_init(VmafSyclState **state, VmafSyclConfiguration cfg);

/* The name of the state's device, as SYCL gives it; valid while the state
 * is. */
VMAF_API const char *vmaf_sycl_state_device_name(const VmafSyclState *state);

/* Makes vmaf compute on that device. The context keeps a copy: the state
 * can be freed right after. Features registered before stay on the CPU.
 * Fails with -EINVAL when vmaf has a backend already (the CUDA one). */
VMAF_API int vmaf_sycl_import_state(VmafContext *vmaf, VmafSyclState *state);

VMAF_API void vmaf_sycl_state_free(VmafSyclState *state);

enum VmafSyclPicturePreallocationMethod {
    VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_NONE = 0,
    /* plain pictures, allocated per fetch */
    VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST,
    /* a pool of pictures in host USM (page-locked), copied from directly */
    VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM,
    /* as HOST_USM, holding only the planes the features used so far read */
    VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM_PLANES_READ,
    /* a pool of pictures in device USM, holding the planes the features
     * used so far read, read in place */
    VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_DEVICE,
};

typedef struct VmafSyclPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    enum VmafSyclPicturePreallocationMethod pic_prealloc_method;
    /* Pictures in the pool; 0 for enough for the frames in flight. */
    unsigned pic_cnt;
} VmafSyclPictureConfiguration;

/* After vmaf_sycl_import_state(), once, before the first frame; 0 or a
 * negative errno (logged). The methods are the CUDA backend's
 * (vmaf_cuda_preallocate_pictures()): HOST_USM as HOST_PINNED,
 * HOST_USM_PLANES_READ as HOST_PINNED_PLANES_READ, DEVICE as
 * DEVICE_PLANES_READ, except that the caller writes a DEVICE picture's
 * planes with its own queue of the same device and waits for the writes
 * to finish before vmaf_read_pictures(). With DEVICE pictures, a feature
 * without a SYCL twin is refused with -ENOTSUP, naming it. */
VMAF_API int vmaf_sycl_preallocate_pictures(VmafContext *vmaf, VmafSyclPictureConfiguration cfg);

/* A picture of the pool to fill and hand to vmaf_read_pictures(), which
 * takes it (or to give back with vmaf_picture_unref()); blocks while every
 * picture of the pool is in flight. 0, or -EINVAL without a pool. */
VMAF_API int vmaf_sycl_picture_fetch(VmafContext *vmaf, VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
