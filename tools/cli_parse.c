/* Option parsing for the vmaf tool, including the --aom_ctc and --nflx_ctc
 * presets. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli_parse.h"

enum {
    OPT_XML = 256,
    OPT_JSON,
    OPT_CSV,
    OPT_SUB,
    OPT_THREADS,
    OPT_FEATURE,
    OPT_SUBSAMPLE,
    OPT_CPUMASK,
    OPT_GPUMASK,
    OPT_AOM_CTC,
    OPT_NFLX_CTC,
    OPT_FRAME_CNT,
    OPT_FRAME_SKIP_REF,
    OPT_FRAME_SKIP_DIST,
    OPT_BACKEND,
    OPT_GPU_DEVICE,
    OPT_CLAMP_SAMPLES,
    OPT_SCALE_DIST,
    OPT_BATCH,
    OPT_JOBS,
    OPT_HWDEC,
    OPT_CHUNKS,
    OPT_CPU_CHUNKS,
    OPT_SLICE,
    OPT_RESUME,
    OPT_FROM_OUTPUTS,
    OPT_REPORT,
    OPT_REPORT_WORST,
    OPT_REPORT_ANCHOR,
    OPT_HELP,
};

/* Leading ':' makes getopt report a missing argument as ':'. */
static const char short_options[] = ":r:d:w:h:p:b:m:o:nvq";

static const struct option long_options[] = {
    {"reference", required_argument, NULL, 'r'},
    {"distorted", required_argument, NULL, 'd'},
    {"width", required_argument, NULL, 'w'},
    {"height", required_argument, NULL, 'h'},
    {"pixel_format", required_argument, NULL, 'p'},
    {"bitdepth", required_argument, NULL, 'b'},
    {"model", required_argument, NULL, 'm'},
    {"output", required_argument, NULL, 'o'},
    {"xml", no_argument, NULL, OPT_XML},
    {"json", no_argument, NULL, OPT_JSON},
    {"csv", no_argument, NULL, OPT_CSV},
    {"sub", no_argument, NULL, OPT_SUB},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"feature", required_argument, NULL, OPT_FEATURE},
    {"subsample", required_argument, NULL, OPT_SUBSAMPLE},
    {"cpumask", required_argument, NULL, OPT_CPUMASK},
    {"gpumask", required_argument, NULL, OPT_GPUMASK},
    {"aom_ctc", required_argument, NULL, OPT_AOM_CTC},
    {"nflx_ctc", required_argument, NULL, OPT_NFLX_CTC},
    {"frame_cnt", required_argument, NULL, OPT_FRAME_CNT},
    {"frame_skip_ref", required_argument, NULL, OPT_FRAME_SKIP_REF},
    {"frame_skip_dist", required_argument, NULL, OPT_FRAME_SKIP_DIST},
    {"clamp_samples", no_argument, NULL, OPT_CLAMP_SAMPLES},
    {"scale_dist", no_argument, NULL, OPT_SCALE_DIST},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {"gpu_device", required_argument, NULL, OPT_GPU_DEVICE},
    {"batch", required_argument, NULL, OPT_BATCH},
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"hwdec", required_argument, NULL, OPT_HWDEC},
    {"chunks", required_argument, NULL, OPT_CHUNKS},
    {"cpu_chunks", required_argument, NULL, OPT_CPU_CHUNKS},
    {"slice", required_argument, NULL, OPT_SLICE},
    {"resume", no_argument, NULL, OPT_RESUME},
    {"from_outputs", no_argument, NULL, OPT_FROM_OUTPUTS},
    {"report", required_argument, NULL, OPT_REPORT},
    {"report_worst", required_argument, NULL, OPT_REPORT_WORST},
    {"report_anchor", required_argument, NULL, OPT_REPORT_ANCHOR},
    {"no_prediction", no_argument, NULL, 'n'},
    {"version", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0},
};

