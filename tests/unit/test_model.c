/* Model loading: Netflix's model files (when ../shared/models or
 * $VMAF_MODEL_DIR is there), the lookup by version, flags, collections,
 * feature option overloads, and clean failures on broken files. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "model_test_util.h"
#include "core/dict.h"
#include "core/feature_collector.h"
#include "core/json.h"
#include "core/log.h"
#include "model/model.h"
#include "model/predict.h"

static char *model_path(const char *file)
{
    char *path = malloc(strlen(models_dir()) + strlen(file) + 2);
    sprintf(path, "%s/%s", models_dir(), file);
    return path;
}

/* Reads the file's top level only to tell models from collections. */
static bool is_collection(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    static char buf[1 << 20];
    const size_t n = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    VmafJsonValue *root = NULL;
    bool collection = false;
    if (!vmaf_json_parse(&root, buf, n, NULL, 0))
        collection = !vmaf_json_get(root, "model_dict");
    vmaf_json_free(root);
    return collection;
}

static void check_loaded_model(const VmafModel *m, const char *path)
{
    CHECK(m->feature_cnt >= 1 && m->feature_cnt <= VMAF_MODEL_MAX_FEATURES);
    CHECK(m->svm.sv_cnt > 0 && m->svm.gamma > 0);
    CHECK(m->norm == VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE);
    for (unsigned i = 0; i < m->feature_cnt; i++)
        CHECK(m->feature[i].name && m->feature[i].slope != 0);
    if (test_failures)
        fprintf(stderr, "in %s\n", path);
}

static unsigned load_file(const char *path)
{
    VmafModelConfig cfg = {0};
    VmafModel *m = NULL;
    VmafModelCollection *c = NULL;
    if (is_collection(path)) {
        CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, &cfg, path), 0);
        CHECK(m && c && vmaf_model_collection_count(c) == 20);
        for (unsigned i = 0; m && i < vmaf_model_collection_count(c); i++)
            check_loaded_model(vmaf_model_collection_member(c, i), path);
    } else {
        CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, path), 0);
    }
    if (m)
        check_loaded_model(m, path);
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);
    return 1;
}

/* Every *.json in the folder and its subfolders. */
static unsigned load_folder(const char *dir, int depth)
{
    struct dirent **entry;
    const int n = scandir(dir, &entry, NULL, alphasort);
    unsigned loaded = 0;
    for (int i = 0; i < n; i++) {
        const char *name = entry[i]->d_name;
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, name);
        struct stat s;
        if (name[0] != '.' && !stat(path, &s)) {
            const size_t len = strlen(name);
            if (S_ISDIR(s.st_mode) && depth < 2)
                loaded += load_folder(path, depth + 1);
            else if (len > 5 && !strcmp(name + len - 5, ".json"))
                loaded += load_file(path);
        }
        free(entry[i]);
    }
    if (n >= 0)
        free(entry);
    return loaded;
}

static void test_load_every_model(void)
{
    const unsigned n = load_folder(models_dir(), 0);
    printf("     loaded %u model files from %s\n", n, models_dir());
    CHECK(n >= 16);
}

static const double v061_slopes[] = {0.012020766332648465, 2.8098077502505414, 0.06264407466686016,
                                     1.222763456258933,    1.5360318811084146, 1.7620864995501058,
                                     2.08656468286432};
static const double v061_intercepts[] = {
    -0.3092981927591963, -1.7993968597186747, -0.003017198086831897, -0.1728125095425364,
    -0.5294309090081222, -0.7577185792093722, -1.083428597549764};

