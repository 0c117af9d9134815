/* The picture preallocation methods of libvmaf_cuda.h on a GPU, used as
 * FFmpeg's libvmaf_cuda filter uses them: a CUcontext of the caller's own
 * (pushed and popped by the library, never left current), and device
 * pictures filled by a copy on the legacy default stream that the host does
 * not wait for, queued behind slow work. For NONE, HOST, HOST_PINNED,
 * HOST_PINNED_PLANES_READ (luma alone here) and DEVICE at 8, 10 and 16
 * bits, every score equals the CPU's (as
 * compare_scores.h has it); the device pictures are read in place (no
 * upload). So do device pictures written by
 * vmaf_cuda_picture_import() from surfaces of NVDEC's layouts (P010-style
 * samples in the high bits of 16-bit words), and DEVICE_PLANES_READ
 * pictures with their chroma split from NV12 / P010 or copied from 4:4:4
 * planes, for features that read chroma. Also what must fail: a feature
 * that reads chroma on luma-only device pictures or runs on the CPU with
 * device pictures, an import without the chroma a picture holds, a device
 * picture of another context or of the wrong size, fetching with NONE.
 * Prints "SKIP: no CUDA device" and returns 77 without a device. */
#include <cuda_runtime_api.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cuda/device_backend.h"
#include "libvmaf/libvmaf_cuda.h"
#include "compare_scores.h"
#include "device_util.h"
#include "test.h"

/* Driver calls, from the driver the runtime loaded (no link to libcuda, so
 * that the test loads, and skips, where there is none). */
static struct {
    int (*ctx_create)(void **ctx, unsigned flags, int device);
    int (*ctx_destroy)(void *ctx);
    int (*ctx_push)(void *ctx);
    int (*ctx_pop)(void **ctx);
    int (*ctx_get_current)(void **ctx);
} drv;

static void *entry_point(const char *name)
{
    void *fn = NULL;
    enum cudaDriverEntryPointQueryResult status;
    if (cudaGetDriverEntryPointByVersion(name, &fn, 4000, cudaEnableDefault, &status) ||
        status != cudaDriverEntryPointSuccess)
        return NULL;
    return fn;
}

static bool resolve_driver(void)
{
    *(void **)&drv.ctx_create = entry_point("cuCtxCreate");
    *(void **)&drv.ctx_destroy = entry_point("cuCtxDestroy");
    *(void **)&drv.ctx_push = entry_point("cuCtxPushCurrent");
    *(void **)&drv.ctx_pop = entry_point("cuCtxPopCurrent");
    *(void **)&drv.ctx_get_current = entry_point("cuCtxGetCurrent");
    return drv.ctx_create && drv.ctx_destroy && drv.ctx_push && drv.ctx_pop && drv.ctx_get_current;
}

/* The caller's context, as FFmpeg's CUDA device has one of its own. */
static void *caller_ctx;

/* The library leaves no context of its own current on the caller's thread. */
static void check_nothing_current(const char *after)
{
    void *cur = (void *)1;
    CHECK_EQ_INT(drv.ctx_get_current(&cur), 0);
    if (cur)
        fprintf(stderr, "a context is current after %s\n", after);
    CHECK(cur == NULL);
}

typedef struct Format {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc, w, h, frames;
} Format;

static const Format formats[] = {
    {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080, 4},
    {VMAF_PIX_FMT_YUV420P, 10, 352, 288, 6},
    {VMAF_PIX_FMT_YUV444P, 16, 320, 240, 5},
};

/* The features the default model reads, and two more, luma only. */
static const char *const features[] = {"adm", "vif", "motion", "float_ssim", "psnr"};

static uint32_t hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    return x ^ (x >> 16);
}

/* Moving texture with noise, w x h, a pattern of each plane p; the
 * distorted one noisier. */
