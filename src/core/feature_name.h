/* The names libvmaf stores scores under. */
#ifndef VMAF_CORE_FEATURE_NAME_H
#define VMAF_CORE_FEATURE_NAME_H

#include <stddef.h>

#include "dict.h"
#include "opt.h"

/* The short name printed for a provided feature name ("integer_vif_scale0"
 * for "VMAF_integer_feature_vif_scale0_score"); name itself when unaliased. */
const char *vmaf_feature_name_alias(const char *name);

/* The name a score of feature name is stored under, for an extractor whose
 * option values are in obj (its private state): name itself when every
 * FEATURE_PARAM option has its default, else alias(name) followed by
 * "_<alias or name>_<value>" (a bool: "_<alias or name>") for each non-default
 * one, sorted by option name. -ENAMETOOLONG when it does not fit in n bytes. */
int vmaf_feature_name_from_state(char *buf, size_t n, const char *name, const VmafOption *options,
                                 const void *obj);

/* The same for options given as a dictionary (parsed as the extractor would);
 * -EINVAL for an unknown option or a bad value. */
int vmaf_feature_name_from_options(char *buf, size_t n, const char *name, const VmafOption *options,
                                   const VmafDictionary *opts);

#endif
