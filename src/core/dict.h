/* Key/value option dictionaries (the public VmafFeatureDictionary). */
#ifndef VMAF_CORE_DICT_H
#define VMAF_CORE_DICT_H

#include "libvmaf/feature.h"

typedef struct VmafDictionaryEntry {
    char *key;
    char *val;   /* as libvmaf keeps it: a number as "%g" of its float */
    char *typed; /* as the caller gave it, where that differs; else NULL */
} VmafDictionaryEntry;

struct VmafFeatureDictionary {
    VmafDictionaryEntry *entry;
    unsigned cnt, size;
};
typedef struct VmafFeatureDictionary VmafDictionary;

/* Returns the value stored for key, or NULL. */
const char *vmaf_dictionary_get(const VmafDictionary *d, const char *key);

/* Deep copy into *dst (NULL stays NULL). */
int vmaf_dictionary_copy(const VmafDictionary *src, VmafDictionary **dst);

/* Sets every entry of src in *dst, overwriting equal keys. */
int vmaf_dictionary_merge(VmafDictionary **dst, const VmafDictionary *src);

/* 1 when both hold the same key/value pairs, in any order. */
int vmaf_dictionary_equal(const VmafDictionary *a, const VmafDictionary *b);

#endif
