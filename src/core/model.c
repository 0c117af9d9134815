/* Loading of Netflix's JSON model files: {"param_dict": ..., "model_dict":
 * ...} for one model, {"0": model, "1": model, ...} for a bootstrap
 * collection. Only model_dict is read. Everything is validated here so that
 * prediction never meets a malformed model. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature_extractor.h"
#include "json.h"
#include "log.h"
#include "model.h"
#include "model_source.h"

#define DEFAULT_MODEL_NAME "vmaf"

/* What error messages need to know about the model being read. */
typedef struct Loader {
    const char *origin; /* its file's path, or "built-in model NAME" */
    uint64_t flags;
} Loader;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
load_error(const Loader *ld, const VmafJsonValue *at, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (at)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: line %u: %s", ld->origin, at->line, msg);
    else
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %s", ld->origin, msg);
    return -EINVAL;
}

/* The type's name with its article, for messages. */
static const char *a_type(enum VmafJsonType type)
{
    switch (type) {
    case VMAF_JSON_NULL:
        return "null";
    case VMAF_JSON_BOOL:
        return "a boolean";
    case VMAF_JSON_NUMBER:
        return "a number";
    case VMAF_JSON_STRING:
        return "a string";
    case VMAF_JSON_ARRAY:
        return "an array";
    case VMAF_JSON_OBJECT:
        return "an object";
    }
    return "unknown";
}

/* *out = obj[key] if it has the given type; NULL when absent and optional. */
static int get_member(const Loader *ld, const VmafJsonValue *obj, const char *where,
                      const char *key, enum VmafJsonType type, bool required,
                      const VmafJsonValue **out)
{
    *out = vmaf_json_get(obj, key);
    if (!*out)
        return required ? load_error(ld, obj, "%s has no \"%s\"", where, key) : 0;
    if ((*out)->type != type)
        return load_error(ld, *out, "%s.%s must be %s, not %s", where, key, a_type(type),
                          a_type((*out)->type));
    return 0;
}

/* Like get_member for an array of exactly cnt numbers. */
static int get_numbers(const Loader *ld, const VmafJsonValue *obj, const char *where,
                       const char *key, bool required, size_t cnt, const char *why,
                       const VmafJsonValue **out)
{
    int err = get_member(ld, obj, where, key, VMAF_JSON_ARRAY, required, out);
    if (err || !*out)
        return err;
    if ((*out)->u.array.cnt != cnt)
        return load_error(ld, *out, "%s.%s must hold %zu numbers (%s), not %zu", where, key, cnt,
                          why, (*out)->u.array.cnt);
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *item = &(*out)->u.array.item[i];
        if (item->type != VMAF_JSON_NUMBER)
            return load_error(ld, item, "%s.%s[%zu] must be a number, not %s", where, key, i,
                              a_type(item->type));
    }
    return 0;
}

static double number_at(const VmafJsonValue *array, size_t i)
{
    return array->u.array.item[i].u.number.value;
}

static int parse_model_type(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
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
    int err = get_member(ld, md, "model_dict", "model_type", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        if (!strcmp(v->u.string.data, types[i].name)) {
            m->type = types[i].type;
            return 0;
        }
    }
    return load_error(ld, v,
                      "model_dict.model_type \"%.64s\" is unknown (LIBSVMNUSVR, "
                      "BOOTSTRAP_LIBSVMNUSVR or RESIDUEBOOTSTRAP_LIBSVMNUSVR)",
                      v->u.string.data);
}

