/* What the GPU tests share. */
#ifndef VMAF_TESTS_CUDA_DEVICE_UTIL_H
#define VMAF_TESTS_CUDA_DEVICE_UTIL_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>

#include "libvmaf/libvmaf_cuda.h"

/* Whether a device can run the backend; without one, says so in the line
 * ctest shows ("SKIP: no CUDA device"), and the test returns 77. */
static inline bool have_cuda_device(void)
{
    VmafCudaState *state;
    if (vmaf_cuda_state_init(&state, (VmafCudaConfiguration){0}) == -ENODEV) {
        printf("SKIP: no CUDA device\n");
        return false;
    }
    vmaf_cuda_state_free(state);
    return true;
}

#endif
