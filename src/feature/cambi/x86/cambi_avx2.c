/* cambi_stages.h compiled for AVX2. */
#include "feature/cambi/cambi_stages.h"
#include "cambi_x86.h"

CAMBI_STAGE_FUNCTIONS(avx2, cambi_c_row)

void cambi_dsp_init_avx2(CambiDsp *dsp)
{
    cambi_stages_fill_avx2(dsp);
}
