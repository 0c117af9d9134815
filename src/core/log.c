#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "log.h"

static _Atomic int log_level = VMAF_LOG_LEVEL_INFO;

void vmaf_log_set_level(enum VmafLogLevel level)
{
    log_level = level;
}

enum VmafLogLevel vmaf_log_get_level(void)
{
    return log_level;
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

void vmaf_log(enum VmafLogLevel level, const char *fmt, ...)
{
    if (level == VMAF_LOG_LEVEL_NONE || level > (enum VmafLogLevel)log_level)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    /* One write per message so lines of concurrent threads do not interleave. */
    fprintf(stderr, "libvmaf %s: %s\n", level_prefix(level), line);
}
