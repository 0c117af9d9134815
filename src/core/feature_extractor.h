/* Feature extractors. A VmafFeatureExtractor is the constant class (name,
 * options, callbacks); a VmafFexContext is one instance of it with its parsed
 * options and private state. Each metric folder defines its extractors and
 * the build lists them in the registry (registry.c); the context picks one
 * per requested feature. */
#ifndef VMAF_CORE_FEATURE_EXTRACTOR_H
#define VMAF_CORE_FEATURE_EXTRACTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libvmaf/picture.h"
#include "dict.h"
#include "feature_collector.h"
#include "opt.h"

enum VmafFeatureExtractorFlags {
    /* extract() runs serially and in frame order, never subsampled. */
    VMAF_FEATURE_EXTRACTOR_TEMPORAL = 1 << 0,
    /* A GPU twin of the CUDA backend, of the SYCL backend or of the HIP
     * backend. */
    VMAF_FEATURE_EXTRACTOR_CUDA = 1 << 1,
    VMAF_FEATURE_EXTRACTOR_SYCL = 1 << 2,
    VMAF_FEATURE_EXTRACTOR_HIP = 1 << 4,
    /* The framework supplies the previous reference pictures (prev_ref,
     * prev_prev_ref); never subsampled, may run frames in parallel. */
    VMAF_FEATURE_EXTRACTOR_PREV_REF = 1 << 3,
};

typedef struct VmafFexContext VmafFexContext;

typedef struct VmafFeatureExtractor {
    const char *name;
    const VmafOption *options; /* terminated by a row with name == NULL; may be NULL */
    size_t priv_size;          /* private state, zeroed, options written into it */
    uint64_t flags;
    const char *const *provided_features; /* NULL-terminated */

    /* Called once before the first extract(), or before flush() when no frame
     * was extracted. Returns 0 or a negative errno; a message is logged. */
    int (*init)(VmafFexContext *fex, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                unsigned h);
    /* Pictures are borrowed for the call. */
    int (*extract)(VmafFexContext *fex, VmafPicture *ref, VmafPicture *dist, unsigned index,
                   VmafFeatureCollector *fc);
    /* Optional. Called in a loop until it returns > 0 (done) or < 0 (error). */
    int (*flush)(VmafFexContext *fex, VmafFeatureCollector *fc);
    /* Optional. Frees what init() allocated; called once init() succeeded. */
    void (*close)(VmafFexContext *fex);
    /* Optional: the planes extract() reads of each picture (bit p for plane
     * p) with fex's options, asked before init() (a backend whose device
     * pictures hold luma only refuses the others). NULL: every plane. */
    unsigned (*planes)(const VmafFexContext *fex, enum VmafPixelFormat pix_fmt);
    /* Optional: whether the instance, with fex's options, writes an
     * aggregate over every frame it scored (which frames scored in pieces
     * cannot make: vmaf_import_scores()); asked before init(). NULL: never. */
    bool (*totals_run)(const VmafFexContext *fex);
    /* A GPU twin's device stages, a table of its backend's launchers whose
     * type the twin's host code knows, so that one host code serves the
     * twins of several backends; NULL otherwise. */
    const void *kernels;
} VmafFeatureExtractor;

struct VmafFexContext {
    const VmafFeatureExtractor *fex;
    void *priv;
    VmafDictionary *opts; /* as given; used to name the emitted features */
    bool initialized;
    /* The instruction sets its DSP tables may use (core/cpu.h): the host's
     * at creation; a context sets its own cpumask's before init. */
    unsigned cpu_flags;
    /* PREV_REF extractors: reference pictures n-1 and n-2 of the frame being
     * extracted (NULL where they do not exist). Borrowed for extract(). */
    VmafPicture *prev_ref, *prev_prev_ref;
    /* Twins of a backend (core/backend.h): the state of the backend attached
     * to the context; NULL outside a context with that backend. */
    void *backend;
    /* The names vmaf_fex_append() writes under for this instance's options,
     * each formatted once, at its first append, with its collector slot. */
    struct VmafFexBoundName {
        char *feature; /* as the extractor passes it */
        char *name;
        unsigned slot;
    } * bound;
    unsigned bound_cnt;
};

/* VmafFeatureExtractor.planes of an extractor that reads luma only. */
unsigned vmaf_fex_planes_luma(const VmafFexContext *fex, enum VmafPixelFormat pix_fmt);

/* The planes an instance reads (VmafFeatureExtractor.planes, else all). */
unsigned vmaf_fex_context_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt);

/* Creates an instance; parses opts (copied, the caller keeps its own) into the
 * private state. */
int vmaf_fex_context_create(VmafFexContext **ctx, const VmafFeatureExtractor *fex,
                            const VmafDictionary *opts);
int vmaf_fex_context_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h);
int vmaf_fex_context_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc);
int vmaf_fex_context_flush(VmafFexContext *ctx, VmafFeatureCollector *fc);
void vmaf_fex_context_destroy(VmafFexContext *ctx);

/* Appends a score under the name libvmaf gives it: the provided name's alias
 * plus one suffix per non-default FEATURE_PARAM option (feature_name.h).
 * The name is formatted at the instance's first append of provided_name
 * and kept (the options do not change after init). Not for two threads at
 * once on one ctx. */
int vmaf_fex_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const char *provided_name,
                    double value, unsigned index);

/* Registry (registry.c): every extractor built, CPU ones first, then the
 * twins of each backend; NULL-terminated. Generated from the metric folders
 * (cmake/registry.cmake). */
extern const VmafFeatureExtractor *const vmaf_feature_extractors[];
/* The extractor of that name, or NULL. */
const VmafFeatureExtractor *vmaf_get_feature_extractor_by_name(const char *name);
/* The first extractor providing feature among those with a flag of flags
 * (any when 0): the CPU one unless a backend's flag is given. NULL if none. */
const VmafFeatureExtractor *vmaf_get_feature_extractor_by_feature_name(const char *feature,
                                                                       uint64_t flags);

#endif