void cli_print_usage(FILE *out, const char *app)
{
    fprintf(out, "Usage: %s -r REF -d DIST [options]\n       %s --batch FILE [options]\n\n", app,
            app);
    fputs("Inputs (Y4M is recognised by its \"YUV4MPEG2\" signature; with -w, -h, -p and\n"
          "-b anything else is raw planar YUV, without them encoded video that FFmpeg's\n"
          "libraries read, when this build has them):\n"
          "  -r, --reference PATH        reference video\n"
          "  -d, --distorted PATH        distorted video\n"
          "  -w, --width N               raw YUV width (1..16384)\n"
          "  -h, --height N              raw YUV height (1..16384)\n"
          "  -p, --pixel_format FMT      raw YUV layout: 420, 422, 444 or 400\n"
          "  -b, --bitdepth N            raw YUV bits per sample: 8..16 (little-endian\n"
          "                              16-bit words above 8)\n"
          "      --frame_cnt N           score at most N frames\n"
          "      --frame_skip_ref N      drop the first N reference frames\n"
          "      --frame_skip_dist N     drop the first N distorted frames\n"
          "      --scale_dist            scale an encoded distorted video of another size\n"
          "                              to the reference's, with swscale's bicubic (as\n"
          "                              FFmpeg's scale filter does); default: an error\n"
          "      --clamp_samples         clamp samples above the bit depth to its largest\n"
          "                              value (default: refuse the input, naming one)\n\n"
          "Models and features:\n"
          "  -m, --model PARAMS          a model, as key=value items joined by ':':\n"
          "                                version=NAME  a built-in model (listed below);\n"
          "                                              NAME.json in $VMAF_MODEL_DIR, if\n"
          "                                              there, replaces it\n"
          "                                path=FILE     model file\n"
          "                                name=NAME     score name (default \"vmaf\")\n"
          "                                disable_clip, enable_transform\n"
          "                                EXTRACTOR.OPTION=VALUE  overrides an option\n"
          "                              Repeatable (32 at most, each uniquely named).\n"
          "                              Default: version=vmaf_v0.6.1\n"
          "      --feature NAME[=K=V:K=V]\n"
          "                              run extractor NAME with options (32 at most)\n"
          "      --aom_ctc VERSION       AOM CTC preset, v1.0 .. v7.0\n"
          "      --nflx_ctc VERSION      Netflix CTC preset, v1.0\n"
          "  -n, --no_prediction         compute features only, no model score\n\n"
          "Output:\n"
          "  -o, --output PATH           write per-frame and pooled scores to PATH\n"
          "      --xml, --json, --csv, --sub\n"
          "                              format of that file (default XML)\n"
          "  -q, --quiet                 nothing on stderr but errors (and the pooled\n"
          "                              scores when there is no -o: they are the result)\n"
          "      --report PATH           a report of every pair: per-frame charts, pooled\n"
          "                              scores, the worst frames' pictures, rate-quality\n"
          "                              curves and BD-rates of a batch's groups; one\n"
          "                              self-contained page for PATH.html, data for\n"
          "                              PATH.json or PATH.csv\n"
          "      --report_worst N        worst frames shown a pair (default 6, 0..32)\n"
          "      --report_anchor GROUP   the group BD-rates compare against (default: the\n"
          "                              batch's first)\n\n"
          "Many pairs in one process (one model load, one GPU context):\n"
          "      --batch FILE            score each line's pair, a line being\n"
          "                              REFERENCE<TAB>DISTORTED<TAB>OUTPUT, and optionally\n"
          "                              <TAB>GROUP<TAB>KBITS (the encoder or setting, and\n"
          "                              the bitrate in kbit/s, for --report; - for the\n"
          "                              output writes none) (empty lines and\n"
          "                              lines starting with # skipped); the other options\n"
          "                              apply to every pair. A pair that fails is reported\n"
          "                              with its line and the others go on; exit status 2\n"
          "                              if any failed\n"
          "      --jobs N                pairs scored at once (default 4 on CUDA, 2 on the\n"
          "                              CPU; at most 64)\n"
          "      --slice I/N             score only slice I (0 .. N-1) of N slices of the\n"
          "                              list, balanced by the files' sizes, the same in\n"
          "                              every process: one task of an array job\n"
          "      --resume                skip the pairs whose output is already complete\n"
          "                              (default: score every pair, replacing outputs)\n"
          "      --from_outputs          with --report and --json: score nothing, report\n"
          "                              each pair from its JSON output of an earlier run\n\n"
          "Processing:\n"
          "      --threads N             worker threads (0: none; at most 256)\n"
          "      --subsample N           score only every N-th frame\n"
          "      --cpumask MASK          set bits disable instruction sets\n"
          "      --gpumask MASK          set bits disable GPU use\n"
          "      --backend NAME          auto (default: CUDA, else HIP, when built with it\n"
          "                              and a device is usable, else the CPU), cpu, cuda,\n"
          "                              sycl or hip (an error without a usable device);\n"
          "                              features without a version for it run on the\n"
          "                              CPU, as the log says\n"
          "      --gpu_device N          CUDA, SYCL or HIP device to use (default 0;\n"
          "                              SYCL's GPUs first, then its CPU device)\n"
          "      --hwdec MODE            encoded inputs: auto (default: on NVDEC, into\n"
          "                              GPU memory, when the CUDA backend scores and its\n"
          "                              features read luma only; else on the CPU), none\n"
          "                              (the CPU), or cuda (NVDEC, or an error)\n"
          "      --chunks N              split encoded inputs at keyframes into pieces\n"
          "                              decoded and scored N at once, each with decoders\n"
          "                              (NVDEC sessions) and a context of its own; the\n"
          "                              scores are the same (default 1: one piece)\n"
          "      --cpu_chunks N          N more pieces at once decoded on the CPU\n"
          "                              (default 0)\n\n"
          "  -v, --version               print the library version and exit\n"
          "      --help                  print this help and exit\n\n"
          "The pooled (mean) score of each model is printed to stderr when it is a\n"
          "terminal. A shorter Y4M or YUV input ends scoring with a warning; the frames\n"
          "both inputs have are scored. Encoded inputs must have the same number of\n"
          "frames, unless --frame_cnt is given.\n\n"
          "Exit status: 0 success, 1 bad command line, 2 bad input or failure while\n"
          "scoring (then no output file is written).\n\n"
          "Built-in models (--model version=NAME):\n",
          out);
    unsigned col = 0;
    for (const char *v = vmaf_model_built_in_next(NULL); v; v = vmaf_model_built_in_next(v)) {
        if (col && col + strlen(v) + 1 > 78) {
            fputc('\n', out);
            col = 0;
        }
        col += fprintf(out, " %s", v);
    }
    fputc('\n', out);
}

