/* The shared frame: the device copy of the frame pair every CUDA twin of a
 * VmafContext reads, one upload per plane per frame (docs/cuda.md and
 * ../shared/docs/shared-frame.md, the contract).
 *
 * The context announces each frame's host pictures (begin) before it
 * dispatches to the extractors and ends the frame after (end). A twin reads
 * through a reader: acquire() names the planes it needs of each picture and
 * a stream of its own; the first request for a plane in a frame uploads it
 * on the frame's copy stream, later ones get the same device pointer, and
 * the twin's stream waits for the upload on the device, never on the host.
 * release() marks where on that stream the twin's reads end.
 *
 * Frame n of the context uses slot n mod VMAF_CUDA_FRAME_SLOTS. The first
 * upload into a slot waits, on the device, for the events every reader
 * recorded at its last release of that slot, also readers that skipped the
 * frames in between. Host pictures are read only inside the bracket: a
 * pageable plane is copied into pinned staging before acquire() returns; a
 * pinned one (from the backend's picture pool) is copied from directly and
 * referenced by the slot until the copy has completed.
 *
 * A device picture (the backend's pool, luma only) is not copied: acquire()
 * hands out its luma plane in place, with the reader's stream made to wait
 * for the work the caller had put on the legacy default stream when the
 * frame began (its copy into the picture). The slot references the picture
 * until every reader of the slot's frame has finished with it, so that it
 * returns to its pool only then; chroma of a device picture is refused.
 *
 * Without a frame, outside the bracket, or for pictures other than the
 * announced ones, acquire() uploads into buffers of the reader's own, on the
 * reader's stream: correct, slower, and counted (never for device pictures).
 *
 * Plain C over VmafCudaApi; one thread at a time (the context's caller). */
#ifndef VMAF_CUDA_SHARED_FRAME_H
#define VMAF_CUDA_SHARED_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libvmaf/picture.h"
#include "cuda_api.h"

enum { VMAF_CUDA_FRAME_SLOTS = 2 };

/* Where a picture announced to the frame has its planes. */
enum VmafCudaPictureMemory {
    VMAF_CUDA_PICTURE_PAGEABLE, /* host memory: staged into pinned memory, then uploaded */
    VMAF_CUDA_PICTURE_PINNED,   /* page-locked host memory, unchanged while referenced */
    VMAF_CUDA_PICTURE_DEVICE,   /* the context's device memory, luma only: read in place */
};

/* Plane masks for acquire(). */
enum {
    VMAF_CUDA_PLANE_Y = 1 << 0,
    VMAF_CUDA_PLANES_YUV = 7,
};

/* What acquire() hands out: device planes of ref (pic 0) and dist (pic 1),
 * rows packed at pitch bytes, samples as in VmafPicture. Planes that were
 * not asked for are NULL. Read-only, valid until release(). */
typedef struct VmafCudaPlanes {
    const void *data[2][3];
    size_t pitch[3];
    unsigned w[3], h[3];
} VmafCudaPlanes;

typedef struct VmafCudaFrameStats {
    uint64_t frames;          /* brackets */
    uint64_t uploads[3];      /* plane uploads into the shared slots, by plane, both pictures */
    uint64_t staged;          /* of these, copied into pinned staging first (pageable pictures) */
    uint64_t private_uploads; /* plane uploads into a reader's own buffers (fallback) */
    uint64_t in_place;        /* device pictures read where they are (each once a frame) */
    uint64_t fence_waits;     /* device-side waits of an upload for a slot's last readers */
    uint64_t host_waits;      /* times the host blocked on the device */
} VmafCudaFrameStats;

typedef struct VmafCudaSharedFrame VmafCudaSharedFrame;
typedef struct VmafCudaReader VmafCudaReader;

/* Planes are allocated when first asked for: a luma-only run has no chroma. */
int vmaf_cuda_shared_frame_create(VmafCudaSharedFrame **frame, const VmafCudaDevice *dev,
                                  enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                                  unsigned h);
/* After its readers are destroyed. Waits for the copies in flight. */
void vmaf_cuda_shared_frame_destroy(VmafCudaSharedFrame *frame);

/* 0 when the frame holds pictures of that geometry. */
int vmaf_cuda_shared_frame_check(const VmafCudaSharedFrame *frame, enum VmafPixelFormat pix_fmt,
                                 unsigned bpc, unsigned w, unsigned h);

/* Rows of device planes start on multiples of this many bytes, so that a
 * warp's loads coalesce: the shared frame's planes and the backend's device
 * pictures alike. */
enum { VMAF_CUDA_PITCH_ALIGN = 256 };

/* The bytes from one row of a device plane of row_bytes bytes to the next. */
size_t vmaf_cuda_plane_pitch(size_t row_bytes);

/* mem: where ref's (0) and dist's (1) planes are. With a device picture,
 * records on the legacy default stream what acquire() makes readers wait
 * for; 0 or a negative errno. */
int vmaf_cuda_shared_frame_begin(VmafCudaSharedFrame *frame, const VmafPicture *ref,
                                 const VmafPicture *dist, const enum VmafCudaPictureMemory mem[2]);
void vmaf_cuda_shared_frame_end(VmafCudaSharedFrame *frame);

const VmafCudaFrameStats *vmaf_cuda_shared_frame_stats(const VmafCudaSharedFrame *frame);

/* frame may be NULL: every acquire then uploads privately. The geometry is
 * that of the pictures the reader will be given. */
int vmaf_cuda_reader_create(VmafCudaReader **reader, const VmafCudaDevice *dev,
                            VmafCudaSharedFrame *frame, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h);
/* After the reader's stream has finished its work. */
void vmaf_cuda_reader_destroy(VmafCudaReader *reader);

/* The planes in ref_planes of ref and dist_planes of dist (VMAF_CUDA_PLANE_*
 * masks), with stream made to wait for them. Chroma of a 4:0:0 picture is
 * never there. */
int vmaf_cuda_reader_acquire(VmafCudaReader *reader, const VmafPicture *ref,
                             const VmafPicture *dist, unsigned ref_planes, unsigned dist_planes,
                             VmafCudaStream stream, VmafCudaPlanes *planes);
/* Call once the last work that reads the acquired planes is on stream. */
int vmaf_cuda_reader_release(VmafCudaReader *reader, VmafCudaStream stream);

/* The statistics the reader counts into: its frame's, or its own. */
VmafCudaFrameStats *vmaf_cuda_reader_stats(VmafCudaReader *reader);

/* Waits on the host for event unless it has completed, counting a wait. */
int vmaf_cuda_wait_event(const VmafCudaApi *api, VmafCudaEvent event, VmafCudaFrameStats *stats);

#endif
