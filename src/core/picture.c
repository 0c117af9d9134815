#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"

#define PICTURE_ALIGN 32

struct VmafRef {
    atomic_int cnt;
    void *buf;
    VmafPicturePool *pool; /* NULL: buf is freed with the last reference */
};

/* Buffers are allocated when first needed, up to cnt: a caller sizes the
 * pool for its worst case, and a short run or a slow consumer pays for the
 * pictures it uses only. */
struct VmafPicturePool {
    pthread_mutex_t lock;
    pthread_cond_t returned;
    unsigned cnt, made, n_free; /* capacity, buffers allocated, of those not in use */
    VmafRef *slot;
    bool *in_use;
    VmafPicture layout; /* geometry shared by every picture of the pool */
    size_t size;        /* of a buffer */
    VmafPictureAllocator allocator;
};

/* row_align: what each plane's stride is a multiple of, in bytes (a power
 * of two), 0 for the default; a luma-only layout counts no chroma into
 * *total. */
static int picture_layout(VmafPicture *pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                          unsigned h, size_t row_align, bool luma_only, size_t *total)
{
    if (bpc < 8 || bpc > 16 || !w || !h || pix_fmt == VMAF_PIX_FMT_UNKNOWN ||
        pix_fmt > VMAF_PIX_FMT_YUV400P)
        return -EINVAL;
    memset(pic, 0, sizeof(*pic));
    pic->pix_fmt = pix_fmt;
    pic->bpc = bpc;
    const unsigned ss_hor = pix_fmt != VMAF_PIX_FMT_YUV444P;
    const unsigned ss_ver = pix_fmt == VMAF_PIX_FMT_YUV420P;
    const unsigned planes = pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    const size_t bytes = bpc > 8 ? 2 : 1;
    size_t size = 0;
    for (unsigned p = 0; p < planes; p++) {
        pic->w[p] = p ? w >> ss_hor : w;
        pic->h[p] = p ? h >> ss_ver : h;
        /* PICTURE_ALIGN samples by default; w is far below SIZE_MAX / 2. */
        const size_t align = row_align ? row_align : PICTURE_ALIGN * bytes;
        pic->stride[p] = (ptrdiff_t)(((size_t)pic->w[p] * bytes + align - 1) & ~(align - 1));
        if (p && luma_only)
            continue;
        /* Sizes no memory can hold must not wrap around to small ones;
         * the margin keeps the rounding up to PICTURE_ALIGN from wrapping. */
        const size_t max_size = SIZE_MAX - PICTURE_ALIGN;
        if (pic->stride[p] && pic->h[p] > (max_size - size) / (size_t)pic->stride[p])
            return -ENOMEM;
        size += (size_t)pic->stride[p] * pic->h[p];
    }
    *total = size;
    return 0;
}

static void point_planes(VmafPicture *pic, uint8_t *buf, bool luma_only)
{
    for (unsigned p = 0; p < 3; p++) {
        pic->data[p] = pic->h[p] && !(p && luma_only) ? buf : NULL;
        buf += (size_t)pic->stride[p] * pic->h[p];
    }
}

int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                       unsigned h)
{
    if (!pic)
        return -EINVAL;
    size_t size;
    int err = picture_layout(pic, pix_fmt, bpc, w, h, 0, false, &size);
    if (err)
        return err;
    VmafRef *ref = calloc(1, sizeof(*ref));
    void *buf = aligned_alloc(PICTURE_ALIGN, (size + PICTURE_ALIGN - 1) & ~(size_t)31);
    if (!ref || !buf) {
        free(ref);
        free(buf);
        return -ENOMEM;
    }
    memset(buf, 0, size);
    atomic_init(&ref->cnt, 1);
    ref->buf = buf;
    point_planes(pic, buf, false);
    pic->ref = ref;
    return 0;
}

int vmaf_picture_ref(VmafPicture *dst, const VmafPicture *src)
{
    if (!dst || !src || !src->ref)
        return -EINVAL;
    atomic_fetch_add(&src->ref->cnt, 1);
    *dst = *src;
    return 0;
}

static void pool_return(VmafPicturePool *pool, VmafRef *ref)
{
    pthread_mutex_lock(&pool->lock);
    pool->in_use[ref - pool->slot] = false;
    pool->n_free++;
    pthread_cond_signal(&pool->returned);
    pthread_mutex_unlock(&pool->lock);
}

