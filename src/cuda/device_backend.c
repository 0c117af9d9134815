/* A context's GPU backend over a device of the device-API table: the CUDA
 * runtime's (cuda_state.c) or SYCL's (sycl/sycl_state.c). Both are this one
 * VmafBackend but for their names and twin flags: the frame bracket, the
 * shared frame, admission with device pictures and the picture pools. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/backend.h"
#include "core/context.h"
#include "core/log.h"
#include "core/picture.h"
#include "device_backend.h"
#include "graph.h"

typedef struct DeviceBackend {
    const VmafBackend *iface; /* vmaf_cuda_backend or vmaf_sycl_backend */
    VmafCudaDevice dev;
    unsigned n_threads;
    VmafCudaSharedFrame *frame;
    struct {
        bool open;
        VmafPicture pic[2];
        enum VmafCudaPictureMemory mem[2];
    } bracket;
    bool preallocated;
    VmafCudaPictureConfiguration pictures;
    VmafPicturePool *pool; /* the HOST_PINNED and DEVICE methods' */
    bool device_chroma;    /* the device pictures hold chroma */
} DeviceBackend;

/* The pools grow on the threads that fetch from them, such as the CLI's
 * readers: the device is bound around each allocation. */
static void *alloc_bound(const VmafCudaDevice *dev, int (*alloc)(void **ptr, size_t size),
                         size_t size)
{
    void *ptr = NULL;
    if (vmaf_cuda_device_bind(dev))
        return NULL;
    const int err = alloc(&ptr, size);
    vmaf_cuda_device_unbind(dev);
    return err ? NULL : ptr;
}

static void *pinned_alloc(void *opaque, size_t size)
{
    const VmafCudaDevice *dev = opaque;
    return alloc_bound(dev, dev->api->malloc_host, size);
}

static void pinned_free(void *opaque, void *buf)
{
    const VmafCudaDevice *dev = opaque;
    dev->api->free_host(buf);
}

static void *device_alloc(void *opaque, size_t size)
{
    const VmafCudaDevice *dev = opaque;
    return alloc_bound(dev, dev->api->malloc_device, size);
}

static void device_free(void *opaque, void *buf)
{
    const VmafCudaDevice *dev = opaque;
    if (vmaf_cuda_device_bind(dev))
        return;
    dev->api->free_device(buf);
    vmaf_cuda_device_unbind(dev);
}

static bool device_method(enum VmafCudaPicturePreallocationMethod m)
{
    return m == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE ||
           m == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ;
}

static bool device_pictures(const DeviceBackend *b)
{
    return device_method(b->pictures.pic_prealloc_method);
}

/* What device pictures allow: a twin (the CPU cannot read them), reading
 * luma only unless they hold chroma (FFmpeg copies luma only into DEVICE's). */
static int admit_on_device_pictures(const DeviceBackend *b, const char *requested,
                                    const VmafFexContext *ctx, enum VmafLogLevel level)
{
    const char *name = b->iface->name;
    if (!(ctx->fex->flags & b->iface->twin_flag)) {
        vmaf_log(level,
                 "%s: %s would run on the CPU, which cannot read device pictures; request it "
                 "with options its %s twin has, or use pictures in host memory",
                 name, requested, name);
        return -ENOTSUP;
    }
    if (b->device_chroma || !(vmaf_fex_context_planes(ctx, b->pictures.pic_params.pix_fmt) & ~1u))
        return 0;
    if (b->pictures.pic_prealloc_method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE)
        vmaf_log(level,
                 "%s: %s reads chroma, and device pictures hold luma only; request it "
                 "without chroma (such as enable_chroma=false) or use pictures in host memory",
                 name, requested);
    else
        vmaf_log(level,
                 "%s: %s reads chroma, and the device pictures, made before it was used, hold "
                 "luma only; use it before the pictures are preallocated",
                 name, requested);
    return -ENOTSUP;
}

static int device_admit(void *state, const char *requested, const VmafFexContext *ctx)
{
    const DeviceBackend *b = state;
    return device_pictures(b) ? admit_on_device_pictures(b, requested, ctx, VMAF_LOG_LEVEL_ERROR)
                              : 0;
}

static int device_enter(void *state)
{
    const DeviceBackend *b = state;
    return vmaf_cuda_device_bind(&b->dev);
}

static void device_leave(void *state)
{
    const DeviceBackend *b = state;
    vmaf_cuda_device_unbind(&b->dev);
}

