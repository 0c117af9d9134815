/* The vmaf tool's command line: defaults, number checks, --model and
 * --feature syntax, the CTC presets, --chunks and error messages. */
#include <errno.h>

#include "cli_parse.h"
#include "core/dict.h"
#include "test.h"

#define ARGS(...) ((char *[]){"vmaf", __VA_ARGS__, NULL})
#define ARGC(argv) ((int)(sizeof(argv) / sizeof(*(argv))) - 1)

static CliSettings settings;

static int parse(int argc, char **argv)
{
    cli_free(&settings);
    return cli_parse(&settings, argc, argv);
}

#define PARSE(...) parse(ARGC(ARGS(__VA_ARGS__)), ARGS(__VA_ARGS__))

/* Parsing fails with a message containing expected. */
#define CHECK_PARSE_ERROR(expected, ...)                                                           \
    do {                                                                                           \
        CHECK_EQ_INT(PARSE(__VA_ARGS__), -EINVAL);                                                 \
        if (!strstr(settings.error, expected)) {                                                   \
            fprintf(stderr, "%s:%d: error \"%s\", expected \"%s\"\n", __FILE__, __LINE__,          \
                    settings.error, expected);                                                     \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

static const char *dict_get(const VmafFeatureDictionary *d, const char *key)
{
    const char *v = vmaf_dictionary_get(d, key);
    return v ? v : "(none)";
}

static void test_defaults(void)
{
    CHECK_EQ_INT(PARSE("-r", "ref.y4m", "-d", "dis.y4m"), 0);
    CHECK(!strcmp(settings.path_ref, "ref.y4m"));
    CHECK(!strcmp(settings.path_dist, "dis.y4m"));
    CHECK(!settings.use_yuv);
    CHECK_EQ_INT(settings.output_fmt, VMAF_OUTPUT_FORMAT_XML);
    CHECK_EQ_INT(settings.model_cnt, 1);
    CHECK(!strcmp(settings.model[0].version, "vmaf_v0.6.1"));
    CHECK(!strcmp(settings.model[0].cfg.name, "vmaf"));
    CHECK(!strcmp(cli_model_label(&settings.model[0]), "vmaf_v0.6.1"));
    CHECK_EQ_INT(settings.feature_cnt, 0);
    CHECK_EQ_INT(settings.thread_cnt, 0);

    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "-n"), 0);
    CHECK_EQ_INT(settings.model_cnt, 0);
    CHECK(settings.no_prediction);
}

static void test_all_options(void)
{
    CHECK_EQ_INT(PARSE("--reference", "a.yuv", "--distorted=b.yuv", "-w", "576", "-h", "324", "-p",
                       "422", "-b", "10", "-o", "out.json", "--json", "--threads", "4",
                       "--subsample", "2", "--cpumask", "0xffffffffffffffff", "--gpumask", "3",
                       "--frame_cnt", "10", "--frame_skip_ref", "1", "--frame_skip_dist", "2",
                       "-q"),
                 0);
    CHECK(settings.use_yuv);
    CHECK_EQ_INT(settings.raw.w, 576);
    CHECK_EQ_INT(settings.raw.h, 324);
    CHECK_EQ_INT(settings.raw.pix_fmt, VMAF_PIX_FMT_YUV422P);
    CHECK_EQ_INT(settings.raw.bpc, 10);
    CHECK(!strcmp(settings.output_path, "out.json"));
    CHECK_EQ_INT(settings.output_fmt, VMAF_OUTPUT_FORMAT_JSON);
    CHECK_EQ_INT(settings.thread_cnt, 4);
    CHECK_EQ_INT(settings.subsample, 2);
    CHECK(settings.cpumask == UINT64_MAX);
    CHECK_EQ_INT(settings.gpumask, 3);
    CHECK_EQ_INT(settings.frame_cnt, 10);
    CHECK_EQ_INT(settings.frame_skip_ref, 1);
    CHECK_EQ_INT(settings.frame_skip_dist, 2);
    CHECK(settings.quiet);

    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--csv"), 0);
    CHECK_EQ_INT(settings.output_fmt, VMAF_OUTPUT_FORMAT_CSV);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--sub", "--xml"), 0);
    CHECK_EQ_INT(settings.output_fmt, VMAF_OUTPUT_FORMAT_XML);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "-p", "400", "-w", "2", "-h", "2", "-b", "16"), 0);
    CHECK_EQ_INT(settings.raw.pix_fmt, VMAF_PIX_FMT_YUV400P);
}

