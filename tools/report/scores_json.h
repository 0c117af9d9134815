/* Reading back the per-frame scores of a JSON output (scores_json.c). */
#ifndef VMAF_TOOLS_REPORT_SCORES_JSON_H
#define VMAF_TOOLS_REPORT_SCORES_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "libvmaf/libvmaf.h"

/* Imports every score of frames[].metrics of the JSON output text (len
 * bytes, NUL-terminated) into vmaf under the name printed there, with
 * vmaf_import_feature_score(); *frames is one past the last frame number.
 * Returns 0, or -EINVAL for text that is not such an output (a syntax
 * error, no frames array, a score vmaf refuses). */
int scores_json_import(VmafContext *vmaf, const char *text, size_t len, unsigned *frames);

#endif
