/* Checking CUDA runtime calls and kernel launches, for the files that use the
 * runtime directly (cuda_runtime.c and the twins' .cu files). A failure is
 * logged with file, line, the call and the runtime's message, and becomes
 * -EIO. */
#ifndef VMAF_CUDA_CUDA_CHECK_H
#define VMAF_CUDA_CUDA_CHECK_H

#include "gpu_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

int vmaf_cuda_check(cudaError_t err, const char *call, const char *file, int line);

#ifdef __cplusplus
}
#endif

#define VMAF_CUDA_CHECK(call) vmaf_cuda_check((call), #call, __FILE__, __LINE__)

/* Right after a <<<...>>> launch: a bad configuration or a missing kernel
 * image is reported here; faults while the kernel runs surface at the next
 * checked call that waits for it. */
#define VMAF_CUDA_CHECK_LAUNCH(...)                                                                \
    vmaf_cuda_check(cudaGetLastError(), "launch of " #__VA_ARGS__, __FILE__, __LINE__)

#endif