static void test_help_and_version(void)
{
    CHECK_EQ_INT(PARSE("--help"), 0);
    CHECK_EQ_INT(settings.action, CLI_ACTION_HELP);
    CHECK_EQ_INT(PARSE("-v"), 0);
    CHECK_EQ_INT(settings.action, CLI_ACTION_VERSION);
    CHECK_EQ_INT(PARSE("--version", "-r", "a"), 0);
    CHECK_EQ_INT(settings.action, CLI_ACTION_VERSION);
}

static void test_required_inputs(void)
{
    CHECK_PARSE_ERROR("reference video (-r/--reference) is required", "-d", "b");
    CHECK_PARSE_ERROR("distorted video (-d/--distorted) is required", "-r", "a");
    CHECK_PARSE_ERROR("raw YUV input needs all of", "-r", "a", "-d", "b", "-w", "4");
    CHECK_PARSE_ERROR("raw YUV input needs all of", "-r", "a", "-d", "b", "-w", "4", "-h", "4",
                      "-p", "420");
    CHECK_PARSE_ERROR("exceeds the limit", "-r", "a", "-d", "b", "-w", "16384", "-h", "16384", "-p",
                      "420", "-b", "8");
}

static void test_bad_numbers(void)
{
    CHECK_PARSE_ERROR(
        "invalid argument \"abc\" for -w/--width: should be an integer from 1 to 16384", "-w",
        "abc");
    CHECK_PARSE_ERROR("invalid argument \"-1\" for -w/--width", "-w", "-1");
    CHECK_PARSE_ERROR("invalid argument \" 4\"", "-w", " 4");
    CHECK_PARSE_ERROR("invalid argument \"4x\"", "-w", "4x");
    CHECK_PARSE_ERROR("invalid argument \"\"", "-w", "");
    CHECK_PARSE_ERROR("should be an integer from 1 to 16384", "-w", "0");
    CHECK_PARSE_ERROR("\"320abc\" for -w/--width: should be an integer from 1 to 16384", "-w",
                      "320abc");
    CHECK_PARSE_ERROR("should be an integer from 1 to 16384", "-h", "16385");
    CHECK_PARSE_ERROR("should be an integer from 0 to 4294967295", "--frame_cnt", "4294967296");
    CHECK_PARSE_ERROR("up to 18446744073709551615", "--cpumask", "18446744073709551616");
    CHECK_PARSE_ERROR("invalid argument \"7\" for -b/--bitdepth: should be an integer from 8 to 16",
                      "-b", "7");
    CHECK_PARSE_ERROR("should be an integer from 8 to 16", "-b", "17");
    CHECK_PARSE_ERROR("for -p/--pixel_format: should be 420, 422, 444 or 400", "-p", "411");
    CHECK_PARSE_ERROR("for --threads: should be an integer from 0 to 256", "--threads", "257");
    CHECK_PARSE_ERROR("for --subsample", "--subsample", "+2");

    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "-w", "0x10", "-h", "010", "-p", "444", "-b", "8"), 0);
    CHECK_EQ_INT(settings.raw.w, 16);
    CHECK_EQ_INT(settings.raw.h, 8);
}

static void test_bad_options(void)
{
    CHECK_PARSE_ERROR("unknown or ambiguous option --foo", "--foo");
    CHECK_PARSE_ERROR("unknown option -x", "-x");
    CHECK_PARSE_ERROR("option --xml=1 takes no argument", "--xml=1");
    CHECK_PARSE_ERROR("option --no_prediction=1 takes no argument", "--no_prediction=1");
    CHECK_PARSE_ERROR("option -r needs an argument", "-r");
    CHECK_PARSE_ERROR("option --threads needs an argument", "--threads");
    CHECK_PARSE_ERROR("help is --help", "-h");
    CHECK_PARSE_ERROR("unexpected argument \"stray\"", "-r", "a", "-d", "b", "stray");
}

