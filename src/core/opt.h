/* Option tables of feature extractors: each row writes one field of the
 * extractor's private state, found by offset. */
#ifndef VMAF_CORE_OPT_H
#define VMAF_CORE_OPT_H

#include <stdbool.h>
#include <stddef.h>

#include "dict.h"

enum VmafOptionType {
    VMAF_OPT_TYPE_BOOL,
    VMAF_OPT_TYPE_INT,
    VMAF_OPT_TYPE_DOUBLE,
    VMAF_OPT_TYPE_STRING,
};

enum VmafOptionFlag {
    /* A non-default value becomes part of the emitted feature names. */
    VMAF_OPT_FLAG_FEATURE_PARAM = 1 << 0,
};

typedef struct VmafOption {
    const char *name;
    const char *help;
    const char *alias; /* short form used in feature names, may be NULL */
    size_t offset;     /* of the field in the private state */
    enum VmafOptionType type;
    union {
        bool b;
        int i;
        double d;
        const char *s;
    } default_val;
    double min, max;
    unsigned flags;
} VmafOption;

/* Writes every option's default into obj, then the values named in opts
 * (by name or alias). An unknown key or a bad or out-of-range value fails
 * with -EINVAL and a logged message naming extractor, option and range. */
int vmaf_options_apply(const char *fex_name, const VmafOption *options, void *obj,
                       const VmafDictionary *opts);

/* The option of the table called name or aliased so, or NULL. */
const VmafOption *vmaf_option_find(const VmafOption *options, const char *name);

/* The index of value among the count names of a string option's choices,
 * or -1 when it is none of them. */
int vmaf_option_choice(const char *value, const char *const *names, unsigned count);

#endif
