/* The shared frame's contract (src/cuda/shared_frame.h), on a stub of the
 * device calls that runs copies on the host and logs what was asked: one
 * upload per plane per frame whatever the number of readers, slots that
 * alternate, the device-side fence before a slot is reused (also for a
 * reader that skips frames), no chroma in a luma-only run, pinned pictures
 * copied from directly, no pinned allocation per frame, the private
 * fallback, and device pictures: read in place after the caller's copy on
 * the legacy stream, back in their pool only after their readers, chroma
 * refused. Needs no GPU and no CUDA. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/picture.h"
#include "cuda/shared_frame.h"
#include "libvmaf/picture.h"
#include "test.h"

typedef struct VmafCudaStreamObject {
    int id;
} StubStream;

typedef struct VmafCudaEventObject {
    StubStream *stream; /* of the last record */
    bool running;       /* recorded while the stub was busy, not synchronised yet */
} StubEvent;

enum { LOG_MAX = 4096, ALLOC_MAX = 256 };

typedef enum StubOp { OP_COPY, OP_WAIT } StubOp;

typedef struct StubEntry {
    StubOp op;
    StubStream *stream;
    enum VmafCudaCopyKind kind; /* OP_COPY */
    const void *src;            /* OP_COPY */
    StubStream *event_stream;   /* OP_WAIT: where the awaited event was recorded */
} StubEntry;

static struct {
    bool busy; /* events recorded now stay running until synchronised */
    unsigned log_cnt;
    StubEntry log[LOG_MAX];
    unsigned device_allocs, host_allocs, device_frees, host_frees, event_syncs;
    size_t device_sizes[ALLOC_MAX], host_sizes[ALLOC_MAX];
    int next_stream_id;
} stub;

static void stub_log(StubEntry e)
{
    if (stub.log_cnt < LOG_MAX)
        stub.log[stub.log_cnt++] = e;
}

static int stub_bind(int device, void *cu_ctx)
{
    return 0;
}

static void stub_unbind(void *cu_ctx) {}

static int stub_malloc_device(void **ptr, size_t size)
{
    if (stub.device_allocs < ALLOC_MAX)
        stub.device_sizes[stub.device_allocs] = size;
    stub.device_allocs++;
    *ptr = calloc(1, size);
    return *ptr ? 0 : -ENOMEM;
}

static void stub_free_device(void *ptr)
{
    stub.device_frees++;
    free(ptr);
}

static int stub_malloc_host(void **ptr, size_t size)
{
    if (stub.host_allocs < ALLOC_MAX)
        stub.host_sizes[stub.host_allocs] = size;
    stub.host_allocs++;
    *ptr = calloc(1, size);
    return *ptr ? 0 : -ENOMEM;
}

static void stub_free_host(void *ptr)
{
    stub.host_frees++;
    free(ptr);
}

static int stub_copy_2d_async(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                              size_t width, size_t height, enum VmafCudaCopyKind kind,
                              VmafCudaStream stream)
{
    for (size_t y = 0; y < height; y++)
        memcpy((uint8_t *)dst + y * dst_pitch, (const uint8_t *)src + y * src_pitch, width);
    stub_log((StubEntry){.op = OP_COPY, .stream = stream, .kind = kind, .src = src});
    return 0;
}

static int stub_stream_create(VmafCudaStream *stream)
{
    StubStream *s = calloc(1, sizeof(*s));
    if (!s)
        return -ENOMEM;
    s->id = ++stub.next_stream_id;
    *stream = s;
    return 0;
}

static void stub_stream_destroy(VmafCudaStream stream)
{
    free(stream);
}

static int stub_stream_synchronize(VmafCudaStream stream)
{
    return 0;
}

static int stub_event_create(VmafCudaEvent *event)
{
    *event = calloc(1, sizeof(**event));
    return *event ? 0 : -ENOMEM;
}

static void stub_event_destroy(VmafCudaEvent event)
{
    free(event);
}

static int stub_event_record(VmafCudaEvent event, VmafCudaStream stream)
{
    event->stream = stream;
    event->running = stub.busy;
    return 0;
}

static int stub_event_done(VmafCudaEvent event)
{
    return !event->running;
}

static int stub_event_synchronize(VmafCudaEvent event)
{
    stub.event_syncs++;
    event->running = false;
    return 0;
}

static int stub_stream_wait_event(VmafCudaStream stream, VmafCudaEvent event)
{
    stub_log((StubEntry){.op = OP_WAIT, .stream = stream, .event_stream = event->stream});
    return 0;
}

