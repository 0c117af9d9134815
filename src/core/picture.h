/* Picture internals: reference counting and pools. */
#ifndef VMAF_CORE_PICTURE_H
#define VMAF_CORE_PICTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "libvmaf/picture.h"

/* Bytes per sample: 1 for bpc 8, else 2. */
static inline unsigned vmaf_picture_bytes_per_sample(const VmafPicture *pic)
{
    return pic->bpc > 8 ? 2 : 1;
}

/* Makes dst another reference to src's buffer. */
int vmaf_picture_ref(VmafPicture *dst, const VmafPicture *src);

/* Number of planes with data (1 for 4:0:0, else 3). */
unsigned vmaf_picture_plane_count(const VmafPicture *pic);

typedef struct VmafPicturePool VmafPicturePool;

/* A pool of up to cnt pictures on the heap, allocated as they are first
 * fetched: every plane, or the luma plane only (chroma data[] NULL). */
int vmaf_picture_pool_init(VmafPicturePool **pool, unsigned cnt, enum VmafPixelFormat pix_fmt,
                           unsigned bpc, unsigned w, unsigned h, bool luma_only);

/* Where a pool's buffers come from (a GPU backend's page-locked or device
 * memory). */
typedef struct VmafPictureAllocator {
    void *(*alloc)(void *opaque, size_t size); /* aligned to 32 bytes at least */
    void (*free)(void *opaque, void *buf);
    void *opaque;
    /* Device memory: the host never touches it (the pool does not zero it). */
    bool device;
    /* Each plane's rows start every multiple of row_align bytes (a power of
     * two) their samples reach; 0: as vmaf_picture_alloc() lays them out. */
    size_t row_align;
    /* The buffers hold the luma plane only: chroma data[] is NULL, w[] and
     * h[] as the format says. */
    bool luma_only;
} VmafPictureAllocator;

/* vmaf_picture_pool_init() with buffers from allocator (NULL: the heap,
 * every plane). */
int vmaf_picture_pool_init_with_allocator(VmafPicturePool **pool, unsigned cnt,
                                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                                          unsigned h, const VmafPictureAllocator *allocator);

/* Whether pic's memory came from an allocator of device memory: the CPU
 * must not read it. */
bool vmaf_picture_in_device_memory(const VmafPicture *pic);

/* Whether pic (or a copy of it) came from pool. */
bool vmaf_picture_pool_owns(const VmafPicturePool *pool, const VmafPicture *pic);

/* Blocks until a picture is free; the pool allocates a new buffer instead
 * while it has fewer than cnt: -ENOMEM when that fails. */
int vmaf_picture_pool_fetch(VmafPicturePool *pool, VmafPicture *pic);
/* Waits until every fetched picture came back, then frees the pool. */
void vmaf_picture_pool_destroy(VmafPicturePool *pool);

#endif
