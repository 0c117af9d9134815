/* Command line of the vmaf tool. Parsing prints nothing and never exits: it
 * fills CliSettings or returns an error with a one-line message. */
#ifndef VMAF_TOOLS_CLI_PARSE_H
#define VMAF_TOOLS_CLI_PARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libvmaf/libvmaf.h"
#include "input/input.h"
#include "report/report.h"

#define CLI_MAX_MODELS 32
#define CLI_MAX_FEATURES 32
#define CLI_MAX_OVERLOADS 32
#define CLI_MAX_THREADS 256
#define CLI_MAX_JOBS 64
#define CLI_MAX_SLICES 100000

typedef struct CliFeature {
    const char *spec; /* as given, for messages */
    const char *name; /* points into buf */
    VmafFeatureDictionary *opts;
    char *buf;
} CliFeature;

/* "<extractor>.<option>=<value>" in a --model argument. */
typedef struct CliOverload {
    const char *extractor; /* points into the model's buf */
    VmafFeatureDictionary *opts;
} CliOverload;

typedef struct CliModel {
    const char *path, *version; /* exactly one is set */
    VmafModelConfig cfg;
    CliOverload overload[CLI_MAX_OVERLOADS];
    unsigned overload_cnt;
    char *buf;
} CliModel;

enum CliBackend {
    CLI_BACKEND_AUTO, /* CUDA, else HIP, when the build has it and a device is usable */
    CLI_BACKEND_CPU,
    CLI_BACKEND_CUDA,
    CLI_BACKEND_SYCL, /* only when asked for */
    CLI_BACKEND_HIP,
};

enum CliHwdec {
    CLI_HWDEC_AUTO, /* NVDEC for encoded inputs when the CUDA backend scores */
    CLI_HWDEC_NONE, /* decode on the CPU */
    CLI_HWDEC_CUDA, /* NVDEC, or an error */
};

enum CliAction {
    CLI_ACTION_RUN,
    CLI_ACTION_HELP,
    CLI_ACTION_VERSION,
};

typedef struct CliSettings {
    enum CliAction action;
    const char *path_ref, *path_dist;
    bool use_yuv; /* -w/-h/-p/-b given: all four are then in raw */
    VideoInfo raw;
    const char *output_path;
    enum VmafOutputFormat output_fmt;
    CliModel model[CLI_MAX_MODELS];
    unsigned model_cnt;
    bool default_model; /* model[0] is vmaf_v0.6.1, given because no --model was */
    CliFeature feature[CLI_MAX_FEATURES];
    unsigned feature_cnt;
    unsigned thread_cnt;
    unsigned subsample;
    uint64_t cpumask, gpumask;
    enum CliBackend backend;
    unsigned gpu_device;
    enum CliHwdec hwdec;
    unsigned frame_cnt; /* 0: all */
    unsigned frame_skip_ref, frame_skip_dist;
    bool no_prediction;
    bool clamp_samples; /* clamp samples past the bit depth instead of refusing them */
    bool scale_dist;    /* the distorted video scaled to the reference's size (bicubic) */
    bool quiet;
    bool common_bitdepth;   /* ref and dist depths may differ (--aom_ctc v6.0+) */
    const char *batch_path; /* --batch: pairs and outputs from this file, not -r/-d/-o */
    unsigned jobs;          /* --jobs: pairs at once in a batch; 0: the default */
    unsigned chunks;        /* --chunks: a pair's chunks on NVDEC at once; 0: the default */
    unsigned cpu_chunks;    /* --cpu_chunks: those decoded on the CPU alongside */
    unsigned slice_index, slice_count; /* --slice I/N; count 0: the whole list */
    bool resume;                       /* --resume: pairs with a complete output skipped */
    bool from_outputs;         /* --from_outputs: the report read from the pairs' JSON outputs */
    const char *report_path;   /* --report: the report of every pair, or NULL */
    unsigned report_worst;     /* --report_worst: its worst frames a pair */
    const char *report_anchor; /* --report_anchor: the group BD-rates compare against */
    char error[512];
} CliSettings;

/* Returns 0, or a negative errno with s->error set. s must be released
 * with cli_free() either way. */
int cli_parse(CliSettings *s, int argc, char *const argv[]);

void cli_free(CliSettings *s);

/* The value f's spec gives option key (not NUL-terminated: *len bytes), or
 * NULL when it gives none; the last one when it gives several. */
const char *cli_feature_option(const CliFeature *f, const char *key, size_t *len);

/* The model's label in the pooled score lines: its version or path. */
const char *cli_model_label(const CliModel *m);

void cli_print_usage(FILE *out, const char *app);

#endif
