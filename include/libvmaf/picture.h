/* vmaf-ng public API: pictures. Source-compatible with libvmaf 3.x. */
#ifndef LIBVMAF_PICTURE_H
#define LIBVMAF_PICTURE_H

#include <stddef.h>

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
 * uint16_t. stride[] is in bytes. A 4:0:0 picture has no chroma planes. */
typedef struct VmafPicture {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc;
    unsigned w[3], h[3];
    ptrdiff_t stride[3];
    void *data[3];
    VmafRef *ref;
    void *priv;
} VmafPicture;

/* Allocates one zeroed, 32-byte aligned buffer for all planes; the caller owns
 * one reference, dropped with vmaf_picture_unref(). bpc must be 8..16. */
int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                       unsigned h);

/* Drops one reference; the memory is released (or returned to its pool) with
 * the last one. The struct is zeroed. */
int vmaf_picture_unref(VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
