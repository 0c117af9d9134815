/* A model's score transform and clip (internal to src/model/). */
#ifndef VMAF_MODEL_TRANSFORM_H
#define VMAF_MODEL_TRANSFORM_H

#include "model.h"

/* y after the model's score_transform (when enabled) and score_clip (unless
 * disabled by VMAF_MODEL_FLAG_DISABLE_CLIP at load). Pure; thread-safe. */
double vmaf_model_transform_and_clip(const VmafModel *m, double y);

#endif