static void fill_plane(void *data, ptrdiff_t stride, const Format *f, unsigned w, unsigned h,
                       unsigned p, unsigned frame, bool dist)
{
    const unsigned max = (1u << f->bpc) - 1;
    for (unsigned y = 0; y < h; y++) {
        uint8_t *row = (uint8_t *)data + (size_t)y * stride;
        for (unsigned x = 0; x < w; x++) {
            const unsigned xs = x + frame * 3, ys = y + frame;
            uint32_t v = ((xs * (7 + p) + ys * 5) % 256) << (f->bpc - 8);
            v += hash(xs * 2654435761u ^ ys * 40503u ^ p) % (max / 8 + 1);
            if (dist)
                v += hash(x * 31u + y * 977u + frame * 7919u + p) % (max / 12 + 1);
            v = v > max ? max : v;
            if (f->bpc > 8)
                ((uint16_t *)row)[x] = (uint16_t)v;
            else
                row[x] = (uint8_t)v;
        }
    }
}

/* Luma only: DEVICE pictures carry nothing else; the others are zero
 * elsewhere. */
static void fill_luma(void *data, ptrdiff_t stride, const Format *f, unsigned frame, bool dist)
{
    fill_plane(data, stride, f, f->w, f->h, 0, frame, dist);
}

static int use_features(VmafContext *vmaf)
{
    int err = 0;
    for (size_t i = 0; !err && i < sizeof(features) / sizeof(features[0]); i++) {
        VmafFeatureDictionary *opts = NULL;
        if (!strcmp(features[i], "psnr"))
            vmaf_feature_dictionary_set(&opts, "enable_chroma", "false");
        err = vmaf_use_feature(vmaf, features[i], opts);
    }
    return err;
}

/* What FFmpeg's decoder and filter do for a device picture: the frame is in
 * a surface of the caller's; the copy into the picture goes on the legacy
 * stream behind slow work, and the host goes on without waiting. */
typedef struct Producer {
    void *surface, *slow_src, *slow_dst;
    size_t surface_pitch, slow_size;
} Producer;

static int producer_init(Producer *p, const Format *f)
{
    const size_t row = (size_t)f->w * (f->bpc > 8 ? 2 : 1);
    p->slow_size = (size_t)512 << 20;
    CHECK_EQ_INT(drv.ctx_push(caller_ctx), 0);
    int err = cudaMallocPitch(&p->surface, &p->surface_pitch, row, f->h) ||
              cudaMalloc(&p->slow_src, p->slow_size) || cudaMalloc(&p->slow_dst, p->slow_size);
    void *popped;
    drv.ctx_pop(&popped);
    return err ? -ENOMEM : 0;
}

static void producer_free(Producer *p)
{
    drv.ctx_push(caller_ctx);
    cudaDeviceSynchronize();
    cudaFree(p->surface);
    cudaFree(p->slow_src);
    cudaFree(p->slow_dst);
    void *popped;
    drv.ctx_pop(&popped);
}

/* Samples moved to the high bits of their 16-bit words, as NVDEC's P010
 * and P016 hold them. */
static void align_msb(VmafPicture *host, const Format *f)
{
    for (unsigned y = 0; y < f->h && f->bpc > 8; y++) {
        uint16_t *row = (uint16_t *)((uint8_t *)host->data[0] + (size_t)y * host->stride[0]);
        for (unsigned x = 0; x < f->w; x++)
            row[x] = (uint16_t)(row[x] << (16 - f->bpc));
    }
}

/* vmaf: set to write the picture with vmaf_cuda_picture_import() from a
 * surface of NVDEC's layout; NULL for a plain copy, as FFmpeg's filter. */
