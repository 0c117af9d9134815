#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/picture.h"
#include "shared_frame.h"

typedef struct Geometry {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc, planes;
    unsigned w[3], h[3];
    size_t row_bytes[3], pitch[3];
} Geometry;

typedef struct DevicePlane {
    void *data;
    VmafCudaEvent uploaded; /* recorded after the last copy into it */
    uint64_t frame;         /* 1 + sequence number of the frame it holds; 0: none yet */
    uint64_t upload_no;     /* order of that copy on its stream */
} DevicePlane;

typedef struct Staging {
    void *data;           /* pinned, rows packed */
    VmafCudaEvent copied; /* recorded after the last copy out of it */
} Staging;

/* One device copy of a frame pair, and the pictures it references: pinned
 * ones its copies may still be reading, device ones read in place. */
typedef struct PlaneSet {
    DevicePlane plane[2][3];
    VmafPicture held[2]; /* a device picture here is read in place */
} PlaneSet;

/* What uploading needs besides the destination. */
typedef struct Uploader {
    const VmafCudaApi *api;
    const Geometry *geo;
    Staging (*staging)[3];
    VmafCudaFrameStats *stats;
    uint64_t *upload_cnt;
} Uploader;

struct VmafCudaSharedFrame {
    VmafCudaDevice dev;
    Geometry geo;
    VmafCudaStream copy_stream;
    PlaneSet slot[VMAF_CUDA_FRAME_SLOTS];
    uint64_t prepared[VMAF_CUDA_FRAME_SLOTS]; /* 1 + frame for which the slot was fenced */
    Staging staging[2][3];
    VmafCudaReader *readers;
    struct {
        bool open;
        VmafPicture pic[2]; /* shallow copies of the announced pictures */
        enum VmafCudaPictureMemory mem[2];
    } bracket;
    VmafCudaEvent produced; /* on the legacy stream at the begin of a frame with device pictures */
    uint64_t seq, cur;      /* frames begun; the current one */
    uint64_t upload_cnt;
    VmafCudaFrameStats stats;
};

struct VmafCudaReader {
    VmafCudaDevice dev;
    Geometry geo;
    VmafCudaSharedFrame *frame;
    VmafCudaReader *next;
    VmafCudaEvent done[VMAF_CUDA_FRAME_SLOTS]; /* recorded at the last release of the slot */
    bool holds[VMAF_CUDA_FRAME_SLOTS];         /* done[] is to be waited for before reuse */
    int acquired;                              /* slot of the last shared acquire, or -1 */
    PlaneSet own;                              /* private uploads */
    Staging staging[2][3];
    uint64_t upload_cnt;
    VmafCudaFrameStats own_stats;
};

size_t vmaf_cuda_plane_pitch(size_t row_bytes)
{
    return (row_bytes + VMAF_CUDA_PITCH_ALIGN - 1) & ~(size_t)(VMAF_CUDA_PITCH_ALIGN - 1);
}

static int geometry_init(Geometry *g, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                         unsigned h)
{
    if (bpc < 8 || bpc > 16 || !w || !h || pix_fmt == VMAF_PIX_FMT_UNKNOWN ||
        pix_fmt > VMAF_PIX_FMT_YUV400P)
        return -EINVAL;
    const unsigned ss_hor = pix_fmt != VMAF_PIX_FMT_YUV444P;
    const unsigned ss_ver = pix_fmt == VMAF_PIX_FMT_YUV420P;
    *g = (Geometry){.pix_fmt = pix_fmt, .bpc = bpc};
    g->planes = pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < g->planes; p++) {
        g->w[p] = p ? w >> ss_hor : w;
        g->h[p] = p ? h >> ss_ver : h;
        g->row_bytes[p] = (size_t)g->w[p] * (bpc > 8 ? 2 : 1);
        g->pitch[p] = vmaf_cuda_plane_pitch(g->row_bytes[p]);
    }
    return 0;
}

