/* Model prediction. Every step is done in double and in libvmaf's order
 * (its predict.c and libsvm's RBF kernel), so that the scores agree with
 * libvmaf's to the last bit, not only to the printed digits. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "model.h"
#include "predict.h"
#include "transform.h"

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
 * extractor wrote it with (bound at load, option suffixes included). */
static int read_features(const VmafModel *m, VmafFeatureCollector *fc, unsigned index, double *x)
{
    for (unsigned i = 0; i < m->feature_cnt; i++) {
        const VmafModelFeature *f = &m->feature[i];
        if (f->name_err) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: cannot name feature %s with its options",
                     m->name, f->name);
            return f->name_err;
        }
        if (!f->collected_name) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: no feature extractor provides feature %s",
                     m->name, f->name);
            return -EINVAL;
        }
        double v;
        if (vmaf_feature_collector_get_score(fc, f->collected_name, &v, index)) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: no feature %s at index %u", m->name,
                     f->collected_name, index);
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

/* The de-normalised prediction, before transform and clip; VMAF_PREDICT_NO_SCORE or a
 * negative errno otherwise. */
int vmaf_predict_untransformed(const VmafModel *m, VmafFeatureCollector *fc, unsigned index,
                               double *y)
{
    double x[VMAF_MODEL_MAX_FEATURES];
    int err = read_features(m, fc, index, x);
    if (err)
        return err;
    if (m->chroma_correction.enabled) {
        if (m->chroma_correction.parameter == 0.0)
            return VMAF_PREDICT_NO_SCORE;
        if ((err = correct_chroma(m, x)))
            return err;
    }
    *y = denormalize_prediction(m, svm_predict(&m->svm, x, m->feature_cnt));
    return 0;
}

int vmaf_predict_score_at_index(VmafModel *model, VmafFeatureCollector *fc, unsigned index,
                                double *score, bool write)
{
    if (!model || !fc || !score)
        return -EINVAL;
    double y;
    int err = vmaf_predict_untransformed(model, fc, index, &y);
    if (err)
        return err == VMAF_PREDICT_NO_SCORE ? 0 : err;
    y = vmaf_model_transform_and_clip(model, y);
    if (write && (err = vmaf_feature_collector_append(fc, model->name, y, index)))
        return err;
    *score = y;
    return 0;
}