static void test_model_syntax(void)
{
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "-m",
                       "version=vmaf_v0.6.1neg:name=neg:disable_clip:enable_transform=true:"
                       "vif.vif_enhn_gain_limit=1.0:adm.adm_enhn_gain_limit=1.2",
                       "--model", "path=/x/my.json:enable_transform=false"),
                 0);
    CHECK_EQ_INT(settings.model_cnt, 2);
    const CliModel *m = &settings.model[0];
    CHECK(!strcmp(m->version, "vmaf_v0.6.1neg"));
    CHECK(!m->path);
    CHECK(!strcmp(m->cfg.name, "neg"));
    CHECK_EQ_INT(m->cfg.flags, VMAF_MODEL_FLAG_DISABLE_CLIP | VMAF_MODEL_FLAG_ENABLE_TRANSFORM);
    CHECK_EQ_INT(m->overload_cnt, 2);
    CHECK(!strcmp(m->overload[0].extractor, "vif"));
    CHECK(!strcmp(dict_get(m->overload[0].opts, "vif_enhn_gain_limit"), "1"));
    CHECK(!strcmp(m->overload[1].extractor, "adm"));
    CHECK(!strcmp(dict_get(m->overload[1].opts, "adm_enhn_gain_limit"), "1.2"));

    m = &settings.model[1];
    CHECK(!strcmp(m->path, "/x/my.json"));
    CHECK(!strcmp(cli_model_label(m), "/x/my.json"));
    CHECK(!strcmp(m->cfg.name, "vmaf"));
    CHECK_EQ_INT(m->cfg.flags, 0);
}

static void test_model_errors(void)
{
    CHECK_PARSE_ERROR("unknown parameter \"foo\"", "-m", "version=v:foo=1");
    CHECK_PARSE_ERROR("parameter \"foo\" needs a value", "-m", "version=v:foo");
    CHECK_PARSE_ERROR("give exactly one of path= or version=", "-m", "path=a:version=b");
    CHECK_PARSE_ERROR("give exactly one of path= or version=", "-m", "name=x");
    CHECK_PARSE_ERROR("disable_clip takes true or false, not \"maybe\"", "-m",
                      "version=v:disable_clip=maybe");
    CHECK_PARSE_ERROR("bad parameter \"name=\"", "-m", "version=v:name=");
    CHECK_PARSE_ERROR("empty parameter", "-m", "version=v::name=x");
    CHECK_PARSE_ERROR("unknown parameter \".opt\"", "-m", "version=v:.opt=1");
    CHECK_PARSE_ERROR("two models are named \"vmaf\"", "-r", "a", "-d", "b", "-m", "version=a",
                      "-m", "version=b");
    CHECK_PARSE_ERROR("two models are named \"vmaf\"", "-r", "a", "-d", "b", "--aom_ctc", "v1.0",
                      "-m", "version=b");

    char *argv[2 + 2 * (CLI_MAX_MODELS + 1) + 1] = {"vmaf"};
    char names[CLI_MAX_MODELS + 1][32];
    int argc = 1;
    for (int i = 0; i <= CLI_MAX_MODELS; i++) {
        snprintf(names[i], sizeof(names[i]), "version=v:name=m%d", i);
        argv[argc++] = "-m";
        argv[argc++] = names[i];
    }
    CHECK_EQ_INT(parse(argc, argv), -EINVAL);
    CHECK(strstr(settings.error, "at most 32 models") != NULL);

    char overloads[40 * 8] = "version=v";
    for (int i = 0; i <= CLI_MAX_OVERLOADS; i++)
        strcat(overloads, ":f.o=1");
    CHECK_PARSE_ERROR("at most 32 feature overloads", "-m", overloads);
}

