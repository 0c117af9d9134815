/* motion_cuda and motion_sycl, the GPU twins of motion: the twin motion_v2_cuda shares
 * (feature/motion_common/cuda/motion_cuda_twin.h) under motion's names and
 * options, with motion's CPU extractor deriving motion2 and motion3. */
#include <stddef.h>

#include "core/feature_extractor.h"
#include "feature/motion_common/motion_common.h"
#include "feature/motion_common/cuda/motion_cuda.h"
#include "feature/motion_common/cuda/motion_cuda_twin.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

extern const VmafFeatureExtractor vmaf_fex_motion;

#define SAD_FEATURE "VMAF_integer_feature_motion_sad_score"
#define DEBUG_FEATURE "VMAF_integer_feature_motion_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_score"

/* motion's table, row for row. */
static const VmafOption motion_cuda_options[] = {
    MOTION_SCORING_OPTIONS(MotionCudaState, opt, "compare each frame with the one two frames back"),
    {
        .name = "debug",
        .help = "also write the sad score as " DEBUG_FEATURE,
        .offset = offsetof(MotionCudaState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {0},
};

static int motion_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                            unsigned w, unsigned h)
{
    static const MotionCudaVariant motion = {
        .cpu = &vmaf_fex_motion,
        .sad_feature = SAD_FEATURE,
        .debug_feature = DEBUG_FEATURE,
    };
    return motion_cuda_twin_init(ctx, &motion, pix_fmt, bpc, w, h);
}

static const char *const motion_cuda_provided_features[] = {
    SAD_FEATURE, DEBUG_FEATURE, MOTION2_FEATURE, MOTION3_FEATURE, NULL,
};

/* The twin's host code over either backend's kernels. */
#define MOTION_TWIN(backend_flag)                                                                  \
    .options = motion_cuda_options, .priv_size = sizeof(MotionCudaState),                          \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = motion_cuda_provided_features, .init = motion_cuda_init,                  \
    .extract = motion_cuda_twin_extract, .flush = motion_cuda_twin_flush,                          \
    .close = motion_cuda_twin_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_motion_cuda = {
    .name = "motion_cuda",
    MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &motion_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_motion_sycl = {
    .name = "motion_sycl",
    MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &motion_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_motion_hip = {
    .name = "motion_hip",
    MOTION_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.motion,
};
#endif