int vmaf_picture_unref(VmafPicture *pic)
{
    if (!pic || !pic->ref)
        return -EINVAL;
    VmafRef *ref = pic->ref;
    if (atomic_fetch_sub(&ref->cnt, 1) == 1) {
        if (ref->pool) {
            pool_return(ref->pool, ref);
        } else {
            free(ref->buf);
            free(ref);
        }
    }
    memset(pic, 0, sizeof(*pic));
    return 0;
}

unsigned vmaf_picture_plane_count(const VmafPicture *pic)
{
    return pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
}

static void *heap_alloc(void *opaque, size_t size)
{
    (void)opaque;
    return aligned_alloc(PICTURE_ALIGN, (size + PICTURE_ALIGN - 1) & ~(size_t)31);
}

static void heap_free(void *opaque, void *buf)
{
    (void)opaque;
    free(buf);
}

int vmaf_picture_pool_init(VmafPicturePool **pool, unsigned cnt, enum VmafPixelFormat pix_fmt,
                           unsigned bpc, unsigned w, unsigned h, bool luma_only)
{
    const VmafPictureAllocator heap = {
        .alloc = heap_alloc, .free = heap_free, .luma_only = luma_only};
    return vmaf_picture_pool_init_with_allocator(pool, cnt, pix_fmt, bpc, w, h, &heap);
}

/* Under the lock: slot `made` gets a zeroed buffer. */
static int make_buffer(VmafPicturePool *p)
{
    VmafRef *ref = &p->slot[p->made];
    ref->buf = p->allocator.alloc(p->allocator.opaque, p->size);
    if (!ref->buf)
        return -ENOMEM;
    if (!p->allocator.device)
        memset(ref->buf, 0, p->size);
    ref->pool = p;
    p->made++;
    return 0;
}

int vmaf_picture_pool_init_with_allocator(VmafPicturePool **pool, unsigned cnt,
                                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                                          unsigned h, const VmafPictureAllocator *allocator)
{
    if (!pool || !cnt)
        return -EINVAL;
    VmafPicturePool *p = calloc(1, sizeof(*p));
    if (!p)
        return -ENOMEM;
    p->allocator =
        allocator ? *allocator : (VmafPictureAllocator){.alloc = heap_alloc, .free = heap_free};
    size_t size;
    int err = picture_layout(&p->layout, pix_fmt, bpc, w, h, p->allocator.row_align,
                             p->allocator.luma_only, &size);
    if (err) {
        free(p);
        return err;
    }
    err = -ENOMEM;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->returned, NULL);
    p->slot = calloc(cnt, sizeof(*p->slot));
    p->in_use = calloc(cnt, sizeof(*p->in_use));
    if (!p->slot || !p->in_use)
        goto fail;
    p->cnt = cnt;
    p->size = size;
    /* The first buffer now: a size that cannot be allocated fails here. */
    if (make_buffer(p))
        goto fail;
    p->n_free++;
    *pool = p;
    return 0;

fail:
    vmaf_picture_pool_destroy(p);
    return err;
}

bool vmaf_picture_in_device_memory(const VmafPicture *pic)
{
    return pic->ref && pic->ref->pool && pic->ref->pool->allocator.device;
}

bool vmaf_picture_pool_owns(const VmafPicturePool *pool, const VmafPicture *pic)
{
    return pool && pic->ref && pic->ref->pool == pool;
}

int vmaf_picture_pool_fetch(VmafPicturePool *pool, VmafPicture *pic)
{
    if (!pool || !pic)
        return -EINVAL;
    pthread_mutex_lock(&pool->lock);
    while (!pool->n_free && pool->made == pool->cnt)
        pthread_cond_wait(&pool->returned, &pool->lock);
    unsigned i = 0;
    if (pool->n_free) {
        while (pool->in_use[i])
            i++;
        pool->n_free--;
    } else {
        i = pool->made;
        const int err = make_buffer(pool);
        if (err) {
            pthread_mutex_unlock(&pool->lock);
            return err;
        }
    }
    pool->in_use[i] = true;
    pthread_mutex_unlock(&pool->lock);

    VmafRef *ref = &pool->slot[i];
    atomic_store(&ref->cnt, 1);
    *pic = pool->layout;
    point_planes(pic, ref->buf, pool->allocator.luma_only);
    pic->ref = ref;
    return 0;
}

void vmaf_picture_pool_destroy(VmafPicturePool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    while (pool->n_free < pool->made)
        pthread_cond_wait(&pool->returned, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->made; i++)
        pool->allocator.free(pool->allocator.opaque, pool->slot[i].buf);
    free(pool->slot);
    free(pool->in_use);
    pthread_cond_destroy(&pool->returned);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}
