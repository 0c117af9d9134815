/* cambi_stages.h compiled for AVX-512. */
#include "feature/cambi/cambi_stages.h"
#include "cambi_x86.h"

CAMBI_STAGE_FUNCTIONS(avx512)

void cambi_dsp_init_avx512(CambiDsp *dsp)
{
    cambi_stages_fill_avx512(dsp);
}