static const VmafCudaApi stub_api = {
    .bind = stub_bind,
    .unbind = stub_unbind,
    .malloc_device = stub_malloc_device,
    .free_device = stub_free_device,
    .malloc_host = stub_malloc_host,
    .free_host = stub_free_host,
    .copy_2d_async = stub_copy_2d_async,
    .stream_create = stub_stream_create,
    .stream_destroy = stub_stream_destroy,
    .stream_synchronize = stub_stream_synchronize,
    .event_create = stub_event_create,
    .event_destroy = stub_event_destroy,
    .event_record = stub_event_record,
    .event_done = stub_event_done,
    .event_synchronize = stub_event_synchronize,
    .stream_wait_event = stub_stream_wait_event,
};

static const VmafCudaDevice stub_device = {.api = &stub_api};

enum { W = 64, H = 48, READERS_MAX = 8 };

/* Readers as twins hold them: each with a stream of its own. */
typedef struct Twins {
    VmafCudaSharedFrame *frame;
    unsigned cnt;
    VmafCudaReader *reader[READERS_MAX];
    VmafCudaStream stream[READERS_MAX];
} Twins;

static void reset_stub(void)
{
    memset(&stub, 0, sizeof(stub));
}

static void twins_open(Twins *t, unsigned cnt, enum VmafPixelFormat pix_fmt, unsigned bpc)
{
    reset_stub();
    memset(t, 0, sizeof(*t));
    CHECK_EQ_INT(vmaf_cuda_shared_frame_create(&t->frame, &stub_device, pix_fmt, bpc, W, H), 0);
    t->cnt = cnt;
    for (unsigned i = 0; i < cnt; i++) {
        CHECK_EQ_INT(
            vmaf_cuda_reader_create(&t->reader[i], &stub_device, t->frame, pix_fmt, bpc, W, H), 0);
        CHECK_EQ_INT(stub_stream_create(&t->stream[i]), 0);
    }
}

static void twins_close(Twins *t)
{
    for (unsigned i = 0; i < t->cnt; i++) {
        vmaf_cuda_reader_destroy(t->reader[i]);
        stub_stream_destroy(t->stream[i]);
    }
    vmaf_cuda_shared_frame_destroy(t->frame);
    CHECK_EQ_INT(stub.device_frees, stub.device_allocs);
    CHECK_EQ_INT(stub.host_frees, stub.host_allocs);
}

/* A pair whose samples depend on the frame, so that stale copies show. */
static void make_pair(VmafPicture pic[2], enum VmafPixelFormat pix_fmt, unsigned bpc,
                      unsigned frame)
{
    for (unsigned i = 0; i < 2; i++) {
        CHECK_EQ_INT(vmaf_picture_alloc(&pic[i], pix_fmt, bpc, W, H), 0);
        for (unsigned p = 0; p < (pix_fmt == VMAF_PIX_FMT_YUV400P ? 1u : 3u); p++) {
            for (unsigned y = 0; y < pic[i].h[p]; y++) {
                uint8_t *row = (uint8_t *)pic[i].data[p] + y * pic[i].stride[p];
                for (unsigned x = 0; x < pic[i].w[p] * (bpc > 8 ? 2 : 1); x++)
                    row[x] = (uint8_t)(x * 7 + y * 3 + p * 31 + i * 101 + frame * 13);
            }
        }
    }
}

static void free_pair(VmafPicture pic[2])
{
    vmaf_picture_unref(&pic[0]);
    vmaf_picture_unref(&pic[1]);
}

static bool same_plane(const VmafCudaPlanes *planes, unsigned i, unsigned p, const VmafPicture *pic)
{
    const size_t row_bytes = pic->w[p] * (pic->bpc > 8 ? 2 : 1);
    for (unsigned y = 0; y < pic->h[p]; y++) {
        const uint8_t *d = (const uint8_t *)planes->data[i][p] + y * planes->pitch[p];
        if (memcmp(d, (const uint8_t *)pic->data[p] + y * pic->stride[p], row_bytes))
            return false;
    }
    return true;
}

static unsigned count_log(StubOp op, StubStream *stream, enum VmafCudaCopyKind kind)
{
    unsigned n = 0;
    for (unsigned i = 0; i < stub.log_cnt; i++) {
        const StubEntry *e = &stub.log[i];
        if (e->op == op && (!stream || e->stream == stream) && (op != OP_COPY || e->kind == kind))
            n++;
    }
    return n;
}

static uint64_t shared_uploads(const Twins *t)
{
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t->frame);
    return s->uploads[0] + s->uploads[1] + s->uploads[2];
}

static void begin(Twins *t, VmafPicture pic[2], enum VmafCudaPictureMemory mem)
{
    const enum VmafCudaPictureMemory both[2] = {mem, mem};
    CHECK_EQ_INT(vmaf_cuda_shared_frame_begin(t->frame, &pic[0], &pic[1], both), 0);
}