static bool same_geometry(const Geometry *a, const Geometry *b)
{
    return a->pix_fmt == b->pix_fmt && a->bpc == b->bpc && a->w[0] == b->w[0] && a->h[0] == b->h[0];
}

int vmaf_cuda_wait_event(const VmafCudaApi *api, VmafCudaEvent event, VmafCudaFrameStats *stats)
{
    const int done = api->event_done(event);
    if (done)
        return done < 0 ? done : 0;
    stats->host_waits++;
    return api->event_synchronize(event);
}

static void free_plane_set(const VmafCudaApi *api, PlaneSet *set)
{
    for (unsigned i = 0; i < 2; i++) {
        for (unsigned p = 0; p < 3; p++) {
            DevicePlane *dp = &set->plane[i][p];
            if (dp->data) {
                api->free_device(dp->data);
                api->event_destroy(dp->uploaded);
            }
            *dp = (DevicePlane){0};
        }
        if (set->held[i].ref)
            vmaf_picture_unref(&set->held[i]);
    }
}

static void free_staging(const VmafCudaApi *api, Staging staging[2][3])
{
    for (unsigned i = 0; i < 2; i++) {
        for (unsigned p = 0; p < 3; p++) {
            if (staging[i][p].data) {
                api->free_host(staging[i][p].data);
                api->event_destroy(staging[i][p].copied);
            }
            staging[i][p] = (Staging){0};
        }
    }
}

/* The plane of picture which that was copied into last. */
static const DevicePlane *latest_plane(const PlaneSet *set, unsigned which)
{
    const DevicePlane *latest = NULL;
    for (unsigned p = 0; p < 3; p++) {
        const DevicePlane *dp = &set->plane[which][p];
        if (dp->data && (!latest || dp->upload_no > latest->upload_no))
            latest = dp;
    }
    return latest;
}

/* 1 when the copies out of held picture `which` of slot k have completed, or,
 * for a device picture, every reader of the slot; 0 while they run. With
 * wait, waits for them on the host. */
static int held_done(VmafCudaSharedFrame *f, unsigned k, unsigned which, bool wait)
{
    const VmafCudaApi *api = f->dev.api;
    const PlaneSet *set = &f->slot[k];
    int done = 1;
    if (vmaf_picture_in_device_memory(&set->held[which])) {
        for (const VmafCudaReader *r = f->readers; r && done > 0; r = r->next) {
            if (!r->holds[k])
                continue;
            if (wait)
                done = vmaf_cuda_wait_event(api, r->done[k], &f->stats) ? -EIO : 1;
            else
                done = api->event_done(r->done[k]);
        }
        return done;
    }
    /* Copies run in order: the last one of a picture implies the others. */
    const DevicePlane *last = latest_plane(set, which);
    if (!last)
        return 1;
    if (wait)
        return vmaf_cuda_wait_event(api, last->uploaded, &f->stats) ? -EIO : 1;
    return api->event_done(last->uploaded);
}

/* Drops slot k's references to pictures once their copies or readers are
 * done; with wait, waits for them, else keeps those still running. */
static int release_held(VmafCudaSharedFrame *f, unsigned k, bool wait)
{
    PlaneSet *set = &f->slot[k];
    for (unsigned i = 0; i < 2; i++) {
        if (!set->held[i].ref)
            continue;
        const int done = held_done(f, k, i, wait);
        if (done < 0)
            return done;
        if (done)
            vmaf_picture_unref(&set->held[i]);
    }
    return 0;
}

static int alloc_plane(const VmafCudaApi *api, DevicePlane *dp, size_t size)
{
    int err = api->malloc_device(&dp->data, size ? size : 1);
    if (err)
        return err;
    if ((err = api->event_create(&dp->uploaded))) {
        api->free_device(dp->data);
        dp->data = NULL;
    }
    return err;
}