static int parse_norm_type(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_member(ld, md, "model_dict", "norm_type", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    if (!strcmp(v->u.string.data, "linear_rescale"))
        m->norm = VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE;
    else if (!strcmp(v->u.string.data, "none"))
        m->norm = VMAF_MODEL_NORMALIZATION_NONE;
    else
        return load_error(ld, v,
                          "model_dict.norm_type \"%.64s\" is unknown (linear_rescale or none)",
                          v->u.string.data);
    return 0;
}

static int parse_feature_names(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_member(ld, md, "model_dict", "feature_names", VMAF_JSON_ARRAY, true, &v);
    if (err)
        return err;
    const size_t cnt = v->u.array.cnt;
    if (!cnt || cnt > VMAF_MODEL_MAX_FEATURES)
        return load_error(ld, v, "model_dict.feature_names holds %zu names; 1 to %d are supported",
                          cnt, VMAF_MODEL_MAX_FEATURES);
    m->feature = calloc(cnt, sizeof(*m->feature));
    if (!m->feature)
        return -ENOMEM;
    m->feature_cnt = (unsigned)cnt;
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *name = &v->u.array.item[i];
        if (name->type != VMAF_JSON_STRING)
            return load_error(ld, name, "model_dict.feature_names[%zu] must be a string, not %s", i,
                              a_type(name->type));
        if (!(m->feature[i].name = strdup(name->u.string.data)))
            return -ENOMEM;
    }
    return 0;
}

/* Element 0 de-normalises the prediction, element i + 1 belongs to feature
 * i. Required for linear_rescale only. */
static int parse_slopes_intercepts(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const bool required = m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE;
    const size_t cnt = m->feature_cnt + 1;
    const char *why = "the output's, then one per feature";
    const VmafJsonValue *slopes, *intercepts;
    int err = get_numbers(ld, md, "model_dict", "slopes", required, cnt, why, &slopes);
    if (!err)
        err = get_numbers(ld, md, "model_dict", "intercepts", required, cnt, why, &intercepts);
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
static int parse_opts_dict(const Loader *ld, const VmafJsonValue *dict, VmafDictionary **opts)
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
            return load_error(ld, &e->value,
                              "option \"%.64s\" of model_dict.feature_opts_dicts must be a "
                              "number, boolean or string, not %s",
                              e->key, a_type(e->value.type));
        }
        int err = vmaf_feature_dictionary_set(opts, e->key, val);
        if (err)
            return err;
    }
    return 0;
}

static int parse_feature_opts_dicts(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_member(ld, md, "model_dict", "feature_opts_dicts", VMAF_JSON_ARRAY, false, &v);
    if (err || !v)
        return err;
    if (v->u.array.cnt != m->feature_cnt)
        return load_error(ld, v,
                          "model_dict.feature_opts_dicts holds %zu dictionaries for %u features",
                          v->u.array.cnt, m->feature_cnt);
    for (unsigned i = 0; !err && i < m->feature_cnt; i++) {
        const VmafJsonValue *dict = &v->u.array.item[i];
        if (dict->type != VMAF_JSON_OBJECT)
            return load_error(ld, dict,
                              "model_dict.feature_opts_dicts[%u] must be an object, not %s", i,
                              a_type(dict->type));
        err = parse_opts_dict(ld, dict, &m->feature[i].opts_dict);
    }
    return err;
}

/* DISABLE_CLIP acts here, at load time, as in libvmaf. */
static int parse_score_clip(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_numbers(ld, md, "model_dict", "score_clip", false, 2, "min and max", &v);
    if (err || !v)
        return err;
    m->clip.enabled = !(ld->flags & VMAF_MODEL_FLAG_DISABLE_CLIP);
    m->clip.min = number_at(v, 0);
    m->clip.max = number_at(v, 1);
    return 0;
}

static int parse_polynomial_term(const Loader *ld, const VmafJsonValue *st, const char *key,
                                 bool *enabled, double *value)
{
    const VmafJsonValue *v = vmaf_json_get(st, key);
    if (!v || v->type == VMAF_JSON_NULL)
        return 0;
    if (v->type != VMAF_JSON_NUMBER)
        return load_error(ld, v, "score_transform.%s must be a number or null, not %s", key,
                          a_type(v->type));
    *enabled = true;
    *value = v->u.number.value;
    return 0;
}

