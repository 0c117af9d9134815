/* One model from its JSON: {"param_dict": ..., "model_dict": ...}; only
 * model_dict is read. Everything is validated here so that prediction never
 * meets a malformed model. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "loader.h"
#include "model.h"

static double number_at(const VmafJsonValue *array, size_t i)
{
    return array->u.array.item[i].u.number.value;
}

static int parse_model_type(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    static const struct {
        const char *name;
        enum VmafModelType type;
    } types[] = {
        {"LIBSVMNUSVR", VMAF_MODEL_TYPE_SVM_NUSVR},
        {"BOOTSTRAP_LIBSVMNUSVR", VMAF_MODEL_TYPE_BOOTSTRAP_SVM_NUSVR},
        {"RESIDUEBOOTSTRAP_LIBSVMNUSVR", VMAF_MODEL_TYPE_RESIDUE_BOOTSTRAP_SVM_NUSVR},
    };
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, md, "model_dict", "model_type", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        if (!strcmp(v->u.string.data, types[i].name)) {
            m->type = types[i].type;
            return 0;
        }
    }
    return vmaf_model_load_error(ld, v,
                                 "model_dict.model_type \"%.64s\" is unknown (LIBSVMNUSVR, "
                                 "BOOTSTRAP_LIBSVMNUSVR or RESIDUEBOOTSTRAP_LIBSVMNUSVR)",
                                 v->u.string.data);
}

static int parse_norm_type(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, md, "model_dict", "norm_type", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    if (!strcmp(v->u.string.data, "linear_rescale"))
        m->norm = VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE;
    else if (!strcmp(v->u.string.data, "none"))
        m->norm = VMAF_MODEL_NORMALIZATION_NONE;
    else
        return vmaf_model_load_error(
            ld, v, "model_dict.norm_type \"%.64s\" is unknown (linear_rescale or none)",
            v->u.string.data);
    return 0;
}

static int parse_feature_names(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err =
        vmaf_model_get_member(ld, md, "model_dict", "feature_names", VMAF_JSON_ARRAY, true, &v);
    if (err)
        return err;
    const size_t cnt = v->u.array.cnt;
    if (!cnt || cnt > VMAF_MODEL_MAX_FEATURES)
        return vmaf_model_load_error(
            ld, v, "model_dict.feature_names holds %zu names; 1 to %d are supported", cnt,
            VMAF_MODEL_MAX_FEATURES);
    m->feature = calloc(cnt, sizeof(*m->feature));
    if (!m->feature)
        return -ENOMEM;
    m->feature_cnt = (unsigned)cnt;
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *name = &v->u.array.item[i];
        if (name->type != VMAF_JSON_STRING)
            return vmaf_model_load_error(ld, name,
                                         "model_dict.feature_names[%zu] must be a string, not %s",
                                         i, vmaf_json_type_article(name->type));
        if (!(m->feature[i].name = strdup(name->u.string.data)))
            return -ENOMEM;
    }
    return 0;
}

/* Element 0 de-normalises the prediction, element i + 1 belongs to feature
 * i. Required for linear_rescale only. */
static int parse_slopes_intercepts(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const bool required = m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE;
    const size_t cnt = m->feature_cnt + 1;
    const char *why = "the output's, then one per feature";
    const VmafJsonValue *slopes, *intercepts;
    int err = vmaf_model_get_numbers(ld, md, "model_dict", "slopes", required, cnt, why, &slopes);
    if (!err)
        err = vmaf_model_get_numbers(ld, md, "model_dict", "intercepts", required, cnt, why,
                                     &intercepts);
    if (err)
        return err;
    if (slopes) {
        m->slope = number_at(slopes, 0);
        for (unsigned i = 0; i < m->feature_cnt; i++)
            m->feature[i].slope = number_at(slopes, i + 1);
    }
    if (intercepts) {
        m->intercept = number_at(intercepts, 0);
        for (unsigned i = 0; i < m->feature_cnt; i++)
            m->feature[i].intercept = number_at(intercepts, i + 1);
    }
    return 0;
}

/* Numbers are stored as libvmaf stores them ("1.0" becomes "1"), booleans as
 * "true"/"false", strings as they are. */
