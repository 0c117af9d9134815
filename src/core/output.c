/* vmaf_write_output and vmaf_output_*: XML, JSON, CSV and SUB in libvmaf's
 * layout and number format, written through output_file.h, so that a failed
 * run never leaves a file that looks finished. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "context.h"
#include "feature_name.h"
#include "log.h"
#include "output_file.h"

static const char *const pool_method_name[VMAF_POOL_METHOD_NB] = {
    [VMAF_POOL_METHOD_MIN] = "min",
    [VMAF_POOL_METHOD_MAX] = "max",
    [VMAF_POOL_METHOD_MEAN] = "mean",
    [VMAF_POOL_METHOD_HARMONIC_MEAN] = "harmonic_mean",
};

/* libvmaf prints %.6f, unless the fractional part starts with more than six
 * zeros, then %.16f so that the value does not print as a round number.
 * Magnitudes past INT_MAX (and NaN) take %.6f, as libvmaf's int truncation
 * gives on x86, without the undefined conversion. */
static const char *score_format(double v)
{
    double a = fabs(v);
    if (!(a < 2147483648.0))
        return "%.6f";
    double frac = a - (int)a;
    int zeros = 0;
    while (frac < 1.0 && frac != 0) {
        frac *= 10;
        zeros++;
    }
    return zeros <= 6 ? "%.6f" : "%.16f";
}

static void print_score(FILE *f, double v, const char *nan_text)
{
    if (nan_text && !isfinite(v)) {
        fputs(nan_text, f);
        return;
    }
    fprintf(f, score_format(v), v);
}

static unsigned frame_limit(const VmafFeatureCollector *fc)
{
    unsigned n = 0;
    for (unsigned j = 0; j < fc->cnt; j++) {
        if (fc->feature_vector[j]->capacity > n)
            n = fc->feature_vector[j]->capacity;
    }
    return n;
}

static int is_written(const FeatureVector *fv, unsigned i)
{
    return i < fv->capacity && fv->score[i].written;
}

static unsigned frame_score_count(const VmafContext *vmaf, unsigned i)
{
    if (vmaf->cfg.n_subsample > 1 && i % vmaf->cfg.n_subsample)
        return 0;
    unsigned cnt = 0;
    for (unsigned j = 0; j < vmaf->fc->cnt; j++)
        cnt += is_written(vmaf->fc->feature_vector[j], i);
    return cnt;
}

static double fps_of(const VmafContext *vmaf)
{
    const VmafFeatureCollector *fc = vmaf->fc;
    double seconds = (double)(fc->timer.end - fc->timer.begin) / CLOCKS_PER_SEC;
    return vmaf->pic_cnt / seconds;
}

/* Frames pooled: those read, or, for scores only imported, up to the last
 * frame that has one. */
static unsigned pooled_frame_count(const VmafContext *vmaf)
{
    if (vmaf->pic_cnt)
        return vmaf->pic_cnt;
    unsigned n = 0;
    for (unsigned i = 0, limit = frame_limit(vmaf->fc); i < limit; i++) {
        if (frame_score_count(vmaf, i))
            n = i + 1;
    }
    return n;
}

static int pooled(VmafContext *vmaf, const char *name, unsigned method, double *score)
{
    unsigned n = pooled_frame_count(vmaf);
    if (!n)
        return -EINVAL;
    return vmaf_feature_score_pooled(vmaf, name, method, score, 0, n - 1);
}

static void write_xml(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "<VMAF version=\"%s\">\n", vmaf_version());
    fprintf(f, "  <params qualityWidth=\"%u\" qualityHeight=\"%u\" />\n", vmaf->pic_params.w,
            vmaf->pic_params.h);
    fprintf(f, "  <fyi fps=\"%.2f\" />\n", fps_of(vmaf));
    fprintf(f, "  <frames>\n");
    for (unsigned i = 0, n = frame_limit(fc); i < n; i++) {
        if (!frame_score_count(vmaf, i))
            continue;
        fprintf(f, "    <frame frameNum=\"%u\" ", i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!is_written(fv, i))
                continue;
            fprintf(f, "%s=\"", vmaf_feature_name_alias(fv->name));
            print_score(f, fv->score[i].value, NULL);
            fputs("\" ", f);
        }
        fprintf(f, "/>\n");
    }
    fprintf(f, "  </frames>\n  <pooled_metrics>\n");
    for (unsigned j = 0; j < fc->cnt; j++) {
        fprintf(f, "    <metric name=\"%s\" ",
                vmaf_feature_name_alias(fc->feature_vector[j]->name));
        for (unsigned m = VMAF_POOL_METHOD_MIN; m < VMAF_POOL_METHOD_NB; m++) {
            double s;
            if (pooled(vmaf, fc->feature_vector[j]->name, m, &s))
                continue;
            fprintf(f, "%s=\"", pool_method_name[m]);
            print_score(f, s, NULL);
            fputs("\" ", f);
        }
        fprintf(f, "/>\n");
    }
    fprintf(f, "  </pooled_metrics>\n  <aggregate_metrics ");
    for (unsigned j = 0; j < fc->aggregate_cnt; j++) {
        fprintf(f, "%s=\"", fc->aggregate[j].name);
        print_score(f, fc->aggregate[j].value, NULL);
        fputs("\" ", f);
    }
    fprintf(f, "/>\n</VMAF>\n");
}

