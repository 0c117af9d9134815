/* vmaf-ng public API: feature option dictionaries. */
#ifndef LIBVMAF_FEATURE_H
#define LIBVMAF_FEATURE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafFeatureDictionary VmafFeatureDictionary;

/* Sets key to val, creating *dict when it is NULL. Numeric values are stored
 * normalised ("1.0" becomes "1") so that option-suffixed names are stable. */
int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key, const char *val);

/* Frees *dict and sets it to NULL. */
int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict);

#ifdef __cplusplus
}
#endif

#endif
