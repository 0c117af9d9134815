#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "opt.h"

const VmafOption *vmaf_option_find(const VmafOption *options, const char *name)
{
    for (const VmafOption *o = options; o && o->name; o++) {
        if (!strcmp(o->name, name) || (o->alias && !strcmp(o->alias, name)))
            return o;
    }
    return NULL;
}

int vmaf_option_choice(const char *value, const char *const *names, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (!strcmp(value, names[i]))
            return (int)i;
    return -1;
}

static void set_default(const VmafOption *o, void *obj)
{
    void *field = (uint8_t *)obj + o->offset;
    switch (o->type) {
    case VMAF_OPT_TYPE_BOOL:
        *(bool *)field = o->default_val.b;
        break;
    case VMAF_OPT_TYPE_INT:
        *(int *)field = o->default_val.i;
        break;
    case VMAF_OPT_TYPE_DOUBLE:
        *(double *)field = o->default_val.d;
        break;
    case VMAF_OPT_TYPE_STRING:
        *(const char **)field = o->default_val.s;
        break;
    }
}

static int parse_number(const char *val, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(val, &end);
    if (end == val || *end || errno == ERANGE || !isfinite(d))
        return -EINVAL;
    *out = d;
    return 0;
}

/* Sets o from val; messages show typed, the caller's text of val (NULL:
 * val itself). */
static int set_value(const char *fex_name, const VmafOption *o, void *obj, const char *val,
                     const char *typed)
{
    const char *shown = typed ? typed : val;
    void *field = (uint8_t *)obj + o->offset;
    double d;
    switch (o->type) {
    case VMAF_OPT_TYPE_BOOL:
        if (strcmp(val, "true") && strcmp(val, "false"))
            goto bad_value;
        *(bool *)field = !strcmp(val, "true");
        return 0;
    case VMAF_OPT_TYPE_INT:
        if (parse_number(val, &d) || d != floor(d))
            goto bad_value;
        if (d < o->min || d > o->max)
            goto out_of_range;
        *(int *)field = (int)d;
        return 0;
    case VMAF_OPT_TYPE_DOUBLE:
        if (parse_number(val, &d))
            goto bad_value;
        if (d < o->min || d > o->max)
            goto out_of_range;
        *(double *)field = d;
        return 0;
    case VMAF_OPT_TYPE_STRING:
        *(const char **)field = val;
        return 0;
    }

bad_value:
    if (typed && o->type != VMAF_OPT_TYPE_BOOL && !isfinite(strtod(val, NULL))) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: option %s: %s is out of range [%g, %g] (option values are read as floats, "
                 "as libvmaf reads them, and as a float it is %s)",
                 fex_name, o->name, typed, o->min, o->max, val);
        return -EINVAL;
    }
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: option %s: \"%s\" is not a valid %s", fex_name, o->name,
             shown,
             o->type == VMAF_OPT_TYPE_BOOL  ? "boolean (true or false)"
             : o->type == VMAF_OPT_TYPE_INT ? "integer"
                                            : "number");
    return -EINVAL;
out_of_range:
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: option %s: %s is out of range [%g, %g]", fex_name, o->name,
             shown, o->min, o->max);
    return -EINVAL;
}

int vmaf_options_apply(const char *fex_name, const VmafOption *options, void *obj,
                       const VmafDictionary *opts)
{
    for (const VmafOption *o = options; o && o->name; o++)
        set_default(o, obj);
    for (unsigned i = 0; opts && i < opts->cnt; i++) {
        const VmafOption *o = vmaf_option_find(options, opts->entry[i].key);
        if (!o) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: unknown option \"%s\"", fex_name,
                     opts->entry[i].key);
            return -EINVAL;
        }
        int err = set_value(fex_name, o, obj, opts->entry[i].val, opts->entry[i].typed);
        if (err)
            return err;
    }
    return 0;
}