static void produce(Producer *p, const Format *f, VmafPicture *pic, unsigned frame, bool dist,
                    VmafContext *vmaf)
{
    const size_t row = (size_t)f->w * (f->bpc > 8 ? 2 : 1);
    VmafPicture host;
    CHECK_EQ_INT(vmaf_picture_alloc(&host, f->pix_fmt, f->bpc, f->w, f->h), 0);
    fill_luma(host.data[0], host.stride[0], f, frame, dist);
    if (vmaf)
        align_msb(&host, f);
    CHECK_EQ_INT(drv.ctx_push(caller_ctx), 0);
    /* The decoded surface, ready before this frame... */
    CHECK_EQ_INT(cudaMemcpy2D(p->surface, p->surface_pitch, host.data[0], host.stride[0], row, f->h,
                              cudaMemcpyHostToDevice),
                 0);
    /* ...then slow work and the copy into the picture, not waited for. */
    CHECK_EQ_INT(cudaMemcpyAsync(p->slow_dst, p->slow_src, p->slow_size, cudaMemcpyDeviceToDevice,
                                 cudaStreamLegacy),
                 0);
    if (!vmaf)
        CHECK_EQ_INT(cudaMemcpy2DAsync(pic->data[0], pic->stride[0], p->surface, p->surface_pitch,
                                       row, f->h, cudaMemcpyDeviceToDevice, cudaStreamLegacy),
                     0);
    void *popped;
    CHECK_EQ_INT(drv.ctx_pop(&popped), 0);
    if (vmaf) {
        const VmafCudaSurface s = {.luma = p->surface,
                                   .pitch = p->surface_pitch,
                                   .bits = f->bpc > 8 ? 16 : 8,
                                   .shift = f->bpc > 8 ? 16 - f->bpc : 0};
        CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, pic, &s), 0);
        check_nothing_current("vmaf_cuda_picture_import");
    }
    vmaf_picture_unref(&host);
}

/* A context with the CUDA backend on the caller's context; no pictures yet. */
static VmafContext *cuda_backed(VmafConfiguration cfg)
{
    VmafContext *vmaf = NULL;
    VmafCudaState *state = NULL;
    CHECK_EQ_INT(vmaf_init(&vmaf, cfg), 0);
    CHECK_EQ_INT(vmaf_cuda_state_init(&state, (VmafCudaConfiguration){.cu_ctx = caller_ctx}), 0);
    check_nothing_current("vmaf_cuda_state_init");
    CHECK_EQ_INT(vmaf_cuda_import_state(vmaf, state), 0);
    vmaf_cuda_state_free(state);
    return vmaf;
}

static VmafContext *cuda_context(enum VmafCudaPicturePreallocationMethod method, const Format *f,
                                 VmafConfiguration cfg)
{
    VmafContext *vmaf = cuda_backed(cfg);
    const VmafCudaPictureConfiguration pc = {
        .pic_params = {.w = f->w, .h = f->h, .bpc = f->bpc, .pix_fmt = f->pix_fmt},
        .pic_prealloc_method = method,
    };
    CHECK_EQ_INT(vmaf_cuda_preallocate_pictures(vmaf, pc), 0);
    check_nothing_current("vmaf_cuda_preallocate_pictures");
    return vmaf;
}

/* The frames of f through a context with the method; NULL for the CPU. */
static VmafContext *score(const Format *f, const enum VmafCudaPicturePreallocationMethod *method,
                          Producer *producer, bool import)
{
    const VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_WARNING};
    VmafContext *vmaf = NULL;
    if (method) {
        vmaf = cuda_context(*method, f, cfg);
    } else {
        CHECK_EQ_INT(vmaf_init(&vmaf, cfg), 0);
    }
    CHECK_EQ_INT(use_features(vmaf), 0);
    const bool fetch = method && *method != VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE;
    const bool device = method && *method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE;
    for (unsigned n = 0; n < f->frames; n++) {
        VmafPicture pic[2];
        for (unsigned i = 0; i < 2; i++) {
            if (fetch)
                CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic[i]), 0);
            else
                CHECK_EQ_INT(vmaf_picture_alloc(&pic[i], f->pix_fmt, f->bpc, f->w, f->h), 0);
            if (device) {
                CHECK(pic[i].data[0] && !pic[i].data[1] && !pic[i].data[2]);
                produce(producer, f, &pic[i], n, i, import ? vmaf : NULL);
            } else {
                /* The features read luma: pinned pictures of the planes
                 * read have none other. */
                if (method &&
                    *method == VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ)
                    CHECK(pic[i].data[0] && !pic[i].data[1] && !pic[i].data[2]);
                fill_luma(pic[i].data[0], pic[i].stride[0], f, n, i);
                for (unsigned p = 1; p < 3; p++)
                    if (pic[i].data[p])
                        memset(pic[i].data[p], 0, (size_t)pic[i].stride[p] * pic[i].h[p]);
            }
        }
        CHECK_EQ_INT(vmaf_read_pictures(vmaf, &pic[0], &pic[1], n), 0);
        if (method)
            check_nothing_current("vmaf_read_pictures");
    }
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, NULL, NULL, 0), 0);
    if (method)
        check_nothing_current("the flush");
    return vmaf;
}