static void write_json(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "{\n  \"version\": \"%s\",\n", vmaf_version());
    double fps = fps_of(vmaf);
    if (isfinite(fps))
        fprintf(f, "  \"fps\": %.2f,\n", fps);
    else
        fprintf(f, "  \"fps\": null,\n");
    fprintf(f, "  \"frames\": [");
    const char *sep = "\n";
    for (unsigned i = 0, n = frame_limit(fc); i < n; i++) {
        unsigned cnt = frame_score_count(vmaf, i);
        if (!cnt)
            continue;
        fprintf(f, "%s    {\n      \"frameNum\": %u,\n      \"metrics\": {\n", sep, i);
        sep = ",\n";
        for (unsigned j = 0, k = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!is_written(fv, i))
                continue;
            fprintf(f, "        \"%s\": ", vmaf_feature_name_alias(fv->name));
            print_score(f, fv->score[i].value, "null");
            fprintf(f, "%s\n", ++k < cnt ? "," : "");
        }
        fprintf(f, "      }\n    }");
    }
    fprintf(f, "\n  ],\n  \"pooled_metrics\": {");
    for (unsigned j = 0; j < fc->cnt; j++) {
        fprintf(f, "%s    \"%s\": {", j ? ",\n" : "\n",
                vmaf_feature_name_alias(fc->feature_vector[j]->name));
        const char *msep = "\n";
        for (unsigned m = VMAF_POOL_METHOD_MIN; m < VMAF_POOL_METHOD_NB; m++) {
            double s;
            if (pooled(vmaf, fc->feature_vector[j]->name, m, &s))
                continue;
            fprintf(f, "%s      \"%s\": ", msep, pool_method_name[m]);
            print_score(f, s, "null");
            msep = ",\n";
        }
        fprintf(f, "\n    }");
    }
    fprintf(f, "\n  },\n  \"aggregate_metrics\": {");
    for (unsigned j = 0; j < fc->aggregate_cnt; j++) {
        fprintf(f, "%s    \"%s\": ", j ? ",\n" : "\n", fc->aggregate[j].name);
        print_score(f, fc->aggregate[j].value, "null");
    }
    fprintf(f, "\n  }\n}\n");
}

/* Unlike libvmaf, a score missing from a frame leaves an empty cell, so the
 * columns stay under their headers. */
static void write_csv(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "Frame,");
    for (unsigned j = 0; j < fc->cnt; j++)
        fprintf(f, "%s,", vmaf_feature_name_alias(fc->feature_vector[j]->name));
    fprintf(f, "\n");
    for (unsigned i = 0, n = frame_limit(fc); i < n; i++) {
        if (!frame_score_count(vmaf, i))
            continue;
        fprintf(f, "%u,", i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (is_written(fv, i))
                print_score(f, fv->score[i].value, NULL);
            fputc(',', f);
        }
        fprintf(f, "\n");
    }
}

static void write_sub(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    for (unsigned i = 0, n = frame_limit(fc); i < n; i++) {
        if (!frame_score_count(vmaf, i))
            continue;
        fprintf(f, "{%u}{%u}frame: %u|", i, i + 1, i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!is_written(fv, i))
                continue;
            fprintf(f, "%s: ", vmaf_feature_name_alias(fv->name));
            print_score(f, fv->score[i].value, NULL);
            fputc('|', f);
        }
        fprintf(f, "\n");
    }
}

static void write_format(VmafContext *vmaf, FILE *f, enum VmafOutputFormat fmt)
{
    switch (fmt) {
    case VMAF_OUTPUT_FORMAT_JSON:
        write_json(vmaf, f);
        break;
    case VMAF_OUTPUT_FORMAT_CSV:
        write_csv(vmaf, f);
        break;
    case VMAF_OUTPUT_FORMAT_SUB:
        write_sub(vmaf, f);
        break;
    default:
        write_xml(vmaf, f);
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
    if (!out || !vmaf || !valid_format(fmt))
        return -EINVAL;
    Written w = {vmaf, fmt};
    return output_file_write(&out->file, write_written, &w);
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
    if (!vmaf || !output_path || !valid_format(fmt))
        return -EINVAL;
    VmafOutput *out = NULL;
    int err = vmaf_output_open(&out, output_path);
    if (!err)
        err = vmaf_output_write(out, vmaf, fmt);
    vmaf_output_close(&out);
    return err;
}
