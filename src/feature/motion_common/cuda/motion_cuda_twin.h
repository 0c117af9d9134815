/* What the CUDA twins of the integer motion extractors (motion_cuda,
 * motion_v2_cuda) share: both score the sad of the blurred luma difference
 * with the same kernel (motion_cuda.h) and have an instance of their CPU
 * extractor derive motion2 and motion3 at the flush; they differ in the
 * names of their features and in the CPU extractor. Their options tables
 * point into MotionCudaState. */
#ifndef VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_TWIN_H
#define VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_TWIN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "cuda/twin.h"
#include "feature/motion_common/motion_common.h"

enum { MOTION_CUDA_HISTORY_MAX = 2 };

/* One twin's CPU extractor and the names it writes the sad score under. */
typedef struct MotionCudaVariant {
    const VmafFeatureExtractor *cpu;
    const char *sad_feature;
    const char *debug_feature; /* the sad again with debug, or NULL */
} MotionCudaVariant;

typedef struct MotionCudaState {
    MotionScoring opt;
    bool debug;

    const MotionCudaVariant *variant;
    unsigned w, h, bpc;
    unsigned distance; /* frames between the two compared */
    unsigned frames;   /* extracted so far */
    /* Reference luma of the last `distance` frames, frame n at n % distance. */
    void *history[MOTION_CUDA_HISTORY_MAX];
    size_t history_pitch;
    VmafFexContext *cpu; /* for the checks of init, and motion2 and motion3 */
    VmafCudaTwin twin;
    /* The features exist in the collector: from now on scores may come a
     * frame late without changing the order in which names first appear. */
    bool named;
} MotionCudaState;

/* A twin's init: the variant's CPU extractor checks the format and options
 * first, so the twin refuses what it refuses. */
int motion_cuda_twin_init(VmafFexContext *ctx, const MotionCudaVariant *variant,
                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);
int motion_cuda_twin_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc);
int motion_cuda_twin_flush(VmafFexContext *ctx, VmafFeatureCollector *fc);
void motion_cuda_twin_close(VmafFexContext *ctx);

#endif
