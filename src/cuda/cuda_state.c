#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/backend.h"
#include "core/context.h"
#include "core/log.h"
#include "core/picture.h"
#include "cuda_state.h"
#include "graph.h"
#include "libvmaf/libvmaf_cuda.h"
#include "picture_import.h"

struct VmafCudaState {
    VmafCudaDevice dev;
};

typedef struct CudaBackend {
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
} CudaBackend;

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

static bool device_pictures(const CudaBackend *b)
{
    return device_method(b->pictures.pic_prealloc_method);
}

/* What device pictures allow: a twin (the CPU cannot read them), reading
 * luma only unless they hold chroma (FFmpeg copies luma only into DEVICE's). */
static int admit_on_device_pictures(const CudaBackend *b, const char *requested,
                                    const VmafFexContext *ctx, enum VmafLogLevel level)
{
    if (!(ctx->fex->flags & VMAF_FEATURE_EXTRACTOR_CUDA)) {
        vmaf_log(level,
                 "cuda: %s would run on the CPU, which cannot read device pictures; request it "
                 "with options its CUDA twin has, or use HOST_PINNED pictures",
                 requested);
        return -ENOTSUP;
    }
    if (b->device_chroma || !(vmaf_fex_context_planes(ctx, b->pictures.pic_params.pix_fmt) & ~1u))
        return 0;
    if (b->pictures.pic_prealloc_method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE)
        vmaf_log(level,
                 "cuda: %s reads chroma, and device pictures hold luma only; request it "
                 "without chroma (such as enable_chroma=false) or use HOST_PINNED pictures",
                 requested);
    else
        vmaf_log(level,
                 "cuda: %s reads chroma, and the device pictures, made before it was used, hold "
                 "luma only; use it before vmaf_cuda_preallocate_pictures()",
                 requested);
    return -ENOTSUP;
}

static int cuda_admit(void *state, const char *requested, const VmafFexContext *ctx)
{
    const CudaBackend *b = state;
    return device_pictures(b) ? admit_on_device_pictures(b, requested, ctx, VMAF_LOG_LEVEL_ERROR)
                              : 0;
}

static int cuda_enter(void *state)
{
    const CudaBackend *b = state;
    return vmaf_cuda_device_bind(&b->dev);
}

static void cuda_leave(void *state)
{
    const CudaBackend *b = state;
    vmaf_cuda_device_unbind(&b->dev);
}

/* Where pic's planes are, or -EINVAL (logged) for a picture the context must
 * not read: with device pictures, anything but one of its pool's of the
 * pool's geometry; else another context's device picture. */
static int picture_memory(const CudaBackend *b, const VmafPicture *pic, const char *which,
                          enum VmafCudaPictureMemory *mem)
{
    const bool ours = vmaf_picture_pool_owns(b->pool, pic);
    if (device_pictures(b)) {
        const VmafCudaPictureConfiguration *c = &b->pictures;
        if (!ours) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "cuda: the %s picture is not a device picture of this context (from its "
                     "vmaf_cuda_fetch_preallocated_picture())",
                     which);
            return -EINVAL;
        }
        if (pic->pix_fmt != c->pic_params.pix_fmt || pic->bpc != c->pic_params.bpc ||
            pic->w[0] != c->pic_params.w || pic->h[0] != c->pic_params.h) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "cuda: the %s device picture says %ux%u, %u-bit; this context's device "
                     "pictures are %ux%u, %u-bit",
                     which, pic->w[0], pic->h[0], pic->bpc, c->pic_params.w, c->pic_params.h,
                     c->pic_params.bpc);
            return -EINVAL;
        }
        *mem = VMAF_CUDA_PICTURE_DEVICE;
        return 0;
    }
    if (vmaf_picture_in_device_memory(pic)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cuda: the %s picture is a device picture of another context", which);
        return -EINVAL;
    }
    *mem = ours ? VMAF_CUDA_PICTURE_PINNED : VMAF_CUDA_PICTURE_PAGEABLE;
    return 0;
}

