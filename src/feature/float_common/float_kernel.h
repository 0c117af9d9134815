/* libvmaf's family of VIF filters (its vif_tools), shared by float_vif and
 * the SpEED extractors: the kernel scales it accepts, the number of taps of
 * each scale's filter, the sampled Gaussian, and the resampler names. */
#ifndef VMAF_FEATURE_FLOAT_KERNEL_H
#define VMAF_FEATURE_FLOAT_KERNEL_H

#include <stdbool.h>

#include "float_common_dsp.h"

/* Whether ks is within 1e-3 of one of the 21 kernel scales libvmaf's
 * filters were tuned for (1, 1/2, 3/2, 2, 2/3, 2.4, 360/97, ...). */
bool float_kernel_scale_valid(float ks);

/* Taps of the filter of `scale` (0..4): (2^(4 - scale) + 1) * ks rounded
 * up to an odd number, at least 3. */
unsigned float_kernel_taps(unsigned scale, float ks);

/* n samples of a Gaussian of deviation sigma centred on the middle tap,
 * normalised to sum 1 in float. */
void float_kernel_gaussian(float *taps, unsigned n, float sigma);

/* The resampler called name ("nearest", "bilinear", "bicubic",
 * "lanczos4"); false for any other name. */
bool float_resample_method_from_name(const char *name, enum FloatResampleMethod *method);

#endif
