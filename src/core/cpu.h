/* CPU feature detection. DSP tables pick their variants at init from the
 * flags of their extractor instance (VmafFexContext.cpu_flags): the host's,
 * less the cpumask of the context that made the instance (libvmaf's bit
 * meanings), so contexts of one process may differ. */
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

/* The instruction sets this CPU has. Thread-safe. */
unsigned vmaf_get_cpu_flags(void);

/* The host's flags less those a cpumask disables. */
static inline unsigned vmaf_cpu_flags_masked(uint64_t cpumask)
{
    return vmaf_get_cpu_flags() & ~(unsigned)cpumask;
}

#endif
