#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/backend.h"
#include "core/context.h"
#include "core/log.h"
#include "core/picture.h"
#include "cuda_state.h"
#include "libvmaf/libvmaf_cuda.h"

struct VmafCudaState {
    VmafCudaDevice dev;
};

typedef struct CudaBackend {
    VmafCudaDevice dev;
    unsigned n_threads;
    VmafCudaSharedFrame *frame;
    struct {
        bool open;
        VmafPicture ref, dist;
        bool ref_pinned, dist_pinned;
    } bracket;
    VmafCudaPictureConfiguration pictures;
    VmafPicturePool *pool; /* HOST_PINNED */
} CudaBackend;

/* The pool grows on the threads that fetch from it, such as the CLI's
 * readers: each binds the device first. */
static void *pinned_alloc(void *opaque, size_t size)
{
    const VmafCudaDevice *dev = opaque;
    void *ptr;
    return vmaf_cuda_device_bind(dev) || dev->api->malloc_host(&ptr, size) ? NULL : ptr;
}

static void pinned_free(void *opaque, void *buf)
{
    const VmafCudaDevice *dev = opaque;
    dev->api->free_host(buf);
}

static int cuda_frame_begin(void *state, const VmafPicture *ref, const VmafPicture *dist)
{
    CudaBackend *b = state;
    int err = vmaf_cuda_device_bind(&b->dev);
    if (err)
        return err;
    b->bracket.open = true;
    b->bracket.ref = *ref;
    b->bracket.dist = *dist;
    b->bracket.ref_pinned = vmaf_picture_pool_owns(b->pool, ref);
    b->bracket.dist_pinned = vmaf_picture_pool_owns(b->pool, dist);
    if (b->frame)
        vmaf_cuda_shared_frame_begin(b->frame, ref, dist, b->bracket.ref_pinned,
                                     b->bracket.dist_pinned);
    return 0;
}

static void cuda_frame_end(void *state)
{
    CudaBackend *b = state;
    b->bracket.open = false;
    if (b->frame)
        vmaf_cuda_shared_frame_end(b->frame);
}

static void log_stats(const VmafCudaFrameStats *s)
{
    const unsigned long long uploads = s->uploads[0] + s->uploads[1] + s->uploads[2];
    vmaf_log(VMAF_LOG_LEVEL_INFO,
             "cuda: %llu frames, %llu plane uploads (%.2f a frame, %llu staged), %llu private "
             "uploads, %llu host waits",
             (unsigned long long)s->frames, uploads,
             s->frames ? (double)uploads / (double)s->frames : 0.0, (unsigned long long)s->staged,
             (unsigned long long)s->private_uploads, (unsigned long long)s->host_waits);
}

static void cuda_destroy(void *state)
{
    CudaBackend *b = state;
    vmaf_cuda_device_bind(&b->dev);
    if (b->frame) {
        log_stats(vmaf_cuda_shared_frame_stats(b->frame));
        vmaf_cuda_shared_frame_destroy(b->frame);
    }
    vmaf_picture_pool_destroy(b->pool);
    free(b);
}

static const VmafBackend cuda_backend = {
    .name = "cuda",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_CUDA,
    .frame_begin = cuda_frame_begin,
    .frame_end = cuda_frame_end,
    .destroy = cuda_destroy,
};

static CudaBackend *backend_of(const VmafContext *vmaf)
{
    return vmaf && vmaf->backend == &cuda_backend ? vmaf->backend_state : NULL;
}

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
    CudaBackend *b = calloc(1, sizeof(*b));
    if (!b)
        return -ENOMEM;
    b->dev = cu_state->dev;
    b->n_threads = vmaf->cfg.n_threads;
    int err = vmaf_cuda_device_bind(&b->dev);
    if (err) {
        free(b);
        return err;
    }
    return vmaf_backend_attach(vmaf, &cuda_backend, b);
}

/* Pictures that can be referenced at once: the caller's pair, the two
 * previous references the context keeps, the pairs the slots' copies may be
 * reading, and a pair queued for each worker thread. */
unsigned vmaf_cuda_pictures_held(unsigned n_threads)
{
    return 2 + 2 + 2 * VMAF_CUDA_FRAME_SLOTS + 2 * n_threads;
}

int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    CudaBackend *b = backend_of(vmaf);
    if (!b || b->pictures.pic_prealloc_method) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: pictures are preallocated once, after "
                                       "vmaf_cuda_import_state()");
        return -EINVAL;
    }
    const unsigned cnt = cfg.pic_cnt ? cfg.pic_cnt : vmaf_cuda_pictures_held(b->n_threads);
    const VmafPictureAllocator pinned = {pinned_alloc, pinned_free, &b->dev};
    int err = 0;
    switch (cfg.pic_prealloc_method) {
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
        break;
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED:
        err = vmaf_cuda_device_bind(&b->dev);
        if (!err)
            err = vmaf_picture_pool_init_with_allocator(&b->pool, cnt, cfg.pic_params.pix_fmt,
                                                        cfg.pic_params.bpc, cfg.pic_params.w,
                                                        cfg.pic_params.h, &pinned);
        break;
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE:
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cuda: device pictures are not supported; use HOST_PINNED pictures");
        return -ENOTSUP;
    default:
        return -EINVAL;
    }
    if (!err)
        b->pictures = cfg;
    return err;
}

int vmaf_cuda_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    CudaBackend *b = backend_of(vmaf);
    if (!b || !pic)
        return -EINVAL;
    const VmafCudaPictureConfiguration *c = &b->pictures;
    switch (c->pic_prealloc_method) {
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED:
        return vmaf_picture_pool_fetch(b->pool, pic);
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
        return vmaf_picture_alloc(pic, c->pic_params.pix_fmt, c->pic_params.bpc, c->pic_params.w,
                                  c->pic_params.h);
    default:
        return -EINVAL;
    }
}

int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    return vmaf_cuda_picture_fetch(vmaf, pic);
}

int vmaf_cuda_backend_frame(void *backend, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                            unsigned h, VmafCudaSharedFrame **frame, const VmafCudaDevice **dev)
{
    CudaBackend *b = backend;
    int err;
    if (b->frame) {
        err = vmaf_cuda_shared_frame_check(b->frame, pix_fmt, bpc, w, h);
    } else {
        err = vmaf_cuda_shared_frame_create(&b->frame, &b->dev, pix_fmt, bpc, w, h);
        /* Twins are initialised at their first frame, inside its bracket. */
        if (!err && b->bracket.open)
            vmaf_cuda_shared_frame_begin(b->frame, &b->bracket.ref, &b->bracket.dist,
                                         b->bracket.ref_pinned, b->bracket.dist_pinned);
    }
    if (err)
        return err;
    *frame = b->frame;
    *dev = &b->dev;
    return 0;
}

int vmaf_cuda_frame_stats(const VmafContext *vmaf, VmafCudaFrameStats *stats)
{
    const CudaBackend *b = backend_of(vmaf);
    if (!b || !b->frame)
        return -ENOENT;
    *stats = *vmaf_cuda_shared_frame_stats(b->frame);
    return 0;
}
