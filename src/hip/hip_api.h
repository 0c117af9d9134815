/* The HIP module's runtime side (hip_api.c), for its entry (hip_module.c). */
#ifndef VMAF_HIP_HIP_API_H
#define VMAF_HIP_HIP_API_H

#include <stddef.h>

#include "cuda/cuda_api.h"

extern const VmafCudaApi vmaf_hip_api;

/* VmafHipModule.probe and .device_name (hip_module.h). */
int vmaf_hip_probe(int device);
void vmaf_hip_device_name(int device, char *buf, size_t size);

#endif
