/* serial_sums.h's running double sums on the SYCL backend: the same three
 * steps (totals, maps, walk) as SYCL kernels (serial_sums_sycl.cpp), for
 * the SYCL twins that score with them. */
#ifndef VMAF_SYCL_SERIAL_SUMS_SYCL_H
#define VMAF_SYCL_SERIAL_SUMS_SYCL_H

#include "cuda/serial_sums.h"

#ifdef __cplusplus
extern "C" {
#endif

/* vmaf_serial_sums_enqueue() on a SYCL stream: the sums of s's jobs into
 * out (device memory), the CPU's `s += x[i]` bit for bit. */
int vmaf_sycl_serial_sums_enqueue(const VmafSerialSums *s, double *out, VmafCudaStream stream);

#ifdef __cplusplus
}
#endif

#endif
