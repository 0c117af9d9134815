/* libvmaf's VIF filter family (float_kernel.h); the float/double mix of
 * each expression is libvmaf's. */
#include <math.h>

#include "core/opt.h"
#include "float_kernel.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

bool float_kernel_scale_valid(float ks)
{
    static const float valid[] = {
        1.0f,           1.0f / 2.0f,  3.0f / 2.0f, 2.0f,         2.0f / 3.0f,  24.0f / 10.0f,
        360.0f / 97.0f, 4.0f / 3.0f,  3.5f / 3.0f, 3.75f / 3.0f, 4.25f / 3.0f, 5.0f / 3.0f,
        3.0f,           1.0f / 2.25f, 1.4746f,     1.54f,        1.6f,         1.06667f,
        0.711111f,      0.740740f,    1.111111f,
    };
    for (unsigned i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
        if (fabsf(ks - valid[i]) < 1e-3)
            return true;
    }
    return false;
}

unsigned float_kernel_taps(unsigned scale, float ks)
{
    const int n = (1 << (4 - scale)) + 1;
    int taps = (int)ceil(n * ks);
    if (taps % 2 == 0)
        taps++;
    return taps > 3 ? (unsigned)taps : 3;
}

void float_kernel_gaussian(float *taps, unsigned n, float sigma)
{
    const float mean = 0.0f;
    const int half = ((int)n - 1) / 2;
    float sum = 0;
    for (int i = 0; i < (int)n; i++) {
        const float x = (float)(i - half);
        const float num = (float)exp(-0.5 * (x - mean) / sigma * (x - mean) / sigma);
        const float den = (float)(1 / (sigma * sqrt(2 * M_PI)));
        taps[i] = num / den;
        sum += taps[i];
    }
    for (unsigned i = 0; i < n; i++)
        taps[i] /= sum;
}

bool float_resample_method_from_name(const char *name, enum FloatResampleMethod *method)
{
    static const char *const names[FLOAT_RESAMPLE_METHODS] = {
        [FLOAT_RESAMPLE_NEAREST] = "nearest",
        [FLOAT_RESAMPLE_BILINEAR] = "bilinear",
        [FLOAT_RESAMPLE_BICUBIC] = "bicubic",
        [FLOAT_RESAMPLE_LANCZOS4] = "lanczos4",
    };
    const int i = vmaf_option_choice(name, names, FLOAT_RESAMPLE_METHODS);
    if (i < 0)
        return false;
    *method = (enum FloatResampleMethod)i;
    return true;
}
