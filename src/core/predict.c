/* Model prediction. Every step is done in double and in libvmaf's order
 * (its predict.c and libsvm's RBF kernel), so that the scores agree with
 * libvmaf's to the last bit, not only to the printed digits. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature_extractor.h"
#include "feature_name.h"
#include "log.h"
#include "model.h"
#include "predict.h"

/* predict_untransformed() succeeded without a score: libvmaf skips the
 * prediction of a model whose chroma_correction_parameter is 0. */
#define NO_SCORE 1

static double normalize(const VmafModel *m, const VmafModelFeature *f, double v)
{
    return m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE ? f->slope * v + f->intercept : v;
}

static double denormalize_feature(const VmafModel *m, const VmafModelFeature *f, double v)
{
    return m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE ? (v - f->intercept) / f->slope : v;
}

static double denormalize_prediction(const VmafModel *m, double v)
{
    return m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE ? (v - m->intercept) / m->slope : v;
}

/* x[i] = the normalised score of feature i, read under the name its
 * extractor wrote it with (option suffixes included). */
static int read_features(const VmafModel *m, VmafFeatureCollector *fc, unsigned index, double *x)
{
    for (unsigned i = 0; i < m->feature_cnt; i++) {
        const VmafModelFeature *f = &m->feature[i];
        const VmafFeatureExtractor *fex = vmaf_get_feature_extractor_by_feature_name(f->name, 0);
        if (!fex) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: no feature extractor provides feature %s",
                     m->name, f->name);
            return -EINVAL;
        }
        char name[512];
        int err =
            vmaf_feature_name_from_options(name, sizeof(name), f->name, fex->options, f->opts_dict);
        if (err) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: cannot name feature %s with its options",
                     m->name, f->name);
            return err;
        }
        double v;
        if (vmaf_feature_collector_get_score(fc, name, &v, index)) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: no feature %s at index %u", m->name, name,
                     index);
            return -EINVAL;
        }
        x[i] = normalize(m, f, v);
    }
    return 0;
}

/* The one feature whose name contains part (case-sensitive). */
static int find_feature(const VmafModel *m, const char *part, unsigned *idx)
{
    unsigned cnt = 0;
    for (unsigned i = 0; i < m->feature_cnt; i++) {
        if (strstr(m->feature[i].name, part)) {
            *idx = i;
            cnt++;
        }
    }
    if (cnt == 1)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR,
             "model %s: chroma correction needs exactly one feature named *%s*, found %u", m->name,
             part, cnt);
    return -EINVAL;
}

/* Chroma from luma: a speed_chroma of exactly 0 (after the round trip
 * through normalisation) is replaced with cp - cp * adm3, adm3 also taken
 * through the round trip, as libvmaf does. */
static int correct_chroma(const VmafModel *m, double *x)
{
    unsigned luma, chroma;
    int err = find_feature(m, "adm3", &luma);
    if (!err)
        err = find_feature(m, "speed_chroma", &chroma);
    if (err)
        return err;
    if (denormalize_feature(m, &m->feature[chroma], x[chroma]) != 0.0)
        return 0;
    const double cp = m->chroma_correction.parameter;
    const double adm3 = denormalize_feature(m, &m->feature[luma], x[luma]);
    x[chroma] = normalize(m, &m->feature[chroma], (-cp * adm3) + cp);
    return 0;
}

/* libsvm's order: the kernel's squared distance summed over the features in
 * index order, the weighted kernels over the support vectors in file order,
 * rho subtracted last. */
static double svm_predict(const VmafModelSvm *svm, const double *x, unsigned n)
{
    double sum = 0.0;
    for (unsigned j = 0; j < svm->sv_cnt; j++) {
        const double *sv = &svm->sv[(size_t)j * n];
        double distance = 0.0;
        for (unsigned k = 0; k < n; k++) {
            const double d = x[k] - sv[k];
            distance += d * d;
        }
        sum += svm->coef[j] * exp(-svm->gamma * distance);
    }
    return sum - svm->rho;
}

/* The de-normalised prediction, before transform and clip; NO_SCORE or a
 * negative errno otherwise. */
static int predict_untransformed(const VmafModel *m, VmafFeatureCollector *fc, unsigned index,
                                 double *y)
{
    double x[VMAF_MODEL_MAX_FEATURES];
    int err = read_features(m, fc, index, x);
    if (err)
        return err;
    if (m->chroma_correction.enabled) {
        if (m->chroma_correction.parameter == 0.0)
            return NO_SCORE;
        if ((err = correct_chroma(m, x)))
            return err;
    }
    *y = denormalize_prediction(m, svm_predict(&m->svm, x, m->feature_cnt));
    return 0;
}

/* libvmaf's piecewise_linear_mapping(): knots not increasing stop the
 * mapping, keeping what it gave so far (0 at first). */
static double map_piecewise_linear(double x, const VmafModelKnot *knot, unsigned cnt)
{
    if (cnt < 2)
        return x;
    double y = 0.0;
    for (unsigned i = 0; i + 1 < cnt; i++) {
        const VmafModelKnot a = knot[i], b = knot[i + 1];
        if (!(a.x < b.x && a.y <= b.y))
            return y;
        const bool inside = a.x <= x && x <= b.x;
        const bool below_first = i == 0 && x < a.x;
        const bool above_last = i + 2 == cnt && x > b.x;
        if (!inside && !below_first && !above_last)
            continue;
        if (a.y == b.y) {
            y = a.y;
            continue;
        }
        double slope, offset;
        if (a.x == 0) {
            offset = a.y;
            slope = (b.y - offset) / b.x;
        } else {
            slope = (b.y - a.y) / (b.x - a.x);
            offset = a.y - (a.x * slope);
        }
        y = slope * x + offset;
    }
    return y;
}