static int fail(CliSettings *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(CliSettings *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof(s->error), fmt, ap);
    va_end(ap);
    return -EINVAL;
}

/* "-w/--width" or "--threads", for messages. */
static void option_name(int opt, char *buf, size_t size)
{
    for (const struct option *o = long_options; o->name; o++) {
        if (o->val != opt)
            continue;
        if (opt < 256)
            snprintf(buf, size, "-%c/--%s", opt, o->name);
        else
            snprintf(buf, size, "--%s", o->name);
        return;
    }
    snprintf(buf, size, "-%c", opt);
}

static int bad_argument(CliSettings *s, int opt, const char *arg, const char *should_be)
{
    char name[64];
    option_name(opt, name, sizeof(name));
    return fail(s, "invalid argument \"%s\" for %s: should be %s", arg, name, should_be);
}

/* strtoull with the whole string checked: no sign, no spaces, no trailing
 * characters, no wrap-around. Base 0, so 0x.. masks work. */
static bool read_u64(const char *arg, uint64_t max, uint64_t *out)
{
    if (arg[0] < '0' || arg[0] > '9')
        return false;
    errno = 0;
    char *end;
    const unsigned long long v = strtoull(arg, &end, 0);
    if (*end || errno == ERANGE || v > max)
        return false;
    *out = v;
    return true;
}

static int parse_u64(CliSettings *s, int opt, const char *arg, uint64_t max, uint64_t *out)
{
    if (read_u64(arg, max, out))
        return 0;
    char should_be[64];
    snprintf(should_be, sizeof(should_be), "an unsigned integer up to %llu",
             (unsigned long long)max);
    return bad_argument(s, opt, arg, should_be);
}

static int parse_uint_range(CliSettings *s, int opt, const char *arg, unsigned min, unsigned max,
                            unsigned *out)
{
    uint64_t v = 0;
    if (!read_u64(arg, max, &v) || v < min) {
        char should_be[64];
        snprintf(should_be, sizeof(should_be), "an integer from %u to %u", min, max);
        return bad_argument(s, opt, arg, should_be);
    }
    *out = (unsigned)v;
    return 0;
}

/* --slice I/N: 0 <= I < N <= CLI_MAX_SLICES. */
static int parse_slice(CliSettings *s, const char *arg)
{
    char *end;
    errno = 0;
    const unsigned long i = strtoul(arg, &end, 10);
    const bool first = end != arg && *end == '/' && isdigit((unsigned char)*arg);
    const char *second = first ? end + 1 : NULL;
    const unsigned long n = first ? strtoul(second, &end, 10) : 0;
    if (!first || !isdigit((unsigned char)*second) || *end || errno || !n || n > CLI_MAX_SLICES ||
        i >= n)
        return fail(s, "--slice \"%s\": want I/N, the slice I (0 .. N-1) of N (1 .. %u)", arg,
                    CLI_MAX_SLICES);
    s->slice_index = (unsigned)i;
    s->slice_count = (unsigned)n;
    return 0;
}

static int parse_pix_fmt(CliSettings *s, const char *arg, enum VmafPixelFormat *out)
{
    static const struct {
        const char *name;
        enum VmafPixelFormat pix_fmt;
    } formats[] = {
        {"420", VMAF_PIX_FMT_YUV420P},
        {"422", VMAF_PIX_FMT_YUV422P},
        {"444", VMAF_PIX_FMT_YUV444P},
        {"400", VMAF_PIX_FMT_YUV400P},
    };
    for (size_t i = 0; i < sizeof(formats) / sizeof(*formats); i++) {
        if (!strcmp(arg, formats[i].name)) {
            *out = formats[i].pix_fmt;
            return 0;
        }
    }
    return bad_argument(s, 'p', arg, "420, 422, 444 or 400");
}