static int cuda_frame_begin(void *state, const VmafPicture *ref, const VmafPicture *dist)
{
    CudaBackend *b = state;
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

static void cuda_frame_end(void *state)
{
    CudaBackend *b = state;
    if (!b->bracket.open)
        return;
    b->bracket.open = false;
    if (b->frame)
        vmaf_cuda_shared_frame_end(b->frame);
}

static void log_stats(const VmafCudaFrameStats *s)
{
    const unsigned long long uploads = s->uploads[0] + s->uploads[1] + s->uploads[2];
    vmaf_log(VMAF_LOG_LEVEL_INFO,
             "cuda: %llu frames, %llu plane uploads (%.2f a frame, %llu staged), %llu device "
             "pictures read in place, %llu private uploads, %llu host waits",
             (unsigned long long)s->frames, uploads,
             s->frames ? (double)uploads / (double)s->frames : 0.0, (unsigned long long)s->staged,
             (unsigned long long)s->in_place, (unsigned long long)s->private_uploads,
             (unsigned long long)s->host_waits);
}

static void cuda_destroy(void *state)
{
    CudaBackend *b = state;
    const bool bound = !vmaf_cuda_device_bind(&b->dev);
    if (b->frame) {
        log_stats(vmaf_cuda_shared_frame_stats(b->frame));
        vmaf_cuda_shared_frame_destroy(b->frame);
    }
    vmaf_picture_pool_destroy(b->pool);
    if (bound)
        vmaf_cuda_device_unbind(&b->dev);
    free(b);
    vmaf_cuda_graph_context_closed();
}

static const VmafBackend cuda_backend = {
    .name = "cuda",
    .twin_flag = VMAF_FEATURE_EXTRACTOR_CUDA,
    .admit = cuda_admit,
    .enter = cuda_enter,
    .leave = cuda_leave,
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
    /* The device or context must be usable from this thread. */
    int err = vmaf_cuda_device_bind(&b->dev);
    if (err) {
        free(b);
        return err;
    }
    vmaf_cuda_device_unbind(&b->dev);
    vmaf_cuda_graph_context_opened(); /* closed by cuda_destroy(), also on failure */
    return vmaf_backend_attach(vmaf, &cuda_backend, b);
}

/* Pictures that can be referenced at once: the caller's pair, the two
 * previous references the context keeps, the pairs the slots' copies may be
 * reading, and a pair queued for each worker thread. */
unsigned vmaf_cuda_pictures_held(unsigned n_threads)
{
    return 2 + 2 + 2 * VMAF_CUDA_FRAME_SLOTS + 2 * n_threads;
}

/* A backend as it would be with device pictures of cfg, for admission. */
static CudaBackend with_pictures(const VmafCudaPictureConfiguration *cfg)
{
    return (CudaBackend){
        .pictures = *cfg,
        .device_chroma =
            cfg->pic_prealloc_method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
    };
}

/* Device pictures: features registered before must be able to read them. */
static int admit_registered(const VmafContext *vmaf, const CudaBackend *b, enum VmafLogLevel level)
{
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        const VmafFexContext *ctx = vmaf->fex[i].inline_ctx;
        int err = admit_on_device_pictures(b, ctx->fex->name, ctx, level);
        if (err)
            return err;
    }
    return 0;
}

static int make_pool(CudaBackend *b, const VmafCudaPictureConfiguration *cfg, unsigned cnt,
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

int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    CudaBackend *b = backend_of(vmaf);
    if (!b || b->preallocated || vmaf->pic_params.set) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: pictures are preallocated once, after "
                                       "vmaf_cuda_import_state() and before the first frame");
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
        const CudaBackend admission = with_pictures(&cfg);
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
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: unknown picture preallocation method %d",
                 (int)cfg.pic_prealloc_method);
        return -EINVAL;
    }
    if (err)
        return err;
    b->pictures = cfg;
    b->preallocated = true;
    return 0;
}

int vmaf_cuda_picture_fetch(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    CudaBackend *b = backend_of(vmaf);
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
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: no pictures to fetch: none were preallocated "
                                       "(method NONE); the caller allocates its own");
        return -EINVAL;
    }
}