/* Polynomial, then knots, then rectification against the input. */
static double apply_transform(const VmafModelTransform *t, double in)
{
    double out = in;
    if (t->p0.enabled || t->p1.enabled || t->p2.enabled) {
        out = 0.0;
        if (t->p0.enabled)
            out += t->p0.value;
        if (t->p1.enabled)
            out += t->p1.value * in;
        if (t->p2.enabled)
            out += t->p2.value * in * in;
    }
    if (t->knots_enabled)
        out = map_piecewise_linear(out, t->knot, t->knot_cnt);
    if (t->out_lte_in)
        out = out > in ? in : out;
    if (t->out_gte_in)
        out = out < in ? in : out;
    return out;
}

static double transform_and_clip(const VmafModel *m, double y)
{
    if (m->transform.enabled)
        y = apply_transform(&m->transform, y);
    if (m->clip.enabled) {
        y = y < m->clip.min ? m->clip.min : y;
        y = y > m->clip.max ? m->clip.max : y;
    }
    return y;
}

int vmaf_predict_score_at_index(VmafModel *model, VmafFeatureCollector *fc, unsigned index,
                                double *score, bool write)
{
    if (!model || !fc || !score)
        return -EINVAL;
    double y;
    int err = predict_untransformed(model, fc, index, &y);
    if (err)
        return err == NO_SCORE ? 0 : err;
    y = transform_and_clip(model, y);
    if (write && (err = vmaf_feature_collector_append(fc, model->name, y, index)))
        return err;
    *score = y;
    return 0;
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x > y ? 1 : x < y ? -1 : 0;
}

/* Linear interpolation between the sorted scores around perc percent. */
static double percentile(const double *sorted, unsigned n, double perc)
{
    const double p = perc * (n - 1) / 100.;
    const int lo = (int)floor(p), hi = (int)ceil(p);
    return lo == hi ? sorted[lo] : sorted[lo] * (hi - p) + sorted[hi] * (p - lo);
}

/* Statistics of the members' untransformed scores; bagging and the interval
 * are then transformed and clipped like the first member, and the stddev
 * scaled by the numerical slope of that mapping at the mean. */
static void bootstrap_statistics(const VmafModelCollection *c, double *s,
                                 VmafModelCollectionScore *score)
{
    const unsigned n = c->cnt;
    double sum = 0.;
    for (unsigned i = 0; i < n; i++)
        sum += s[i];
    const double mean = sum / n;
    double ssd = 0.;
    for (unsigned i = 0; i < n; i++)
        ssd += pow(s[i] - mean, 2); /* pow, not a product, as libvmaf */
    qsort(s, n, sizeof(*s), compare_doubles);

    const VmafModel *first = c->model[0];
    const double delta = 0.01;
    const double slope =
        (transform_and_clip(first, mean + delta) - transform_and_clip(first, mean - delta)) /
        (2.0 * delta);
    score->type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    score->bootstrap.bagging_score = transform_and_clip(first, mean);
    score->bootstrap.stddev = sqrt(ssd / n) * slope;
    score->bootstrap.ci.p95.lo = transform_and_clip(first, percentile(s, n, 2.5));
    score->bootstrap.ci.p95.hi = transform_and_clip(first, percentile(s, n, 97.5));
}

static int write_bootstrap_scores(const VmafModelCollection *c, VmafFeatureCollector *fc,
                                  unsigned index, const VmafModelCollectionScore *score)
{
    static const char *const suffix[] = {"_bagging", "_stddev", "_ci_p95_lo", "_ci_p95_hi"};
    const double value[] = {score->bootstrap.bagging_score, score->bootstrap.stddev,
                            score->bootstrap.ci.p95.lo, score->bootstrap.ci.p95.hi};
    int err = 0;
    for (unsigned k = 0; k < sizeof(suffix) / sizeof(suffix[0]); k++) {
        char name[512];
        snprintf(name, sizeof(name), "%s%s", c->name, suffix[k]);
        const int e = vmaf_feature_collector_append(fc, name, value[k], index);
        if (!err)
            err = e;
    }
    return err;
}

/* Each member's score is written under its own name (transformed and
 * clipped); the statistics use the untransformed ones. */
static int predict_members(const VmafModelCollection *c, VmafFeatureCollector *fc, unsigned index,
                           double *s)
{
    for (unsigned i = 0; i < c->cnt; i++) {
        const VmafModel *m = c->model[i];
        int err = predict_untransformed(m, fc, index, &s[i]);
        if (err == NO_SCORE) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "model %s: chroma_correction_parameter 0 gives no score to bootstrap",
                     m->name);
            err = -EINVAL;
        }
        if (!err)
            err = vmaf_feature_collector_append(fc, m->name, transform_and_clip(m, s[i]), index);
        if (err)
            return err;
    }
    return 0;
}

int vmaf_predict_score_at_index_model_collection(VmafModelCollection *c, VmafFeatureCollector *fc,
                                                 unsigned index, VmafModelCollectionScore *score)
{
    if (!c || !fc || !score || !c->cnt)
        return -EINVAL;
    if (c->type != VMAF_MODEL_TYPE_BOOTSTRAP_SVM_NUSVR &&
        c->type != VMAF_MODEL_TYPE_RESIDUE_BOOTSTRAP_SVM_NUSVR) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "model collection %s: its members are not bootstrap models",
                 c->name);
        return -EINVAL;
    }
    double *s = malloc(c->cnt * sizeof(*s));
    if (!s)
        return -ENOMEM;
    int err = predict_members(c, fc, index, s);
    if (!err) {
        bootstrap_statistics(c, s, score);
        err = write_bootstrap_scores(c, fc, index, score);
    }
    free(s);
    return err;
}
