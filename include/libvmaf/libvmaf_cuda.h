/* vmaf-ng public API: the CUDA backend. Source-compatible with libvmaf's
 * libvmaf_cuda.h; installed only by builds with CUDA (VMAF_CUDA).
 *
 * Typical use, before any feature is registered:
 *
 *     VmafCudaState *cu;
 *     if (!vmaf_cuda_state_init(&cu, (VmafCudaConfiguration){0})) {
 *         vmaf_cuda_import_state(vmaf, cu);
 *         vmaf_cuda_state_free(cu);
 *     }
 *
 * Without a usable device vmaf_cuda_state_init() logs why in one line and
 * returns -ENODEV; the context then computes everything on the CPU. With the
 * state imported, every feature whose extractor has a CUDA twin (psnr_cuda,
 * motion_cuda) that supports all of the requested options is computed on
 * the device, with the same scores; the others on the CPU, as the log says.
 * Scores of a frame computed on the device become available one frame later
 * (or at the flush). */
#ifndef LIBVMAF_LIBVMAF_CUDA_H
#define LIBVMAF_LIBVMAF_CUDA_H

#include "libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafCudaState VmafCudaState;

typedef struct VmafCudaConfiguration {
    /* The caller's CUcontext to run in (FFmpeg passes its own): the library
     * neither creates nor destroys it, and pushes it current around its
     * work and pops it after, on whatever thread. NULL: the primary context
     * of device_index, retained while a context uses it. */
    void *cu_ctx;
    int device_index; /* vmaf-ng: the device when cu_ctx is NULL (default 0) */
} VmafCudaConfiguration;

/* Checks for a device that can run the backend. Returns 0 with *cu_state
 * (the caller's, freed with vmaf_cuda_state_free()), -ENODEV without a
 * usable device or driver (logged why), -ENOMEM, or -EINVAL for NULL. */
VMAF_API int vmaf_cuda_state_init(VmafCudaState **cu_state, VmafCudaConfiguration cfg);

/* Makes vmaf compute on that device. The context keeps a copy: the state
 * can be freed right after. Features registered before stay on the CPU. */
VMAF_API int vmaf_cuda_import_state(VmafContext *vmaf, VmafCudaState *cu_state);

/* vmaf-ng; free() does the same, as libvmaf's callers do. */
VMAF_API void vmaf_cuda_state_free(VmafCudaState *cu_state);

enum VmafCudaPicturePreallocationMethod {
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE = 0,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, /* luma planes in device memory, below */
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
    /* vmaf-ng: the planes the features read in device memory, below */
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
    /* vmaf-ng: the planes the features read, page-locked, below */
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
};

typedef struct VmafCudaPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    enum VmafCudaPicturePreallocationMethod pic_prealloc_method;
    /* vmaf-ng, HOST_PINNED: pictures in the pool; 0 for enough for the frames
     * in flight (the device's and, with n_threads, the workers'). */
    unsigned pic_cnt;
} VmafCudaPictureConfiguration;

/* vmaf-ng: the pictures in flight with n_threads workers, the caller's pair
 * included (the pool size pic_cnt = 0 gives). A caller that holds more, to
 * read ahead, adds those to it. */
VMAF_API unsigned vmaf_cuda_pictures_held(unsigned n_threads);

