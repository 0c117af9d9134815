/* vmaf_write_output and vmaf_output_*: the format's writer (xml.c, json.c,
 * csv.c, sub.c) run through output_file.h, so that a failed run never leaves
 * a file that looks finished. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/log.h"
#include "output_common.h"
#include "output_file.h"

static void write_format(VmafContext *vmaf, FILE *f, enum VmafOutputFormat fmt)
{
    switch (fmt) {
    case VMAF_OUTPUT_FORMAT_JSON:
        vmaf_output_write_json(vmaf, f);
        break;
    case VMAF_OUTPUT_FORMAT_CSV:
        vmaf_output_write_csv(vmaf, f);
        break;
    case VMAF_OUTPUT_FORMAT_SUB:
        vmaf_output_write_sub(vmaf, f);
        break;
    default:
        vmaf_output_write_xml(vmaf, f);
        break;
    }
}

struct VmafOutput {
    OutputFile file;
};

typedef struct Written {
    VmafContext *vmaf;
    enum VmafOutputFormat fmt;
} Written;

static void write_written(FILE *f, void *opaque)
{
    const Written *w = opaque;
    write_format(w->vmaf, f, w->fmt);
}

static bool valid_format(enum VmafOutputFormat fmt)
{
    return fmt >= VMAF_OUTPUT_FORMAT_XML && fmt <= VMAF_OUTPUT_FORMAT_SUB;
}

int vmaf_output_open(VmafOutput **out, const char *path)
{
    if (out)
        *out = NULL;
    if (!out || !path)
        return -EINVAL;
    *out = calloc(1, sizeof(**out));
    if (!*out)
        return -ENOMEM;
    const int err = output_file_open(&(*out)->file, path);
    if (err)
        vmaf_output_close(out);
    return err;
}

int vmaf_output_write(VmafOutput *out, VmafContext *vmaf, enum VmafOutputFormat fmt)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!out || !vmaf || !valid_format(fmt))
        return -EINVAL;
    Written w = {vmaf, fmt};
    return output_file_write(&out->file, write_written, &w);
}

int vmaf_output_write_stream(VmafOutput *out, void (*write)(FILE *stream, void *opaque),
                             void *opaque)
{
    if (!out || !write)
        return -EINVAL;
    return output_file_write(&out->file, write, opaque);
}

const char *vmaf_output_temporary_path(const VmafOutput *out)
{
    return out ? out->file.tmp : NULL;
}

void vmaf_output_close(VmafOutput **out)
{
    if (!out || !*out)
        return;
    output_file_close(&(*out)->file);
    free(*out);
    *out = NULL;
}

int vmaf_write_output(VmafContext *vmaf, const char *output_path, enum VmafOutputFormat fmt)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !output_path || !valid_format(fmt))
        return -EINVAL;
    VmafOutput *out = NULL;
    int err = vmaf_output_open(&out, output_path);
    if (!err)
        err = vmaf_output_write(out, vmaf, fmt);
    vmaf_output_close(&out);
    return err;
}