/* arg as one of the n names: its index in *out, or a message saying which
 * names opt takes. */
static int parse_name(CliSettings *s, int opt, const char *arg, const char *const *names, size_t n,
                      const char *should_be, int *out)
{
    for (size_t i = 0; i < n; i++) {
        if (!strcmp(arg, names[i])) {
            *out = (int)i;
            return 0;
        }
    }
    return bad_argument(s, opt, arg, should_be);
}

static const char *const backend_names[] = {
    [CLI_BACKEND_AUTO] = "auto", [CLI_BACKEND_CPU] = "cpu", [CLI_BACKEND_CUDA] = "cuda",
    [CLI_BACKEND_SYCL] = "sycl", [CLI_BACKEND_HIP] = "hip",
};

static int parse_backend(CliSettings *s, const char *arg)
{
    int i = 0;
    const int err = parse_name(s, OPT_BACKEND, arg, backend_names,
                               sizeof(backend_names) / sizeof(*backend_names),
                               "auto, cpu, cuda, sycl or hip", &i);
    s->backend = (enum CliBackend)i;
    return err;
}

static int parse_hwdec(CliSettings *s, const char *arg)
{
    static const char *const names[] = {
        [CLI_HWDEC_AUTO] = "auto",
        [CLI_HWDEC_NONE] = "none",
        [CLI_HWDEC_CUDA] = "cuda",
    };
    int i = 0;
    const int err = parse_name(s, OPT_HWDEC, arg, names, sizeof(names) / sizeof(*names),
                               "auto, none or cuda", &i);
    s->hwdec = (enum CliHwdec)i;
    return err;
}

static char *copy_string(CliSettings *s, const char *str)
{
    char *copy = strdup(str);
    if (!copy)
        fail(s, "out of memory");
    return copy;
}

/* Splits "key=value" in place. Both parts must be non-empty and the value
 * must not contain another '='. */
static bool split_key_value(char *item, char **key, char **value)
{
    char *eq = strchr(item, '=');
    if (!eq || eq == item || !eq[1] || strchr(eq + 1, '='))
        return false;
    *eq = '\0';
    *key = item;
    *value = eq + 1;
    return true;
}

static int dictionary_set(CliSettings *s, VmafFeatureDictionary **dict, const char *key,
                          const char *value, const char *spec)
{
    int err = vmaf_feature_dictionary_set(dict, key, value);
    if (err)
        return fail(s, "could not store option %s=%s of \"%s\": %s", key, value, spec,
                    strerror(-err));
    return 0;
}

static int parse_feature(CliSettings *s, const char *spec, CliFeature *f)
{
    *f = (CliFeature){.spec = spec};
    if (!(f->buf = copy_string(s, spec)))
        return -ENOMEM;

    char *rest = f->buf;
    f->name = strsep(&rest, "=");
    if (!*f->name)
        return fail(s, "--feature \"%s\": missing extractor name", spec);
    if (!rest)
        return 0;

    for (char *item; (item = strsep(&rest, ":"));) {
        char *key, *value;
        if (!split_key_value(item, &key, &value))
            return fail(s, "--feature \"%s\": bad option \"%s\", expected key=value", spec, item);
        int err = dictionary_set(s, &f->opts, key, value, spec);
        if (err)
            return err;
    }
    return 0;
}

const char *cli_feature_option(const CliFeature *f, const char *key, size_t *len)
{
    const char *found = NULL, *item = strchr(f->spec, '=');
    const size_t key_len = strlen(key);
    while (item) {
        item++;
        const char *end = item + strcspn(item, ":");
        if (!strncmp(item, key, key_len) && item[key_len] == '=') {
            found = item + key_len + 1;
            *len = (size_t)(end - found);
        }
        item = *end ? end : NULL;
    }
    return found;
}

static void free_feature(CliFeature *f)
{
    vmaf_feature_dictionary_free(&f->opts);
    free(f->buf);
    *f = (CliFeature){0};
}

static int add_feature(CliSettings *s, const char *spec)
{
    if (s->feature_cnt == CLI_MAX_FEATURES)
        return fail(s, "at most %d --feature options are supported", CLI_MAX_FEATURES);
    CliFeature *f = &s->feature[s->feature_cnt++];
    return parse_feature(s, spec, f);
}