/* One frame in which every reader asks for the same planes and releases. */
static void run_frame(Twins *t, VmafPicture pic[2], unsigned mask, VmafCudaPlanes *first)
{
    begin(t, pic, VMAF_CUDA_PICTURE_PAGEABLE);
    for (unsigned r = 0; r < t->cnt; r++) {
        VmafCudaPlanes planes;
        CHECK_EQ_INT(vmaf_cuda_reader_acquire(t->reader[r], &pic[0], &pic[1], mask, mask,
                                              t->stream[r], &planes),
                     0);
        if (!r && first)
            *first = planes;
        for (unsigned i = 0; i < 2; i++)
            for (unsigned p = 0; p < 3; p++)
                CHECK(!first || planes.data[i][p] == first->data[i][p]);
        CHECK_EQ_INT(vmaf_cuda_reader_release(t->reader[r], t->stream[r]), 0);
    }
    vmaf_cuda_shared_frame_end(t->frame);
}

static void test_one_upload_per_plane(void)
{
    static const unsigned counts[] = {1, 2, READERS_MAX};
    for (unsigned c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
        Twins t;
        twins_open(&t, counts[c], VMAF_PIX_FMT_YUV420P, 10);
        const unsigned frames = 5;
        for (unsigned n = 0; n < frames; n++) {
            VmafPicture pic[2];
            make_pair(pic, VMAF_PIX_FMT_YUV420P, 10, n);
            VmafCudaPlanes planes;
            run_frame(&t, pic, VMAF_CUDA_PLANES_YUV, &planes);
            for (unsigned i = 0; i < 2; i++)
                for (unsigned p = 0; p < 3; p++)
                    CHECK(same_plane(&planes, i, p, &pic[i]));
            free_pair(pic);
        }
        const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
        CHECK_EQ_INT(s->frames, frames);
        for (unsigned p = 0; p < 3; p++)
            CHECK_EQ_INT(s->uploads[p], 2 * frames);
        CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_HOST_TO_DEVICE), 6 * frames);
        CHECK_EQ_INT(s->private_uploads, 0);
        /* Each reader's stream waits once per frame, on the device. */
        for (unsigned r = 0; r < t.cnt; r++)
            CHECK_EQ_INT(count_log(OP_WAIT, t.stream[r], 0), frames);
        CHECK_EQ_INT(s->host_waits, 0);
        twins_close(&t);
    }
}

static void test_slot_alternation(void)
{
    Twins t;
    twins_open(&t, 1, VMAF_PIX_FMT_YUV420P, 8);
    const void *luma[4];
    for (unsigned n = 0; n < 4; n++) {
        VmafPicture pic[2];
        make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, n);
        VmafCudaPlanes planes;
        run_frame(&t, pic, VMAF_CUDA_PLANES_YUV, &planes);
        luma[n] = planes.data[0][0];
        free_pair(pic);
    }
    CHECK(luma[0] != luma[1]);
    CHECK(luma[0] == luma[2]);
    CHECK(luma[1] == luma[3]);
    /* The planes of two slots, each picture's three. */
    CHECK_EQ_INT(stub.device_allocs, VMAF_CUDA_FRAME_SLOTS * 6);
    twins_close(&t);
}

/* The streams whose events the copy stream waited for between log entries
 * from and to, as a bit set of stream ids. */
static unsigned fenced_streams(unsigned from, unsigned to, const StubStream *copy_stream)
{
    unsigned set = 0;
    for (unsigned i = from; i < to; i++) {
        const StubEntry *e = &stub.log[i];
        if (e->op == OP_WAIT && e->stream == copy_stream)
            set |= 1u << e->event_stream->id;
    }
    return set;
}

static StubStream *copy_stream_of_frame(unsigned from)
{
    for (unsigned i = from; i < stub.log_cnt; i++) {
        if (stub.log[i].op == OP_COPY && stub.log[i].kind == VMAF_CUDA_HOST_TO_DEVICE)
            return stub.log[i].stream;
    }
    return NULL;
}

