/* The GPU runtime the backend's .cu files call: CUDA's under nvcc, or HIP's
 * under hipcc with the CUDA names those files use mapped onto it, here and
 * nowhere else, so that one set of kernel sources builds for NVIDIA and AMD
 * GPUs (docs/hip.md). A name a .cu file uses that this map lacks is a build
 * error on HIP, and tests/hip/cuda_names.sh fails on it before that. */
#ifndef VMAF_CUDA_GPU_RUNTIME_H
#define VMAF_CUDA_GPU_RUNTIME_H

/* VMAF_GPU_HIP: a C file of the HIP module (hip/), built against HIP's
 * runtime by the C compiler. */
#if defined(__HIPCC__) || defined(VMAF_GPU_HIP)

#ifdef __HIPCC__
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>
#endif

typedef hipError_t cudaError_t;
typedef hipStream_t cudaStream_t;
typedef hipFuncAttributes cudaFuncAttributes;

#define cudaSuccess hipSuccess
#define cudaGetLastError hipGetLastError
#define cudaGetErrorName hipGetErrorName
#define cudaGetErrorString hipGetErrorString
#define cudaGetDevice hipGetDevice
#define cudaMemsetAsync hipMemsetAsync
#define cudaDeviceGetAttribute hipDeviceGetAttribute
/* AMD GPUs have no opt-in above a block's limit: the limit is the most. */
#define cudaDevAttrMaxSharedMemoryPerBlockOptin hipDeviceAttributeMaxSharedMemoryPerBlock
#define cudaFuncAttributeMaxDynamicSharedMemorySize hipFuncAttributeMaxDynamicSharedMemorySize
/* HIP takes kernels as const void *. */
#define cudaFuncGetAttributes(attr, kernel) hipFuncGetAttributes((attr), (const void *)(kernel))
#define cudaFuncSetAttribute(kernel, attr, value)                                                  \
    hipFuncSetAttribute((const void *)(kernel), (attr), (value))
/* Kernel parameters are constant on AMD GPUs anyway. */
#define __grid_constant__

/* The kernels' warp code works on groups of 32 lanes (a CUDA warp). On AMD's
 * 64-lane waves, width-32 shuffles keep each half of a wave a group of its
 * own, so the same code holds; the mask is the whole group in every use.
 * Our own forms on every HIP release: before 6.2 it has no _sync forms nor
 * __syncwarp, from 6.2 only behind an option and with 64-bit masks. The
 * lanes of a wave run together: what __syncwarp() orders is the shared
 * memory the group wrote before it, which the fences make visible. */
#define __shfl_down_sync(mask, value, delta) __shfl_down((value), (delta), 32)
#define __shfl_up_sync(mask, value, delta) __shfl_up((value), (delta), 32)
#define __syncwarp(...)                                                                            \
    do {                                                                                           \
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");                                     \
        __builtin_amdgcn_wave_barrier();                                                           \
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");                                     \
    } while (0)

#else

#include <cuda_runtime_api.h>

#endif

/* Defines a twin's table of launchers (VmafFeatureExtractor.kernels):
 * VMAF_GPU_KERNELS(PsnrGpuKernels, psnr) = {...}; is psnr_cuda_kernels
 * under nvcc and psnr_hip_kernels under hipcc (hip/hip_kernels.h). The
 * table is host data: HIP's device pass, which would make a constant table a
 * device constant naming host functions, gets an unused one of its own. */
#if defined(__HIP_DEVICE_COMPILE__)
#define VMAF_GPU_KERNELS(type, metric) [[maybe_unused]] static const type metric##_hip_kernels
#elif defined(__HIPCC__)
#define VMAF_GPU_KERNELS(type, metric) extern "C" const type metric##_hip_kernels
#else
#define VMAF_GPU_KERNELS(type, metric) extern "C" const type metric##_cuda_kernels
#endif

#endif
