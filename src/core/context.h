/* VmafContext internals shared by context.c and output.c. */
#ifndef VMAF_CORE_CONTEXT_H
#define VMAF_CORE_CONTEXT_H

#include <stdatomic.h>
#include <stdbool.h>

#include "libvmaf/libvmaf.h"
#include "feature_collector.h"
#include "feature_extractor.h"
#include "picture.h"
#include "thread_pool.h"

typedef struct RegisteredExtractor {
    const VmafFeatureExtractor *fex;
    VmafDictionary *opts;
    char *key;                  /* fex name + non-default feature options: one instance per key */
    VmafFexContext *inline_ctx; /* runs on the caller's thread, and flushes */
} RegisteredExtractor;

struct VmafContext {
    VmafConfiguration cfg;
    unsigned cpu_flags; /* the host's less cfg.cpumask, for every instance */
    VmafFeatureCollector *fc;
    RegisteredExtractor *fex;
    unsigned fex_cnt, fex_capacity;
    VmafThreadPool *thread_pool;
    VmafPicturePool *pic_pool;
    struct {
        enum VmafPixelFormat pix_fmt;
        unsigned bpc, w, h;
        bool set;
    } pic_params;
    VmafPicture prev_ref, prev_prev_ref; /* kept while a PREV_REF extractor is registered */
    bool keeps_prev_ref;
    const struct VmafBackend *backend; /* backend.h; NULL: CPU only */
    void *backend_state;
    unsigned pic_cnt;
    bool flushed;
    atomic_int worker_error;
};

/* The planes (bit p for plane p) of pictures of pix_fmt that the features
 * registered so far read. */
unsigned vmaf_planes_read(const VmafContext *vmaf, enum VmafPixelFormat pix_fmt);

#endif