static void test_fence_with_subsampling(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV420P, 8);
    /* Reader 0 reads every frame; reader 1 every third (n_subsample 3). */
    const unsigned frames = 7;
    unsigned fenced[7];
    StubStream *copy_stream = NULL;
    for (unsigned n = 0; n < frames; n++) {
        VmafPicture pic[2];
        make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, n);
        const unsigned from = stub.log_cnt;
        begin(&t, pic, VMAF_CUDA_PICTURE_PAGEABLE);
        for (unsigned r = 0; r < 2; r++) {
            if (r == 1 && n % 3)
                continue;
            VmafCudaPlanes planes;
            CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[r], &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                                  VMAF_CUDA_PLANE_Y, t.stream[r], &planes),
                         0);
            CHECK(same_plane(&planes, 0, 0, &pic[0]));
            CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[r], t.stream[r]), 0);
        }
        vmaf_cuda_shared_frame_end(t.frame);
        copy_stream = copy_stream ? copy_stream : copy_stream_of_frame(from);
        fenced[n] = fenced_streams(from, stub.log_cnt, copy_stream);
        /* The fence comes before the frame's first copy into the slot. */
        for (unsigned i = from; i < stub.log_cnt && fenced[n]; i++) {
            if (stub.log[i].op == OP_COPY) {
                CHECK(stub.log[i - 1].op == OP_WAIT);
                break;
            }
        }
        free_pair(pic);
    }
    const unsigned r0 = 1u << t.stream[0]->id, r1 = 1u << t.stream[1]->id;
    /* Frames 0 and 1 fill fresh slots. Reader 1 read frame 0 (slot 0) and
     * skipped 1 and 2: frame 2 must wait for it too, frame 4 no longer; it
     * read frame 3 (slot 1), which frame 5 reuses. */
    const unsigned expected[7] = {0, 0, r0 | r1, r0, r0, r0 | r1, r0};
    for (unsigned n = 0; n < frames; n++)
        CHECK_EQ_INT(fenced[n], expected[n]);
    CHECK_EQ_INT(vmaf_cuda_shared_frame_stats(t.frame)->fence_waits, 7);
    CHECK_EQ_INT(vmaf_cuda_shared_frame_stats(t.frame)->host_waits, 0);
    twins_close(&t);
}

static bool any_size(const size_t *sizes, unsigned cnt, size_t size)
{
    for (unsigned i = 0; i < cnt && i < ALLOC_MAX; i++) {
        if (sizes[i] == size)
            return true;
    }
    return false;
}

static void test_luma_only(void)
{
    Twins t;
    twins_open(&t, 3, VMAF_PIX_FMT_YUV420P, 8);
    for (unsigned n = 0; n < 4; n++) {
        VmafPicture pic[2];
        make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, n);
        run_frame(&t, pic, VMAF_CUDA_PLANE_Y, NULL);
        free_pair(pic);
    }
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->uploads[0], 8);
    CHECK_EQ_INT(s->uploads[1] + s->uploads[2], 0);
    CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_HOST_TO_DEVICE), 8);
    /* Device planes and staging of luma only: 2 pictures x 2 slots, 2 stagings. */
    CHECK_EQ_INT(stub.device_allocs, 4);
    CHECK_EQ_INT(stub.host_allocs, 2);
    CHECK(!any_size(stub.device_sizes, stub.device_allocs, 256 * (H / 2)));
    CHECK(!any_size(stub.host_sizes, stub.host_allocs, (W / 2) * (H / 2)));
    twins_close(&t);
}

static void test_motion_reads_one_plane(void)
{
    /* A twin that reads the reference luma only uploads nothing else. */
    Twins t;
    twins_open(&t, 1, VMAF_PIX_FMT_YUV420P, 8);
    VmafPicture pic[2];
    make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, 0);
    begin(&t, pic, VMAF_CUDA_PICTURE_PAGEABLE);
    VmafCudaPlanes planes;
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &pic[0], NULL, VMAF_CUDA_PLANE_Y, 0,
                                          t.stream[0], &planes),
                 0);
    CHECK(planes.data[0][0] && !planes.data[1][0] && !planes.data[0][1]);
    CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[0], t.stream[0]), 0);
    vmaf_cuda_shared_frame_end(t.frame);
    CHECK_EQ_INT(shared_uploads(&t), 1);
    free_pair(pic);
    twins_close(&t);
}

static void test_no_pinned_allocation_per_frame(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV444P, 12);
    unsigned host_allocs_after_first = 0, device_allocs_after_second = 0;
    /* Busy device: each staging must wait for the copy out of it a frame ago. */
    stub.busy = true;
    for (unsigned n = 0; n < 10; n++) {
        VmafPicture pic[2];
        make_pair(pic, VMAF_PIX_FMT_YUV444P, 12, n);
        VmafCudaPlanes planes;
        run_frame(&t, pic, VMAF_CUDA_PLANES_YUV, &planes);
        CHECK(same_plane(&planes, 1, 2, &pic[1]));
        free_pair(pic);
        if (n == 0)
            host_allocs_after_first = stub.host_allocs;
        if (n == 1)
            device_allocs_after_second = stub.device_allocs;
    }
    CHECK_EQ_INT(host_allocs_after_first, 6);
    CHECK_EQ_INT(stub.host_allocs, host_allocs_after_first);
    CHECK_EQ_INT(stub.device_allocs, device_allocs_after_second);
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->staged, 60);
    CHECK_EQ_INT(s->host_waits, 54);
    twins_close(&t);
}