static void test_feature_syntax(void)
{
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--feature", "psnr=enable_chroma=true:min_sse=0.50",
                       "--feature", "float_ssim"),
                 0);
    CHECK_EQ_INT(settings.feature_cnt, 2);
    CHECK(!strcmp(settings.feature[0].name, "psnr"));
    CHECK(!strcmp(settings.feature[0].spec, "psnr=enable_chroma=true:min_sse=0.50"));
    CHECK(!strcmp(dict_get(settings.feature[0].opts, "enable_chroma"), "true"));
    CHECK(!strcmp(dict_get(settings.feature[0].opts, "min_sse"), "0.5"));
    CHECK(!strcmp(settings.feature[1].name, "float_ssim"));
    CHECK(settings.feature[1].opts == NULL);

    CHECK_PARSE_ERROR("missing extractor name", "--feature", "=a=1");
    CHECK_PARSE_ERROR("missing extractor name", "--feature", "");
    CHECK_PARSE_ERROR("bad option \"\", expected key=value", "--feature", "psnr=");
    CHECK_PARSE_ERROR("bad option \"x\"", "--feature", "psnr=x");
    CHECK_PARSE_ERROR("bad option \"a=1=2\"", "--feature", "psnr=a=1=2");
    CHECK_PARSE_ERROR("bad option \"=1\"", "--feature", "psnr=a=1:=1");

    char *argv[1 + 2 * (CLI_MAX_FEATURES + 1) + 1] = {"vmaf"};
    int argc = 1;
    for (int i = 0; i <= CLI_MAX_FEATURES; i++) {
        argv[argc++] = "--feature";
        argv[argc++] = "psnr";
    }
    CHECK_EQ_INT(parse(argc, argv), -EINVAL);
    CHECK(strstr(settings.error, "at most 32 --feature") != NULL);
}

static void check_feature(unsigned i, const char *spec)
{
    CHECK(i < settings.feature_cnt);
    if (i < settings.feature_cnt && strcmp(settings.feature[i].spec, spec)) {
        fprintf(stderr, "  feature %u is \"%s\", expected \"%s\"\n", i, settings.feature[i].spec,
                spec);
        test_failures++;
    }
}

static void test_aom_ctc(void)
{
    static const char *const v1[] = {
        "psnr=reduced_hbd_peak=true:enable_apsnr=true:min_sse=0.5",
        "ciede",
        "float_ssim=enable_db=true:clip_db=true",
        "float_ms_ssim=enable_db=true:clip_db=true",
        "psnr_hvs",
    };
    static char *const versions[] = {"v1.0", "v2.0", "v3.0", "v4.0", "v5.0", "v6.0", "v7.0"};
    for (unsigned v = 0; v < 7; v++) {
        CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--aom_ctc", versions[v]), 0);
        CHECK_EQ_INT(settings.model_cnt, 2);
        CHECK(!strcmp(settings.model[0].version, "vmaf_v0.6.1"));
        CHECK(!strcmp(settings.model[0].cfg.name, "vmaf"));
        CHECK(!strcmp(settings.model[1].version, "vmaf_v0.6.1neg"));
        CHECK(!strcmp(settings.model[1].cfg.name, "vmaf_neg"));
        CHECK_EQ_INT(settings.feature_cnt, v >= 2 ? 6 : 5);
        for (unsigned i = 0; i < 5; i++)
            check_feature(i, v >= 6 && i == 2 ? "float_ssim=scale=1:enable_db=true:clip_db=true"
                                              : v1[i]);
        if (v >= 2)
            check_feature(5, "cambi");
        CHECK_EQ_INT(settings.common_bitdepth, v >= 5);
    }
    CHECK_PARSE_ERROR("--aom_ctc proposed is deprecated", "--aom_ctc", "proposed");
    CHECK_PARSE_ERROR("invalid argument \"v8.0\" for --aom_ctc", "--aom_ctc", "v8.0");

    /* Presets add to what came before them. */
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--feature", "vif", "--aom_ctc", "v1.0"), 0);
    CHECK_EQ_INT(settings.feature_cnt, 6);
    check_feature(0, "vif");
}

static void test_nflx_ctc(void)
{
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--nflx_ctc", "v1.0"), 0);
    CHECK_EQ_INT(settings.model_cnt, 2);
    CHECK(!strcmp(settings.model[0].version, "vmaf_4k_v0.6.1"));
    CHECK(!strcmp(settings.model[0].cfg.name, "vmaf"));
    CHECK(!strcmp(settings.model[1].version, "vmaf_4k_v0.6.1neg"));
    CHECK(!strcmp(settings.model[1].cfg.name, "vmaf_neg"));
    CHECK_EQ_INT(settings.feature_cnt, 3);
    check_feature(0, "psnr=enable_chroma=true:enable_apsnr=true");
    check_feature(1, "float_ssim=enable_db=true:clip_db=true");
    check_feature(2, "cambi");
    CHECK(!settings.common_bitdepth);
    CHECK_PARSE_ERROR("invalid argument \"v2.0\" for --nflx_ctc: should be v1.0", "--nflx_ctc",
                      "v2.0");
}

