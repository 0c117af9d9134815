#include "float_moment_dsp.h"
#include "float_moment_math.h"

static void sums_8_c(const uint8_t *src, ptrdiff_t stride, unsigned w, unsigned h, double sum[2])
{
    double s = 0, sq = 0;
    for (unsigned i = 0; i < h; i++, src += stride) {
        for (unsigned j = 0; j < w; j++) {
            const float v = src[j];
            s += v;
            sq += float_moment_square(v);
        }
    }
    sum[0] = s;
    sum[1] = sq;
}

static void sums_16_c(const uint16_t *src, ptrdiff_t stride, unsigned w, unsigned h, float divisor,
                      double sum[2])
{
    double s = 0, sq = 0;
    for (unsigned i = 0; i < h; i++, src = (const uint16_t *)((const uint8_t *)src + stride)) {
        for (unsigned j = 0; j < w; j++) {
            const float v = float_moment_sample_16(src[j], divisor);
            s += v;
            sq += float_moment_square(v);
        }
    }
    sum[0] = s;
    sum[1] = sq;
}

void float_moment_dsp_init(FloatMomentDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->sums_8 = sums_8_c;
    dsp->sums_16 = sums_16_c;
}