static int alloc_staging(const VmafCudaApi *api, Staging *st, size_t size)
{
    int err = api->malloc_host(&st->data, size ? size : 1);
    if (err)
        return err;
    if ((err = api->event_create(&st->copied))) {
        api->free_host(st->data);
        st->data = NULL;
    }
    return err;
}

/* The host plane, packed into pinned staging once the previous copy out of
 * the staging has completed. */
static int stage_plane(const Uploader *u, unsigned which, unsigned p, const VmafPicture *pic,
                       Staging **staging)
{
    const size_t row_bytes = u->geo->row_bytes[p];
    Staging *st = &u->staging[which][p];
    int err = st->data ? vmaf_cuda_wait_event(u->api, st->copied, u->stats)
                       : alloc_staging(u->api, st, row_bytes * u->geo->h[p]);
    if (err)
        return err;
    const uint8_t *src = pic->data[p];
    uint8_t *dst = st->data;
    for (unsigned y = 0; y < u->geo->h[p]; y++)
        memcpy(dst + y * row_bytes, src + (ptrdiff_t)y * pic->stride[p], row_bytes);
    u->stats->staged++;
    *staging = st;
    return 0;
}

/* Copies plane p of picture which (0 ref, 1 dist) into set on stream. A
 * pinned picture is copied from directly and kept referenced by the set. */
static int upload_plane(const Uploader *u, PlaneSet *set, unsigned which, unsigned p,
                        const VmafPicture *pic, bool pinned, VmafCudaStream stream)
{
    const Geometry *g = u->geo;
    DevicePlane *dp = &set->plane[which][p];
    int err = dp->data ? 0 : alloc_plane(u->api, dp, g->pitch[p] * g->h[p]);
    if (err)
        return err;

    Staging *st = NULL;
    const void *src = pic->data[p];
    size_t src_pitch = (size_t)pic->stride[p];
    if (pinned) {
        if (!set->held[which].ref && (err = vmaf_picture_ref(&set->held[which], pic)))
            return err;
    } else {
        if ((err = stage_plane(u, which, p, pic, &st)))
            return err;
        src = st->data;
        src_pitch = g->row_bytes[p];
    }
    if (g->row_bytes[p] && g->h[p])
        err = u->api->copy_2d_async(dp->data, g->pitch[p], src, src_pitch, g->row_bytes[p], g->h[p],
                                    VMAF_CUDA_HOST_TO_DEVICE, stream);
    if (!err)
        err = u->api->event_record(dp->uploaded, stream);
    if (!err && st)
        err = u->api->event_record(st->copied, stream);
    dp->upload_no = ++*u->upload_cnt;
    return err;
}

int vmaf_cuda_shared_frame_create(VmafCudaSharedFrame **frame, const VmafCudaDevice *dev,
                                  enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                                  unsigned h)
{
    if (!frame || !dev)
        return -EINVAL;
    VmafCudaSharedFrame *f = calloc(1, sizeof(*f));
    if (!f)
        return -ENOMEM;
    f->dev = *dev;
    int err = geometry_init(&f->geo, pix_fmt, bpc, w, h);
    if (!err)
        err = dev->api->stream_create(&f->copy_stream);
    if (err) {
        free(f);
        return err;
    }
    *frame = f;
    return 0;
}

void vmaf_cuda_shared_frame_destroy(VmafCudaSharedFrame *frame)
{
    if (!frame)
        return;
    const VmafCudaApi *api = frame->dev.api;
    if (frame->readers)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: shared frame destroyed before its readers");
    api->stream_synchronize(frame->copy_stream);
    for (unsigned k = 0; k < VMAF_CUDA_FRAME_SLOTS; k++)
        free_plane_set(api, &frame->slot[k]);
    free_staging(api, frame->staging);
    if (frame->produced)
        api->event_destroy(frame->produced);
    api->stream_destroy(frame->copy_stream);
    free(frame);
}