static void test_vmaf_v061(void)
{
    char *path = model_path("vmaf_v0.6.1.json");
    VmafModelConfig cfg = {0};
    VmafModel *m;
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, path), 0);
    free(path);
    if (!m)
        return;
    CHECK(!strcmp(vmaf_model_name(m), "vmaf"));
    CHECK(m->type == VMAF_MODEL_TYPE_SVM_NUSVR);
    CHECK_EQ_INT(vmaf_model_feature_count(m), 6);
    const char *names[] = {"adm2",       "motion2",    "vif_scale0",
                           "vif_scale1", "vif_scale2", "vif_scale3"};
    for (unsigned i = 0; i < 6; i++) {
        char name[64];
        snprintf(name, sizeof(name), "VMAF_integer_feature_%s_score", names[i]);
        CHECK(!strcmp(vmaf_model_feature(m, i)->name, name));
        CHECK(vmaf_model_feature(m, i)->opts_dict == NULL);
        CHECK(m->feature[i].slope == v061_slopes[i + 1]);
        CHECK(m->feature[i].intercept == v061_intercepts[i + 1]);
    }
    CHECK(vmaf_model_feature(m, 6) == NULL);
    CHECK(m->slope == v061_slopes[0] && m->intercept == v061_intercepts[0]);
    CHECK(m->svm.gamma == 0.04 && m->svm.rho == -1.33133);
    CHECK_EQ_INT(m->svm.sv_cnt, 211);
    CHECK(m->clip.enabled && m->clip.min == 0.0 && m->clip.max == 100.0);
    /* The "phone" transform is there but off: it has no "enabled". */
    CHECK(!m->transform.enabled);
    CHECK(m->transform.p0.enabled && m->transform.p0.value == 1.70674692);
    CHECK(m->transform.p1.enabled && m->transform.p1.value == 1.72643844);
    CHECK(m->transform.p2.enabled && m->transform.p2.value == -0.00705305);
    CHECK(m->transform.out_gte_in && !m->transform.out_lte_in && !m->transform.knots_enabled);
    CHECK(!m->chroma_correction.enabled);
    /* SV 1: "-4 1:0.65734273 2:0.34681232 3:0.093755557 4:0.60913934 5:0.69117362
     * 6:0.73495824"; SV 4 lacks index 5: "4 1:0.20371751 2:0.49612229
     * 3:0.10534315 4:-1.110223e-16 6:2.220446e-16". */
    const double sv0[] = {0.65734273, 0.34681232, 0.093755557, 0.60913934, 0.69117362, 0.73495824};
    const double sv3[] = {0.20371751, 0.49612229, 0.10534315, -1.110223e-16, 0.0, 2.220446e-16};
    for (unsigned k = 0; k < 6; k++) {
        CHECK(m->svm.sv[k] == sv0[k]);
        CHECK(m->svm.sv[3 * 6 + k] == sv3[k]);
    }
    CHECK(m->svm.coef[0] == -4.0 && m->svm.coef[3] == 4.0);
    vmaf_model_destroy(m);
}

static void test_variants(void)
{
    VmafModelConfig cfg = {.name = "vmaf_4k"};
    VmafModel *m;
    char *path = model_path("vmaf_4k_v0.6.1.json");
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, path), 0);
    free(path);
    if (m) {
        CHECK(!strcmp(vmaf_model_name(m), "vmaf_4k"));
        CHECK_EQ_INT(m->svm.sv_cnt, 262);
        CHECK(m->svm.rho == -2.30449 && m->slope == 0.012388059998472608);
        CHECK(!m->transform.enabled && !m->transform.p0.enabled);
        vmaf_model_destroy(m);
    }

    path = model_path("vmaf_v0.6.1neg.json");
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, path), 0);
    free(path);
    if (m) {
        CHECK(!strcmp(vmaf_model_name(m), "vmaf"));
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "adm_enhn_gain_limit"), "1"));
        CHECK(m->feature[1].opts_dict == NULL);
        for (unsigned i = 2; i < 6; i++)
            CHECK(
                !strcmp(vmaf_dictionary_get(m->feature[i].opts_dict, "vif_enhn_gain_limit"), "1"));
        vmaf_model_destroy(m);
    }

    path = model_path("vmaf_v1.0.16/vmaf_v1.0.16_hfr_3d0h_2160.json");
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, path), 0);
    free(path);
    if (m) {
        CHECK(!strcmp(m->feature[0].name, "Cambi_feature_cambi_score"));
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "cambi_max_val"), "17"));
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "cambi_vis_lum_threshold"),
                      "0.06"));
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[1].opts_dict, "speed_prescale_method"),
                      "bilinear"));
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[3].opts_dict, "motion_five_frame_window"),
                      "true"));
        CHECK(m->chroma_correction.enabled && m->chroma_correction.parameter == 120);
        CHECK(m->transform.enabled && m->transform.p0.value == 5 && m->transform.p2.value == 0);
        CHECK(m->clip.enabled && m->clip.max == 110.0);
        CHECK_EQ_INT(m->svm.sv_cnt, 215);
        CHECK(m->svm.gamma == 0.035 && m->svm.rho == -1.2801585513962348);
        CHECK(m->slope == 0.012020766332648467 && m->feature[1].intercept == -0.014977474082856242);
        vmaf_model_destroy(m);
    }
}

