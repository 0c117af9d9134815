/* For arithmetic that the CPU code and the GPU kernels share: headers of
 * static inline functions marked VMAF_HD compile as plain C and, under nvcc
 * or hipcc, as host and device code, so that a CPU test can run the kernels'
 * exact steps without a GPU. */
#ifndef VMAF_CORE_HD_H
#define VMAF_CORE_HD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* VMAF_GPU_CC: compiled by nvcc or hipcc (CUDA's kernel sources, built for
 * NVIDIA or AMD GPUs); VMAF_GPU_DEVICE: its device pass. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define VMAF_GPU_CC 1
#endif
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define VMAF_GPU_DEVICE 1
#endif

#ifdef __HIPCC__
/* What nvcc declares in every file (__clz, atomicAdd, ...). */
#include <hip/hip_runtime.h>
#endif

#ifdef VMAF_GPU_CC
#define VMAF_HD __host__ __device__
/* Before a loop whose trip count is a constant once inlined: unrolled, the
 * small arrays it indexes stay in registers. */
#define VMAF_UNROLL _Pragma("unroll")
#else
#define VMAF_HD
#define VMAF_UNROLL
#endif

/* Leading zero bits; x != 0. */
static inline VMAF_HD int vmaf_clz32(uint32_t x)
{
#ifdef VMAF_GPU_DEVICE
    return __clz(x);
#else
    return __builtin_clz(x);
#endif
}

static inline VMAF_HD int vmaf_clz64(uint64_t x)
{
#ifdef VMAF_GPU_DEVICE
    return __clzll(x);
#else
    return __builtin_clzll(x);
#endif
}

/* A double's bits, and a power of two from its exponent: frexp() and
 * ldexp() without a math library, which not every device compiler provides
 * in kernels (AdaptiveCpp's SYCL kernels on its CPU device got garbage from
 * frexp()). */
static inline VMAF_HD uint64_t vmaf_hd_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
}

/* 2^k for a normal power of two, -1022 <= k <= 1023. */
static inline VMAF_HD double vmaf_hd_pow2(int k)
{
    const uint64_t u = (uint64_t)(k + 1023) << 52;
    double x;
    memcpy(&x, &u, sizeof(x));
    return x;
}

/* Sample (x, y) of a plane whose rows are pitch bytes apart: 16-bit
 * samples where hbd, else 8-bit. */
static inline VMAF_HD unsigned vmaf_hd_sample(const void *plane, size_t pitch, unsigned x,
                                              unsigned y, bool hbd)
{
    const uint8_t *row = (const uint8_t *)plane + (size_t)y * pitch;
    return hbd ? ((const uint16_t *)row)[x] : row[x];
}

#endif