/* Where pic's planes are, or -EINVAL (logged) for a picture the context must
 * not read: with device pictures, anything but one of its pool's of the
 * pool's geometry; else another context's device picture. */
static int picture_memory(const DeviceBackend *b, const VmafPicture *pic, const char *which,
                          enum VmafCudaPictureMemory *mem)
{
    const bool ours = vmaf_picture_pool_owns(b->pool, pic);
    if (device_pictures(b)) {
        const VmafCudaPictureConfiguration *c = &b->pictures;
        if (!ours) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: the %s picture is not a device picture of this context (from its "
                     "picture pool)",
                     b->iface->name, which);
            return -EINVAL;
        }
        if (pic->pix_fmt != c->pic_params.pix_fmt || pic->bpc != c->pic_params.bpc ||
            pic->w[0] != c->pic_params.w || pic->h[0] != c->pic_params.h) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: the %s device picture says %ux%u, %u-bit; this context's device "
                     "pictures are %ux%u, %u-bit",
                     b->iface->name, which, pic->w[0], pic->h[0], pic->bpc, c->pic_params.w,
                     c->pic_params.h, c->pic_params.bpc);
            return -EINVAL;
        }
        *mem = VMAF_CUDA_PICTURE_DEVICE;
        return 0;
    }
    if (vmaf_picture_in_device_memory(pic)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: the %s picture is a device picture of another context",
                 b->iface->name, which);
        return -EINVAL;
    }
    *mem = ours ? VMAF_CUDA_PICTURE_PINNED : VMAF_CUDA_PICTURE_PAGEABLE;
    return 0;
}

static int device_frame_begin(void *state, const VmafPicture *ref, const VmafPicture *dist)
{
    DeviceBackend *b = state;
    int err = picture_memory(b, ref, "reference", &b->bracket.mem[0]);
    if (!err)
        err = picture_memory(b, dist, "distorted", &b->bracket.mem[1]);
    if (err)
        return err;
    b->bracket.pic[0] = *ref;
    b->bracket.pic[1] = *dist;
    if (b->frame && (err = vmaf_cuda_shared_frame_begin(b->frame, ref, dist, b->bracket.mem)))
        return err;
    b->bracket.open = true;
    return 0;
}

static void device_frame_end(void *state)
{
    DeviceBackend *b = state;
    if (!b->bracket.open)
        return;
    b->bracket.open = false;
    if (b->frame)
        vmaf_cuda_shared_frame_end(b->frame);
}

static void log_stats(const char *name, const VmafCudaFrameStats *s)
{
    const unsigned long long uploads = s->uploads[0] + s->uploads[1] + s->uploads[2];
    vmaf_log(VMAF_LOG_LEVEL_INFO,
             "%s: %llu frames, %llu plane uploads (%.2f a frame, %llu staged), %llu device "
             "pictures read in place, %llu private uploads, %llu host waits",
             name, (unsigned long long)s->frames, uploads,
             s->frames ? (double)uploads / (double)s->frames : 0.0, (unsigned long long)s->staged,
             (unsigned long long)s->in_place, (unsigned long long)s->private_uploads,
             (unsigned long long)s->host_waits);
}

static void device_destroy(void *state)
{
    DeviceBackend *b = state;
    const bool bound = !vmaf_cuda_device_bind(&b->dev);
    if (b->frame) {
        log_stats(b->iface->name, vmaf_cuda_shared_frame_stats(b->frame));
        vmaf_cuda_shared_frame_destroy(b->frame);
    }
    vmaf_picture_pool_destroy(b->pool);
    if (bound)
        vmaf_cuda_device_unbind(&b->dev);
    free(b);
    vmaf_cuda_graph_context_closed();
}

#define DEVICE_BACKEND_CALLS                                                                       \
    .admit = device_admit, .enter = device_enter, .leave = device_leave,                           \
    .frame_begin = device_frame_begin, .frame_end = device_frame_end, .destroy = device_destroy

const VmafBackend vmaf_cuda_backend = {
    .name = "cuda",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_CUDA,
    DEVICE_BACKEND_CALLS,
};

const VmafBackend vmaf_sycl_backend = {
    .name = "sycl",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_SYCL,
    DEVICE_BACKEND_CALLS,
};

const VmafBackend vmaf_hip_backend = {
    .name = "hip",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_HIP,
    DEVICE_BACKEND_CALLS,
};