/* Replaces the feature with the same extractor name, or appends. */
static int replace_feature(CliSettings *s, const char *spec)
{
    CliFeature f;
    int err = parse_feature(s, spec, &f);
    if (err) {
        free_feature(&f);
        return err;
    }
    for (unsigned i = 0; i < s->feature_cnt; i++) {
        if (!strcmp(s->feature[i].name, f.name)) {
            free_feature(&s->feature[i]);
            s->feature[i] = f;
            return 0;
        }
    }
    if (s->feature_cnt == CLI_MAX_FEATURES) {
        free_feature(&f);
        return fail(s, "at most %d --feature options are supported", CLI_MAX_FEATURES);
    }
    s->feature[s->feature_cnt++] = f;
    return 0;
}

static int parse_model_flag(CliSettings *s, const char *spec, const char *key, const char *value,
                            uint64_t flag, uint64_t *flags)
{
    if (!value || !strcmp(value, "true")) {
        *flags |= flag;
        return 0;
    }
    if (!strcmp(value, "false")) {
        *flags &= ~flag;
        return 0;
    }
    return fail(s, "--model \"%s\": %s takes true or false, not \"%s\"", spec, key, value);
}

static int parse_overload(CliSettings *s, const char *spec, CliModel *m, char *key,
                          const char *value)
{
    char *dot = strchr(key, '.');
    if (!dot || dot == key || !dot[1])
        return fail(s,
                    "--model \"%s\": unknown parameter \"%s\" (expected path, version, name, "
                    "disable_clip, enable_transform or EXTRACTOR.OPTION=VALUE)",
                    spec, key);
    if (m->overload_cnt == CLI_MAX_OVERLOADS)
        return fail(s, "--model \"%s\": at most %d feature overloads per model", spec,
                    CLI_MAX_OVERLOADS);
    *dot = '\0';
    CliOverload *o = &m->overload[m->overload_cnt++];
    o->extractor = key;
    return dictionary_set(s, &o->opts, dot + 1, value, spec);
}

static int parse_model_item(CliSettings *s, const char *spec, CliModel *m, char *item)
{
    char *key = item, *value = NULL;
    if (strchr(item, '=') && !split_key_value(item, &key, &value))
        return fail(s, "--model \"%s\": bad parameter \"%s\", expected key=value", spec, item);

    if (!strcmp(key, "disable_clip"))
        return parse_model_flag(s, spec, key, value, VMAF_MODEL_FLAG_DISABLE_CLIP, &m->cfg.flags);
    if (!strcmp(key, "enable_transform"))
        return parse_model_flag(s, spec, key, value, VMAF_MODEL_FLAG_ENABLE_TRANSFORM,
                                &m->cfg.flags);
    if (!value)
        return fail(s, "--model \"%s\": parameter \"%s\" needs a value", spec, key);
    if (!strcmp(key, "path"))
        m->path = value;
    else if (!strcmp(key, "version"))
        m->version = value;
    else if (!strcmp(key, "name"))
        m->cfg.name = value;
    else
        return parse_overload(s, spec, m, key, value);
    return 0;
}

static int parse_model(CliSettings *s, const char *spec, CliModel *m)
{
    *m = (CliModel){.cfg = {.name = "vmaf", .flags = VMAF_MODEL_FLAGS_DEFAULT}};
    if (!(m->buf = copy_string(s, spec)))
        return -ENOMEM;

    char *rest = m->buf;
    for (char *item; (item = strsep(&rest, ":"));) {
        if (!*item)
            return fail(s, "--model \"%s\": empty parameter", spec);
        int err = parse_model_item(s, spec, m, item);
        if (err)
            return err;
    }
    if (!m->path == !m->version)
        return fail(s, "--model \"%s\": give exactly one of path= or version=", spec);
    return 0;
}

static CliModel *new_model(CliSettings *s)
{
    if (s->model_cnt == CLI_MAX_MODELS) {
        fail(s, "at most %d models are supported", CLI_MAX_MODELS);
        return NULL;
    }
    return &s->model[s->model_cnt++];
}

static int add_model(CliSettings *s, const char *spec)
{
    CliModel *m = new_model(s);
    return m ? parse_model(s, spec, m) : -EINVAL;
}

static int add_builtin_model(CliSettings *s, const char *version, const char *name)
{
    CliModel *m = new_model(s);
    if (!m)
        return -EINVAL;
    *m = (CliModel){.version = version, .cfg = {.name = name}};
    return 0;
}

static int add_features(CliSettings *s, const char *const *specs, size_t cnt)
{
    for (size_t i = 0; i < cnt; i++) {
        int err = add_feature(s, specs[i]);
        if (err)
            return err;
    }
    return 0;
}

