/* Reading models from their JSON (internal to src/model/). Every function
 * that fails logs a message naming the model's origin and, where known, the
 * line, and returns -EINVAL (or -ENOMEM); a model that loads is valid, so
 * prediction never meets a malformed one. */
#ifndef VMAF_MODEL_LOADER_H
#define VMAF_MODEL_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libvmaf/model.h"
#include "core/json.h"
#include "model.h"

/* What error messages need to know about the model being read. */
typedef struct VmafModelLoader {
    const char *origin; /* its file's path, or "built-in model NAME"; borrowed */
    uint64_t flags;     /* VmafModelConfig.flags */
} VmafModelLoader;

/* Logs "origin: line N: message" (no line when at is NULL); returns -EINVAL. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int vmaf_model_load_error(const VmafModelLoader *ld, const VmafJsonValue *at, const char *fmt,
                          ...);

/* The type's name with its article ("an array"), for messages. */
const char *vmaf_json_type_article(enum VmafJsonType type);

/* *out = obj[key] when it has the given type; NULL when it is absent and
 * not required. where names obj in messages. */
int vmaf_model_get_member(const VmafModelLoader *ld, const VmafJsonValue *obj, const char *where,
                          const char *key, enum VmafJsonType type, bool required,
                          const VmafJsonValue **out);

/* Like vmaf_model_get_member() for an array of exactly cnt numbers; why
 * says in messages what the count follows from. */
int vmaf_model_get_numbers(const VmafModelLoader *ld, const VmafJsonValue *obj, const char *where,
                           const char *key, bool required, size_t cnt, const char *why,
                           const VmafJsonValue **out);

/* Parses root into *out for vmaf_model_read(); name is the configured one. */
typedef int (*VmafModelParse)(const VmafModelLoader *ld, const VmafJsonValue *root,
                              const char *name, void *out);

/* Reads the JSON of source (a file's path, or with is_version a version name
 * found by source.h's rules) and parses it with parse under the configured
 * name (or "vmaf") and flags, messages naming where it came from. Returns parse's result or the
 * reading's error. */
int vmaf_model_read(const VmafModelConfig *cfg, const char *source, bool is_version,
                    VmafModelParse parse, void *out);

/* One model from root ({"model_dict": ...}); its score is written under
 * name. *model is the caller's. -ENOTSUP, logged at debug level only, when
 * root is a collection ({"0": ...}): callers retry it as one. */
int vmaf_model_from_json(const VmafModelLoader *ld, const VmafJsonValue *root, const char *name,
                         VmafModel **model);

/* m->svm from model_dict.model (libsvm's text); m->feature_cnt is set. */
int vmaf_model_svm_from_json(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m);

#endif
