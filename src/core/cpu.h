/* CPU feature detection. DSP tables pick their variants from these flags at
 * init; the configuration's cpumask clears flags (libvmaf's bit meanings). */
#ifndef VMAF_CORE_CPU_H
#define VMAF_CORE_CPU_H

#include <stdint.h>

enum VmafCpuFlags {
    VMAF_X86_CPU_FLAG_SSE2 = 1 << 0,
    VMAF_X86_CPU_FLAG_SSSE3 = 1 << 1,
    VMAF_X86_CPU_FLAG_SSE41 = 1 << 2,
    VMAF_X86_CPU_FLAG_AVX2 = 1 << 3,
    VMAF_X86_CPU_FLAG_AVX512 = 1 << 4,
    VMAF_X86_CPU_FLAG_AVX512ICL = 1 << 5,
};

/* Detects once; applies the mask given to vmaf_set_cpu_mask(). */
unsigned vmaf_get_cpu_flags(void);
void vmaf_set_cpu_mask(uint64_t mask);

#endif
