/* The libsvm model text of model_dict.model: a header, "SV", then one line
 * per support vector. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "model.h"

/* The libsvm model text ("svm_type nu_svr\nkernel_type rbf\n...SV\n" then
 * one "coef index:value ..." line per support vector). */
typedef struct SvmText {
    const VmafModelLoader *ld;
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
        return vmaf_model_load_error(st->ld, st->at,
                                     "libsvm model: %s must be followed by a number", key);
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
        return vmaf_model_load_error(st->ld, st->at,
                                     "libsvm model: %s must be followed by an integer up to %lu",
                                     key, limit);
    return 0;
}

static int word_expect(SvmText *st, const char *key, const char *expected)
{
    const char *word;
    const size_t len = next_word(st, &word);
    if (!word_is(word, len, expected))
        return vmaf_model_load_error(st->ld, st->at,
                                     "libsvm model: %s \"%.*s\" is not supported (only %s)", key,
                                     len > 32 ? 32 : (int)len, word, expected);
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
            return vmaf_model_load_error(st->ld, st->at, "libsvm model: no \"SV\" line");
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
                err = vmaf_model_load_error(st->ld, st->at, "libsvm model: nr_class is %lu, not 2",
                                            n);
            seen |= NR_CLASS;
        } else if (word_is(word, len, "total_sv")) {
            /* Every support vector takes a line of at least 2 bytes. */
            const unsigned long limit = (unsigned long)(st->end - st->p) / 2;
            if (!(err = word_unsigned(st, "total_sv", limit, &n)) && !n)
                err = vmaf_model_load_error(st->ld, st->at, "libsvm model: total_sv is 0");
            svm->sv_cnt = (unsigned)n;
            seen |= TOTAL_SV;
        } else if (word_is(word, len, "rho")) {
            err = word_number(st, "rho", &svm->rho);
            seen |= RHO;
        } else if (word_is(word, len, "degree") || word_is(word, len, "coef0") ||
                   word_is(word, len, "probA")) {
            err = word_number(st, "degree, coef0 and probA", &ignored);
        } else {
            err =
                vmaf_model_load_error(st->ld, st->at, "libsvm model: unknown header field \"%.*s\"",
                                      len > 32 ? 32 : (int)len, word);
        }
    }
    if (!err && seen != ALL)
        err = vmaf_model_load_error(
            st->ld, st->at,
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
        return vmaf_model_load_error(st->ld, st->at,
                                     "libsvm model: support vector %u has no coefficient", j + 1);
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
            return vmaf_model_load_error(
                st->ld, st->at,
                "libsvm model: support vector %u: \"%.*s\" is not index:value "
                "with an index increasing from 1 to %u",
                j + 1, (int)(end - pair > 24 ? 24 : end - pair), pair, feature_cnt);
        previous = index;
    }
    st->p = end < st->end ? end + 1 : end;
    return 0;
}

int vmaf_model_svm_from_json(const VmafModelLoader *ld, const VmafJsonValue *md, VmafModel *m)
{
    const VmafJsonValue *v;
    int err = vmaf_model_get_member(ld, md, "model_dict", "model", VMAF_JSON_STRING, true, &v);
    if (err)
        return err;
    SvmText st = {ld, v, v->u.string.data, v->u.string.data + v->u.string.len};
    VmafModelSvm *svm = &m->svm;
    if ((err = parse_svm_header(&st, svm)))
        return err;
    skip_blanks(&st.p, st.end);
    if (st.p < st.end && *st.p++ != '\n')
        return vmaf_model_load_error(ld, v, "libsvm model: text after \"SV\" on its line");

    svm->coef = calloc(svm->sv_cnt, sizeof(*svm->coef));
    svm->sv = calloc((size_t)svm->sv_cnt * m->feature_cnt, sizeof(*svm->sv));
    if (!svm->coef || !svm->sv)
        return -ENOMEM;
    for (unsigned j = 0; !err && j < svm->sv_cnt; j++) {
        if (st.p == st.end)
            return vmaf_model_load_error(
                ld, v, "libsvm model: total_sv is %u but %u support vectors follow", svm->sv_cnt,
                j);
        err = parse_support_vector(&st, j, m->feature_cnt, &svm->coef[j],
                                   &svm->sv[(size_t)j * m->feature_cnt]);
    }
    const char *rest;
    if (!err && next_word(&st, &rest))
        err = vmaf_model_load_error(ld, v, "libsvm model: more support vectors than total_sv (%u)",
                                    svm->sv_cnt);
    return err;
}