static int parse_opts_dict(const VmafModelLoader *ld, const VmafJsonValue *dict,
                           VmafDictionary **opts)
{
    for (size_t i = 0; i < dict->u.object.cnt; i++) {
        const VmafJsonMember *e = &dict->u.object.member[i];
        const char *val;
        switch (e->value.type) {
        case VMAF_JSON_NUMBER:
            val = e->value.u.number.text;
            break;
        case VMAF_JSON_BOOL:
            val = e->value.u.boolean ? "true" : "false";
            break;
        case VMAF_JSON_STRING:
            val = e->value.u.string.data;
            break;
        default:
            return vmaf_model_load_error(
                ld, &e->value,
                "option \"%.64s\" of model_dict.feature_opts_dicts must be a "
                "number, boolean or string, not %s",
                e->key, vmaf_json_type_article(e->value.type));
        }
        int err = vmaf_feature_dictionary_set(opts, e->key, val);
        if (err)
            return err;
    }
    return 0;
}

static int parse_feature_opts_dicts(const VmafModelLoader *ld, const VmafJsonValue *md,
                                    VmafModel *m)
{
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, md, "model_dict", "feature_opts_dicts", VMAF_JSON_ARRAY,
                                    false, &v);
    if (err || !v)
        return err;
    if (v->u.array.cnt != m->feature_cnt)
        return vmaf_model_load_error(
            ld, v, "model_dict.feature_opts_dicts holds %zu dictionaries for %u features",
            v->u.array.cnt, m->feature_cnt);
    for (unsigned i = 0; !err && i < m->feature_cnt; i++) {
        const VmafJsonValue *dict = &v->u.array.item[i];
        if (dict->type != VMAF_JSON_OBJECT)
            return vmaf_model_load_error(
                ld, dict, "model_dict.feature_opts_dicts[%u] must be an object, not %s", i,
                vmaf_json_type_article(dict->type));
        err = parse_opts_dict(ld, dict, &m->feature[i].opts_dict);
    }
    return err;
}

/* DISABLE_CLIP acts here, at load time, as in libvmaf. */
static int parse_score_clip(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err =
        vmaf_model_get_numbers(ld, md, "model_dict", "score_clip", false, 2, "min and max", &v);
    if (err || !v)
        return err;
    m->clip.enabled = !(ld->flags & VMAF_MODEL_FLAG_DISABLE_CLIP);
    m->clip.min = number_at(v, 0);
    m->clip.max = number_at(v, 1);
    return 0;
}

static int parse_polynomial_term(const VmafModelLoader *ld, const VmafJsonValue *st,
                                 const char *key, bool *enabled, double *value)
{
    const VmafJsonValue *v = vmaf_json_get(st, key);
    if (!v || v->type == VMAF_JSON_NULL)
        return 0;
    if (v->type != VMAF_JSON_NUMBER)
        return vmaf_model_load_error(ld, v, "score_transform.%s must be a number or null, not %s",
                                     key, vmaf_json_type_article(v->type));
    *enabled = true;
    *value = v->u.number.value;
    return 0;
}

static void warn_if_knots_not_increasing(const VmafModelLoader *ld, const VmafJsonValue *at,
                                         const VmafModelTransform *t)
{
    for (unsigned i = 1; i < t->knot_cnt; i++) {
        if (!(t->knot[i - 1].x < t->knot[i].x && t->knot[i - 1].y <= t->knot[i].y)) {
            vmaf_log(VMAF_LOG_LEVEL_WARNING,
                     "%s: line %u: score_transform.knots must increase in x and not decrease "
                     "in y; like libvmaf, the mapping then stops at knot %u (0 or partial)",
                     ld->origin, at->line, i);
            return;
        }
    }
}

static int parse_knots(const VmafModelLoader *ld, const VmafJsonValue *st, VmafModelTransform *t)
{
    const VmafJsonValue *v = vmaf_json_get(st, "knots");
    if (!v || v->type == VMAF_JSON_NULL)
        return 0;
    if (v->type != VMAF_JSON_ARRAY)
        return vmaf_model_load_error(ld, v,
                                     "score_transform.knots must be an array or null, not %s",
                                     vmaf_json_type_article(v->type));
    const size_t cnt = v->u.array.cnt;
    if (cnt && !(t->knot = calloc(cnt, sizeof(*t->knot))))
        return -ENOMEM;
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *k = &v->u.array.item[i];
        if (k->type != VMAF_JSON_ARRAY || k->u.array.cnt != 2 ||
            k->u.array.item[0].type != VMAF_JSON_NUMBER ||
            k->u.array.item[1].type != VMAF_JSON_NUMBER)
            return vmaf_model_load_error(
                ld, k, "score_transform.knots[%zu] must be a pair of numbers [x, y]", i);
        t->knot[i] = (VmafModelKnot){number_at(k, 0), number_at(k, 1)};
    }
    t->knot_cnt = (unsigned)cnt;
    t->knots_enabled = true;
    warn_if_knots_not_increasing(ld, v, t);
    return 0;
}