/* AOM CTC presets: each version extends the previous one. */
static int apply_aom_ctc(CliSettings *s, const char *version)
{
    static const char *const v1_features[] = {
        "psnr=reduced_hbd_peak=true:enable_apsnr=true:min_sse=0.5",
        "ciede",
        "float_ssim=enable_db=true:clip_db=true",
        "float_ms_ssim=enable_db=true:clip_db=true",
        "psnr_hvs",
    };
    static const char *const versions[] = {"v1.0", "v2.0", "v3.0", "v4.0", "v5.0", "v6.0", "v7.0"};
    if (!strcmp(version, "proposed"))
        return fail(s, "--aom_ctc proposed is deprecated; use a version such as v7.0");
    int level = 0;
    for (size_t i = 0; i < sizeof(versions) / sizeof(*versions); i++)
        if (!strcmp(version, versions[i]))
            level = (int)i + 1;
    if (!level)
        return bad_argument(s, OPT_AOM_CTC, version, "one of v1.0 .. v7.0");

    int err = add_builtin_model(s, "vmaf_v0.6.1", "vmaf");
    err = err ? err : add_builtin_model(s, "vmaf_v0.6.1neg", "vmaf_neg");
    err = err ? err : add_features(s, v1_features, sizeof(v1_features) / sizeof(*v1_features));
    if (!err && level >= 3)
        err = add_feature(s, "cambi");
    if (level >= 6)
        s->common_bitdepth = true;
    if (!err && level >= 7)
        err = replace_feature(s, "float_ssim=scale=1:enable_db=true:clip_db=true");
    return err;
}

static int apply_nflx_ctc(CliSettings *s, const char *version)
{
    static const char *const features[] = {
        "psnr=enable_chroma=true:enable_apsnr=true",
        "float_ssim=enable_db=true:clip_db=true",
        "cambi",
    };
    if (strcmp(version, "v1.0"))
        return bad_argument(s, OPT_NFLX_CTC, version, "v1.0");
    int err = add_builtin_model(s, "vmaf_4k_v0.6.1", "vmaf");
    err = err ? err : add_builtin_model(s, "vmaf_4k_v0.6.1neg", "vmaf_neg");
    return err ? err : add_features(s, features, sizeof(features) / sizeof(*features));
}

static int parse_raw_option(CliSettings *s, int opt, const char *arg)
{
    s->use_yuv = true;
    switch (opt) {
    case 'w':
        return parse_uint_range(s, opt, arg, 1, VIDEO_INPUT_MAX_DIM, &s->raw.w);
    case 'h':
        return parse_uint_range(s, opt, arg, 1, VIDEO_INPUT_MAX_DIM, &s->raw.h);
    case 'b':
        return parse_uint_range(s, opt, arg, 8, 16, &s->raw.bpc);
    default:
        return parse_pix_fmt(s, arg, &s->raw.pix_fmt);
    }
}

