/* The device stage of the motion twin: the blurred luma difference of two
 * frames, its absolute values summed per row. */
#ifndef VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_H
#define VMAF_FEATURE_MOTION_COMMON_CUDA_MOTION_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MotionCudaRows {
    const void *prev, *cur; /* device luma planes, rows of prev_pitch and cur_pitch bytes */
    size_t prev_pitch, cur_pitch;
    unsigned w, h, bpc; /* w and h at least 3 */
    uint32_t *row_sad;  /* h sums, on the device */
} MotionCudaRows;

/* A GPU backend's launchers (VmafFeatureExtractor.kernels of the motion
 * twins). row_sad: row_sad[y], the CPU's blur_horizontal_abs_sum() of row y
 * of the vertically blurred prev - cur (motion_dsp.h), modulo 2^32, queued
 * on stream. */
typedef struct MotionGpuKernels {
    int (*row_sad)(const MotionCudaRows *rows, VmafCudaStream stream);
} MotionGpuKernels;

extern const MotionGpuKernels motion_cuda_kernels; /* motion_cuda.cu */
extern const MotionGpuKernels motion_sycl_kernels; /* ../sycl/motion_sycl.cpp */

#ifdef __cplusplus
}
#endif

#endif