int vmaf_cuda_shared_frame_check(const VmafCudaSharedFrame *frame, enum VmafPixelFormat pix_fmt,
                                 unsigned bpc, unsigned w, unsigned h)
{
    Geometry g;
    int err = geometry_init(&g, pix_fmt, bpc, w, h);
    return err ? err : same_geometry(&g, &frame->geo) ? 0 : -EINVAL;
}

int vmaf_cuda_shared_frame_begin(VmafCudaSharedFrame *frame, const VmafPicture *ref,
                                 const VmafPicture *dist, const enum VmafCudaPictureMemory mem[2])
{
    const VmafPicture *pic[2] = {ref, dist};
    bool device = false;
    for (unsigned i = 0; i < 2; i++) {
        frame->bracket.pic[i] = *pic[i];
        /* Without a reference count nothing keeps a picture alive after the bracket. */
        frame->bracket.mem[i] = mem[i] == VMAF_CUDA_PICTURE_PINNED && !pic[i]->ref
                                    ? VMAF_CUDA_PICTURE_PAGEABLE
                                    : mem[i];
        device |= mem[i] == VMAF_CUDA_PICTURE_DEVICE;
    }
    frame->cur = frame->seq++;
    frame->stats.frames++;
    /* The caller filled its device pictures on the legacy stream (FFmpeg's
     * cuMemcpy2D), which the host did not wait for: readers wait for this. */
    const VmafCudaApi *api = frame->dev.api;
    int err = 0;
    if (device && !frame->produced)
        err = api->event_create(&frame->produced);
    if (device && !err)
        err = api->event_record(frame->produced, VMAF_CUDA_STREAM_LEGACY);
    frame->bracket.open = !err;
    return err;
}

void vmaf_cuda_shared_frame_end(VmafCudaSharedFrame *frame)
{
    frame->bracket.open = false;
    /* Pictures copied into the slot of the next frame were last read a frame
     * ago: hand them back to their pool now when those copies are done. */
    release_held(frame, (unsigned)((frame->cur + 1) % VMAF_CUDA_FRAME_SLOTS), false);
}

const VmafCudaFrameStats *vmaf_cuda_shared_frame_stats(const VmafCudaSharedFrame *frame)
{
    return &frame->stats;
}

/* Before the first upload of the frame into slot k: the slot's last readers
 * must be done with it (a device-side wait on the copy stream), and the
 * pinned pictures it was filled from are released. */
static int prepare_slot(VmafCudaSharedFrame *f, unsigned k)
{
    if (f->prepared[k] == f->cur + 1)
        return 0;
    const VmafCudaApi *api = f->dev.api;
    int err = release_held(f, k, true);
    for (VmafCudaReader *r = f->readers; r && !err; r = r->next) {
        if (!r->holds[k])
            continue;
        err = api->stream_wait_event(f->copy_stream, r->done[k]);
        r->holds[k] = false;
        f->stats.fence_waits++;
    }
    if (!err)
        f->prepared[k] = f->cur + 1;
    return err;
}

/* Device picture `which` of the current frame in place of an upload: the
 * planes of mask, held by the slot until the slot's readers are done. */
static int acquire_in_place(VmafCudaSharedFrame *f, unsigned k, unsigned which, unsigned mask,
                            VmafCudaPlanes *planes)
{
    const VmafPicture *pic = &f->bracket.pic[which];
    for (unsigned p = 0; p < f->geo.planes; p++) {
        if (!(mask & 1u << p))
            continue;
        if (!pic->data[p]) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: a reader asked for chroma of a device "
                                           "picture, which holds luma only");
            return -ENOTSUP;
        }
        if ((size_t)pic->stride[p] != f->geo.pitch[p]) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "cuda: a device picture's stride (%td, plane %u) is not its pool's",
                     pic->stride[p], p);
            return -EINVAL;
        }
    }
    /* Prepared, the slot holds no picture of its last frame. */
    PlaneSet *set = &f->slot[k];
    int err = prepare_slot(f, k);
    if (err)
        return err;
    if (!set->held[which].ref) {
        if ((err = vmaf_picture_ref(&set->held[which], pic)))
            return err;
        f->stats.in_place++;
    }
    for (unsigned p = 0; p < f->geo.planes; p++)
        if (mask & 1u << p)
            planes->data[which][p] = pic->data[p];
    return 0;
}