static void test_methods(void)
{
    static const enum VmafCudaPicturePreallocationMethod methods[] = {
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE,
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST,
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE,
    };
    static const char *const names[] = {
        "NONE", "HOST", "HOST_PINNED", "HOST_PINNED_PLANES_READ", "DEVICE", "DEVICE, imported"};
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        const Format *f = &formats[i];
        Producer producer = {0};
        CHECK_EQ_INT(producer_init(&producer, f), 0);
        VmafContext *cpu = score(f, NULL, NULL, false);
        for (size_t m = 0; m < 6; m++) {
            const bool import = m == 5;
            VmafContext *gpu = score(f, &methods[import ? 4 : m], &producer, import);
            char what[96];
            snprintf(what, sizeof(what), "%s %ux%u %u-bit fmt %d", names[m], f->w, f->h, f->bpc,
                     f->pix_fmt);
            const unsigned scores = compare_scores(cpu, gpu, what);
            VmafCudaFrameStats s;
            CHECK_EQ_INT(vmaf_cuda_frame_stats(gpu, &s), 0);
            const bool device = m >= 4;
            const uint64_t uploads = s.uploads[0] + s.uploads[1] + s.uploads[2];
            /* Device pictures are read where they are: no upload at all. */
            CHECK_EQ_INT(uploads, device ? 0 : 2ull * f->frames);
            CHECK_EQ_INT(s.in_place, device ? 2ull * f->frames : 0);
            CHECK_EQ_INT(s.private_uploads, 0);
            printf("%-36s %4u scores equal, %llu uploads, %llu read in place, %llu host waits\n",
                   what, scores, (unsigned long long)uploads, (unsigned long long)s.in_place,
                   (unsigned long long)s.host_waits);
            vmaf_close(gpu);
            check_nothing_current("vmaf_close");
        }
        vmaf_close(cpu);
        producer_free(&producer);
    }
}

/* Features that read chroma, and one that reads luma. */
static const char *const chroma_features[] = {"psnr", "ciede", "adm"};

/* Every plane of frame n of a pair, in the surfaces NVDEC leaves: 16-bit
 * samples in the high bits, 4:2:0 chroma interleaved (NV12, P010), 4:4:4
 * chroma in two planes. */
typedef struct Surfaces {
    void *luma, *chroma[2];
    size_t pitch, chroma_pitch;
} Surfaces;

static void surfaces_alloc(Surfaces *sf, const VmafPicture *layout, bool interleaved)
{
    const size_t bytes = layout->bpc > 8 ? 2 : 1;
    CHECK_EQ_INT(drv.ctx_push(caller_ctx), 0);
    CHECK_EQ_INT(cudaMallocPitch(&sf->luma, &sf->pitch, layout->w[0] * bytes, layout->h[0]), 0);
    const size_t chroma_row = layout->w[1] * bytes * (interleaved ? 2 : 1);
    for (unsigned c = 0; c < (interleaved ? 1u : 2u); c++)
        CHECK_EQ_INT(cudaMallocPitch(&sf->chroma[c], &sf->chroma_pitch, chroma_row, layout->h[1]),
                     0);
    void *popped;
    CHECK_EQ_INT(drv.ctx_pop(&popped), 0);
}