static int parse_option(CliSettings *s, int opt, const char *arg)
{
    uint64_t mask = 0;
    int err;
    switch (opt) {
    case 'r':
        s->path_ref = arg;
        return 0;
    case 'd':
        s->path_dist = arg;
        return 0;
    case 'w':
    case 'h':
    case 'p':
    case 'b':
        return parse_raw_option(s, opt, arg);
    case 'o':
        s->output_path = arg;
        return 0;
    case OPT_XML:
        s->output_fmt = VMAF_OUTPUT_FORMAT_XML;
        return 0;
    case OPT_JSON:
        s->output_fmt = VMAF_OUTPUT_FORMAT_JSON;
        return 0;
    case OPT_CSV:
        s->output_fmt = VMAF_OUTPUT_FORMAT_CSV;
        return 0;
    case OPT_SUB:
        s->output_fmt = VMAF_OUTPUT_FORMAT_SUB;
        return 0;
    case 'm':
        return add_model(s, arg);
    case OPT_FEATURE:
        return add_feature(s, arg);
    case OPT_THREADS:
        return parse_uint_range(s, opt, arg, 0, CLI_MAX_THREADS, &s->thread_cnt);
    case OPT_SUBSAMPLE:
        return parse_uint_range(s, opt, arg, 0, UINT_MAX, &s->subsample);
    case OPT_CPUMASK:
    case OPT_GPUMASK:
        err = parse_u64(s, opt, arg, UINT64_MAX, &mask);
        if (!err)
            *(opt == OPT_CPUMASK ? &s->cpumask : &s->gpumask) = mask;
        return err;
    case OPT_AOM_CTC:
        return apply_aom_ctc(s, arg);
    case OPT_NFLX_CTC:
        return apply_nflx_ctc(s, arg);
    case OPT_FRAME_CNT:
        return parse_uint_range(s, opt, arg, 0, UINT_MAX, &s->frame_cnt);
    case OPT_FRAME_SKIP_REF:
        return parse_uint_range(s, opt, arg, 0, UINT_MAX, &s->frame_skip_ref);
    case OPT_FRAME_SKIP_DIST:
        return parse_uint_range(s, opt, arg, 0, UINT_MAX, &s->frame_skip_dist);
    case OPT_BACKEND:
        return parse_backend(s, arg);
    case OPT_GPU_DEVICE:
        return parse_uint_range(s, opt, arg, 0, INT_MAX, &s->gpu_device);
    case OPT_HWDEC:
        return parse_hwdec(s, arg);
    case OPT_BATCH:
        s->batch_path = arg;
        return 0;
    case OPT_JOBS:
        return parse_uint_range(s, opt, arg, 1, CLI_MAX_JOBS, &s->jobs);
    case OPT_CHUNKS:
        return parse_uint_range(s, opt, arg, 1, CLI_MAX_JOBS, &s->chunks);
    case OPT_CPU_CHUNKS:
        return parse_uint_range(s, opt, arg, 0, CLI_MAX_JOBS, &s->cpu_chunks);
    case OPT_SLICE:
        return parse_slice(s, arg);
    case OPT_RESUME:
        s->resume = true;
        return 0;
    case OPT_FROM_OUTPUTS:
        s->from_outputs = true;
        return 0;
    case OPT_REPORT:
        s->report_path = arg;
        return 0;
    case OPT_REPORT_WORST:
        return parse_uint_range(s, opt, arg, 0, REPORT_WORST_MAX, &s->report_worst);
    case OPT_REPORT_ANCHOR:
        s->report_anchor = arg;
        return 0;
    case 'n':
        s->no_prediction = true;
        return 0;
    case OPT_CLAMP_SAMPLES:
        s->clamp_samples = true;
        return 0;
    case OPT_SCALE_DIST:
        s->scale_dist = true;
        return 0;
    case 'q':
        s->quiet = true;
        return 0;
    case 'v':
        s->action = CLI_ACTION_VERSION;
        return 0;
    case OPT_HELP:
        s->action = CLI_ACTION_HELP;
        return 0;
    default:
        return fail(s, "internal error: unhandled option %d", opt);
    }
}

/* Flags of libvmaf's older tools (vmafossexec, the 1.x and 2.x vmaf CLI)
 * that scripts still pass, with what does the same here. */
static const struct {
    const char *flag, *instead;
} retired_flags[] = {
    {"--psnr", "--feature psnr"},
    {"--ssim", "--feature float_ssim"},
    {"--ms-ssim", "--feature float_ms_ssim"},
    {"--log", "-o/--output PATH"},
    {"--log-fmt", "--xml, --json, --csv or --sub"},
    {"--log_fmt", "--xml, --json, --csv or --sub"},
    {"--pool", "the output file's pooled_metrics (min, max, mean, harmonic_mean)"},
    {"--phone-model", "--model version=vmaf_v0.6.1:enable_transform"},
    {"--ci", "--model version=vmaf_b_v0.6.3 (a bootstrap model)"},
    {"--model_path", "--model path=FILE"},
    {"--model-path", "--model path=FILE"},
};

static const char *retired_replacement(const char *arg)
{
    const size_t n = strcspn(arg, "=");
    for (size_t i = 0; i < sizeof(retired_flags) / sizeof(retired_flags[0]); i++)
        if (strlen(retired_flags[i].flag) == n && !strncmp(arg, retired_flags[i].flag, n))
            return retired_flags[i].instead;
    return NULL;
}

static int getopt_error(CliSettings *s, int ret, char *const argv[])
{
    const char *arg = argv[optind - 1];
    const char *instead = retired_replacement(arg);
    if (instead)
        return fail(s,
                    "option %.*s is not supported by this vmaf (nor by libvmaf's since 2.0); "
                    "use %s",
                    (int)strcspn(arg, "="), arg, instead);
    if (ret == ':' && optopt == 'h')
        return fail(s, "option -h (height) needs an argument; help is --help");
    if (ret == ':')
        return fail(s, "option %s needs an argument", arg);
    if (optopt && !strncmp(arg, "--", 2))
        return fail(s, "option %s takes no argument", arg);
    if (optopt)
        return fail(s, "unknown option -%c", optopt);
    return fail(s, "unknown or ambiguous option %s", arg);
}

static bool same_name(const char *a, const char *b)
{
    return !strcmp(a ? a : "vmaf", b ? b : "vmaf");
}

