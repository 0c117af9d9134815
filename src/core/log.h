/* Logging: one line per message on stderr. A context's calls log at its own
 * level (VmafConfiguration.log_level): each of its API functions, and each
 * of its worker threads' jobs, runs inside VMAF_LOG_SCOPE, which sets the
 * calling thread's level for the call. Outside any scope (loading a model,
 * which takes no context) the level is the one last given to vmaf_init(),
 * as in libvmaf. */
#ifndef VMAF_CORE_LOG_H
#define VMAF_CORE_LOG_H

#include <stdarg.h>

#include "libvmaf/libvmaf.h"

/* The level outside any scope. */
void vmaf_log_set_level(enum VmafLogLevel level);
enum VmafLogLevel vmaf_log_get_level(void);

/* Sets the calling thread's level (-1: the level outside scopes) until the
 * matching leave; returns what vmaf_log_scope_leave() restores. Scopes
 * nest. */
int vmaf_log_scope_enter(int level);
void vmaf_log_scope_leave(const int *previous);

/* The rest of the enclosing block logs at level (restored on any exit). */
#define VMAF_LOG_SCOPE(level)                                                                      \
    __attribute__((cleanup(vmaf_log_scope_leave))) const int vmaf_log_scope_previous_ =            \
        vmaf_log_scope_enter(level)

/* The first line of a context's API function: the rest logs at the level
 * of vmaf (a VmafContext, possibly NULL). */
#define VMAF_CONTEXT_LOG_SCOPE(vmaf) VMAF_LOG_SCOPE((vmaf) ? (int)(vmaf)->cfg.log_level : -1)

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void vmaf_log(enum VmafLogLevel level, const char *fmt, ...);
/* vmaf_log() with its arguments as ap, for the HIP module's log
 * (hip/hip_module.h). */
void vmaf_vlog(enum VmafLogLevel level, const char *fmt, va_list ap);

#endif
