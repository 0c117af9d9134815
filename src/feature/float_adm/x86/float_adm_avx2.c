/* float_adm_cm_sums.h compiled for AVX2. */
#include "feature/float_adm/float_adm_cm_sums.h"
#include "float_adm_x86.h"

FLOAT_ADM_CM_SUMS_FUNCTION(avx2, true)

void float_adm_dsp_init_avx2(FloatAdmDsp *dsp)
{
    dsp->cm_sums = cm_sums_avx2;
}
