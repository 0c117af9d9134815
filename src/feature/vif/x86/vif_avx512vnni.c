/* The AVX-512 kernels with VNNI (the AVX512ICL level): each pmaddwd whose
 * sums are added to an accumulator becomes one vpdpwssd. */
#define VIF_AVX512_VNNI
#define VIF_AVX512_INIT vif_dsp_init_avx512vnni
#include "vif_avx512.c"
