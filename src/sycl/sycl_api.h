/* The SYCL backend's devices: the device-API table of cuda/cuda_api.h over
 * SYCL queues (sycl_api.cpp), for the SYCL backend's state (sycl_state.c). */
#ifndef VMAF_SYCL_SYCL_API_H
#define VMAF_SYCL_SYCL_API_H

#include "cuda/cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device `device` of the SYCL devices (GPUs first, then the others, such as
 * AdaptiveCpp's OpenMP host device, in the order SYCL lists them) as *dev,
 * or -ENODEV (logged why) when there is no such device. */
int vmaf_sycl_runtime_probe(int device, VmafCudaDevice *dev);

/* The name of a device vmaf_sycl_runtime_probe() accepted; valid until the
 * calling thread's next call. */
const char *vmaf_sycl_device_name(int device);

#ifdef __cplusplus
}
#endif

#endif