static void test_flags(void)
{
    char *v061 = model_path("vmaf_v0.6.1.json");
    char *v1 = model_path("vmaf_v1.0.16/vmaf_v1.0.16_3d0h.json");
    VmafModel *m;
    VmafModelConfig cfg = {.flags = VMAF_MODEL_FLAG_DISABLE_CLIP};
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, v061), 0);
    CHECK(m && !m->clip.enabled && !m->transform.enabled);
    vmaf_model_destroy(m);

    cfg.flags = VMAF_MODEL_FLAG_ENABLE_TRANSFORM;
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, v061), 0);
    CHECK(m && m->clip.enabled && m->transform.enabled);
    vmaf_model_destroy(m);

    cfg.flags = VMAF_MODEL_FLAG_DISABLE_TRANSFORM;
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, v1), 0);
    CHECK(m && !m->transform.enabled && m->transform.p0.enabled);
    vmaf_model_destroy(m);

    /* A model without score_transform stays untransformed. */
    char *k4 = model_path("vmaf_4k_v0.6.1.json");
    cfg.flags = VMAF_MODEL_FLAG_ENABLE_TRANSFORM;
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, &cfg, k4), 0);
    CHECK(m && !m->transform.enabled);
    vmaf_model_destroy(m);
    free(k4);
    free(v061);
    free(v1);
}

/* Runs with VMAF_MODEL_DIR set to dir (NULL: unset), restoring it after. */
static void with_model_dir(const char *dir, void (*test)(void))
{
    const char *saved = getenv("VMAF_MODEL_DIR");
    char *saved_copy = saved ? strdup(saved) : NULL;
    if (dir)
        setenv("VMAF_MODEL_DIR", dir, 1);
    else
        unsetenv("VMAF_MODEL_DIR");
    test();
    if (saved_copy)
        setenv("VMAF_MODEL_DIR", saved_copy, 1);
    else
        unsetenv("VMAF_MODEL_DIR");
    free(saved_copy);
}

/* Every file of model/ is built in, and loads by its version with no file
 * anywhere; other names fail as libvmaf's do (-EINVAL), naming the models
 * that exist. */
static void load_built_in(void)
{
    unsigned n = 0;
    const char *prev = NULL;
    for (const char *v = vmaf_model_built_in_next(NULL); v; v = vmaf_model_built_in_next(v)) {
        CHECK(!prev || strcmp(prev, v) < 0);
        VmafModel *m = NULL;
        VmafModelCollection *c = NULL;
        const bool collection = strstr(v, "_b_") != NULL;
        if (collection) {
            CHECK_EQ_INT(vmaf_model_collection_load(&m, &c, NULL, v), 0);
            CHECK(c && vmaf_model_collection_count(c) == 20);
        } else {
            CHECK_EQ_INT(vmaf_model_load(&m, NULL, v), 0);
        }
        CHECK(m && vmaf_model_feature_count(m) > 0);
        vmaf_model_destroy(m);
        vmaf_model_collection_destroy(c);
        prev = v;
        n++;
    }
    printf("     %u built-in models\n", n);
    CHECK_EQ_INT(n, 17);
    CHECK(vmaf_model_built_in_next("vmaf_v9.9.9") == NULL);

    VmafModel *m;
    VmafModelConfig cfg = {.name = "v"};
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "vmaf_v0.6.1"), 0);
    CHECK(m && m->svm.sv_cnt == 211 && !strcmp(vmaf_model_name(m), "v"));
    vmaf_model_destroy(m);
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "vmaf_v1.0.16_5d0h"), 0);
    CHECK(m && m->chroma_correction.enabled);
    vmaf_model_destroy(m);

    CapturedStderr cap;
    capture_stderr(&cap);
    m = (VmafModel *)&m;
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "vmaf_v9.9.9"), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(m == NULL);
    CHECK(strstr(log, "\"vmaf_v9.9.9\"") && strstr(log, "built in: vmaf_4k_v0.6.1, ") &&
          strstr(log, "path="));
    free(log);
    /* A collection is not a model, a model not a collection. */
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "vmaf_b_v0.6.3"), -ENOTSUP);
    VmafModelCollection *c = (VmafModelCollection *)&m;
    CHECK_EQ_INT(vmaf_model_collection_load(&m, &c, &cfg, "vmaf_v0.6.1"), -EINVAL);
    log = end_capture(&cap);
    CHECK(m == NULL && c == NULL);
    CHECK(strstr(log, "built-in model vmaf_v0.6.1: line 1: a single model, not a collection"));
    free(log);

    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "../vmaf_v0.6.1"), -EINVAL);
    CHECK_EQ_INT(vmaf_model_load(&m, &cfg, "vmaf_v0.6.1.pkl"), -EINVAL);
    log = end_capture(&cap);
    CHECK(strstr(log, "not a model version"));
    CHECK(strstr(log, "support for pkl model files has been removed"));
    free(log);
}

/* A file in $VMAF_MODEL_DIR (or one folder below) replaces the built-in model
 * of its name, and the log says so; names not there stay built in. */