/* The rectifier flags are strings: only "true" sets them. */
static int parse_rectifier(const VmafModelLoader *ld, const VmafJsonValue *st, const char *key,
                           bool *flag)
{
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, st, "score_transform", key, VMAF_JSON_STRING, false, &v);
    if (!err && v)
        *flag = !strcmp(v->u.string.data, "true");
    return err;
}

/* "enabled" defaults to false; ENABLE_TRANSFORM turns a present transform on
 * and DISABLE_TRANSFORM turns it off. */
static int parse_score_transform(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *st, *enabled;
    int err = vmaf_model_get_member(ld, md, "model_dict", "score_transform", VMAF_JSON_OBJECT,
                                    false, &st);
    if (err || !st)
        return err;
    VmafModelTransform *t = &m->transform;
    if ((err = vmaf_model_get_member(ld, st, "score_transform", "enabled", VMAF_JSON_BOOL, false,
                                     &enabled)) ||
        (err = parse_polynomial_term(ld, st, "p0", &t->p0.enabled, &t->p0.value)) ||
        (err = parse_polynomial_term(ld, st, "p1", &t->p1.enabled, &t->p1.value)) ||
        (err = parse_polynomial_term(ld, st, "p2", &t->p2.enabled, &t->p2.value)) ||
        (err = parse_knots(ld, st, t)) ||
        (err = parse_rectifier(ld, st, "out_lte_in", &t->out_lte_in)) ||
        (err = parse_rectifier(ld, st, "out_gte_in", &t->out_gte_in)))
        return err;
    t->enabled = (enabled && enabled->u.boolean) || (ld->flags & VMAF_MODEL_FLAG_ENABLE_TRANSFORM);
    if (ld->flags & VMAF_MODEL_FLAG_DISABLE_TRANSFORM)
        t->enabled = false;
    return 0;
}

static int parse_chroma_correction(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, md, "model_dict", "chroma_correction_parameter",
                                    VMAF_JSON_NUMBER, false, &v);
    if (!err && v) {
        m->chroma_correction.enabled = true;
        m->chroma_correction.parameter = v->u.number.value;
    }
    return err;
}

int vmaf_model_from_json(const VmafModelLoader *ld, const VmafJsonValue *root, const char *name,
                         VmafModel **model)
{
    *model = NULL;
    if (root->type != VMAF_JSON_OBJECT)
        return vmaf_model_load_error(ld, root, "a model must be an object, not %s",
                                     vmaf_json_type_article(root->type));
    const VmafJsonValue *md = vmaf_json_get(root, "model_dict");
    if (!md && vmaf_json_get(root, "0")) {
        /* Callers (the CLI) retry such a file as a collection. */
        vmaf_log(VMAF_LOG_LEVEL_DEBUG,
                 "%s: a collection of models, not a single model; "
                 "vmaf_model_collection_load() reads it",
                 ld->origin);
        return -ENOTSUP;
    }
    if (!md)
        return vmaf_model_load_error(ld, root, "no \"model_dict\"");
    if (md->type != VMAF_JSON_OBJECT)
        return vmaf_model_load_error(ld, md, "model_dict must be an object, not %s",
                                     vmaf_json_type_article(md->type));

    VmafModel *m = calloc(1, sizeof(*m));
    if (!m || !(m->name = strdup(name))) {
        free(m);
        return -ENOMEM;
    }
    int err;
    if ((err = parse_model_type(ld, md, m)) || (err = parse_norm_type(ld, md, m)) ||
        (err = parse_feature_names(ld, md, m)) || (err = parse_slopes_intercepts(ld, md, m)) ||
        (err = parse_feature_opts_dicts(ld, md, m)) || (err = parse_score_clip(ld, md, m)) ||
        (err = parse_score_transform(ld, md, m)) || (err = parse_chroma_correction(ld, md, m)) ||
        (err = vmaf_model_svm_from_json(ld, md, m)) || (err = vmaf_model_bind_feature_names(m))) {
        vmaf_model_destroy(m);
        return err;
    }
    *model = m;
    return 0;
}