static void test_pinned_pictures(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV420P, 8);
    stub.busy = true;
    for (unsigned n = 0; n < 4; n++) {
        VmafPicture pic[2];
        make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, n);
        const unsigned from = stub.log_cnt;
        begin(&t, pic, VMAF_CUDA_PICTURE_PINNED);
        VmafCudaPlanes planes;
        CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &pic[0], &pic[1], VMAF_CUDA_PLANES_YUV,
                                              VMAF_CUDA_PLANES_YUV, t.stream[0], &planes),
                     0);
        CHECK(same_plane(&planes, 0, 1, &pic[0]));
        CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[0], t.stream[0]), 0);
        vmaf_cuda_shared_frame_end(t.frame);
        /* Copied from the picture itself, no staging. */
        unsigned direct = 0;
        for (unsigned i = from; i < stub.log_cnt; i++) {
            const StubEntry *e = &stub.log[i];
            for (unsigned k = 0; k < 2 && e->op == OP_COPY; k++)
                for (unsigned p = 0; p < 3; p++)
                    direct += e->src == pic[k].data[p];
        }
        CHECK_EQ_INT(direct, 6);
        /* The slot keeps the pictures: they outlive the caller's reference. */
        free_pair(pic);
    }
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->staged, 0);
    CHECK_EQ_INT(stub.host_allocs, 0);
    /* Frames 2 and 3 reuse slots whose copies still ran: their pictures are
     * released only after waiting, one wait per picture. */
    CHECK_EQ_INT(s->host_waits, 4);
    twins_close(&t);
}

static void test_fallback(void)
{
    Twins t;
    twins_open(&t, 1, VMAF_PIX_FMT_YUV420P, 8);
    VmafPicture pic[2], other[2];
    make_pair(pic, VMAF_PIX_FMT_YUV420P, 8, 0);
    make_pair(other, VMAF_PIX_FMT_YUV420P, 8, 1);
    VmafCudaReader *r = t.reader[0];
    VmafCudaStream stream = t.stream[0];
    VmafCudaPlanes shared, planes;

    /* Outside the bracket. */
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(r, &pic[0], &pic[1], VMAF_CUDA_PLANES_YUV,
                                          VMAF_CUDA_PLANES_YUV, stream, &planes),
                 0);
    CHECK(same_plane(&planes, 1, 2, &pic[1]));
    CHECK_EQ_INT(vmaf_cuda_reader_release(r, stream), 0);
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->private_uploads, 6);
    CHECK_EQ_INT(shared_uploads(&t), 0);
    /* On the reader's own stream. */
    CHECK_EQ_INT(count_log(OP_COPY, stream, VMAF_CUDA_HOST_TO_DEVICE), 6);

    /* Inside the bracket, for pictures that are not the announced ones. */
    begin(&t, pic, VMAF_CUDA_PICTURE_PAGEABLE);
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(r, &pic[0], &pic[1], VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                          stream, &shared),
                 0);
    CHECK_EQ_INT(vmaf_cuda_reader_release(r, stream), 0);
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(r, &other[0], &other[1], VMAF_CUDA_PLANE_Y,
                                          VMAF_CUDA_PLANE_Y, stream, &planes),
                 0);
    CHECK(planes.data[0][0] != shared.data[0][0]);
    CHECK(same_plane(&planes, 0, 0, &other[0]));
    CHECK(same_plane(&shared, 0, 0, &pic[0]));
    CHECK_EQ_INT(vmaf_cuda_reader_release(r, stream), 0);
    vmaf_cuda_shared_frame_end(t.frame);
    CHECK_EQ_INT(s->private_uploads, 8);
    CHECK_EQ_INT(shared_uploads(&t), 2);

    /* A reader without a frame: the extractor API used directly. */
    VmafCudaReader *alone;
    CHECK_EQ_INT(vmaf_cuda_reader_create(&alone, &stub_device, NULL, VMAF_PIX_FMT_YUV420P, 8, W, H),
                 0);
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(alone, &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                          VMAF_CUDA_PLANE_Y, stream, &planes),
                 0);
    CHECK(same_plane(&planes, 1, 0, &pic[1]));
    CHECK_EQ_INT(vmaf_cuda_reader_release(alone, stream), 0);
    CHECK_EQ_INT(vmaf_cuda_reader_stats(alone)->private_uploads, 2);
    vmaf_cuda_reader_destroy(alone);

    /* Pictures of another geometry are refused. */
    VmafPicture small;
    CHECK_EQ_INT(vmaf_picture_alloc(&small, VMAF_PIX_FMT_YUV420P, 8, W / 2, H), 0);
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(r, &small, &small, VMAF_CUDA_PLANE_Y, VMAF_CUDA_PLANE_Y,
                                          stream, &planes),
                 -EINVAL);
    vmaf_picture_unref(&small);
    free_pair(pic);
    free_pair(other);
    twins_close(&t);
}