static bool is_announced(const VmafCudaSharedFrame *f, unsigned which, const VmafPicture *pic)
{
    const VmafPicture *a = &f->bracket.pic[which];
    if (a->pix_fmt != pic->pix_fmt || a->bpc != pic->bpc || a->w[0] != pic->w[0] ||
        a->h[0] != pic->h[0])
        return false;
    for (unsigned p = 0; p < f->geo.planes; p++) {
        if (a->data[p] != pic->data[p] || a->stride[p] != pic->stride[p])
            return false;
    }
    return true;
}

static bool frame_serves(const VmafCudaSharedFrame *f, const VmafPicture *const pic[2],
                         const unsigned mask[2])
{
    if (!f || !f->bracket.open)
        return false;
    for (unsigned i = 0; i < 2; i++) {
        if (mask[i] && !is_announced(f, i, pic[i]))
            return false;
    }
    return true;
}

static int acquire_shared(VmafCudaReader *r, const unsigned mask[2], VmafCudaStream stream,
                          VmafCudaPlanes *planes)
{
    VmafCudaSharedFrame *f = r->frame;
    const unsigned k = (unsigned)(f->cur % VMAF_CUDA_FRAME_SLOTS);
    PlaneSet *set = &f->slot[k];
    const Uploader u = {f->dev.api, &f->geo, f->staging, &f->stats, &f->upload_cnt};
    const DevicePlane *latest = NULL;
    bool produced = false;
    int err = 0;
    for (unsigned i = 0; i < 2 && !err; i++) {
        if (mask[i] && f->bracket.mem[i] == VMAF_CUDA_PICTURE_DEVICE) {
            err = acquire_in_place(f, k, i, mask[i], planes);
            produced = true;
            continue;
        }
        for (unsigned p = 0; p < f->geo.planes && !err; p++) {
            if (!(mask[i] & 1u << p))
                continue;
            DevicePlane *dp = &set->plane[i][p];
            if (dp->frame != f->cur + 1) {
                err = prepare_slot(f, k);
                if (!err)
                    err =
                        upload_plane(&u, set, i, p, &f->bracket.pic[i],
                                     f->bracket.mem[i] == VMAF_CUDA_PICTURE_PINNED, f->copy_stream);
                if (err)
                    break;
                dp->frame = f->cur + 1;
                f->stats.uploads[p]++;
            }
            /* The copy stream runs in order: the latest copy implies the others. */
            if (!latest || dp->upload_no > latest->upload_no)
                latest = dp;
            planes->data[i][p] = dp->data;
        }
    }
    if (!err && latest)
        err = f->dev.api->stream_wait_event(stream, latest->uploaded);
    if (!err && produced)
        err = f->dev.api->stream_wait_event(stream, f->produced);
    if (!err)
        r->acquired = (int)k;
    return err;
}

/* On the reader's own stream, so ordered after its earlier kernels. */
static int acquire_private(VmafCudaReader *r, const VmafPicture *const pic[2],
                           const unsigned mask[2], VmafCudaStream stream, VmafCudaPlanes *planes)
{
    VmafCudaFrameStats *stats = vmaf_cuda_reader_stats(r);
    const Uploader u = {r->dev.api, &r->geo, r->staging, stats, &r->upload_cnt};
    for (unsigned i = 0; i < 2; i++) {
        if (mask[i] && vmaf_picture_in_device_memory(pic[i])) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "cuda: a device picture outside its context's frame");
            return -EINVAL;
        }
    }
    for (unsigned i = 0; i < 2; i++) {
        for (unsigned p = 0; p < r->geo.planes; p++) {
            if (!(mask[i] & 1u << p))
                continue;
            int err = upload_plane(&u, &r->own, i, p, pic[i], false, stream);
            if (err)
                return err;
            stats->private_uploads++;
            planes->data[i][p] = r->own.plane[i][p].data;
        }
    }
    r->acquired = -1;
    return 0;
}

