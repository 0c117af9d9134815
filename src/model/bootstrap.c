/* Prediction by a bootstrap collection: every member's score, then the
 * collection's bagging score, deviation and 95% interval, in libvmaf's
 * order. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/log.h"
#include "model.h"
#include "predict.h"
#include "transform.h"

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
    const double slope = (vmaf_model_transform_and_clip(first, mean + delta) -
                          vmaf_model_transform_and_clip(first, mean - delta)) /
                         (2.0 * delta);
    score->type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    score->bootstrap.bagging_score = vmaf_model_transform_and_clip(first, mean);
    score->bootstrap.stddev = sqrt(ssd / n) * slope;
    score->bootstrap.ci.p95.lo = vmaf_model_transform_and_clip(first, percentile(s, n, 2.5));
    score->bootstrap.ci.p95.hi = vmaf_model_transform_and_clip(first, percentile(s, n, 97.5));
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
        int err = vmaf_predict_untransformed(m, fc, index, &s[i]);
        if (err == VMAF_PREDICT_NO_SCORE) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "model %s: chroma_correction_parameter 0 gives no score to bootstrap",
                     m->name);
            err = -EINVAL;
        }
        if (!err)
            err = vmaf_feature_collector_append(fc, m->name, vmaf_model_transform_and_clip(m, s[i]),
                                                index);
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