static void load_override(void)
{
    char dir[] = "/tmp/vmaf-test-models-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char sub[64], file[96];
    snprintf(sub, sizeof(sub), "%s/mine", dir);
    snprintf(file, sizeof(file), "%s/vmaf_v0.6.1.json", sub);
    char *tiny = tiny_model_json(&tiny_model);
    FILE *f = !mkdir(sub, 0700) && tiny ? fopen(file, "w") : NULL;
    CHECK(f != NULL);
    if (f) {
        fputs(tiny, f);
        fclose(f);
    }
    setenv("VMAF_MODEL_DIR", dir, 1);

    enum VmafLogLevel level = vmaf_log_get_level();
    vmaf_log_set_level(VMAF_LOG_LEVEL_INFO);
    CapturedStderr cap;
    capture_stderr(&cap);
    VmafModel *m;
    CHECK_EQ_INT(vmaf_model_load(&m, NULL, "vmaf_v0.6.1"), 0);
    char *log = end_capture(&cap);
    vmaf_log_set_level(level);
    CHECK(m && m->svm.sv_cnt == 2);
    CHECK(strstr(log, file) && strstr(log, "$VMAF_MODEL_DIR"));
    vmaf_model_destroy(m);
    free(log);
    CHECK_EQ_INT(vmaf_model_load(&m, NULL, "vmaf_v0.6.1neg"), 0);
    CHECK(m && m->svm.sv_cnt > 2);
    vmaf_model_destroy(m);

    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load(&m, NULL, "vmaf_v9.9.9"), -EINVAL);
    log = end_capture(&cap);
    CHECK(strstr(log, "vmaf_v9.9.9.json in $VMAF_MODEL_DIR"));
    free(log);

    unlink(file);
    rmdir(sub);
    rmdir(dir);
    free(tiny);
}

static void test_load_by_version(void)
{
    with_model_dir(NULL, load_built_in);
    with_model_dir(NULL, load_override);
}

static void test_collection(void)
{
    char *path = model_path("vmaf_b_v0.6.3.json");
    VmafModel *m = NULL;
    VmafModelCollection *c = NULL;

    CapturedStderr cap;
    enum VmafLogLevel level = vmaf_log_get_level();
    vmaf_log_set_level(VMAF_LOG_LEVEL_DEBUG);
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, path), -ENOTSUP);
    char *log = end_capture(&cap);
    vmaf_log_set_level(level);
    CHECK(m == NULL && strstr(log, "collection"));
    free(log);

    VmafModelConfig cfg = {.name = "b"};
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, &cfg, path), 0);
    if (m && c) {
        CHECK(!strcmp(vmaf_model_name(m), "b"));
        CHECK(!strcmp(vmaf_model_collection_name(c), "b"));
        CHECK_EQ_INT(vmaf_model_collection_count(c), 20);
        CHECK(c->type == VMAF_MODEL_TYPE_BOOTSTRAP_SVM_NUSVR);
        CHECK(m->type == VMAF_MODEL_TYPE_BOOTSTRAP_SVM_NUSVR);
        /* Element 1 belongs to feature 0 (adm2). */
        CHECK(m->feature[0].slope == 2.7863890579902773 &&
              m->feature[0].intercept == -1.778561646908718);
        CHECK_EQ_INT(m->svm.sv_cnt, 210);
        CHECK(!strcmp(vmaf_model_name(vmaf_model_collection_member(c, 0)), "b_0001"));
        CHECK(!strcmp(vmaf_model_name(vmaf_model_collection_member(c, 19)), "b_0020"));
        CHECK_EQ_INT(vmaf_model_collection_member(c, 0)->svm.sv_cnt, 214);
        CHECK(vmaf_model_collection_member(c, 0)->svm.rho == -2.01955);
        CHECK(vmaf_model_collection_member(c, 20) == NULL);
    }
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);

    /* And by version (built in), with the default name. */
    CHECK_EQ_INT(vmaf_model_collection_load(&m, &c, NULL, "vmaf_b_v0.6.3"), 0);
    CHECK(m && c && !strcmp(vmaf_model_collection_name(c), "vmaf"));
    CHECK(c && !strcmp(vmaf_model_name(vmaf_model_collection_member(c, 4)), "vmaf_0005"));
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);

    char *single = model_path("vmaf_v0.6.1.json");
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, single), -EINVAL);
    log = end_capture(&cap);
    CHECK(m == NULL && c == NULL && strstr(log, "not a collection"));
    free(log);
    free(single);
    free(path);
}