static void surfaces_free(Surfaces *sf)
{
    drv.ctx_push(caller_ctx);
    cudaDeviceSynchronize();
    cudaFree(sf->luma);
    cudaFree(sf->chroma[0]);
    cudaFree(sf->chroma[1]);
    void *popped;
    drv.ctx_pop(&popped);
}

/* Plane p of host at the surface's layout: samples << (16 - bpc) in 16-bit
 * words, every other sample (offset `lane` of 2) when interleaved. */
static void surface_rows(uint8_t *out, size_t out_pitch, const VmafPicture *host, unsigned p,
                         unsigned step, unsigned lane)
{
    for (unsigned y = 0; y < host->h[p]; y++) {
        const uint8_t *src = (const uint8_t *)host->data[p] + (size_t)y * host->stride[p];
        for (unsigned x = 0; x < host->w[p]; x++) {
            const size_t at = (size_t)x * step + lane;
            if (host->bpc > 8)
                ((uint16_t *)(out + y * out_pitch))[at] =
                    (uint16_t)(((const uint16_t *)src)[x] << (16 - host->bpc));
            else
                out[y * out_pitch + at] = src[x];
        }
    }
}

/* host into the surfaces, then into pic with vmaf_cuda_picture_import(). */
static void import_all_planes(VmafContext *vmaf, const Surfaces *sf, const VmafPicture *host,
                              VmafPicture *pic, bool interleaved)
{
    const size_t bytes = host->bpc > 8 ? 2 : 1;
    uint8_t *luma = calloc(sf->pitch, host->h[0]);
    uint8_t *chroma[2] = {calloc(sf->chroma_pitch, host->h[1]),
                          calloc(sf->chroma_pitch, host->h[1])};
    CHECK(luma && chroma[0] && chroma[1]);
    surface_rows(luma, sf->pitch, host, 0, 1, 0);
    for (unsigned c = 0; c < 2; c++)
        surface_rows(chroma[interleaved ? 0 : c], sf->chroma_pitch, host, 1 + c,
                     interleaved ? 2 : 1, interleaved ? c : 0);
    CHECK_EQ_INT(drv.ctx_push(caller_ctx), 0);
    CHECK_EQ_INT(cudaMemcpy(sf->luma, luma, sf->pitch * host->h[0], cudaMemcpyHostToDevice), 0);
    for (unsigned c = 0; c < (interleaved ? 1u : 2u); c++)
        CHECK_EQ_INT(cudaMemcpy(sf->chroma[c], chroma[c], sf->chroma_pitch * host->h[1],
                                cudaMemcpyHostToDevice),
                     0);
    void *popped;
    CHECK_EQ_INT(drv.ctx_pop(&popped), 0);
    const VmafCudaSurface s = {.luma = sf->luma,
                               .pitch = sf->pitch,
                               .bits = (unsigned)bytes * 8,
                               .shift = host->bpc > 8 ? 16 - host->bpc : 0,
                               .chroma = {sf->chroma[0], interleaved ? NULL : sf->chroma[1]},
                               .chroma_pitch = sf->chroma_pitch};
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, pic, &s), 0);
    check_nothing_current("vmaf_cuda_picture_import");
    free(luma);
    free(chroma[0]);
    free(chroma[1]);
}

/* The frames of f with every plane filled, scored by chroma_features: on
 * the CPU (vmaf NULL: made here) or through DEVICE_PLANES_READ pictures
 * imported from NVDEC's layouts. */