int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    return vmaf_cuda_picture_fetch(vmaf, pic);
}

int vmaf_cuda_device_pictures_fit(VmafContext *vmaf, enum VmafCudaPicturePreallocationMethod method,
                                  enum VmafPixelFormat pix_fmt)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!backend_of(vmaf) || !device_method(method))
        return -EINVAL;
    const VmafCudaPictureConfiguration cfg = {
        .pic_params.pix_fmt = pix_fmt,
        .pic_prealloc_method = method,
    };
    const CudaBackend admission = with_pictures(&cfg);
    return admit_registered(vmaf, &admission, VMAF_LOG_LEVEL_INFO);
}

/* What the surface must be for pic: 8-bit samples for 8-bit pictures, 16-bit
 * ones whose shift leaves the picture's depth otherwise; with the chroma of
 * its size where pic holds chroma. */
static bool surface_fits(const VmafPicture *pic, const VmafCudaSurface *s)
{
    const size_t bytes = s->bits / 8;
    if (!s->luma || s->pitch < (size_t)pic->w[0] * bytes)
        return false;
    if (pic->data[1]) {
        const size_t chroma_row = (size_t)pic->w[1] * bytes * (s->chroma[1] ? 1 : 2);
        if (!s->chroma[0] || s->chroma_pitch < chroma_row)
            return false;
    }
    if (s->bits == 8)
        return pic->bpc == 8 && !s->shift;
    return s->bits == 16 && pic->bpc > 8 && s->shift == 16 - pic->bpc;
}

/* Plane p of pic from src (src_pitch bytes a row) on the legacy stream. */
static int import_plane(const VmafCudaApi *api, VmafPicture *pic, unsigned p, const void *src,
                        size_t src_pitch, const VmafCudaSurface *s)
{
    if (s->shift)
        return vmaf_cuda_shift_plane(pic->data[p], (size_t)pic->stride[p], src, src_pitch,
                                     pic->w[p], pic->h[p], s->shift, VMAF_CUDA_STREAM_LEGACY);
    return api->copy_2d_async(pic->data[p], (size_t)pic->stride[p], src, src_pitch,
                              (size_t)pic->w[p] * (s->bits / 8), pic->h[p],
                              VMAF_CUDA_DEVICE_TO_DEVICE, VMAF_CUDA_STREAM_LEGACY);
}

static int import_chroma(const VmafCudaApi *api, VmafPicture *pic, const VmafCudaSurface *s)
{
    if (!s->chroma[1])
        return vmaf_cuda_split_chroma(pic->data[1], pic->data[2], (size_t)pic->stride[1],
                                      s->chroma[0], s->chroma_pitch, pic->w[1], pic->h[1],
                                      s->bits / 8, s->shift, VMAF_CUDA_STREAM_LEGACY);
    const int err = import_plane(api, pic, 1, s->chroma[0], s->chroma_pitch, s);
    return err ? err : import_plane(api, pic, 2, s->chroma[1], s->chroma_pitch, s);
}

int vmaf_cuda_picture_import(VmafContext *vmaf, VmafPicture *pic, const VmafCudaSurface *surface)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    const CudaBackend *b = backend_of(vmaf);
    if (!b || !pic || !surface || !device_pictures(b) || !vmaf_picture_in_device_memory(pic) ||
        !surface_fits(pic, surface)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cuda: vmaf_cuda_picture_import() takes a picture of the DEVICE or "
                 "DEVICE_PLANES_READ pool and a surface of its size and depth (and its chroma, "
                 "where the picture holds chroma)");
        return -EINVAL;
    }
    const VmafCudaApi *api = b->dev.api;
    int err = vmaf_cuda_device_bind(&b->dev);
    if (err)
        return err;
    err = import_plane(api, pic, 0, surface->luma, surface->pitch, surface);
    if (!err && pic->data[1])
        err = import_chroma(api, pic, surface);
    vmaf_cuda_device_unbind(&b->dev);
    return err;
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
            err = vmaf_cuda_shared_frame_begin(b->frame, &b->bracket.pic[0], &b->bracket.pic[1],
                                               b->bracket.mem);
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