static void test_small_collection(void)
{
    char *tiny = tiny_model_json(&tiny_model);
    TinyModel bootstrap = tiny_model;
    bootstrap.model_type = "\"RESIDUEBOOTSTRAP_LIBSVMNUSVR\"";
    char *member = tiny_model_json(&bootstrap);
    char *json = malloc(3 * strlen(member) + 64);
    /* Keys out of sequence are skipped, as libvmaf does. */
    sprintf(json, "{\"0\": %s, \"2\": %s, \"1\": %s}", tiny, member, member);
    char *path = write_temp_file(json);
    VmafModel *m;
    VmafModelCollection *c;
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), 0);
    CHECK(c && vmaf_model_collection_count(c) == 1);
    CHECK(c && c->type == VMAF_MODEL_TYPE_RESIDUE_BOOTSTRAP_SVM_NUSVR);
    CHECK(m && m->type == VMAF_MODEL_TYPE_SVM_NUSVR);
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);
    unlink(path);
    free(path);

    CapturedStderr cap;
    capture_stderr(&cap);
    sprintf(json, "{\"0\": %s}", tiny);
    path = write_temp_file(json);
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), -EINVAL);
    unlink(path);
    free(path);
    sprintf(json, "{\"0\": %s, \"1\": %s, \"2\": %s}", tiny, member, tiny);
    path = write_temp_file(json);
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), -EINVAL);
    unlink(path);
    free(path);
    sprintf(json, "{\"0\": %s, \"1\": 5}", tiny);
    path = write_temp_file(json);
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), -EINVAL);
    unlink(path);
    free(path);
    char *log = end_capture(&cap);
    CHECK(m == NULL && c == NULL);
    CHECK(strstr(log, "needs members") && strstr(log, "another model_type") &&
          strstr(log, "a model must be an object"));
    free(log);
    free(json);
    free(member);
    free(tiny);
}

/* Loading t must fail with -EINVAL and a message naming the file and
 * containing each of the expected fragments. */
static void check_rejected(const char *json, const char *expected)
{
    char *path = write_temp_file(json);
    VmafModel *m = (VmafModel *)&path;
    CapturedStderr cap;
    enum VmafLogLevel level = vmaf_log_get_level();
    vmaf_log_set_level(VMAF_LOG_LEVEL_DEBUG);
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, path), -EINVAL);
    char *log = end_capture(&cap);
    vmaf_log_set_level(level);
    CHECK(m == NULL);
    if (!strstr(log, path) || !strstr(log, expected)) {
        fprintf(stderr, "log \"%s\" lacks \"%s\"\n", log, expected);
        test_failures++;
    }
    free(log);
    unlink(path);
    free(path);
}

static void check_tiny_rejected(const TinyModel *t, const char *expected)
{
    char *json = tiny_model_json(t);
    check_rejected(json, expected);
    free(json);
}

static void test_tiny_model_loads(void)
{
    VmafModel *m;
    CHECK_EQ_INT(load_tiny_model(&tiny_model, NULL, &m), 0);
    if (!m)
        return;
    CHECK_EQ_INT(m->feature_cnt, 2);
    CHECK_EQ_INT(m->svm.sv_cnt, 2);
    CHECK(m->svm.gamma == 0.5 && m->svm.rho == 0.25);
    CHECK(m->svm.coef[0] == 1.5 && m->svm.coef[1] == -0.75);
    CHECK(m->svm.sv[0] == 0.5 && m->svm.sv[1] == 0.25 && m->svm.sv[2] == 0 && m->svm.sv[3] == 1);
    CHECK(m->slope == 0.5 && m->feature[1].intercept == -0.5);
    vmaf_model_destroy(m);

    /* norm_type none needs no slopes; extra libsvm header fields are fine. */
    TinyModel t = tiny_model;
    t.norm_type = "\"none\"";
    t.slopes = t.intercepts = NULL;
    t.model = "\"svm_type nu_svr\\r\\nkernel_type rbf\\ndegree 3\\ncoef0 0\\ngamma 1e-1\\n"
              "nr_class 2\\ntotal_sv 1\\nrho -1\\nprobA 0.5\\nSV \\n 2\\t1:1e-3  2:-4\\n\\n\"";
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    if (m) {
        CHECK(m->norm == VMAF_MODEL_NORMALIZATION_NONE && m->svm.gamma == 0.1);
        CHECK(m->svm.sv[0] == 1e-3 && m->svm.sv[1] == -4.0 && m->svm.coef[0] == 2.0);
    }
    vmaf_model_destroy(m);
}