static void warn_if_knots_not_increasing(const Loader *ld, const VmafJsonValue *at,
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

static int parse_knots(const Loader *ld, const VmafJsonValue *st, VmafModelTransform *t)
{
    const VmafJsonValue *v = vmaf_json_get(st, "knots");
    if (!v || v->type == VMAF_JSON_NULL)
        return 0;
    if (v->type != VMAF_JSON_ARRAY)
        return load_error(ld, v, "score_transform.knots must be an array or null, not %s",
                          a_type(v->type));
    const size_t cnt = v->u.array.cnt;
    if (cnt && !(t->knot = calloc(cnt, sizeof(*t->knot))))
        return -ENOMEM;
    for (size_t i = 0; i < cnt; i++) {
        const VmafJsonValue *k = &v->u.array.item[i];
        if (k->type != VMAF_JSON_ARRAY || k->u.array.cnt != 2 ||
            k->u.array.item[0].type != VMAF_JSON_NUMBER ||
            k->u.array.item[1].type != VMAF_JSON_NUMBER)
            return load_error(ld, k, "score_transform.knots[%zu] must be a pair of numbers [x, y]",
                              i);
        t->knot[i] = (VmafModelKnot){number_at(k, 0), number_at(k, 1)};
    }
    t->knot_cnt = (unsigned)cnt;
    t->knots_enabled = true;
    warn_if_knots_not_increasing(ld, v, t);
    return 0;
}

/* The rectifier flags are strings: only "true" sets them. */
static int parse_rectifier(const Loader *ld, const VmafJsonValue *st, const char *key, bool *flag)
{
    const VmafJsonValue *v;
    int err = get_member(ld, st, "score_transform", key, VMAF_JSON_STRING, false, &v);
    if (!err && v)
        *flag = !strcmp(v->u.string.data, "true");
    return err;
}

/* "enabled" defaults to false; ENABLE_TRANSFORM turns a present transform on
 * and DISABLE_TRANSFORM turns it off. */
static int parse_score_transform(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *st, *enabled;
    int err = get_member(ld, md, "model_dict", "score_transform", VMAF_JSON_OBJECT, false, &st);
    if (err || !st)
        return err;
    VmafModelTransform *t = &m->transform;
    if ((err = get_member(ld, st, "score_transform", "enabled", VMAF_JSON_BOOL, false, &enabled)) ||
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

static int parse_chroma_correction(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_member(ld, md, "model_dict", "chroma_correction_parameter", VMAF_JSON_NUMBER,
                         false, &v);
    if (!err && v) {
        m->chroma_correction.enabled = true;
        m->chroma_correction.parameter = v->u.number.value;
    }
    return err;
}

/* The libsvm model text ("svm_type nu_svr\nkernel_type rbf\n...SV\n" then
 * one "coef index:value ..." line per support vector). */
typedef struct SvmText {
    const Loader *ld;
    const VmafJsonValue *at; /* the JSON string, for line numbers */
    const char *p, *end;
} SvmText;

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The next whitespace-separated word; its length is 0 at the end. */
static size_t next_word(SvmText *st, const char **word)
{
    while (st->p < st->end && (is_blank(*st->p) || *st->p == '\n'))
        st->p++;
    *word = st->p;
    while (st->p < st->end && !is_blank(*st->p) && *st->p != '\n')
        st->p++;
    return (size_t)(st->p - *word);
}

static bool word_is(const char *word, size_t len, const char *s)
{
    return strlen(s) == len && !memcmp(word, s, len);
}

static int word_number(SvmText *st, const char *key, double *value)
{
    const char *word, *after;
    const size_t len = next_word(st, &word);
    if (!len || vmaf_json_read_number(word, word + len, value, &after) || after != word + len)
        return load_error(st->ld, st->at, "libsvm model: %s must be followed by a number", key);
    return 0;
}

/* Reads an unsigned decimal integer from [*p, end) up to limit. */
static int read_unsigned(const char **p, const char *end, unsigned long limit, unsigned long *value)
{
    const char *q = *p;
    *value = 0;
    for (; q < end && *q >= '0' && *q <= '9'; q++) {
        *value = *value * 10 + (unsigned long)(*q - '0');
        if (*value > limit)
            return -ERANGE;
    }
    if (q == *p)
        return -EINVAL;
    *p = q;
    return 0;
}

static int word_unsigned(SvmText *st, const char *key, unsigned long limit, unsigned long *value)
{
    const char *word;
    const size_t len = next_word(st, &word);
    const char *p = word;
    if (!len || read_unsigned(&p, word + len, limit, value) || p != word + len)
        return load_error(st->ld, st->at,
                          "libsvm model: %s must be followed by an integer up to %lu", key, limit);
    return 0;
}

static int word_expect(SvmText *st, const char *key, const char *expected)
{
    const char *word;
    const size_t len = next_word(st, &word);
    if (!word_is(word, len, expected))
        return load_error(st->ld, st->at, "libsvm model: %s \"%.*s\" is not supported (only %s)",
                          key, len > 32 ? 32 : (int)len, word, expected);
    return 0;
}

/* Reads the header up to "SV". Fields that an RBF nu-SVR does not use
 * (degree, coef0, probA) are checked and ignored. */
static int parse_svm_header(SvmText *st, VmafModelSvm *svm)
{
    enum { SVM_TYPE = 1, KERNEL = 2, GAMMA = 4, NR_CLASS = 8, TOTAL_SV = 16, RHO = 32, ALL = 63 };
    unsigned seen = 0;
    int err = 0;
    while (!err) {
        const char *word;
        const size_t len = next_word(st, &word);
        double ignored;
        unsigned long n = 0;
        if (!len) {
            return load_error(st->ld, st->at, "libsvm model: no \"SV\" line");
        } else if (word_is(word, len, "SV")) {
            break;
        } else if (word_is(word, len, "svm_type")) {
            err = word_expect(st, "svm_type", "nu_svr");
            seen |= SVM_TYPE;
        } else if (word_is(word, len, "kernel_type")) {
            err = word_expect(st, "kernel_type", "rbf");
            seen |= KERNEL;
        } else if (word_is(word, len, "gamma")) {
            err = word_number(st, "gamma", &svm->gamma);
            seen |= GAMMA;
        } else if (word_is(word, len, "nr_class")) {
            if (!(err = word_unsigned(st, "nr_class", 1000, &n)) && n != 2)
                err = load_error(st->ld, st->at, "libsvm model: nr_class is %lu, not 2", n);
            seen |= NR_CLASS;
        } else if (word_is(word, len, "total_sv")) {
            /* Every support vector takes a line of at least 2 bytes. */
            const unsigned long limit = (unsigned long)(st->end - st->p) / 2;
            if (!(err = word_unsigned(st, "total_sv", limit, &n)) && !n)
                err = load_error(st->ld, st->at, "libsvm model: total_sv is 0");
            svm->sv_cnt = (unsigned)n;
            seen |= TOTAL_SV;
        } else if (word_is(word, len, "rho")) {
            err = word_number(st, "rho", &svm->rho);
            seen |= RHO;
        } else if (word_is(word, len, "degree") || word_is(word, len, "coef0") ||
                   word_is(word, len, "probA")) {
            err = word_number(st, "degree, coef0 and probA", &ignored);
        } else {
            err = load_error(st->ld, st->at, "libsvm model: unknown header field \"%.*s\"",
                             len > 32 ? 32 : (int)len, word);
        }
    }
    if (!err && seen != ALL)
        err = load_error(st->ld, st->at,
                         "libsvm model: the header needs svm_type, kernel_type, gamma, nr_class, "
                         "total_sv and rho");
    return err;
}

static void skip_blanks(const char **p, const char *end)
{
    while (*p < end && is_blank(**p))
        (*p)++;
}

/* One line "coef index:value index:value ...", indices increasing from 1 to
 * the feature count; row holds feature_cnt zeroed values. */
static int parse_support_vector(SvmText *st, unsigned j, unsigned feature_cnt, double *coef,
                                double *row)
{
    const char *end = memchr(st->p, '\n', (size_t)(st->end - st->p));
    if (!end)
        end = st->end;
    const char *p = st->p;
    skip_blanks(&p, end);
    if (vmaf_json_read_number(p, end, coef, &p))
        return load_error(st->ld, st->at, "libsvm model: support vector %u has no coefficient",
                          j + 1);
    unsigned long previous = 0;
    for (;;) {
        const bool separated = p < end && is_blank(*p);
        skip_blanks(&p, end);
        if (p == end)
            break;
        unsigned long index;
        const char *pair = p;
        if (!separated || read_unsigned(&p, end, feature_cnt, &index) || !index ||
            index <= previous || p == end || *p++ != ':' ||
            vmaf_json_read_number(p, end, &row[index - 1], &p))
            return load_error(st->ld, st->at,
                              "libsvm model: support vector %u: \"%.*s\" is not index:value "
                              "with an index increasing from 1 to %u",
                              j + 1, (int)(end - pair > 24 ? 24 : end - pair), pair, feature_cnt);
        previous = index;
    }
    st->p = end < st->end ? end + 1 : end;
    return 0;
}

static int parse_svm(const Loader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = get_member(ld, md, "model_dict", "model", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    SvmText st = {ld, v, v->u.string.data, v->u.string.data + v->u.string.len};
    VmafModelSvm *svm = &m->svm;
    if ((err = parse_svm_header(&st, svm)))
        return err;
    skip_blanks(&st.p, st.end);
    if (st.p < st.end && *st.p++ != '\n')
        return load_error(ld, v, "libsvm model: text after \"SV\" on its line");

    svm->coef = calloc(svm->sv_cnt, sizeof(*svm->coef));
    svm->sv = calloc((size_t)svm->sv_cnt * m->feature_cnt, sizeof(*svm->sv));
    if (!svm->coef || !svm->sv)
        return -ENOMEM;
    for (unsigned j = 0; !err && j < svm->sv_cnt; j++) {
        if (st.p == st.end)
            return load_error(ld, v, "libsvm model: total_sv is %u but %u support vectors follow",
                              svm->sv_cnt, j);
        err = parse_support_vector(&st, j, m->feature_cnt, &svm->coef[j],
                                   &svm->sv[(size_t)j * m->feature_cnt]);
    }
    const char *rest;
    if (!err && next_word(&st, &rest))
        err =
            load_error(ld, v, "libsvm model: more support vectors than total_sv (%u)", svm->sv_cnt);
    return err;
}

static int model_from_json(const Loader *ld, const VmafJsonValue *root, const char *name,
                           VmafModel **model)
{
    *model = NULL;
    if (root->type != VMAF_JSON_OBJECT)
        return load_error(ld, root, "a model must be an object, not %s", a_type(root->type));
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
        return load_error(ld, root, "no \"model_dict\"");
    if (md->type != VMAF_JSON_OBJECT)
        return load_error(ld, md, "model_dict must be an object, not %s", a_type(md->type));

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
        (err = parse_svm(ld, md, m))) {
        vmaf_model_destroy(m);
        return err;
    }
    *model = m;
    return 0;
}

static Loader make_loader(const VmafModelConfig *cfg, const char *origin)
{
    return (Loader){.origin = origin, .flags = cfg ? cfg->flags : 0};
}

static const char *config_name(const VmafModelConfig *cfg)
{
    return cfg && cfg->name ? cfg->name : DEFAULT_MODEL_NAME;
}

int vmaf_model_load_from_path(VmafModel **model, VmafModelConfig *cfg, const char *path)
{
    if (!model || !path)
        return -EINVAL;
    *model = NULL;
    VmafJsonValue *root;
    int err = vmaf_model_json_from_path(path, &root);
    if (err)
        return err;
    const Loader ld = make_loader(cfg, path);
    err = model_from_json(&ld, root, config_name(cfg), model);
    vmaf_json_free(root);
    return err;
}

int vmaf_model_load(VmafModel **model, VmafModelConfig *cfg, const char *version)
{
    if (!model || !version)
        return -EINVAL;
    *model = NULL;
    VmafJsonValue *root;
    char *origin;
    int err = vmaf_model_json_from_version(version, &root, &origin);
    if (err)
        return err;
    const Loader ld = make_loader(cfg, origin);
    err = model_from_json(&ld, root, config_name(cfg), model);
    vmaf_json_free(root);
    free(origin);
    return err;
}

static int collection_append(VmafModelCollection *c, VmafModel *m)
{
    VmafModel **models = realloc(c->model, (c->cnt + 1) * sizeof(*models));
    if (!models)
        return -ENOMEM;
    c->model = models;
    if (!c->cnt)
        c->type = m->type;
    c->model[c->cnt++] = m;
    return 0;
}

/* Reads member i (key "i") of the collection; member 0 keeps the configured
 * name, the others get <name>_0001 and so on. */
static int collection_member(const Loader *ld, const VmafJsonMember *member, unsigned i,
                             const char *name, VmafModel **model)
{
    char member_name[256];
    if (i)
        snprintf(member_name, sizeof(member_name), "%s_%04u", name, i);
    return model_from_json(ld, &member->value, i ? member_name : name, model);
}

/* Members are keyed "0", "1", ... in file order, as libvmaf reads them;
 * other keys are skipped. */
static int collection_from_json(const Loader *ld, const VmafJsonValue *root, const char *name,
                                VmafModel **model, VmafModelCollection **collection)
{
    if (root->type != VMAF_JSON_OBJECT)
        return load_error(ld, root, "a model collection must be an object, not %s",
                          a_type(root->type));
    if (vmaf_json_get(root, "model_dict"))
        return load_error(ld, root, "a single model, not a collection; vmaf_model_load() reads it");
    if (strlen(name) > 200)
        return load_error(ld, NULL, "the model name is too long for a collection");

    VmafModelCollection *c = calloc(1, sizeof(*c));
    if (!c || !(c->name = strdup(name))) {
        free(c);
        return -ENOMEM;
    }
    VmafModel *first = NULL;
    unsigned next = 0;
    int err = 0;
    for (size_t k = 0; !err && k < root->u.object.cnt; k++) {
        const VmafJsonMember *member = &root->u.object.member[k];
        char key[16];
        snprintf(key, sizeof(key), "%u", next);
        if (strcmp(member->key, key))
            continue;
        VmafModel *m;
        if (!(err = collection_member(ld, member, next, name, &m))) {
            if (!next)
                first = m;
            else if (m->type != c->type && c->cnt)
                err = load_error(ld, &member->value, "member \"%s\" has another model_type", key);
            else
                err = collection_append(c, m);
            if (err && m != first)
                vmaf_model_destroy(m);
        }
        next++;
    }
    if (!err && !c->cnt)
        err = load_error(ld, root, "a model collection needs members \"0\", \"1\", ...");
    if (err) {
        vmaf_model_destroy(first);
        vmaf_model_collection_destroy(c);
        return err;
    }
    *model = first;
    *collection = c;
    return 0;
}

int vmaf_model_collection_load_from_path(VmafModel **model, VmafModelCollection **model_collection,
                                         VmafModelConfig *cfg, const char *path)
{
    if (!model || !model_collection || !path)
        return -EINVAL;
    *model = NULL;
    *model_collection = NULL;
    VmafJsonValue *root;
    int err = vmaf_model_json_from_path(path, &root);
    if (err)
        return err;
    const Loader ld = make_loader(cfg, path);
    err = collection_from_json(&ld, root, config_name(cfg), model, model_collection);
    vmaf_json_free(root);
    return err;
}

int vmaf_model_collection_load(VmafModel **model, VmafModelCollection **model_collection,
                               VmafModelConfig *cfg, const char *version)
{
    if (!model || !model_collection || !version)
        return -EINVAL;
    *model = NULL;
    *model_collection = NULL;
    VmafJsonValue *root;
    char *origin;
    int err = vmaf_model_json_from_version(version, &root, &origin);
    if (err)
        return err;
    const Loader ld = make_loader(cfg, origin);
    err = collection_from_json(&ld, root, config_name(cfg), model, model_collection);
    vmaf_json_free(root);
    free(origin);
    return err;
}

int vmaf_model_feature_overload(VmafModel *model, const char *feature_name,
                                VmafFeatureDictionary *opts_dict)
{
    int err = !model || !feature_name || !opts_dict ? -EINVAL : 0;
    for (unsigned i = 0; !err && i < model->feature_cnt; i++) {
        const VmafFeatureExtractor *fex =
            vmaf_get_feature_extractor_by_feature_name(model->feature[i].name, 0);
        if (fex && !strcmp(fex->name, feature_name))
            err = vmaf_dictionary_merge(&model->feature[i].opts_dict, opts_dict);
    }
    vmaf_feature_dictionary_free(&opts_dict);
    return err;
}

int vmaf_model_collection_feature_overload(VmafModel *model, VmafModelCollection **model_collection,
                                           const char *feature_name,
                                           VmafFeatureDictionary *opts_dict)
{
    const VmafModelCollection *c = model_collection ? *model_collection : NULL;
    int err = c ? 0 : -EINVAL;
    for (unsigned i = 0; !err && i < c->cnt; i++) {
        VmafDictionary *copy;
        if (!(err = vmaf_dictionary_copy(opts_dict, &copy)))
            err = vmaf_model_feature_overload(c->model[i], feature_name, copy);
    }
    if (err) {
        vmaf_feature_dictionary_free(&opts_dict);
        return err;
    }
    return vmaf_model_feature_overload(model, feature_name, opts_dict);
}

void vmaf_model_destroy(VmafModel *model)
{
    if (!model)
        return;
    for (unsigned i = 0; model->feature && i < model->feature_cnt; i++) {
        free(model->feature[i].name);
        vmaf_feature_dictionary_free(&model->feature[i].opts_dict);
    }
    free(model->feature);
    free(model->transform.knot);
    free(model->svm.coef);
    free(model->svm.sv);
    free(model->name);
    free(model);
}

void vmaf_model_collection_destroy(VmafModelCollection *model_collection)
{
    if (!model_collection)
        return;
    for (unsigned i = 0; i < model_collection->cnt; i++)
        vmaf_model_destroy(model_collection->model[i]);
    free(model_collection->model);
    free(model_collection->name);
    free(model_collection);
}

unsigned vmaf_model_feature_count(const VmafModel *model)
{
    return model ? model->feature_cnt : 0;
}

const VmafModelFeature *vmaf_model_feature(const VmafModel *model, unsigned i)
{
    return model && i < model->feature_cnt ? &model->feature[i] : NULL;
}

const char *vmaf_model_name(const VmafModel *model)
{
    return model ? model->name : NULL;
}

unsigned vmaf_model_collection_count(const VmafModelCollection *c)
{
    return c ? c->cnt : 0;
}

VmafModel *vmaf_model_collection_member(const VmafModelCollection *c, unsigned i)
{
    return c && i < c->cnt ? c->model[i] : NULL;
}

const char *vmaf_model_collection_name(const VmafModelCollection *c)
{
    return c ? c->name : NULL;
}
