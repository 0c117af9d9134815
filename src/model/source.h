/* Where a model's JSON comes from: a file, or a version name looked up in
 * $VMAF_MODEL_DIR and then among the built-in models. Errors are logged. */
#ifndef VMAF_MODEL_SOURCE_H
#define VMAF_MODEL_SOURCE_H

#include "core/json.h"

/* Reads and parses the model file at path (at most 64 MiB). *root is the
 * caller's (vmaf_json_free()). -EINVAL for a .pkl file, one that cannot be
 * read or is not JSON; -ENOMEM. */
int vmaf_model_json_from_path(const char *path, VmafJsonValue **root);

/* The JSON of the model called version: version.json in $VMAF_MODEL_DIR or
 * one subfolder below it when that variable is set and such a file exists,
 * else the built-in model of that name. *origin names where it came from,
 * for messages (the path, or "built-in model NAME"); both are the caller's.
 * -EINVAL for a name with a '/', a .pkl name or a version found nowhere. */
int vmaf_model_json_from_version(const char *version, VmafJsonValue **root, char **origin);

#endif