static DeviceBackend *backend_of(const VmafContext *vmaf, const VmafBackend *iface)
{
    return vmaf && vmaf->backend == iface ? vmaf->backend_state : NULL;
}

int vmaf_device_backend_preallocate_as(VmafContext *vmaf, const VmafBackend *iface,
                                       VmafCudaPictureConfiguration cfg,
                                       enum VmafDevicePictureMethod method)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    static const enum VmafCudaPicturePreallocationMethod cuda[] = {
        [VMAF_DEVICE_PICTURES_NONE] = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE,
        [VMAF_DEVICE_PICTURES_HOST] = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST,
        [VMAF_DEVICE_PICTURES_PINNED] = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
        [VMAF_DEVICE_PICTURES_PINNED_PLANES_READ] =
            VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
        [VMAF_DEVICE_PICTURES_DEVICE] = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
    };
    if ((unsigned)method >= sizeof(cuda) / sizeof(cuda[0])) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: unknown picture preallocation method %d", iface->name,
                 (int)method);
        return -EINVAL;
    }
    cfg.pic_prealloc_method = cuda[method];
    return vmaf_device_backend_preallocate(vmaf, iface, cfg);
}

int vmaf_device_state_import(VmafContext *vmaf, const VmafBackend *iface,
                             const VmafDeviceState *state)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !state)
        return -EINVAL;
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "%s: computing on %s", iface->name, state->name);
    return vmaf_device_backend_attach(vmaf, iface, &state->dev);
}

int vmaf_device_backend_attach(VmafContext *vmaf, const VmafBackend *iface,
                               const VmafCudaDevice *dev)
{
    DeviceBackend *b = calloc(1, sizeof(*b));
    if (!b)
        return -ENOMEM;
    b->iface = iface;
    b->dev = *dev;
    b->n_threads = vmaf->cfg.n_threads;
    /* The device or context must be usable from this thread. */
    int err = vmaf_cuda_device_bind(&b->dev);
    if (err) {
        free(b);
        return err;
    }
    vmaf_cuda_device_unbind(&b->dev);
    vmaf_cuda_graph_context_opened(); /* closed by device_destroy(), also on failure */
    return vmaf_backend_attach(vmaf, iface, b);
}

/* Pictures that can be referenced at once: the caller's pair, the two
 * previous references the context keeps, the pairs the slots' copies may be
 * reading, and a pair queued for each worker thread. */
unsigned vmaf_cuda_pictures_held(unsigned n_threads)
{
    return 2 + 2 + 2 * VMAF_CUDA_FRAME_SLOTS + 2 * n_threads;
}

/* A backend as it would be with device pictures of cfg, for admission. */
static DeviceBackend with_pictures(const VmafBackend *iface,
                                   const VmafCudaPictureConfiguration *cfg)
{
    return (DeviceBackend){
        .iface = iface,
        .pictures = *cfg,
        .device_chroma =
            cfg->pic_prealloc_method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
    };
}

/* Device pictures: features registered before must be able to read them. */
static int admit_registered(const VmafContext *vmaf, const DeviceBackend *b,
                            enum VmafLogLevel level)
{
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        const VmafFexContext *ctx = vmaf->fex[i].inline_ctx;
        int err = admit_on_device_pictures(b, ctx->fex->name, ctx, level);
        if (err)
            return err;
    }
    return 0;
}

static int make_pool(DeviceBackend *b, const VmafCudaPictureConfiguration *cfg, unsigned cnt,
                     bool luma_only)
{
    const bool device = device_method(cfg->pic_prealloc_method);
    const VmafPictureAllocator allocator = {
        .alloc = device ? device_alloc : pinned_alloc,
        .free = device ? device_free : pinned_free,
        .opaque = &b->dev,
        .device = device,
        /* Read in place by the kernels, at the shared frame's pitches. */
        .row_align = device ? VMAF_CUDA_PITCH_ALIGN : 0,
        .luma_only = luma_only,
    };
    return vmaf_picture_pool_init_with_allocator(&b->pool, cnt, cfg->pic_params.pix_fmt,
                                                 cfg->pic_params.bpc, cfg->pic_params.w,
                                                 cfg->pic_params.h, &allocator);
}