int vmaf_cuda_reader_create(VmafCudaReader **reader, const VmafCudaDevice *dev,
                            VmafCudaSharedFrame *frame, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h)
{
    if (!reader || !dev)
        return -EINVAL;
    VmafCudaReader *r = calloc(1, sizeof(*r));
    if (!r)
        return -ENOMEM;
    r->dev = *dev;
    r->acquired = -1;
    int err = geometry_init(&r->geo, pix_fmt, bpc, w, h);
    if (!err && frame && !same_geometry(&r->geo, &frame->geo))
        err = -EINVAL;
    unsigned events = 0;
    while (!err && events < VMAF_CUDA_FRAME_SLOTS &&
           !(err = dev->api->event_create(&r->done[events])))
        events++;
    if (err) {
        while (events)
            dev->api->event_destroy(r->done[--events]);
        free(r);
        return err;
    }
    if (frame) {
        r->frame = frame;
        r->next = frame->readers;
        frame->readers = r;
    }
    *reader = r;
    return 0;
}

void vmaf_cuda_reader_destroy(VmafCudaReader *reader)
{
    if (!reader)
        return;
    const VmafCudaApi *api = reader->dev.api;
    if (reader->frame) {
        VmafCudaReader **link = &reader->frame->readers;
        while (*link != reader)
            link = &(*link)->next;
        *link = reader->next;
    }
    for (unsigned k = 0; k < VMAF_CUDA_FRAME_SLOTS; k++)
        api->event_destroy(reader->done[k]);
    free_plane_set(api, &reader->own);
    free_staging(api, reader->staging);
    free(reader);
}

int vmaf_cuda_reader_acquire(VmafCudaReader *reader, const VmafPicture *ref,
                             const VmafPicture *dist, unsigned ref_planes, unsigned dist_planes,
                             VmafCudaStream stream, VmafCudaPlanes *planes)
{
    if (!reader || !planes || (ref_planes && !ref) || (dist_planes && !dist))
        return -EINVAL;
    const Geometry *g = &reader->geo;
    const unsigned present = (1u << g->planes) - 1;
    const VmafPicture *const pic[2] = {ref, dist};
    const unsigned mask[2] = {ref_planes & present, dist_planes & present};
    for (unsigned i = 0; i < 2; i++) {
        if (mask[i] && (pic[i]->pix_fmt != g->pix_fmt || pic[i]->bpc != g->bpc ||
                        pic[i]->w[0] != g->w[0] || pic[i]->h[0] != g->h[0]))
            return -EINVAL;
    }
    *planes = (VmafCudaPlanes){0};
    for (unsigned p = 0; p < g->planes; p++) {
        planes->pitch[p] = g->pitch[p];
        planes->w[p] = g->w[p];
        planes->h[p] = g->h[p];
    }
    if (frame_serves(reader->frame, pic, mask))
        return acquire_shared(reader, mask, stream, planes);
    return acquire_private(reader, pic, mask, stream, planes);
}

int vmaf_cuda_reader_release(VmafCudaReader *reader, VmafCudaStream stream)
{
    if (!reader)
        return -EINVAL;
    if (reader->acquired < 0)
        return 0;
    const unsigned k = (unsigned)reader->acquired;
    reader->acquired = -1;
    int err = reader->dev.api->event_record(reader->done[k], stream);
    if (!err)
        reader->holds[k] = true;
    return err;
}

VmafCudaFrameStats *vmaf_cuda_reader_stats(VmafCudaReader *reader)
{
    return reader->frame ? &reader->frame->stats : &reader->own_stats;
}