static void test_rejected_json(void)
{
    check_rejected("", "unexpected end of input");
    check_rejected("{\"model_dict\": {\n\"model_type\": \"LIBSVMNUSVR\",\n}}",
                   "line 3: unexpected '}'");
    check_rejected("[1, 2]", "a model must be an object");
    check_rejected("{\"param_dict\": {}}", "no \"model_dict\"");
    check_rejected("{\"model_dict\": []}", "model_dict must be an object");
    char *json = tiny_model_json(&tiny_model);
    json[strlen(json) / 2] = '\0';
    check_rejected(json, "not valid JSON");
    free(json);
}

static void test_rejected_fields(void)
{
    TinyModel t = tiny_model;
    t.model_type = NULL;
    check_tiny_rejected(&t, "model_dict has no \"model_type\"");
    t = tiny_model;
    t.model_type = "\"SVR\"";
    check_tiny_rejected(&t, "model_type \"SVR\" is unknown");
    t = tiny_model;
    t.model_type = "7";
    check_tiny_rejected(&t, "model_dict.model_type must be a string, not a number");
    t = tiny_model;
    t.norm_type = "\"clip_0to1\"";
    check_tiny_rejected(&t, "norm_type \"clip_0to1\" is unknown");
    t = tiny_model;
    t.feature_names = NULL;
    check_tiny_rejected(&t, "has no \"feature_names\"");
    t.feature_names = "[]";
    check_tiny_rejected(&t, "holds 0 names");
    t.feature_names = "[\"a\", 3]";
    check_tiny_rejected(&t, "feature_names[1] must be a string, not a number");
    t = tiny_model;
    t.slopes = NULL;
    check_tiny_rejected(&t, "has no \"slopes\"");
    t.slopes = "[1, 2]";
    check_tiny_rejected(&t, "slopes must hold 3 numbers");
    t.slopes = "[1, 2, \"3\"]";
    check_tiny_rejected(&t, "slopes[2] must be a number, not a string");
    t = tiny_model;
    t.intercepts = "{}";
    check_tiny_rejected(&t, "intercepts must be an array, not an object");
    t = tiny_model;
    t.model = NULL;
    check_tiny_rejected(&t, "has no \"model\"");
    t.model = "[]";
    check_tiny_rejected(&t, "model_dict.model must be a string");

    t = tiny_model;
    t.extra = "\"score_clip\": [0]";
    check_tiny_rejected(&t, "score_clip must hold 2 numbers");
    t.extra = "\"score_transform\": {\"enabled\": \"true\"}";
    check_tiny_rejected(&t, "score_transform.enabled must be a boolean, not a string");
    t.extra = "\"score_transform\": {\"p1\": \"1\"}";
    check_tiny_rejected(&t, "score_transform.p1 must be a number or null");
    t.extra = "\"score_transform\": {\"knots\": [[0, 0], [1]]}";
    check_tiny_rejected(&t, "knots[1] must be a pair of numbers");
    t.extra = "\"score_transform\": {\"knots\": 3}";
    check_tiny_rejected(&t, "knots must be an array or null");
    t.extra = "\"score_transform\": {\"out_gte_in\": true}";
    check_tiny_rejected(&t, "score_transform.out_gte_in must be a string, not a boolean");
    t.extra = "\"chroma_correction_parameter\": null";
    check_tiny_rejected(&t, "chroma_correction_parameter must be a number, not null");
    t.extra = "\"feature_opts_dicts\": [{}]";
    check_tiny_rejected(&t, "holds 1 dictionaries for 2 features");
    t.extra = "\"feature_opts_dicts\": [{}, []]";
    check_tiny_rejected(&t, "feature_opts_dicts[1] must be an object, not an array");
    t.extra = "\"feature_opts_dicts\": [{}, {\"x\": [1]}]";
    check_tiny_rejected(&t, "option \"x\" of model_dict.feature_opts_dicts must be a number, "
                            "boolean or string, not an array");
}

static void test_too_many_features(void)
{
    char names[8192] = "[", slopes[1024] = "[1";
    for (int i = 0; i < VMAF_MODEL_MAX_FEATURES + 1; i++) {
        sprintf(names + strlen(names), "%s\"VMAF_integer_feature_adm2_score\"", i ? ", " : "");
        strcat(slopes, ", 1");
    }
    strcat(names, "]");
    strcat(slopes, "]");
    TinyModel t = tiny_model;
    t.feature_names = names;
    t.slopes = t.intercepts = slopes;
    check_tiny_rejected(&t, "holds 65 names; 1 to 64 are supported");
}

