/* vmaf-ng public API: pictures, the frames handed to vmaf_read_pictures().
 * Source-compatible with libvmaf 3.x. */
#ifndef LIBVMAF_PICTURE_H
#define LIBVMAF_PICTURE_H

#include <stddef.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

enum VmafPixelFormat {
    VMAF_PIX_FMT_UNKNOWN,
    VMAF_PIX_FMT_YUV420P,
    VMAF_PIX_FMT_YUV422P,
    VMAF_PIX_FMT_YUV444P,
    VMAF_PIX_FMT_YUV400P,
};

typedef struct VmafRef VmafRef;

/* Planar picture. Samples are uint8_t when bpc == 8, otherwise little-endian
 * uint16_t. stride[] is in bytes. A 4:0:0 picture has no chroma planes.
 * ref counts the references to the memory behind data[]; priv is the
 * library's. */
typedef struct VmafPicture {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc;
    unsigned w[3], h[3];
    ptrdiff_t stride[3];
    void *data[3];
    VmafRef *ref;
    void *priv;
} VmafPicture;

/* Fills *pic with a new picture of w x h luma samples (chroma halved as
 * pix_fmt says, rounded down as libvmaf does) in one zeroed, 32-byte aligned
 * buffer; the caller owns its one reference, which vmaf_read_pictures()
 * takes over or vmaf_picture_unref() drops. Returns 0, -EINVAL for a NULL
 * pic, an unknown pix_fmt, bpc outside 8..16 or a zero w or h, or -ENOMEM.
 * Thread-safe. */
VMAF_API int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt, unsigned bpc,
                                unsigned w, unsigned h);

/* Drops the caller's reference and zeroes *pic; the memory is released, or
 * returned to the pool it came from (vmaf_fetch_preallocated_picture()), with
 * the last reference, which may be the library's. Returns 0, or -EINVAL for
 * a NULL pic or one without a reference. Thread-safe on distinct structs. */
VMAF_API int vmaf_picture_unref(VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