static void test_backend(void)
{
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b"), 0);
    CHECK_EQ_INT(settings.backend, CLI_BACKEND_AUTO);
    CHECK_EQ_INT(settings.gpu_device, 0);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--backend", "cpu"), 0);
    CHECK_EQ_INT(settings.backend, CLI_BACKEND_CPU);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--backend=cuda", "--gpu_device", "3"), 0);
    CHECK_EQ_INT(settings.backend, CLI_BACKEND_CUDA);
    CHECK_EQ_INT(settings.gpu_device, 3);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--backend", "sycl", "--gpu_device", "1"), 0);
    CHECK_EQ_INT(settings.backend, CLI_BACKEND_SYCL);
    CHECK_EQ_INT(settings.gpu_device, 1);
    CHECK_PARSE_ERROR(
        "invalid argument \"gpu\" for --backend: should be auto, cpu, cuda, sycl or hip", "-r", "a",
        "-d", "b", "--backend", "gpu");
    CHECK_PARSE_ERROR("--backend sycl scores elsewhere", "-r", "a", "-d", "b", "--backend", "sycl",
                      "--hwdec", "cuda");
    CHECK_PARSE_ERROR("--backend sycl asks for it", "-r", "a", "-d", "b", "--backend", "sycl",
                      "--gpumask", "1");
    CHECK_PARSE_ERROR("--gpu_device", "-r", "a", "-d", "b", "--gpu_device", "-1");
}

static void test_chunks(void)
{
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b"), 0);
    CHECK_EQ_INT(settings.chunks, 0);
    CHECK_EQ_INT(settings.cpu_chunks, 0);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--chunks", "4", "--cpu_chunks=2"), 0);
    CHECK_EQ_INT(settings.chunks, 4);
    CHECK_EQ_INT(settings.cpu_chunks, 2);
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--chunks", "64", "--cpu_chunks", "0"), 0);
    CHECK_PARSE_ERROR("--chunks", "-r", "a", "-d", "b", "--chunks", "0");
    CHECK_PARSE_ERROR("--chunks", "-r", "a", "-d", "b", "--chunks", "65");
    CHECK_PARSE_ERROR("--cpu_chunks", "-r", "a", "-d", "b", "--cpu_chunks", "65");
    CHECK_PARSE_ERROR("cannot split a --subsample run", "-r", "a", "-d", "b", "--chunks", "2",
                      "--subsample", "2");
    CHECK_PARSE_ERROR("cannot split a --subsample run", "-r", "a", "-d", "b", "--cpu_chunks", "1",
                      "--subsample", "3");
    CHECK_EQ_INT(PARSE("-r", "a", "-d", "b", "--chunks", "1", "--subsample", "2"), 0);
    CHECK_PARSE_ERROR("split one pair", "--batch", "list.txt", "--chunks", "2");
    CHECK_PARSE_ERROR("split one pair", "--batch", "list.txt", "--cpu_chunks", "1");
}

int main(void)
{
    static const struct test_case cases[] = {
        {"defaults", test_defaults},
        {"all_options", test_all_options},
        {"help_and_version", test_help_and_version},
        {"required_inputs", test_required_inputs},
        {"bad_numbers", test_bad_numbers},
        {"bad_options", test_bad_options},
        {"model_syntax", test_model_syntax},
        {"model_errors", test_model_errors},
        {"feature_syntax", test_feature_syntax},
        {"aom_ctc", test_aom_ctc},
        {"nflx_ctc", test_nflx_ctc},
        {"backend", test_backend},
        {"chunks", test_chunks},
        {NULL, NULL},
    };
    const int ret = run_tests("cli_parse", cases);
    cli_free(&settings);
    return ret;
}