static void test_rejected_svm(void)
{
    const struct {
        const char *svm, *expected;
    } cases[] = {
        {"\"svm_type c_svc\\nSV\\n\"", "svm_type \"c_svc\" is not supported (only nu_svr)"},
        {"\"kernel_type linear\\nSV\\n\"", "kernel_type \"linear\" is not supported (only rbf)"},
        {"\"gamma x\\nSV\\n\"", "gamma must be followed by a number"},
        {"\"nr_class 3\\nSV\\n\"", "nr_class is 3, not 2"},
        {"\"weights 1\\nSV\\n\"", "unknown header field \"weights\""},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\n\"", "no \"SV\" line"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nSV\\n1\\n\"",
         "the header needs svm_type"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 3\\nrho 0\\nSV\\n"
         "1 1:0.5\\n2 1:0.5\\n\"",
         "total_sv is 3 but 2 support vectors follow"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 1:0.5\\n2 1:0.5\\n\"",
         "more support vectors than total_sv (1)"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 3:0.5\\n\"",
         "support vector 1: \"3:0.5\" is not index:value with an index increasing from 1 to 2"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 2:0.5 1:0.5\\n\"",
         "\"1:0.5\" is not index:value"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 0:0.5\\n\"",
         "\"0:0.5\" is not index:value"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 1:0.5x\\n\"",
         "\"x\" is not index:value"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV\\n"
         "1 1 :0.5\\n\"",
         "\"1 :0.5\" is not index:value"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 2\\nrho 0\\nSV\\n"
         "1 1:0.5\\n\\n\"",
         "support vector 2 has no coefficient"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 99999999\\nrho "
         "0\\nSV\\n\"",
         "total_sv must be followed by an integer up to"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 0\\nrho "
         "0\\nSV\\n\"",
         "total_sv is 0"},
        {"\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 1\\nrho 0\\nSV 1"
         "\\n1 1:0.5\\n\"",
         "text after \"SV\" on its line"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        TinyModel t = tiny_model;
        t.model = cases[i].svm;
        check_tiny_rejected(&t, cases[i].expected);
    }
}

static void test_rejected_paths(void)
{
    VmafModel *m;
    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, "/nonexistent/model.json"), -EINVAL);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, "/tmp"), -EINVAL);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, "/some/vmaf_v0.6.1.pkl"), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(strstr(log, "/nonexistent/model.json: cannot open"));
    CHECK(strstr(log, "/tmp: cannot read"));
    CHECK(strstr(log, "vmaf_v0.6.1.pkl: support for pkl model files has been removed"));
    free(log);
    CHECK_EQ_INT(vmaf_model_load_from_path(NULL, NULL, "x.json"), -EINVAL);
    CHECK_EQ_INT(vmaf_model_load_from_path(&m, NULL, NULL), -EINVAL);
}

static void test_feature_overload(void)
{
    TinyModel t = tiny_model;
    t.extra = "\"feature_opts_dicts\": [{\"vif_kernelscale\": 1.0}, {\"adm_enhn_gain_limit\": "
              "1.2, \"flag\": true, \"s\": \"text\"}]";
    VmafModel *m;
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    if (!m)
        return;
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "vif_kernelscale"), "1"));
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[1].opts_dict, "adm_enhn_gain_limit"), "1.2"));
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[1].opts_dict, "flag"), "true"));
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[1].opts_dict, "s"), "text"));

    VmafFeatureDictionary *d = NULL;
    vmaf_feature_dictionary_set(&d, "vif_enhn_gain_limit", "1.0");
    CHECK_EQ_INT(vmaf_model_feature_overload(m, "vif", d), 0);
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "vif_enhn_gain_limit"), "1"));
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "vif_kernelscale"), "1"));
    CHECK(vmaf_dictionary_get(m->feature[1].opts_dict, "vif_enhn_gain_limit") == NULL);

    d = NULL;
    vmaf_feature_dictionary_set(&d, "adm_enhn_gain_limit", "1.0");
    CHECK_EQ_INT(vmaf_model_feature_overload(m, "adm", d), 0);
    CHECK(!strcmp(vmaf_dictionary_get(m->feature[1].opts_dict, "adm_enhn_gain_limit"), "1"));

    d = NULL;
    vmaf_feature_dictionary_set(&d, "x", "1");
    CHECK_EQ_INT(vmaf_model_feature_overload(m, "psnr", d), 0); /* no such feature: unchanged */
    CHECK(vmaf_dictionary_get(m->feature[0].opts_dict, "x") == NULL);
    CHECK_EQ_INT(vmaf_model_feature_overload(m, "vif", NULL), -EINVAL);
    d = NULL;
    vmaf_feature_dictionary_set(&d, "x", "1");
    CHECK_EQ_INT(vmaf_model_feature_overload(NULL, "vif", d), -EINVAL); /* d is freed */
    vmaf_model_destroy(m);
}

