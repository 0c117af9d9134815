/* float_filter.h compiled for AVX-512. */
#define FLOAT_FILTER_VECTOR_BYTES 64
#include "feature/float_common/float_filter.h"
#include "float_common_x86.h"

FLOAT_FILTER_FUNCTIONS(avx512)

void float_common_dsp_init_avx512(FloatCommonDsp *dsp)
{
    dsp->filter = filter_avx512;
    dsp->filter_sq = filter_sq_avx512;
    dsp->filter_xy = filter_xy_avx512;
}
