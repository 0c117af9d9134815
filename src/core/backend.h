/* A GPU backend as the core sees it: an interface and an opaque state,
 * attached to a VmafContext (the CUDA backend does it in
 * vmaf_cuda_import_state()). With a backend attached:
 *  - a requested extractor is replaced by its twin, the registered extractor
 *    flagged with the backend's twin_flag that provides the same features,
 *    when the twin has every requested option (else the CPU extractor serves
 *    and the log says why); it is registered under the requested extractor's
 *    key, so a twin and its CPU extractor are never both registered for the
 *    same options;
 *  - twins get the backend's state (VmafFexContext.backend) and run on the
 *    caller's thread, inside the frame bracket;
 *  - an instance that will serve is admitted first (admit()), so that what
 *    the backend cannot run with the caller's pictures fails at
 *    registration, naming the feature;
 *  - vmaf_read_pictures() (also its flush) and vmaf_close() run between
 *    enter() and leave(), which make the backend's device current on the
 *    calling thread and restore the caller's;
 *  - vmaf_read_pictures() calls frame_begin() before the dispatch and
 *    frame_end() after it; vmaf_close() destroys the state after the
 *    extractors. */
#ifndef VMAF_CORE_BACKEND_H
#define VMAF_CORE_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "libvmaf/libvmaf.h"
#include "dict.h"
#include "feature_extractor.h"

typedef struct VmafBackend {
    const char *name;   /* "cuda", in log lines */
    uint64_t twin_flag; /* the VmafFeatureExtractor flag of its twins */
    /* Optional (NULL: all are admitted). 0, or a negative errno with a
     * message naming the requested extractor: ctx is an instance of the one
     * that would serve (a twin or the CPU's). */
    int (*admit)(void *state, const char *requested, const VmafFexContext *ctx);
    /* Optional, both or neither. */
    int (*enter)(void *state);
    void (*leave)(void *state);
    /* The frame's pictures, valid until frame_end(); 0, or a negative errno
     * (logged) for pictures the backend cannot read. */
    int (*frame_begin)(void *state, const VmafPicture *ref, const VmafPicture *dist);
    void (*frame_end)(void *state);
    void (*destroy)(void *state);
} VmafBackend;

/* Takes state, also on failure. Fails when a backend is attached already.
 * Extractors registered before keep what they are. */
int vmaf_backend_attach(VmafContext *vmaf, const VmafBackend *backend, void *state);

/* The extractor that serves a request for fex with opts. */
const VmafFeatureExtractor *vmaf_backend_select(const VmafContext *vmaf,
                                                const VmafFeatureExtractor *fex,
                                                const VmafDictionary *opts);

/* The state an instance of fex is given: the backend's for its twins. */
void *vmaf_backend_state_for(const VmafContext *vmaf, const VmafFeatureExtractor *fex);

int vmaf_backend_admit(const VmafContext *vmaf, const char *requested, const VmafFexContext *ctx);
/* enter() and leave() of the attached backend; nothing without one. */
int vmaf_backend_enter(VmafContext *vmaf);
void vmaf_backend_leave(VmafContext *vmaf);
int vmaf_backend_frame_begin(VmafContext *vmaf, const VmafPicture *ref, const VmafPicture *dist);
void vmaf_backend_frame_end(VmafContext *vmaf);
void vmaf_backend_destroy(VmafContext *vmaf);

#endif