static void test_monochrome(void)
{
    /* 4:0:0 has no chroma to upload, whatever is asked for. */
    Twins t;
    twins_open(&t, 1, VMAF_PIX_FMT_YUV400P, 16);
    VmafPicture pic[2];
    make_pair(pic, VMAF_PIX_FMT_YUV400P, 16, 0);
    VmafCudaPlanes planes;
    run_frame(&t, pic, VMAF_CUDA_PLANES_YUV, &planes);
    CHECK(same_plane(&planes, 1, 0, &pic[1]));
    CHECK(!planes.data[0][1] && !planes.data[1][2]);
    CHECK_EQ_INT(shared_uploads(&t), 2);
    free_pair(pic);
    twins_close(&t);
}

/* Device pictures as the CUDA backend's pool makes them: luma only, at the
 * shared frame's pitch, in "device" memory (here the host's, counted apart
 * from the frame's, as the pool outlives the frame). */
static unsigned pool_allocs;

static void *stub_pool_alloc(void *opaque, size_t size)
{
    pool_allocs++;
    return calloc(1, size);
}

static void stub_pool_free(void *opaque, void *buf)
{
    free(buf);
}

/* Device pictures as the backend's pool makes them: DEVICE's (luma only)
 * or DEVICE_PLANES_READ's. */
static VmafPicturePool *device_pool(unsigned cnt, bool luma_only)
{
    const VmafPictureAllocator allocator = {.alloc = stub_pool_alloc,
                                            .free = stub_pool_free,
                                            .device = true,
                                            .row_align = VMAF_CUDA_PITCH_ALIGN,
                                            .luma_only = luma_only};
    VmafPicturePool *pool;
    CHECK_EQ_INT(vmaf_picture_pool_init_with_allocator(&pool, cnt, VMAF_PIX_FMT_YUV420P, 10, W, H,
                                                       &allocator),
                 0);
    return pool;
}

/* The caller's copy into the planes of a fetched pair: luma only (as
 * FFmpeg's) for a pool of luma-only pictures. */
static void fetch_device_pair(VmafPicturePool *pool, VmafPicture pic[2], unsigned frame)
{
    for (unsigned i = 0; i < 2; i++) {
        CHECK_EQ_INT(vmaf_picture_pool_fetch(pool, &pic[i]), 0);
        CHECK(vmaf_picture_in_device_memory(&pic[i]));
        CHECK(pic[i].data[0] != NULL);
        CHECK(!pic[i].data[1] == !pic[i].data[2]);
        for (unsigned p = 0; p < 3 && pic[i].data[p]; p++) {
            CHECK_EQ_INT(pic[i].stride[p], vmaf_cuda_plane_pitch(pic[i].w[p] * 2));
            for (unsigned y = 0; y < pic[i].h[p]; y++)
                memset((uint8_t *)pic[i].data[p] + y * pic[i].stride[p], (int)(frame * 2 + i),
                       pic[i].w[p] * 2);
        }
    }
}

/* The waits on stream for events recorded on the legacy stream between log
 * entries from and to. */
static unsigned legacy_waits(unsigned from, unsigned to, StubStream *stream)
{
    unsigned n = 0;
    for (unsigned i = from; i < to; i++) {
        const StubEntry *e = &stub.log[i];
        n += e->op == OP_WAIT && e->stream == stream &&
             e->event_stream == (StubStream *)VMAF_CUDA_STREAM_LEGACY;
    }
    return n;
}