static VmafContext *score_all_planes(const Format *f, bool device)
{
    const VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_WARNING};
    VmafContext *vmaf = NULL;
    if (device)
        vmaf = cuda_backed(cfg);
    else
        CHECK_EQ_INT(vmaf_init(&vmaf, cfg), 0);
    for (size_t i = 0; i < sizeof(chroma_features) / sizeof(chroma_features[0]); i++)
        CHECK_EQ_INT(vmaf_use_feature(vmaf, chroma_features[i], NULL), 0);
    const bool interleaved = f->pix_fmt == VMAF_PIX_FMT_YUV420P;
    Surfaces sf = {0};
    if (device) {
        const VmafCudaPictureConfiguration pc = {
            .pic_params = {.w = f->w, .h = f->h, .bpc = f->bpc, .pix_fmt = f->pix_fmt},
            .pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
        };
        CHECK_EQ_INT(vmaf_cuda_preallocate_pictures(vmaf, pc), 0);
    }
    for (unsigned n = 0; n < f->frames; n++) {
        VmafPicture pic[2];
        for (unsigned i = 0; i < 2; i++) {
            VmafPicture host;
            CHECK_EQ_INT(vmaf_picture_alloc(&host, f->pix_fmt, f->bpc, f->w, f->h), 0);
            for (unsigned p = 0; p < 3; p++)
                fill_plane(host.data[p], host.stride[p], f, host.w[p], host.h[p], p, n, i);
            if (!device) {
                pic[i] = host;
                continue;
            }
            CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic[i]), 0);
            CHECK(pic[i].data[0] && pic[i].data[1] && pic[i].data[2]);
            if (!sf.luma)
                surfaces_alloc(&sf, &host, interleaved);
            import_all_planes(vmaf, &sf, &host, &pic[i], interleaved);
            vmaf_picture_unref(&host);
        }
        CHECK_EQ_INT(vmaf_read_pictures(vmaf, &pic[0], &pic[1], n), 0);
    }
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, NULL, NULL, 0), 0);
    if (device)
        surfaces_free(&sf);
    return vmaf;
}

/* DEVICE_PLANES_READ with features that read chroma: the chroma of NVDEC's
 * surfaces, split or copied by vmaf_cuda_picture_import(), scores as the
 * CPU does, every plane read in place. */
static void test_planes_read(void)
{
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        const Format *f = &formats[i];
        VmafContext *cpu = score_all_planes(f, false);
        VmafContext *gpu = score_all_planes(f, true);
        char what[96];
        snprintf(what, sizeof(what), "DEVICE_PLANES_READ %ux%u %u-bit fmt %d", f->w, f->h, f->bpc,
                 f->pix_fmt);
        const unsigned scores = compare_scores(cpu, gpu, what);
        VmafCudaFrameStats s;
        CHECK_EQ_INT(vmaf_cuda_frame_stats(gpu, &s), 0);
        CHECK_EQ_INT(s.uploads[0] + s.uploads[1] + s.uploads[2], 0);
        CHECK_EQ_INT(s.in_place, 2ull * f->frames);
        printf("%-44s %4u scores equal, chroma %s, %llu read in place\n", what, scores,
               f->pix_fmt == VMAF_PIX_FMT_YUV420P ? "split" : "copied",
               (unsigned long long)s.in_place);
        vmaf_close(gpu);
        vmaf_close(cpu);
        check_nothing_current("vmaf_close");
    }
}

static VmafFeatureDictionary *option(const char *key, const char *value)
{
    VmafFeatureDictionary *d = NULL;
    vmaf_feature_dictionary_set(&d, key, value);
    return d;
}

/* A context whose pictures (pc) are made after a feature that reads chroma
 * was used: *pic, fetched from them, holds every plane. */
static VmafContext *pictures_after(VmafConfiguration cfg, const char *feature,
                                   VmafCudaPictureConfiguration pc, VmafPicture *pic)
{
    VmafContext *vmaf = cuda_backed(cfg);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, feature, NULL), 0);
    CHECK_EQ_INT(vmaf_cuda_preallocate_pictures(vmaf, pc), 0);
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, pic), 0);
    CHECK(pic->data[0] && pic->data[1] && pic->data[2]);
    return vmaf;
}

