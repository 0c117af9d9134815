/* float_vif_statistic.h compiled for AVX-512. */
#include "feature/float_vif/float_vif_statistic.h"
#include "float_vif_x86.h"

static void statistic_avx512(const FloatVifMoments *m, const FloatVifStatParams *p, float *num,
                             float *den)
{
    float_vif_statistic_rows(m, p, num, den, true);
}

void float_vif_dsp_init_avx512(FloatVifDsp *dsp)
{
    dsp->statistic = statistic_avx512;
}