static void test_device_pictures_in_place(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV420P, 10);
    pool_allocs = 0;
    VmafPicturePool *pool = device_pool(8, true);
    for (unsigned n = 0; n < 4; n++) {
        VmafPicture pic[2];
        fetch_device_pair(pool, pic, n);
        const unsigned from = stub.log_cnt;
        begin(&t, pic, VMAF_CUDA_PICTURE_DEVICE);
        for (unsigned r = 0; r < 2; r++) {
            VmafCudaPlanes planes;
            const unsigned before = stub.log_cnt;
            CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[r], &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                                  VMAF_CUDA_PLANE_Y, t.stream[r], &planes),
                         0);
            /* The caller's pictures themselves, at their pitch... */
            CHECK(planes.data[0][0] == pic[0].data[0] && planes.data[1][0] == pic[1].data[0]);
            CHECK_EQ_INT(planes.pitch[0], pic[0].stride[0]);
            /* ...read after the caller's copy on the legacy stream, on the device. */
            CHECK_EQ_INT(legacy_waits(before, stub.log_cnt, t.stream[r]), 1);
            CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[r], t.stream[r]), 0);
        }
        vmaf_cuda_shared_frame_end(t.frame);
        /* No copy at all, and no device memory of the frame's own. */
        CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_HOST_TO_DEVICE), 0);
        CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_DEVICE_TO_DEVICE), 0);
        CHECK(stub.log_cnt > from);
        free_pair(pic);
    }
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->in_place, 8);
    CHECK_EQ_INT(shared_uploads(&t), 0);
    CHECK_EQ_INT(s->staged + s->private_uploads + s->host_waits, 0);
    /* No device memory of the frame's own; the pool's pictures are reused. */
    CHECK_EQ_INT(stub.device_allocs, 0);
    CHECK(pool_allocs <= 6);
    twins_close(&t);
    vmaf_picture_pool_destroy(pool);
}

static void test_device_pictures_recycled_after_readers(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV420P, 10);
    VmafPicturePool *pool = device_pool(6, true);
    /* The kernels of every frame are still running when the next begins. */
    stub.busy = true;
    const void *luma[4][2];
    for (unsigned n = 0; n < 4; n++) {
        VmafPicture pic[2];
        fetch_device_pair(pool, pic, n);
        luma[n][0] = pic[0].data[0];
        luma[n][1] = pic[1].data[0];
        const uint64_t waits = vmaf_cuda_shared_frame_stats(t.frame)->host_waits;
        begin(&t, pic, VMAF_CUDA_PICTURE_DEVICE);
        for (unsigned r = 0; r < 2; r++) {
            VmafCudaPlanes planes;
            CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[r], &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                                  VMAF_CUDA_PLANE_Y, t.stream[r], &planes),
                         0);
            CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[r], t.stream[r]), 0);
        }
        vmaf_cuda_shared_frame_end(t.frame);
        /* The caller's references go; the slot keeps the pictures. */
        free_pair(pic);
        /* Frame 2 reuses frame 0's slot: its pictures go back to the pool
         * only once both readers of frame 0 are done (a host wait each). */
        CHECK_EQ_INT(vmaf_cuda_shared_frame_stats(t.frame)->host_waits - waits, n >= 2 ? 2 : 0);
    }
    /* Frames 0, 1 and 2 each had pictures of their own; frame 3 got frame
     * 0's back, which the pool hands out first. */
    CHECK(luma[2][0] != luma[0][0] && luma[2][0] != luma[1][0]);
    CHECK(luma[3][0] == luma[0][0] && luma[3][1] == luma[0][1]);

    /* Kernels that finished: the pictures return at the end of the next frame. */
    stub.busy = false;
    for (unsigned n = 4; n < 8; n++) {
        VmafPicture pic[2];
        fetch_device_pair(pool, pic, n);
        begin(&t, pic, VMAF_CUDA_PICTURE_DEVICE);
        VmafCudaPlanes planes;
        CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                              VMAF_CUDA_PLANE_Y, t.stream[0], &planes),
                     0);
        CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[0], t.stream[0]), 0);
        vmaf_cuda_shared_frame_end(t.frame);
        free_pair(pic);
    }
    /* Frames 4 and 5 still waited for the readers of 2 and 3; 6 and 7 for none. */
    CHECK_EQ_INT(vmaf_cuda_shared_frame_stats(t.frame)->host_waits, 8);
    twins_close(&t);
    /* Every picture is back: destroying the pool does not block. */
    vmaf_picture_pool_destroy(pool);
}

