#include "cpu.h"

static unsigned detect(void)
{
    unsigned flags = 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse2"))
        flags |= VMAF_X86_CPU_FLAG_SSE2;
    if (__builtin_cpu_supports("ssse3"))
        flags |= VMAF_X86_CPU_FLAG_SSSE3;
    if (__builtin_cpu_supports("sse4.1"))
        flags |= VMAF_X86_CPU_FLAG_SSE41;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        flags |= VMAF_X86_CPU_FLAG_AVX2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        flags |= VMAF_X86_CPU_FLAG_AVX512;
    if ((flags & VMAF_X86_CPU_FLAG_AVX512) && __builtin_cpu_supports("avx512vnni") &&
        __builtin_cpu_supports("avx512vbmi2"))
        flags |= VMAF_X86_CPU_FLAG_AVX512ICL;
#endif
    return flags;
}

unsigned vmaf_get_cpu_flags(void)
{
    return detect();
}
