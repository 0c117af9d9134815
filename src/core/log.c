#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "log.h"

static _Atomic int log_level = VMAF_LOG_LEVEL_INFO;

/* The level of the context whose call this thread is in; -1 outside. */
static _Thread_local int scoped_level = -1;

void vmaf_log_set_level(enum VmafLogLevel level)
{
    log_level = level;
}

enum VmafLogLevel vmaf_log_get_level(void)
{
    return log_level;
}

int vmaf_log_scope_enter(int level)
{
    const int previous = scoped_level;
    scoped_level = level;
    return previous;
}

void vmaf_log_scope_leave(const int *previous)
{
    scoped_level = *previous;
}

static const char *level_prefix(enum VmafLogLevel level)
{
    switch (level) {
    case VMAF_LOG_LEVEL_ERROR:
        return "error";
    case VMAF_LOG_LEVEL_WARNING:
        return "warning";
    case VMAF_LOG_LEVEL_INFO:
        return "info";
    default:
        return "debug";
    }
}

void vmaf_vlog(enum VmafLogLevel level, const char *fmt, va_list ap)
{
    const int threshold = scoped_level >= 0 ? scoped_level : log_level;
    if (level == VMAF_LOG_LEVEL_NONE || level > (enum VmafLogLevel)threshold)
        return;
    char line[1024];
    vsnprintf(line, sizeof(line), fmt, ap);
    /* One write per message so lines of concurrent threads do not interleave. */
    fprintf(stderr, "libvmaf %s: %s\n", level_prefix(level), line);
}

void vmaf_log(enum VmafLogLevel level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmaf_vlog(level, fmt, ap);
    va_end(ap);
}
