/* Helpers of the model and prediction tests: small model files written on
 * the fly, the folder of Netflix's model files (and captured log output,
 * capture_util.h). */
#ifndef VMAF_TESTS_MODEL_TEST_UTIL_H
#define VMAF_TESTS_MODEL_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libvmaf/model.h"
#include "capture_util.h"

/* The JSON text of each model_dict field; a NULL field is left out. */
typedef struct TinyModel {
    const char *model_type, *norm_type, *feature_names, *slopes, *intercepts, *model;
    const char *extra; /* more "key": value pairs, or NULL */
} TinyModel;

/* Two features, two support vectors, no transform, clip [0, 100]. */
#define TINY_SVM                                                                                   \
    "\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 2\\nrho 0.25\\n"      \
    "SV\\n1.5 1:0.5 2:0.25 \\n-0.75 2:1 \\n\""

static const TinyModel tiny_model = {
    .model_type = "\"LIBSVMNUSVR\"",
    .norm_type = "\"linear_rescale\"",
    .feature_names = "[\"VMAF_integer_feature_vif_scale0_score\", "
                     "\"VMAF_integer_feature_adm2_score\"]",
    .slopes = "[0.5, 2.0, 4.0]",
    .intercepts = "[-1.0, 0.25, -0.5]",
    .model = TINY_SVM,
    .extra = "\"score_clip\": [0.0, 100.0]",
};

/* Writes text to a new temporary file named *.json; free() the path. */
static inline char *write_temp_file(const char *text)
{
    char *path = strdup("/tmp/vmaf-test-model-XXXXXX.json");
    const int fd = path ? mkstemps(path, 5) : -1;
    if (fd < 0) {
        free(path);
        return NULL;
    }
    const size_t n = strlen(text);
    const ssize_t w = write(fd, text, n);
    close(fd);
    if (w != (ssize_t)n) {
        unlink(path);
        free(path);
        return NULL;
    }
    return path;
}

static inline char *tiny_model_json(const TinyModel *t)
{
    const char *key[] = {"model_type", "norm_type",  "feature_names",
                         "slopes",     "intercepts", "model"};
    const char *val[] = {t->model_type, t->norm_type,  t->feature_names,
                         t->slopes,     t->intercepts, t->model};
    size_t n = 64 + (t->extra ? strlen(t->extra) : 0);
    for (int i = 0; i < 6; i++)
        n += val[i] ? strlen(key[i]) + strlen(val[i]) + 8 : 0;
    char *json = malloc(n);
    if (!json)
        return NULL;
    strcpy(json, "{\"param_dict\": {}, \"model_dict\": {");
    const char *sep = "";
    for (int i = 0; i < 6; i++) {
        if (!val[i])
            continue;
        sprintf(json + strlen(json), "%s\"%s\": %s", sep, key[i], val[i]);
        sep = ", ";
    }
    if (t->extra)
        sprintf(json + strlen(json), "%s%s", sep, t->extra);
    strcat(json, "}}");
    return json;
}

/* Loads JSON text through a temporary file. */
static inline int load_model_text(const char *json, VmafModelConfig *cfg, VmafModel **model)
{
    char *path = write_temp_file(json);
    if (!path)
        return -1000;
    const int err = vmaf_model_load_from_path(model, cfg, path);
    unlink(path);
    free(path);
    return err;
}

static inline int load_tiny_model(const TinyModel *t, VmafModelConfig *cfg, VmafModel **model)
{
    char *json = tiny_model_json(t);
    const int err = json ? load_model_text(json, cfg, model) : -1000;
    free(json);
    return err;
}

/* Netflix's model files: the source tree's model/ folder (found from this
 * file's path), the files the library has built in. */
static inline const char *models_dir(void)
{
    static char dir[4096];
    snprintf(dir, sizeof(dir), "%.*s/model",
             (int)(strlen(__FILE__) - strlen("/tests/unit/model_test_util.h")), __FILE__);
    return dir;
}

#endif
