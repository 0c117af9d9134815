/* C reference of the SpEED stages. */
#include "speed_dsp.h"
#include "speed_math.h"

static void subtract_c(float *a, const float *b, ptrdiff_t stride, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++) {
        for (unsigned j = 0; j < w; j++)
            a[i * stride + j] -= b[i * stride + j];
    }
}

static void decimate_16_c(const float *src, float *dst, ptrdiff_t stride, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h / 16; i++) {
        for (unsigned j = 0; j < w / 16; j++)
            dst[i * stride + j] = src[16 * i * stride + 16 * j];
    }
}

static float sum_c(const float *src, ptrdiff_t stride, unsigned w, unsigned h)
{
    return speed_window_sum(src, stride, w, h);
}

static double cov_sum_c(const float *x, const float *y, ptrdiff_t stride, unsigned w, unsigned h,
                        double mean_x, double mean_y)
{
    return speed_window_cov_sum(x, y, stride, w, h, mean_x, mean_y);
}

void speed_dsp_init(SpeedDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    *dsp = (SpeedDsp){
        .subtract = subtract_c,
        .decimate_16 = decimate_16_c,
        .sum = sum_c,
        .cov_sum = cov_sum_c,
    };
}
