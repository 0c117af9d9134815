/* Netflix's model files compiled into the library (model/ in the source
 * tree; the table is generated at build time by cmake/embed_models.cmake). */
#ifndef VMAF_MODEL_BUILTIN_H
#define VMAF_MODEL_BUILTIN_H

#include <stddef.h>

typedef struct VmafBuiltInModel {
    const char *version; /* the file name without ".json", e.g. "vmaf_v0.6.1" */
    const char *json;    /* the file's bytes, NUL-terminated */
    size_t len;          /* without the NUL */
} VmafBuiltInModel;

/* Sorted by version. */
extern const VmafBuiltInModel vmaf_built_in_models[];
extern const unsigned vmaf_built_in_model_count;

#endif