/* Device pictures hold luma only and the CPU cannot read them: what needs
 * either fails when it is asked for, naming the feature. */
static void test_refusals(void)
{
    const Format *f = &formats[1];
    const VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_ERROR};
    VmafContext *vmaf = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, f, cfg);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), -ENOTSUP);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "ciede", NULL), -ENOTSUP);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "float_ms_ssim", option("enable_chroma", "true")),
                 -ENOTSUP);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", option("enable_chroma", "false")), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", NULL), 0);
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic), 0);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);

    /* With the twins masked off, every feature would run on the CPU. */
    const VmafConfiguration masked = {.log_level = VMAF_LOG_LEVEL_ERROR, .gpumask = 1};
    vmaf = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, f, masked);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", NULL), -ENOTSUP);
    vmaf_close(vmaf);

    /* A chroma feature registered first refuses the device pictures. */
    vmaf = cuda_backed(cfg);
    const enum VmafCudaPicturePreallocationMethod device =
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE;
    const enum VmafCudaPicturePreallocationMethod planes_read =
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ;
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", NULL), 0);
    CHECK_EQ_INT(vmaf_cuda_device_pictures_fit(vmaf, device, f->pix_fmt), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK_EQ_INT(vmaf_cuda_device_pictures_fit(vmaf, device, f->pix_fmt), -ENOTSUP);
    CHECK_EQ_INT(vmaf_cuda_device_pictures_fit(vmaf, device, VMAF_PIX_FMT_YUV400P), 0);
    /* ...which DEVICE_PLANES_READ serves; no other method is a device one. */
    CHECK_EQ_INT(vmaf_cuda_device_pictures_fit(vmaf, planes_read, f->pix_fmt), 0);
    CHECK_EQ_INT(vmaf_cuda_device_pictures_fit(
                     vmaf, VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED, f->pix_fmt),
                 -EINVAL);
    VmafCudaPictureConfiguration pc = {
        .pic_params = {.w = f->w, .h = f->h, .bpc = f->bpc, .pix_fmt = f->pix_fmt},
        .pic_prealloc_method = device,
    };
    CHECK_EQ_INT(vmaf_cuda_preallocate_pictures(vmaf, pc), -ENOTSUP);
    vmaf_close(vmaf);

    /* DEVICE_PLANES_READ made for luma readers holds luma only: a chroma
     * feature after it is refused, and a picture with chroma needs the
     * surface's. */
    vmaf = cuda_context(planes_read, f, cfg);
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic), 0);
    CHECK(pic.data[0] && !pic.data[1] && !pic.data[2]);
    vmaf_picture_unref(&pic);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), -ENOTSUP);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", option("enable_chroma", "false")), 0);
    vmaf_close(vmaf);
    pc.pic_prealloc_method = planes_read;
    vmaf = pictures_after(cfg, "ciede", pc, &pic);
    const VmafCudaSurface luma_alone = {.luma = pic.data[0], .pitch = 4096, .bits = 16, .shift = 6};
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, &pic, &luma_alone), -EINVAL);
    const VmafCudaSurface narrow = {.luma = pic.data[0],
                                    .pitch = 4096,
                                    .bits = 16,
                                    .shift = 6,
                                    .chroma = {pic.data[1]},
                                    .chroma_pitch = pic.w[1] * 2};
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, &pic, &narrow), -EINVAL);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);

    /* NONE: nothing to fetch, nor to import into. */
    vmaf = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE, f, cfg);
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, f->pix_fmt, f->bpc, f->w, f->h), 0);
    const VmafCudaSurface p010 = {.luma = pic.data[0], .pitch = 4096, .bits = 16, .shift = 6};
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, &pic, &p010), -EINVAL);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);

    /* Pinned pictures of the planes read: luma alone for luma readers, so
     * a chroma feature used after them cannot read them; every plane when
     * one was used first. */
    const enum VmafCudaPicturePreallocationMethod pinned_read =
        VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ;
    vmaf = cuda_context(pinned_read, f, cfg);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    VmafPicture pair[2];
    for (unsigned i = 0; i < 2; i++) {
        CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pair[i]), 0);
        CHECK(pair[i].data[0] && !pair[i].data[1] && !pair[i].data[2]);
    }
    /* Refused, and the pictures taken all the same. */
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &pair[0], &pair[1], 0), -EINVAL);
    vmaf_close(vmaf);
    pc.pic_prealloc_method = pinned_read;
    vmaf = pictures_after(cfg, "psnr", pc, &pic);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);

    /* A surface of another depth than the picture's. */
    vmaf = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, f, cfg);
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(vmaf, &pic), 0);
    const VmafCudaSurface p016 = {.luma = pic.data[0], .pitch = 4096, .bits = 16, .shift = 4};
    const VmafCudaSurface nv12 = {.luma = pic.data[0], .pitch = 4096, .bits = 8};
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, &pic, &p016), -EINVAL);
    CHECK_EQ_INT(vmaf_cuda_picture_import(vmaf, &pic, &nv12), -EINVAL);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);
    check_nothing_current("the refusals");
}