/* After vmaf_cuda_import_state(), once, before the first frame; 0 or a
 * negative errno (logged). HOST_PINNED: a pool of page-locked pictures that
 * the device copies from directly (no staging copy); fetching blocks until
 * one is free. HOST: plain pictures, allocated per fetch. NONE: the caller
 * allocates its own (vmaf_picture_alloc()); fetching fails.
 *
 * DEVICE (FFmpeg's libvmaf_cuda filter): a pool of pictures whose luma plane
 * (data[0], stride[0] bytes a row) is device memory the host never touches,
 * read in place by the kernels; data[1] and data[2] are NULL. The caller
 * writes the luma (a device-to-device copy on any stream, the legacy
 * default one included) before vmaf_read_pictures(), which orders the
 * kernels after work already issued on that legacy stream and returns the
 * picture to the pool once the last kernel reading it has finished. Only
 * features that read luma on the device are admitted: one that reads chroma
 * (psnr unless enable_chroma=false, ciede, psnr_hvs, float_ms_ssim with
 * enable_chroma=true) or would run on the CPU is refused with -ENOTSUP,
 * naming it, here or when it is registered.
 *
 * DEVICE_PLANES_READ (vmaf-ng): as DEVICE, with the planes the features
 * used so far read in device memory (data[p], stride[p]): luma alone when
 * none reads chroma, as DEVICE, else every plane of the format, which the
 * caller writes before vmaf_read_pictures() (vmaf_cuda_picture_import()
 * with the surface's chroma). Features that read chroma on the device are
 * admitted until then, and after only when the pictures hold chroma.
 *
 * HOST_PINNED_PLANES_READ (vmaf-ng): as HOST_PINNED, with only the planes
 * the features used so far read: luma alone (data[1] and data[2] NULL) when
 * none reads chroma, so that a reader skips the chroma and none is copied;
 * else every plane. vmaf_read_pictures() refuses with -EINVAL a picture
 * without a plane that a feature used later reads. */
VMAF_API int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg);

/* A picture of the pool to fill and hand to vmaf_read_pictures(), which
 * takes it (or to give back with vmaf_picture_unref()); blocks while every
 * picture of the pool is in flight. 0, or -EINVAL without a pool. */
VMAF_API int vmaf_cuda_picture_fetch(VmafContext *vmaf, VmafPicture *pic);

/* libvmaf's name for vmaf_cuda_picture_fetch(). */
VMAF_API int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

/* vmaf-ng: whether every feature registered so far can read pictures of
 * pix_fmt preallocated with method: DEVICE (a CUDA twin that reads luma
 * only) or DEVICE_PLANES_READ (a CUDA twin). 0, or -ENOTSUP naming the
 * first that cannot (logged at INFO: the caller then chooses other
 * pictures), or -EINVAL without the CUDA backend or for another method.
 * Lets a caller whose frames are in device memory choose before
 * vmaf_cuda_preallocate_pictures(). */
VMAF_API int vmaf_cuda_device_pictures_fit(VmafContext *vmaf,
                                           enum VmafCudaPicturePreallocationMethod method,
                                           enum VmafPixelFormat pix_fmt);

/* vmaf-ng: a frame a decoder left in device memory (such as NVDEC's NV12,
 * P010, P016 or 4:4:4 surfaces through FFmpeg's CUDA frames), in the
 * context's CUDA context. Zero what is not used. */
typedef struct VmafCudaSurface {
    const void *luma; /* CUdeviceptr of the first row */
    size_t pitch;     /* bytes from one row to the next */
    unsigned bits;    /* 8, or 16 for 16-bit words */
    unsigned shift;   /* 16-bit words hold the sample << shift (P010: 6, P016 of 12 bits: 4) */
    /* The chroma, read only into pictures that hold it: chroma[0] the U
     * plane and chroma[1] the V plane, or, with chroma[1] NULL, U and V
     * interleaved in chroma[0] (NV12, P010, P016); both with the picture's
     * chroma size, in words of `bits`, shifted as luma, chroma_pitch bytes
     * a row. */
    const void *chroma[2];
    size_t chroma_pitch;
} VmafCudaSurface;

/* vmaf-ng: writes surface into pic, a picture of the DEVICE or
 * DEVICE_PLANES_READ pool (vmaf_cuda_picture_fetch()) whose size it has: the
 * luma, and where pic holds chroma the chroma (split when interleaved),
 * shifting samples down to the picture's bpc (16 - shift). The work is
 * queued on the context's legacy default stream, after what was issued
 * there before (FFmpeg's copy out of NVDEC), and the surface may be reused
 * by work issued there after; vmaf_read_pictures() orders the kernels after
 * it. Any thread, also while another calls vmaf_read_pictures() on the
 * context. Returns 0, -EINVAL for a picture or surface that does not fit
 * (logged; a picture that holds chroma needs the surface's), or -EIO. */
VMAF_API int vmaf_cuda_picture_import(VmafContext *vmaf, VmafPicture *pic,
                                      const VmafCudaSurface *surface);

#ifdef __cplusplus
}
#endif

#endif
