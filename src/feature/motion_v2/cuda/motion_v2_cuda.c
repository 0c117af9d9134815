/* motion_v2_cuda and motion_v2_sycl, the GPU twins of motion_v2. motion_v2's sad score is the
 * integer motion's in its three-frame window (../motion_v2.c), so the twin
 * is motion_cuda's (../../motion_common/cuda/motion_cuda_twin.h) under motion_v2's
 * names: the kernel sums the blurred difference of the shared reference
 * luma and the frame before, which stays on the device; motion2_v2 and
 * motion3_v2 come from an instance of motion_v2 at the flush. motion_v2
 * refuses the five-frame window, and so does its twin. */
#include <stddef.h>

#include "core/feature_extractor.h"
#include "feature/motion_common/cuda/motion_cuda.h"
#include "feature/motion_common/cuda/motion_cuda_twin.h"
#include "feature/motion_common/motion_common.h"
#if VMAF_HAVE_HIP
#include "hip/hip_kernels.h"
#endif

extern const VmafFeatureExtractor vmaf_fex_motion_v2;

#define SAD_FEATURE "VMAF_integer_feature_motion_v2_sad_score"
#define MOTION2_FEATURE "VMAF_integer_feature_motion2_v2_score"
#define MOTION3_FEATURE "VMAF_integer_feature_motion3_v2_score"

/* motion_v2's table, row for row. */
static const VmafOption motion_v2_cuda_options[] = {
    MOTION_SCORING_OPTIONS(MotionCudaState, opt, "not supported by motion_v2 (use motion)"),
    {0},
};

static int motion_v2_cuda_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                               unsigned w, unsigned h)
{
    static const MotionCudaVariant motion_v2 = {
        .cpu = &vmaf_fex_motion_v2,
        .sad_feature = SAD_FEATURE,
    };
    return motion_cuda_twin_init(ctx, &motion_v2, pix_fmt, bpc, w, h);
}

static const char *const motion_v2_cuda_provided_features[] = {
    SAD_FEATURE,
    MOTION2_FEATURE,
    MOTION3_FEATURE,
    NULL,
};

/* The twin's host code over either backend's kernels. */
#define MOTION_V2_TWIN(backend_flag)                                                               \
    .options = motion_v2_cuda_options, .priv_size = sizeof(MotionCudaState),                       \
    .flags = VMAF_FEATURE_EXTRACTOR_TEMPORAL | (backend_flag), .planes = vmaf_fex_planes_luma,     \
    .provided_features = motion_v2_cuda_provided_features, .init = motion_v2_cuda_init,            \
    .extract = motion_cuda_twin_extract, .flush = motion_cuda_twin_flush,                          \
    .close = motion_cuda_twin_close

#if VMAF_HAVE_CUDA
const VmafFeatureExtractor vmaf_fex_motion_v2_cuda = {
    .name = "motion_v2_cuda",
    MOTION_V2_TWIN(VMAF_FEATURE_EXTRACTOR_CUDA),
    .kernels = &motion_cuda_kernels,
};
#endif

#if VMAF_HAVE_SYCL
const VmafFeatureExtractor vmaf_fex_motion_v2_sycl = {
    .name = "motion_v2_sycl",
    MOTION_V2_TWIN(VMAF_FEATURE_EXTRACTOR_SYCL),
    .kernels = &motion_sycl_kernels,
};
#endif

#if VMAF_HAVE_HIP
const VmafFeatureExtractor vmaf_fex_motion_v2_hip = {
    .name = "motion_v2_hip",
    MOTION_V2_TWIN(VMAF_FEATURE_EXTRACTOR_HIP),
    .kernels = &vmaf_hip_kernels.motion,
};
#endif
