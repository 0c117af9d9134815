/* float_filter.h compiled for AVX2. */
#define FLOAT_FILTER_VECTOR_BYTES 32
#include "feature/float_common/float_filter.h"
#include "float_common_x86.h"

FLOAT_FILTER_FUNCTIONS(avx2)

void float_common_dsp_init_avx2(FloatCommonDsp *dsp)
{
    dsp->filter = filter_avx2;
    dsp->filter_sq = filter_sq_avx2;
    dsp->filter_xy = filter_xy_avx2;
}
