/* vmaf-ng public API: feature option dictionaries, the options handed to
 * vmaf_use_feature() and vmaf_model_feature_overload(). Source-compatible
 * with libvmaf 3.x. A dictionary belongs to one thread at a time. */
#ifndef LIBVMAF_FEATURE_H
#define LIBVMAF_FEATURE_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafFeatureDictionary VmafFeatureDictionary;

/* Sets key to val, creating *dict when it is NULL (*dict must then be
 * initialised to NULL); a key set twice keeps the last value. Both strings
 * are copied. Numeric values are stored normalised ("1.0" becomes "1") so
 * that option-suffixed feature names are stable; messages quote the value
 * as given. The dictionary is the caller's until a call that takes it
 * (vmaf_use_feature(), vmaf_model_feature_overload()) or
 * vmaf_feature_dictionary_free(). Returns 0, -EINVAL for a NULL argument,
 * or -ENOMEM (the dictionary is then unchanged). Whether the extractor knows
 * the option is checked when the dictionary is used. */
VMAF_API int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key,
                                         const char *val);

/* Frees *dict (NULL is allowed) and sets *dict to NULL. Returns 0, or
 * -EINVAL when dict itself is NULL. */
VMAF_API int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict);

#ifdef __cplusplus
}
#endif

#endif
