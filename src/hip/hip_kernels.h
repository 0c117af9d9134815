/* The HIP twins' launchers. hipcc builds them into the HIP module
 * (vmaf-hip.so) from the CUDA twins' .cu files, each table as
 * <metric>_hip_kernels (cuda/gpu_runtime.h); the module hands them over and
 * the loader copies them into vmaf_hip_kernels (hip_loader.c), before any
 * HIP twin can open: a HIP twin's VmafFeatureExtractor.kernels is its
 * member. A twin added to the CUDA backend gets its row here. */
#ifndef VMAF_HIP_HIP_KERNELS_H
#define VMAF_HIP_HIP_KERNELS_H

#include "feature/adm/cuda/adm_cuda.h"
#include "feature/cambi/cuda/cambi_cuda.h"
#include "feature/ciede/cuda/ciede_cuda.h"
#include "feature/float_adm/cuda/float_adm_cuda.h"
#include "feature/float_ansnr/cuda/float_ansnr_cuda.h"
#include "feature/float_moment/cuda/float_moment_cuda.h"
#include "feature/float_motion/cuda/float_motion_cuda.h"
#include "feature/float_ms_ssim/cuda/float_ms_ssim_cuda.h"
#include "feature/float_psnr/cuda/float_psnr_cuda.h"
#include "feature/float_ssim/cuda/float_ssim_cuda.h"
#include "feature/float_vif/cuda/float_vif_cuda.h"
#include "feature/motion_common/cuda/motion_cuda.h"
#include "feature/psnr/cuda/psnr_cuda.h"
#include "feature/psnr_hvs/cuda/psnr_hvs_cuda.h"
#include "feature/speed/cuda/speed_cuda.h"
#include "feature/ssim/cuda/ssim_cuda.h"
#include "feature/ssimulacra2/cuda/ssimulacra2_cuda.h"
#include "feature/vif/cuda/vif_cuda.h"

/* X(type, metric) for every table. */
#define VMAF_HIP_KERNEL_TABLES(X)                                                                  \
    X(AdmGpuKernels, adm)                                                                          \
    X(CambiGpuKernels, cambi)                                                                      \
    X(CiedeGpuKernels, ciede)                                                                      \
    X(FloatAdmGpuKernels, float_adm)                                                               \
    X(FloatAnsnrGpuKernels, float_ansnr)                                                           \
    X(FloatMomentGpuKernels, float_moment)                                                         \
    X(FloatMotionGpuKernels, float_motion)                                                         \
    X(MsSsimGpuKernels, float_ms_ssim)                                                             \
    X(FloatPsnrGpuKernels, float_psnr)                                                             \
    X(FloatSsimGpuKernels, float_ssim)                                                             \
    X(FloatVifGpuKernels, float_vif)                                                               \
    X(MotionGpuKernels, motion)                                                                    \
    X(PsnrGpuKernels, psnr)                                                                        \
    X(PsnrHvsGpuKernels, psnr_hvs)                                                                 \
    X(SpeedGpuKernels, speed)                                                                      \
    X(SsimGpuKernels, ssim)                                                                        \
    X(Ssimu2GpuKernels, ssimulacra2)                                                               \
    X(VifGpuKernels, vif)

typedef struct VmafHipKernels {
#define VMAF_HIP_KERNELS_MEMBER(type, metric) type metric;
    VMAF_HIP_KERNEL_TABLES(VMAF_HIP_KERNELS_MEMBER)
#undef VMAF_HIP_KERNELS_MEMBER
} VmafHipKernels;

/* Written once, by the module's loader (hip_loader.c), then only read. */
extern VmafHipKernels vmaf_hip_kernels;

#endif
