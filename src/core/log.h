/* Logging. The level is the one of the VmafContext most recently initialised
 * (libvmaf behaves the same); messages go to stderr, one line each. */
#ifndef VMAF_CORE_LOG_H
#define VMAF_CORE_LOG_H

#include "libvmaf/libvmaf.h"

void vmaf_log_set_level(enum VmafLogLevel level);
enum VmafLogLevel vmaf_log_get_level(void);

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void vmaf_log(enum VmafLogLevel level, const char *fmt, ...);

#endif