static void test_collection_feature_overload(void)
{
    char *tiny = tiny_model_json(&tiny_model);
    TinyModel bootstrap = tiny_model;
    bootstrap.model_type = "\"BOOTSTRAP_LIBSVMNUSVR\"";
    char *member = tiny_model_json(&bootstrap);
    char *json = malloc(3 * strlen(member) + 64);
    sprintf(json, "{\"0\": %s, \"1\": %s, \"2\": %s}", tiny, member, member);
    char *path = write_temp_file(json);
    VmafModel *m;
    VmafModelCollection *c;
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), 0);
    if (m && c) {
        CHECK_EQ_INT(vmaf_model_collection_count(c), 2);
        VmafFeatureDictionary *d = NULL;
        vmaf_feature_dictionary_set(&d, "vif_enhn_gain_limit", "1.0");
        CHECK_EQ_INT(vmaf_model_collection_feature_overload(m, &c, "vif", d), 0);
        CHECK(!strcmp(vmaf_dictionary_get(m->feature[0].opts_dict, "vif_enhn_gain_limit"), "1"));
        for (unsigned i = 0; i < 2; i++) {
            const VmafModel *mm = vmaf_model_collection_member(c, i);
            CHECK(
                !strcmp(vmaf_dictionary_get(mm->feature[0].opts_dict, "vif_enhn_gain_limit"), "1"));
            CHECK(mm->feature[1].opts_dict == NULL);
        }
        CHECK_EQ_INT(vmaf_model_collection_feature_overload(m, NULL, "vif", NULL), -EINVAL);
    }
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);
    unlink(path);
    free(path);
    free(json);
    free(member);
    free(tiny);
}

/* Random edits of a valid model file load (and predict) or fail cleanly;
 * run under ASan to see leaks. The model text is mutated too. */
static void test_garbage_models(void)
{
    TinyModel t = tiny_model;
    t.extra = "\"score_transform\": {\"enabled\": true, \"p0\": 1, \"knots\": [[0, 1], [2, "
              "3]], \"out_lte_in\": \"true\"}, \"feature_opts_dicts\": [{\"a\": 1}, {\"b\": "
              "\"c\"}], \"score_clip\": [0, 100], \"chroma_correction_parameter\": 1";
    char *json = tiny_model_json(&t);
    const size_t n = strlen(json);
    char *buf = malloc(n + 1);
    const enum VmafLogLevel level = vmaf_log_get_level();
    vmaf_log_set_level(VMAF_LOG_LEVEL_NONE);
    VmafFeatureCollector *fc;
    vmaf_feature_collector_init(&fc);
    vmaf_feature_collector_append(fc, "VMAF_integer_feature_vif_scale0_score", 0.5, 0);
    vmaf_feature_collector_append(fc, "VMAF_integer_feature_adm2_score", 0.5, 0);
    uint32_t seed = 99;
    unsigned loaded = 0;
    for (int round = 0; round < 3000; round++) {
        memcpy(buf, json, n + 1);
        for (int e = 0; e <= round % 3; e++) {
            seed = seed * 1664525u + 1013904223u;
            const size_t at = (seed >> 8) % n;
            seed = seed * 1664525u + 1013904223u;
            buf[at] =
                round % 2 ? (char)(seed >> 24) : "0123456789-.e,:[]{}\" \\n"[(seed >> 24) % 21];
        }
        if (round % 5 == 0)
            buf[(seed >> 4) % n] = '\0';
        VmafModel *m = (VmafModel *)&m;
        const int err = load_model_text(buf, NULL, &m);
        CHECK(err == 0 || err == -EINVAL);
        CHECK((err == 0) == (m != NULL));
        loaded += err == 0;
        double score;
        if (!err) /* whatever loads, predicts or fails cleanly */
            CHECK(vmaf_predict_score_at_index(m, fc, 0, &score, false) <= 0);
        vmaf_model_destroy(m);
    }
    vmaf_log_set_level(level);
    vmaf_feature_collector_destroy(fc);
    printf("     %u of 3000 mutated models still loaded\n", loaded);
    free(buf);
    free(json);
}

TEST_MAIN("model", {"load_every_model", test_load_every_model}, {"vmaf_v061", test_vmaf_v061},
          {"variants", test_variants}, {"flags", test_flags},
          {"load_by_version", test_load_by_version}, {"collection", test_collection},
          {"small_collection", test_small_collection}, {"tiny_model_loads", test_tiny_model_loads},
          {"rejected_json", test_rejected_json}, {"rejected_fields", test_rejected_fields},
          {"too_many_features", test_too_many_features}, {"rejected_svm", test_rejected_svm},
          {"rejected_paths", test_rejected_paths}, {"feature_overload", test_feature_overload},
          {"collection_feature_overload", test_collection_feature_overload},
          {"garbage_models", test_garbage_models})
