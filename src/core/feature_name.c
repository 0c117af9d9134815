#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature_name.h"

static const struct {
    const char *name, *alias;
} aliases[] = {
    {"VMAF_feature_adm2_score", "adm2"},
    {"VMAF_feature_aim_score", "aim"},
    {"VMAF_feature_adm3_score", "adm3"},
    {"VMAF_feature_adm_scale0_score", "adm_scale0"},
    {"VMAF_feature_adm_scale1_score", "adm_scale1"},
    {"VMAF_feature_adm_scale2_score", "adm_scale2"},
    {"VMAF_feature_adm_scale3_score", "adm_scale3"},
    {"VMAF_feature_motion_score", "motion"},
    {"VMAF_feature_motion2_score", "motion2"},
    {"VMAF_feature_motion3_score", "motion3"},
    {"VMAF_feature_vif_scale0_score", "vif_scale0"},
    {"VMAF_feature_vif_scale1_score", "vif_scale1"},
    {"VMAF_feature_vif_scale2_score", "vif_scale2"},
    {"VMAF_feature_vif_scale3_score", "vif_scale3"},
    {"VMAF_integer_feature_adm2_score", "integer_adm2"},
    {"VMAF_integer_feature_aim_score", "integer_aim"},
    {"VMAF_integer_feature_adm3_score", "integer_adm3"},
    {"VMAF_integer_feature_motion_score", "integer_motion"},
    {"VMAF_integer_feature_motion2_score", "integer_motion2"},
    {"VMAF_integer_feature_motion3_score", "integer_motion3"},
    {"VMAF_integer_feature_vif_scale0_score", "integer_vif_scale0"},
    {"VMAF_integer_feature_vif_scale1_score", "integer_vif_scale1"},
    {"VMAF_integer_feature_vif_scale2_score", "integer_vif_scale2"},
    {"VMAF_integer_feature_vif_scale3_score", "integer_vif_scale3"},
    {"Cambi_feature_cambi_score", "cambi"},
    {"Speed_chroma_feature_speed_chroma_u_score", "speed_chroma_u"},
    {"Speed_chroma_feature_speed_chroma_v_score", "speed_chroma_v"},
    {"Speed_chroma_feature_speed_chroma_uv_score", "speed_chroma_uv"},
    {"Speed_temporal_feature_speed_temporal_score", "speed_temporal"},
};

const char *vmaf_feature_name_alias(const char *name)
{
    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
        if (!strcmp(name, aliases[i].name))
            return aliases[i].alias;
    }
    return name;
}

static bool is_default(const VmafOption *o, const void *obj)
{
    const void *field = (const uint8_t *)obj + o->offset;
    switch (o->type) {
    case VMAF_OPT_TYPE_BOOL:
        return *(const bool *)field == o->default_val.b;
    case VMAF_OPT_TYPE_INT:
        return *(const int *)field == o->default_val.i;
    case VMAF_OPT_TYPE_DOUBLE:
        return *(const double *)field == o->default_val.d;
    case VMAF_OPT_TYPE_STRING:
        return !strcmp(*(const char *const *)field, o->default_val.s);
    }
    return true;
}

static int append(char *buf, size_t n, size_t *len, const char *fmt, const char *key,
                  const char *val)
{
    int w = snprintf(buf + *len, n - *len, fmt, key, val);
    if (w < 0 || (size_t)w >= n - *len)
        return -ENAMETOOLONG;
    *len += (size_t)w;
    return 0;
}

static void format_value(char *out, size_t n, const VmafOption *o, const void *obj)
{
    const void *field = (const uint8_t *)obj + o->offset;
    switch (o->type) {
    case VMAF_OPT_TYPE_INT:
        snprintf(out, n, "%d", *(const int *)field);
        break;
    case VMAF_OPT_TYPE_DOUBLE:
        snprintf(out, n, "%g", *(const double *)field);
        break;
    case VMAF_OPT_TYPE_STRING:
        snprintf(out, n, "%s", *(const char *const *)field);
        break;
    case VMAF_OPT_TYPE_BOOL:
        out[0] = '\0';
        break;
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const VmafOption *const *)a)->name, (*(const VmafOption *const *)b)->name);
}

int vmaf_feature_name_from_state(char *buf, size_t n, const char *name, const VmafOption *options,
                                 const void *obj)
{
    const VmafOption *changed[64];
    unsigned cnt = 0;
    for (const VmafOption *o = options; o && o->name && cnt < 64; o++) {
        if ((o->flags & VMAF_OPT_FLAG_FEATURE_PARAM) && !is_default(o, obj))
            changed[cnt++] = o;
    }
    qsort(changed, cnt, sizeof(changed[0]), by_name);

    size_t len = 0;
    int err = append(buf, n, &len, "%s%s", cnt ? vmaf_feature_name_alias(name) : name, "");
    for (unsigned i = 0; !err && i < cnt; i++) {
        const VmafOption *o = changed[i];
        const char *key = o->alias ? o->alias : o->name;
        char val[128];
        format_value(val, sizeof(val), o, obj);
        err = append(buf, n, &len, o->type == VMAF_OPT_TYPE_BOOL ? "_%s%s" : "_%s_%s", key, val);
    }
    return err;
}

static size_t state_size(const VmafOption *options)
{
    size_t size = 0;
    for (const VmafOption *o = options; o && o->name; o++) {
        size_t end = o->offset + sizeof(double) + sizeof(void *);
        if (end > size)
            size = end;
    }
    return size;
}

int vmaf_feature_name_from_options(char *buf, size_t n, const char *name, const VmafOption *options,
                                   const VmafDictionary *opts)
{
    void *obj = calloc(1, state_size(options) + 1);
    if (!obj)
        return -ENOMEM;
    int err = vmaf_options_apply("feature", options, obj, opts);
    if (!err)
        err = vmaf_feature_name_from_state(buf, n, name, options, obj);
    free(obj);
    return err;
}
