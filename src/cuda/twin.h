/* What every CUDA twin's host code uses: a device, a stream of its own, a
 * plane reader (on the context's shared frame, or uploading privately when
 * the twin runs outside a context with the CUDA backend), and a ring of
 * result buffers that are read back a frame late, so that the host never
 * waits for the kernels it has just queued. */
#ifndef VMAF_CUDA_TWIN_H
#define VMAF_CUDA_TWIN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "libvmaf/picture.h"
#include "graph.h"
#include "shared_frame.h"

enum { VMAF_CUDA_RESULT_DEPTH = 2 };

typedef struct VmafCudaResults {
    const VmafCudaDevice *dev;
    size_t size;
    void *device[VMAF_CUDA_RESULT_DEPTH], *host[VMAF_CUDA_RESULT_DEPTH];
    VmafCudaEvent ready[VMAF_CUDA_RESULT_DEPTH];
    unsigned index[VMAF_CUDA_RESULT_DEPTH];
    unsigned head, cnt; /* oldest pending submission, number pending */
} VmafCudaResults;

typedef struct VmafCudaTwin {
    const VmafCudaDevice *dev;
    VmafCudaDevice own_dev; /* outside a context with the backend */
    VmafCudaStream stream;
    VmafCudaReader *reader;
    VmafCudaResults results;
    VmafCudaGraphCache graphs;
    void *buffer[2]; /* vmaf_cuda_twin_alloc() */
    unsigned buffer_cnt;
} VmafCudaTwin;

/* ctx: the twin's instance, on its backend's device (ctx->backend), or,
 * outside a context with the backend, on device 0 of the backend its flags
 * name, uploading privately; result_size: bytes of one frame's results. */
int vmaf_cuda_twin_open(VmafCudaTwin *twin, const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt,
                        unsigned bpc, unsigned w, unsigned h, size_t result_size);
/* Waits for the twin's stream, then frees; also after a failed open. */
void vmaf_cuda_twin_close(VmafCudaTwin *twin);

/* Device memory of the twin's own, freed by vmaf_cuda_twin_close(); two
 * buffers at most. */
int vmaf_cuda_twin_alloc(VmafCudaTwin *twin, void **ptr, size_t size);

/* Puts a frame's kernels, enqueue(opaque), on the twin's stream as a graph
 * replay (graph.h); key: the buffers it was given this frame, NULL-padded. */
int vmaf_cuda_twin_run(VmafCudaTwin *twin, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                       VmafCudaEnqueue enqueue, void *opaque);

/* The device buffer for this frame's results; NULL while
 * VMAF_CUDA_RESULT_DEPTH frames wait to be collected. */
void *vmaf_cuda_twin_result_target(const VmafCudaTwin *twin);
/* The start of a frame: the device buffer for its results, with ref_planes
 * of ref and dist_planes of dist (VMAF_CUDA_PLANE_* masks) acquired for the
 * twin's stream in *planes. NULL with *err set when an earlier frame failed
 * (-EINVAL: its results were never collected) or the planes could not be
 * had. */
void *vmaf_cuda_twin_begin_frame(VmafCudaTwin *twin, const VmafPicture *ref,
                                 const VmafPicture *dist, unsigned ref_planes, unsigned dist_planes,
                                 VmafCudaPlanes *planes, int *err);
/* For a twin that reads every plane of both pictures: src and pitch get
 * planes' (acquired by vmaf_cuda_twin_begin_frame()), and key the frame's
 * graph key: result, then each plane of ref and of dist in turn. */
void vmaf_cuda_twin_yuv_key(const VmafCudaPlanes *planes, const void *result, const void *src[2][3],
                            size_t pitch[3], const void *key[VMAF_CUDA_GRAPH_KEYS]);
/* Queues the copy of the target to the host behind the work on the twin's
 * stream. */
int vmaf_cuda_twin_submit_result(VmafCudaTwin *twin, unsigned index);
/* The oldest submitted frame, once on the host: 1 with *host (valid until the
 * next submit) and *index, 0 when none is pending. */
int vmaf_cuda_twin_collect_result(VmafCudaTwin *twin, const void **host, unsigned *index);
/* Frames submitted and not collected. */
unsigned vmaf_cuda_twin_pending(const VmafCudaTwin *twin);

/* A twin's scoring of its oldest collected frame: 1 when there was one, 0
 * when none is pending, or a negative errno. */
typedef int (*VmafCudaScoreCollected)(VmafFexContext *ctx, VmafFeatureCollector *fc);

/* Scores collected frames, oldest first, until `keep` are pending: 1 after a
 * frame's submit once its features are named (the host never waits for the
 * kernels just queued), 0 for the first frame and at the flush. */
int vmaf_cuda_twin_score(VmafCudaTwin *twin, unsigned keep, VmafCudaScoreCollected score,
                         VmafFexContext *ctx, VmafFeatureCollector *fc);

/* The rest of a frame once its planes are acquired: the kernels
 * (vmaf_cuda_twin_run), the reader's release, the result's submission as
 * frame index, then the scoring of the frames before it (named: the twin's
 * features already exist in the collector, so this frame may stay pending). */
int vmaf_cuda_twin_finish_frame(VmafCudaTwin *twin, const void *const key[VMAF_CUDA_GRAPH_KEYS],
                                VmafCudaEnqueue enqueue, void *opaque, unsigned index, bool named,
                                VmafCudaScoreCollected score, VmafFexContext *ctx,
                                VmafFeatureCollector *fc);
/* Scores every pending frame, for a twin's flush: 1, or a negative errno. */
int vmaf_cuda_twin_flush(VmafCudaTwin *twin, VmafCudaScoreCollected score, VmafFexContext *ctx,
                         VmafFeatureCollector *fc);

#endif