int vmaf_device_backend_preallocate(VmafContext *vmaf, const VmafBackend *iface,
                                    VmafCudaPictureConfiguration cfg)
{
    DeviceBackend *b = backend_of(vmaf, iface);
    if (!b || b->preallocated || vmaf->pic_params.set) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: pictures are preallocated once, after the backend's state is imported "
                 "and before the first frame",
                 iface->name);
        return -EINVAL;
    }
    const unsigned cnt = cfg.pic_cnt ? cfg.pic_cnt : vmaf_cuda_pictures_held(b->n_threads);
    int err = 0;
    switch (cfg.pic_prealloc_method) {
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE:
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
        break;
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE:
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ: {
        const DeviceBackend admission = with_pictures(iface, &cfg);
        err = admit_registered(vmaf, &admission, VMAF_LOG_LEVEL_ERROR);
        if (err)
            break;
        b->device_chroma =
            admission.device_chroma && (vmaf_planes_read(vmaf, cfg.pic_params.pix_fmt) & ~1u);
        err = make_pool(b, &cfg, cnt, !b->device_chroma);
        break;
    }
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED:
        err = make_pool(b, &cfg, cnt, false);
        break;
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ:
        err = make_pool(b, &cfg, cnt, !(vmaf_planes_read(vmaf, cfg.pic_params.pix_fmt) & ~1u));
        break;
    default:
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: unknown picture preallocation method %d", iface->name,
                 (int)cfg.pic_prealloc_method);
        return -EINVAL;
    }
    if (err)
        return err;
    b->pictures = cfg;
    b->preallocated = true;
    return 0;
}

int vmaf_device_backend_fetch(VmafContext *vmaf, const VmafBackend *iface, VmafPicture *pic)
{
    DeviceBackend *b = backend_of(vmaf, iface);
    if (!b || !pic)
        return -EINVAL;
    const VmafCudaPictureConfiguration *c = &b->pictures;
    switch (c->pic_prealloc_method) {
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE:
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ:
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED:
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ:
        return vmaf_picture_pool_fetch(b->pool, pic);
    case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
        return vmaf_picture_alloc(pic, c->pic_params.pix_fmt, c->pic_params.bpc, c->pic_params.w,
                                  c->pic_params.h);
    default:
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: no pictures to fetch: none were preallocated (method NONE); the caller "
                 "allocates its own",
                 iface->name);
        return -EINVAL;
    }
}

int vmaf_device_backend_pictures_fit(VmafContext *vmaf, const VmafBackend *iface,
                                     enum VmafCudaPicturePreallocationMethod method,
                                     enum VmafPixelFormat pix_fmt)
{
    if (!backend_of(vmaf, iface) || !device_method(method))
        return -EINVAL;
    const VmafCudaPictureConfiguration cfg = {
        .pic_params.pix_fmt = pix_fmt,
        .pic_prealloc_method = method,
    };
    const DeviceBackend admission = with_pictures(iface, &cfg);
    return admit_registered(vmaf, &admission, VMAF_LOG_LEVEL_INFO);
}

int vmaf_cuda_backend_frame(void *backend, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                            unsigned h, VmafCudaSharedFrame **frame, const VmafCudaDevice **dev)
{
    DeviceBackend *b = backend;
    int err;
    if (b->frame) {
        err = vmaf_cuda_shared_frame_check(b->frame, pix_fmt, bpc, w, h);
    } else {
        err = vmaf_cuda_shared_frame_create(&b->frame, &b->dev, pix_fmt, bpc, w, h);
        /* Twins are initialised at their first frame, inside its bracket. */
        if (!err && b->bracket.open)
            err = vmaf_cuda_shared_frame_begin(b->frame, &b->bracket.pic[0], &b->bracket.pic[1],
                                               b->bracket.mem);
    }
    if (err)
        return err;
    *frame = b->frame;
    *dev = &b->dev;
    return 0;
}

const VmafCudaDevice *vmaf_device_backend_picture_device(const VmafContext *vmaf,
                                                         const VmafBackend *iface)
{
    const DeviceBackend *b = backend_of(vmaf, iface);
    return b && device_pictures(b) ? &b->dev : NULL;
}

int vmaf_cuda_frame_stats(const VmafContext *vmaf, VmafCudaFrameStats *stats)
{
    const DeviceBackend *b =
        vmaf && vmaf->backend && vmaf->backend->frame_begin == device_frame_begin
            ? vmaf->backend_state
            : NULL;
    if (!b || !b->frame)
        return -ENOENT;
    *stats = *vmaf_cuda_shared_frame_stats(b->frame);
    return 0;
}