static int read_pair(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist)
{
    return vmaf_read_pictures(vmaf, ref, dist, 0);
}

/* A device picture is read only by the context whose pool it came from, and
 * only as the pool made it. */
static void test_foreign_pictures(void)
{
    const Format *f = &formats[1];
    const VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_ERROR};
    VmafContext *a = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, f, cfg);
    VmafContext *b = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE, f, cfg);
    VmafContext *pinned = cuda_context(VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED, f, cfg);
    VmafContext *contexts[] = {a, b, pinned};
    for (unsigned i = 0; i < 3; i++) {
        VmafFeatureDictionary *opts = NULL;
        vmaf_feature_dictionary_set(&opts, "enable_chroma", "false");
        CHECK_EQ_INT(vmaf_use_feature(contexts[i], "psnr", opts), 0);
    }
    VmafPicture ref, dist;
    /* a's pictures given to b, and to a context of pinned pictures. */
    for (unsigned i = 1; i < 3; i++) {
        CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(a, &ref), 0);
        CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(a, &dist), 0);
        CHECK_EQ_INT(read_pair(contexts[i], &ref, &dist), -EINVAL);
    }
    /* A host picture given to a context of device pictures. */
    CHECK_EQ_INT(vmaf_picture_alloc(&ref, f->pix_fmt, f->bpc, f->w, f->h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&dist, f->pix_fmt, f->bpc, f->w, f->h), 0);
    CHECK_EQ_INT(read_pair(a, &ref, &dist), -EINVAL);
    /* a's own pictures claiming another size. */
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(a, &ref), 0);
    CHECK_EQ_INT(vmaf_cuda_fetch_preallocated_picture(a, &dist), 0);
    ref.w[0] -= 2;
    dist.w[0] -= 2;
    CHECK_EQ_INT(read_pair(a, &ref, &dist), -EINVAL);
    /* Nothing was scored: no frame was taken. */
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ_INT(contexts[i]->fc->cnt, 0);
        vmaf_close(contexts[i]);
    }
    check_nothing_current("the foreign pictures");
}

int main(void)
{
    if (!have_cuda_device())
        return 77;
    if (!resolve_driver() || drv.ctx_create(&caller_ctx, 0, 0)) {
        printf("FAIL: the driver's context calls are not there\n");
        return 1;
    }
    void *popped;
    drv.ctx_pop(&popped);
    static const struct test_case cases[] = {
        {"methods", test_methods},
        {"planes_read", test_planes_read},
        {"refusals", test_refusals},
        {"foreign_pictures", test_foreign_pictures},
        {NULL, NULL},
    };
    const int status = run_tests("cuda_pictures", cases);
    drv.ctx_destroy(caller_ctx);
    return status;
}
