/* ssimulacra2_stages.h compiled for AVX-512: fmaf() becomes one instruction
 * and the loops over columns the compiler's vectors. */
#include "feature/ssimulacra2/ssimulacra2_stages.h"
#include "ssimulacra2_x86.h"

SSIMU2_STAGE_FUNCTIONS(avx512)

void ssimulacra2_dsp_init_avx512(Ssimulacra2Dsp *dsp)
{
    ssimu2_stages_fill_avx512(dsp);
}