static int check_settings(CliSettings *s)
{
    if (s->batch_path && (s->path_ref || s->path_dist || s->output_path))
        return fail(s, "--batch takes each pair and its output from its file: give no -r, -d "
                       "or -o with it");
    if (s->from_outputs && (!s->batch_path || !s->report_path ||
                            s->output_fmt != VMAF_OUTPUT_FORMAT_JSON || s->resume))
        return fail(s, "--from_outputs reports a --batch list's JSON outputs: it needs --batch, "
                       "--report and --json, and scores nothing (no --resume)");
    if ((s->slice_count || s->resume) && !s->batch_path)
        return fail(s, "--slice and --resume take the pairs of a --batch list");
    if (s->jobs && !s->batch_path)
        return fail(s, "--jobs is the number of pairs scored at once in a --batch");
    if ((s->chunks || s->cpu_chunks) && s->batch_path)
        return fail(s, "--chunks and --cpu_chunks split one pair; a --batch keeps the decoders "
                       "busy with --jobs pairs at once");
    if ((s->chunks > 1 || s->cpu_chunks) && s->subsample > 1)
        return fail(s, "--chunks cannot split a --subsample run: its frames are counted from "
                       "the pair's start");
    ReportFormat format;
    if (s->report_path && !report_format_of(s->report_path, &format))
        return fail(s, "--report \"%s\": the path must end in .html, .json or .csv",
                    s->report_path);
    if ((s->report_worst != REPORT_WORST_DEFAULT || s->report_anchor) && !s->report_path)
        return fail(s, "--report_worst and --report_anchor shape a --report: give one");
    if (!s->path_ref && !s->batch_path)
        return fail(s, "the reference video (-r/--reference) is required");
    if (!s->path_dist && !s->batch_path)
        return fail(s, "the distorted video (-d/--distorted) is required");
    if (s->use_yuv) {
        if (!s->raw.w || !s->raw.h || !s->raw.pix_fmt || !s->raw.bpc)
            return fail(s, "raw YUV input needs all of -w/--width, -h/--height, "
                           "-p/--pixel_format and -b/--bitdepth");
        char msg[160];
        if (!video_dimensions_valid(s->raw.w, s->raw.h, msg, sizeof(msg)))
            return fail(s, "%s", msg);
    }
    if (!s->model_cnt && !s->no_prediction) {
        int err = add_builtin_model(s, "vmaf_v0.6.1", "vmaf");
        if (err)
            return err;
        s->default_model = true;
    }
    for (unsigned i = 0; i < s->model_cnt; i++) {
        if (!s->model[i].cfg.name || !*s->model[i].cfg.name)
            return fail(s, "model \"%s\" has an empty name", cli_model_label(&s->model[i]));
        for (unsigned j = 0; j < i; j++)
            if (same_name(s->model[i].cfg.name, s->model[j].cfg.name))
                return fail(s,
                            "two models are named \"%s\"; give each --model a unique name= "
                            "parameter",
                            s->model[i].cfg.name);
    }
    if (s->hwdec == CLI_HWDEC_CUDA && s->backend != CLI_BACKEND_AUTO &&
        s->backend != CLI_BACKEND_CUDA)
        return fail(s,
                    "--hwdec cuda decodes into GPU memory for the CUDA backend; --backend %s "
                    "scores elsewhere: give one of them",
                    backend_names[s->backend]);
    if (s->backend != CLI_BACKEND_AUTO && s->backend != CLI_BACKEND_CPU && s->gpumask)
        return fail(s,
                    "--gpumask keeps every feature off the GPU, --backend %s asks for it: "
                    "give one of them",
                    backend_names[s->backend]);
    if (!s->output_fmt)
        s->output_fmt = VMAF_OUTPUT_FORMAT_XML;
    return 0;
}

int cli_parse(CliSettings *s, int argc, char *const argv[])
{
    memset(s, 0, sizeof(*s));
    s->report_worst = REPORT_WORST_DEFAULT;
    opterr = 0;
    optind = 0; /* glibc: full re-initialisation, so that parsing can repeat */

    for (int opt; (opt = getopt_long(argc, argv, short_options, long_options, NULL)) != -1;) {
        int err =
            opt == '?' || opt == ':' ? getopt_error(s, opt, argv) : parse_option(s, opt, optarg);
        if (err)
            return err;
    }
    if (optind < argc)
        return fail(s, "unexpected argument \"%s\"", argv[optind]);
    if (s->action != CLI_ACTION_RUN)
        return 0;
    return check_settings(s);
}

void cli_free(CliSettings *s)
{
    for (unsigned i = 0; i < s->model_cnt; i++) {
        CliModel *m = &s->model[i];
        for (unsigned j = 0; j < m->overload_cnt; j++)
            vmaf_feature_dictionary_free(&m->overload[j].opts);
        free(m->buf);
    }
    for (unsigned i = 0; i < s->feature_cnt; i++)
        free_feature(&s->feature[i]);
    s->model_cnt = s->feature_cnt = 0;
}

const char *cli_model_label(const CliModel *m)
{
    return m->version ? m->version : m->path;
}
