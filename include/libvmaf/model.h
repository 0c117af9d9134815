/* vmaf-ng public API: quality models (Netflix's JSON model format). */
#ifndef LIBVMAF_MODEL_H
#define LIBVMAF_MODEL_H

#include <stdint.h>

#include "export.h"
#include "feature.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafModel VmafModel;

enum VmafModelFlags {
    VMAF_MODEL_FLAGS_DEFAULT = 0,
    VMAF_MODEL_FLAG_DISABLE_CLIP = (1 << 0),
    VMAF_MODEL_FLAG_ENABLE_TRANSFORM = (1 << 1),
    VMAF_MODEL_FLAG_DISABLE_TRANSFORM = (1 << 2),
};

typedef struct VmafModelConfig {
    const char *name; /* the score's name; "vmaf" when NULL. Copied at load */
    uint64_t flags;   /* enum VmafModelFlags */
} VmafModelConfig;

/* Models are read-only once loaded: one model may serve several contexts,
 * also at the same time, until vmaf_model_destroy(); overloading it
 * (vmaf_model_feature_overload()) must happen before any context uses it.
 * Errors are logged through the library's log (VmafConfiguration.log_level
 * of the last vmaf_init(), VMAF_LOG_LEVEL_INFO before any). cfg may be NULL
 * for the defaults. */

/* Loads the model called version ("vmaf_v0.6.1"). The library has Netflix's
 * models compiled in (vmaf_model_built_in_next() lists them); a file
 * version.json in $VMAF_MODEL_DIR, or in a folder one level below it,
 * replaces the built-in model of that name, and the log says so at INFO.
 * On success *model is the caller's until vmaf_model_destroy(); on failure
 * it is NULL. Returns 0; -EINVAL for a NULL argument, a version that is
 * neither built in nor in $VMAF_MODEL_DIR (as libvmaf), one with a '/' or
 * naming a .pkl file, or a malformed model file; -ENOTSUP when version is a
 * model collection (vmaf_model_collection_load() reads it); -ENOMEM. */
VMAF_API int vmaf_model_load(VmafModel **model, VmafModelConfig *cfg, const char *version);

/* Loads the JSON model file at path, as vmaf_model_load() does. Errors name
 * the file and, for malformed content, the line. */
VMAF_API int vmaf_model_load_from_path(VmafModel **model, VmafModelConfig *cfg, const char *path);

/* Merges opts_dict into the options of every model feature computed by the
 * extractor called feature_name ("adm", "vif", ...): a key given there
 * replaces the model's. Takes ownership of opts_dict, also on failure.
 * Returns 0 (also when no feature of the model uses that extractor),
 * -EINVAL for a NULL argument, or -ENOMEM. */
VMAF_API int vmaf_model_feature_overload(VmafModel *model, const char *feature_name,
                                         VmafFeatureDictionary *opts_dict);

/* Frees a model; NULL is allowed. No context may use it afterwards. */
VMAF_API void vmaf_model_destroy(VmafModel *model);

/* vmaf-ng: the names of the built-in models in name order, for listing them:
 * vmaf_model_built_in_next(NULL) is the first, vmaf_model_built_in_next(v)
 * the one after v; NULL after the last or for a v that is not built in.
 * The strings are static. Thread-safe. */
VMAF_API const char *vmaf_model_built_in_next(const char *prev);

typedef struct VmafModelCollection VmafModelCollection;

enum VmafModelCollectionScoreType {
    VMAF_MODEL_COLLECTION_SCORE_UNKNOWN = 0,
    VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP,
};

typedef struct VmafModelCollectionScore {
    enum VmafModelCollectionScoreType type;
    struct {
        double bagging_score;
        double stddev;
        struct {
            struct {
                double lo, hi;
            } p95;
        } ci;
    } bootstrap;
} VmafModelCollectionScore;

/* A bootstrap collection (vmaf_b_v0.6.3): *model is its first member, which
 * gives the score itself, and *model_collection all members, which give the
 * confidence interval (vmaf_score_at_index_model_collection()). Both are the
 * caller's: free them with vmaf_model_destroy() and
 * vmaf_model_collection_destroy(); on failure both are NULL. The members are
 * named NAME_0001, NAME_0002, ... after the configured name. Found as
 * vmaf_model_load() finds a version; returns what it returns, with -EINVAL
 * also for a file that holds a single model. */
VMAF_API int vmaf_model_collection_load(VmafModel **model, VmafModelCollection **model_collection,
                                        VmafModelConfig *cfg, const char *version);

/* The collection in the JSON file at path, as vmaf_model_collection_load(). */
VMAF_API int vmaf_model_collection_load_from_path(VmafModel **model,
                                                  VmafModelCollection **model_collection,
                                                  VmafModelConfig *cfg, const char *path);

/* vmaf_model_feature_overload() on model and on every member of the
 * collection. Takes ownership of opts_dict, also on failure. */
VMAF_API int vmaf_model_collection_feature_overload(VmafModel *model,
                                                    VmafModelCollection **model_collection,
                                                    const char *feature_name,
                                                    VmafFeatureDictionary *opts_dict);

/* Frees the collection and its members (not the model returned beside it);
 * NULL is allowed. */
VMAF_API void vmaf_model_collection_destroy(VmafModelCollection *model_collection);

#ifdef __cplusplus
}
#endif

#endif