/* DEVICE_PLANES_READ's pictures: every plane read in place, none copied. */
static void test_chroma_device_pictures_in_place(void)
{
    Twins t;
    twins_open(&t, 2, VMAF_PIX_FMT_YUV420P, 10);
    VmafPicturePool *pool = device_pool(8, false);
    for (unsigned n = 0; n < 3; n++) {
        VmafPicture pic[2];
        fetch_device_pair(pool, pic, n);
        CHECK(pic[0].data[1] && pic[0].data[2] && pic[1].data[1] && pic[1].data[2]);
        begin(&t, pic, VMAF_CUDA_PICTURE_DEVICE);
        for (unsigned r = 0; r < 2; r++) {
            VmafCudaPlanes planes;
            const unsigned mask = r ? VMAF_CUDA_PLANES_YUV : VMAF_CUDA_PLANE_Y;
            CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[r], &pic[0], &pic[1], mask, mask,
                                                  t.stream[r], &planes),
                         0);
            for (unsigned p = 0; p < 3; p++) {
                if (!(mask & 1u << p))
                    continue;
                CHECK(planes.data[0][p] == pic[0].data[p] && planes.data[1][p] == pic[1].data[p]);
                CHECK_EQ_INT(planes.pitch[p], pic[0].stride[p]);
            }
            CHECK_EQ_INT(vmaf_cuda_reader_release(t.reader[r], t.stream[r]), 0);
        }
        vmaf_cuda_shared_frame_end(t.frame);
        free_pair(pic);
    }
    CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_HOST_TO_DEVICE), 0);
    CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_DEVICE_TO_DEVICE), 0);
    const VmafCudaFrameStats *s = vmaf_cuda_shared_frame_stats(t.frame);
    CHECK_EQ_INT(s->in_place, 6);
    CHECK_EQ_INT(shared_uploads(&t), 0);
    CHECK_EQ_INT(stub.device_allocs, 0);

    /* A chroma plane whose rows are not where the pool put them. */
    VmafPicture pic[2];
    fetch_device_pair(pool, pic, 3);
    VmafPicture moved[2] = {pic[0], pic[1]};
    moved[0].stride[2] = (ptrdiff_t)pic[0].w[2] * 2;
    begin(&t, moved, VMAF_CUDA_PICTURE_DEVICE);
    VmafCudaPlanes planes;
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &moved[0], &moved[1], VMAF_CUDA_PLANES_YUV,
                                          VMAF_CUDA_PLANES_YUV, t.stream[0], &planes),
                 -EINVAL);
    vmaf_cuda_shared_frame_end(t.frame);
    free_pair(pic);
    twins_close(&t);
    vmaf_picture_pool_destroy(pool);
}

static void test_device_pictures_refusals(void)
{
    Twins t;
    twins_open(&t, 1, VMAF_PIX_FMT_YUV420P, 10);
    VmafPicturePool *pool = device_pool(4, true);
    VmafPicture pic[2];
    fetch_device_pair(pool, pic, 0);
    VmafCudaPlanes planes;
    /* Outside the bracket a device picture is never uploaded from. */
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &pic[0], &pic[1], VMAF_CUDA_PLANE_Y,
                                          VMAF_CUDA_PLANE_Y, t.stream[0], &planes),
                 -EINVAL);
    begin(&t, pic, VMAF_CUDA_PICTURE_DEVICE);
    /* Their chroma was never written. */
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &pic[0], &pic[1], VMAF_CUDA_PLANES_YUV,
                                          VMAF_CUDA_PLANES_YUV, t.stream[0], &planes),
                 -ENOTSUP);
    /* A picture whose rows are not where its pool put them. */
    VmafPicture moved[2] = {pic[0], pic[1]};
    moved[1].stride[0] = W * 2;
    vmaf_cuda_shared_frame_end(t.frame);
    begin(&t, moved, VMAF_CUDA_PICTURE_DEVICE);
    CHECK_EQ_INT(vmaf_cuda_reader_acquire(t.reader[0], &moved[0], &moved[1], VMAF_CUDA_PLANE_Y,
                                          VMAF_CUDA_PLANE_Y, t.stream[0], &planes),
                 -EINVAL);
    vmaf_cuda_shared_frame_end(t.frame);
    CHECK_EQ_INT(count_log(OP_COPY, NULL, VMAF_CUDA_HOST_TO_DEVICE), 0);
    free_pair(pic);
    twins_close(&t);
    vmaf_picture_pool_destroy(pool);
}

TEST_MAIN("shared_frame", {"one_upload_per_plane", test_one_upload_per_plane},
          {"slot_alternation", test_slot_alternation},
          {"fence_with_subsampling", test_fence_with_subsampling}, {"luma_only", test_luma_only},
          {"motion_reads_one_plane", test_motion_reads_one_plane},
          {"no_pinned_allocation_per_frame", test_no_pinned_allocation_per_frame},
          {"pinned_pictures", test_pinned_pictures}, {"fallback", test_fallback},
          {"monochrome", test_monochrome},
          {"device_pictures_in_place", test_device_pictures_in_place},
          {"device_pictures_recycled_after_readers", test_device_pictures_recycled_after_readers},
          {"chroma_device_pictures_in_place", test_chroma_device_pictures_in_place},
          {"device_pictures_refusals", test_device_pictures_refusals})
