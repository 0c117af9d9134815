/* Prediction of model scores from the collected features. */
#ifndef VMAF_MODEL_PREDICT_H
#define VMAF_MODEL_PREDICT_H

#include <stdbool.h>

#include "libvmaf/model.h"
#include "core/feature_collector.h"

/* Predicts the model's score for frame index from the features in fc and, when
 * write is set, appends it under the model's name. -EINVAL (logged, naming the
 * feature) when an input feature is missing. */
int vmaf_predict_score_at_index(VmafModel *model, VmafFeatureCollector *fc, unsigned index,
                                double *score, bool write);

/* Predicts every member; appends each member's score and the collection's
 * _bagging, _stddev, _ci_p95_lo and _ci_p95_hi scores. */
/* The de-normalised prediction of one model for frame index, before its
 * transform and clip (bootstrap.c needs it raw). VMAF_PREDICT_NO_SCORE when
 * the model gives none (a chroma_correction_parameter of 0, as in libvmaf),
 * -EINVAL (logged) when an input feature is missing. */
#define VMAF_PREDICT_NO_SCORE 1
int vmaf_predict_untransformed(const VmafModel *m, VmafFeatureCollector *fc, unsigned index,
                               double *y);

int vmaf_predict_score_at_index_model_collection(VmafModelCollection *c, VmafFeatureCollector *fc,
                                                 unsigned index, VmafModelCollectionScore *score);

#endif
