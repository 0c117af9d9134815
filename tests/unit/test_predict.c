/* Prediction: tiny hand-made models whose score the test computes itself,
 * and Netflix's models on feature vectors whose score the reference
 * library predicted (libvmaf f85a8536, fed the same values through
 * vmaf_import_feature_score, printed with %.17g). */
#include <errno.h>
#include <stdlib.h>

#include "test.h"
#include "model_test_util.h"
#include "core/feature_collector.h"
#include "core/feature_extractor.h"
#include "model/model.h"
#include "model/predict.h"

#define VIF0 "VMAF_integer_feature_vif_scale0_score"
#define ADM2 "VMAF_integer_feature_adm2_score"

#define CHECK_EXACT(a, b)                                                                          \
    do {                                                                                           \
        const double a__ = (a), b__ = (b);                                                         \
        if (!(a__ == b__)) {                                                                       \
            fprintf(stderr, "%s:%d: %s == %.17g, expected %.17g\n", __FILE__, __LINE__, #a, a__,   \
                    b__);                                                                          \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

static VmafFeatureCollector *collector(const char *const *names, const double *values, unsigned n,
                                       unsigned index)
{
    VmafFeatureCollector *fc = NULL;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    for (unsigned i = 0; fc && i < n; i++)
        CHECK_EQ_INT(vmaf_feature_collector_append(fc, names[i], values[i], index), 0);
    return fc;
}

/* tiny_model by hand: features normalised with slopes 2, 4 and intercepts
 * 0.25, -0.5; SVs (0.5, 0.25) weight 1.5 and (absent, 1) weight -0.75;
 * gamma 0.5, rho 0.25; output (y + 1) / 0.5, clipped to [0, 100]. */
static double tiny_expected(double vif, double adm, bool clip)
{
    const double x0 = 2.0 * vif + 0.25, x1 = 4.0 * adm + -0.5;
    const double k0 = exp(-0.5 * ((x0 - 0.5) * (x0 - 0.5) + (x1 - 0.25) * (x1 - 0.25)));
    const double k1 = exp(-0.5 * (x0 * x0 + (x1 - 1) * (x1 - 1)));
    const double y = (1.5 * k0 + -0.75 * k1 - 0.25 - -1.0) / 0.5;
    return clip ? fmin(fmax(y, 0.0), 100.0) : y;
}

static void test_tiny_model(void)
{
    VmafModel *m;
    CHECK_EQ_INT(load_tiny_model(&tiny_model, NULL, &m), 0);
    const char *names[] = {VIF0, ADM2};
    const double inputs[][2] = {{0.1, 0.2}, {0.7, 0.9}, {0.0, 0.0}, {1.0, 1.0}, {0.3, 0.05}};
    for (unsigned i = 0; m && i < sizeof(inputs) / sizeof(inputs[0]); i++) {
        VmafFeatureCollector *fc = collector(names, inputs[i], 2, 3);
        double s = -1;
        CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 3, &s, false), 0);
        CHECK_EXACT(s, tiny_expected(inputs[i][0], inputs[i][1], true));
        CHECK_NEAR(s, tiny_expected(inputs[i][0], inputs[i][1], true), 1e-12);
        vmaf_feature_collector_destroy(fc);
    }
    vmaf_model_destroy(m);

    /* A narrow clip, then none. */
    TinyModel t = tiny_model;
    t.extra = "\"score_clip\": [1.0, 1.5]";
    VmafModelConfig cfg = {.flags = VMAF_MODEL_FLAG_DISABLE_CLIP};
    VmafModel *clipped, *unclipped;
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &clipped), 0);
    CHECK_EQ_INT(load_tiny_model(&t, &cfg, &unclipped), 0);
    unsigned outside = 0;
    for (unsigned i = 0; clipped && unclipped && i < sizeof(inputs) / sizeof(inputs[0]); i++) {
        VmafFeatureCollector *fc = collector(names, inputs[i], 2, 0);
        double a, b;
        CHECK_EQ_INT(vmaf_predict_score_at_index(clipped, fc, 0, &a, false), 0);
        CHECK_EQ_INT(vmaf_predict_score_at_index(unclipped, fc, 0, &b, false), 0);
        const double y = tiny_expected(inputs[i][0], inputs[i][1], false);
        CHECK_EXACT(b, y);
        CHECK_EXACT(a, fmin(fmax(y, 1.0), 1.5));
        outside += a != b;
        vmaf_feature_collector_destroy(fc);
    }
    CHECK(outside >= 2);
    vmaf_model_destroy(clipped);
    vmaf_model_destroy(unclipped);
}

static void test_norm_none(void)
{
    TinyModel t = tiny_model;
    t.norm_type = "\"none\"";
    t.extra = NULL;
    VmafModel *m;
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    const char *names[] = {VIF0, ADM2};
    const double v[] = {0.4, 0.6};
    VmafFeatureCollector *fc = collector(names, v, 2, 0);
    double s;
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), 0);
    const double d0 = (0.4 - 0.5) * (0.4 - 0.5) + (0.6 - 0.25) * (0.6 - 0.25);
    const double d1 = 0.4 * 0.4 + (0.6 - 1) * (0.6 - 1);
    CHECK_EXACT(s, 1.5 * exp(-0.5 * d0) + -0.75 * exp(-0.5 * d1) - 0.25);
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
}

static void test_write_and_errors(void)
{
    VmafModel *m;
    VmafModelConfig cfg = {.name = "tiny"};
    CHECK_EQ_INT(load_tiny_model(&tiny_model, &cfg, &m), 0);
    if (!m)
        return;
    const char *names[] = {VIF0, ADM2};
    const double v[] = {0.5, 0.5};
    VmafFeatureCollector *fc = collector(names, v, 2, 1);
    double s, stored;
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 1, &s, false), 0);
    CHECK(vmaf_feature_collector_get_score(fc, "tiny", &stored, 1) != 0);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 1, &s, true), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "tiny", &stored, 1), 0);
    CHECK_EXACT(stored, s);

    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK(vmaf_predict_score_at_index(m, fc, 1, &s, true) != 0); /* written already */
    s = 42;
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 2, &s, false), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(s == 42);
    CHECK(strstr(log, "model tiny: no feature " VIF0 " at index 2"));
    free(log);
    CHECK_EQ_INT(vmaf_predict_score_at_index(NULL, fc, 1, &s, false), -EINVAL);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, NULL, 1, &s, false), -EINVAL);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 1, NULL, false), -EINVAL);
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);

    TinyModel t = tiny_model;
    t.feature_names = "[\"no_such_feature\", \"" ADM2 "\"]";
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    fc = collector(names, v, 2, 0);
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), -EINVAL);
    log = end_capture(&cap);
    CHECK(strstr(log, "no feature extractor provides feature no_such_feature"));
    free(log);
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
}

/* Option-suffixed names: the model's opts_dict and an overload. */
static void test_feature_options(void)
{
    TinyModel t = tiny_model;
    t.extra = "\"feature_opts_dicts\": [{\"vif_enhn_gain_limit\": 1.0}, {}]";
    VmafModel *m;
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    const char *names[] = {"integer_vif_scale0_egl_1", ADM2, "integer_adm2_egl_1"};
    const double v[] = {0.25, 0.75, 0.5};
    VmafFeatureCollector *fc = collector(names, v, 3, 0);
    double s;
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), 0);
    CHECK_EXACT(s, tiny_expected(0.25, 0.75, true));
    VmafFeatureDictionary *d = NULL;
    vmaf_feature_dictionary_set(&d, "adm_enhn_gain_limit", "1.0");
    CHECK_EQ_INT(vmaf_model_feature_overload(m, "adm", d), 0);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), 0);
    CHECK_EXACT(s, tiny_expected(0.25, 0.5, true));
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
}

/* The score of the tiny model, before transform and clip, for (vif, adm). */
static double untransformed(double vif, double adm)
{
    return tiny_expected(vif, adm, false);
}

static double predict_with(const char *extra, uint64_t flags, double vif, double adm)
{
    TinyModel t = tiny_model;
    t.extra = extra;
    VmafModelConfig cfg = {.flags = flags};
    VmafModel *m;
    double s = NAN;
    CHECK_EQ_INT(load_tiny_model(&t, &cfg, &m), 0);
    const char *names[] = {VIF0, ADM2};
    const double v[] = {vif, adm};
    VmafFeatureCollector *fc = collector(names, v, 2, 0);
    if (m)
        CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), 0);
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
    return s;
}

static void test_polynomial_transform(void)
{
    const double y = untransformed(0.7, 0.9);
    const char *poly = "\"score_transform\": {\"enabled\": true, \"p0\": 1.5, \"p1\": 0.75, "
                       "\"p2\": -0.01}";
    CHECK_EXACT(predict_with(poly, 0, 0.7, 0.9), 1.5 + 0.75 * y + -0.01 * y * y);
    CHECK_EXACT(predict_with(poly, VMAF_MODEL_FLAG_DISABLE_TRANSFORM, 0.7, 0.9), y);

    const char *off = "\"score_transform\": {\"p0\": 1.5, \"p1\": 0.75, \"p2\": -0.01}";
    CHECK_EXACT(predict_with(off, 0, 0.7, 0.9), y);
    CHECK_EXACT(predict_with(off, VMAF_MODEL_FLAG_ENABLE_TRANSFORM, 0.7, 0.9),
                1.5 + 0.75 * y + -0.01 * y * y);

    const char *partial = "\"score_transform\": {\"enabled\": true, \"p0\": null, \"p1\": 2}";
    CHECK_EXACT(predict_with(partial, 0, 0.7, 0.9), 2 * y);
    const char *none = "\"score_transform\": {\"enabled\": true, \"p0\": null}";
    CHECK_EXACT(predict_with(none, 0, 0.7, 0.9), y);

    /* Rectifiers compare with the untransformed value; only "true" counts. */
    const char *down = "\"score_transform\": {\"enabled\": true, \"p0\": -5, \"p1\": 1, "
                       "\"out_gte_in\": \"true\"}";
    CHECK_EXACT(predict_with(down, 0, 0.7, 0.9), y);
    const char *down_false = "\"score_transform\": {\"enabled\": true, \"p0\": -5, \"p1\": 1, "
                             "\"out_gte_in\": \"false\"}";
    CHECK_EXACT(predict_with(down_false, 0, 0.7, 0.9), -5 + y);
    const char *up = "\"score_transform\": {\"enabled\": true, \"p0\": 5, \"p1\": 1, "
                     "\"out_lte_in\": \"true\"}";
    CHECK_EXACT(predict_with(up, 0, 0.7, 0.9), y);

    /* The transform comes before the clip. */
    char clipped[256];
    snprintf(clipped, sizeof(clipped),
             "\"score_transform\": {\"enabled\": true, \"p0\": 100}, \"score_clip\": [0, %.17g]",
             50.0);
    CHECK_EXACT(predict_with(clipped, 0, 0.7, 0.9), 50.0);
    CHECK_EXACT(predict_with(clipped, VMAF_MODEL_FLAG_DISABLE_CLIP, 0.7, 0.9), 100.0);
}

/* The piecewise-linear map as the reference describes it: per segment
 * slope and offset, the end segments extrapolated. */
static double map_knots(double x, const double (*k)[2], unsigned n)
{
    double y = 0;
    for (unsigned i = 0; i + 1 < n; i++) {
        const double x1 = k[i][0], y1 = k[i][1], x2 = k[i + 1][0], y2 = k[i + 1][1];
        const bool use = (x1 <= x && x <= x2) || (i == 0 && x < x1) || (i + 2 == n && x > x2);
        if (!use)
            continue;
        if (y1 == y2)
            y = y1;
        else if (x1 == 0)
            y = (y2 - y1) / x2 * x + y1;
        else
            y = (y2 - y1) / (x2 - x1) * x + (y1 - x1 * ((y2 - y1) / (x2 - x1)));
    }
    return y;
}

static double predict_knots(const double (*k)[2], unsigned n, double vif, double adm)
{
    char extra[512] = "\"score_transform\": {\"enabled\": true, \"knots\": [";
    for (unsigned i = 0; i < n; i++)
        snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra), "%s[%.17g, %.17g]",
                 i ? ", " : "", k[i][0], k[i][1]);
    strcat(extra, "]}, \"score_clip\": [-1000, 1000]");
    return predict_with(extra, 0, vif, adm);
}

static void test_knots(void)
{
    const double y = untransformed(0.7, 0.9);
    /* Knots placed around y so that it falls below, inside, on and above. */
    const double around[][4][2] = {
        {{y + 1, 10}, {y + 2, 20}, {y + 3, 40}},                /* below the first knot */
        {{y - 1, 10}, {y + 2, 20}, {y + 3, 40}},                /* inside the first segment */
        {{y - 3, 10}, {y - 2, 20}, {y + 0.5, 40}, {y + 1, 45}}, /* inside a later one */
        {{y - 3, 10}, {y - 2, 20}, {y - 1, 40}},                /* above the last knot */
        {{y - 1, 10}, {y, 20}, {y + 1, 40}},                    /* on a knot */
        {{y - 1, 10}, {y + 1, 10}, {y + 2, 40}},                /* horizontal segment */
        {{y - 5, 10}, {y - 4, 15}, {y - 3, 15}},                /* horizontal, above */
        {{y + 1, 15}, {y + 2, 15}, {y + 3, 20}},                /* horizontal, below */
        {{0, 2}, {y + 1, 80}},                                  /* x1 == 0 */
    };
    const unsigned cnt[] = {3, 3, 4, 3, 3, 3, 3, 3, 2};
    for (unsigned i = 0; i < sizeof(cnt) / sizeof(cnt[0]); i++) {
        const double s = predict_knots(around[i], cnt[i], 0.7, 0.9);
        CHECK_NEAR(s, map_knots(y, around[i], cnt[i]), 1e-9);
    }
    /* A single knot maps nothing; knots that do not increase stop the map
     * where they fail, like libvmaf (0, or what was mapped before). */
    const double one[][2] = {{y + 1, 10}};
    CHECK_EXACT(predict_knots(one, 1, 0.7, 0.9), y);
    CapturedStderr cap;
    capture_stderr(&cap);
    const double bad_first[][2] = {{y + 1, 10}, {y, 20}};
    CHECK_EXACT(predict_knots(bad_first, 2, 0.7, 0.9), 0.0);
    const double bad_later[][2] = {{y - 1, 10}, {y + 1, 20}, {y + 2, 5}};
    CHECK_NEAR(predict_knots(bad_later, 3, 0.7, 0.9), 15.0, 1e-9);
    char *log = end_capture(&cap);
    CHECK(strstr(log, "knots must increase"));
    free(log);
}

static void test_chroma_correction(void)
{
    /* A parameter of 0 skips the prediction (success, no score), as libvmaf. */
    VmafModel *m;
    TinyModel t = tiny_model;
    t.extra = "\"chroma_correction_parameter\": 0";
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    const char *names[] = {VIF0, ADM2};
    const double v[] = {0.5, 0.5};
    VmafFeatureCollector *fc = collector(names, v, 2, 0);
    double s = 42, stored;
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, true), 0);
    CHECK(s == 42 && vmaf_feature_collector_get_score(fc, "vmaf", &stored, 0) != 0);
    vmaf_model_destroy(m);

    t.extra = "\"chroma_correction_parameter\": 120";
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(strstr(log, "exactly one feature named *adm3*, found 0"));
    free(log);
    vmaf_model_destroy(m);
    vmaf_feature_collector_destroy(fc);

    /* The correction itself needs a speed_chroma extractor in the registry. */
    const char *adm3 = "VMAF_integer_feature_adm3_score";
    const char *chroma = "Speed_chroma_feature_speed_chroma_uv_score";
    if (!vmaf_get_feature_extractor_by_feature_name(adm3, 0) ||
        !vmaf_get_feature_extractor_by_feature_name(chroma, 0)) {
        printf("SKIP predict.chroma_correction: no extractor provides %s\n", chroma);
        return;
    }
    t = tiny_model;
    t.extra = "\"chroma_correction_parameter\": 120";
    t.feature_names = "[\"VMAF_integer_feature_adm3_score\", "
                      "\"Speed_chroma_feature_speed_chroma_uv_score\"]";
    CHECK_EQ_INT(load_tiny_model(&t, NULL, &m), 0);
    const char *cnames[] = {"VMAF_integer_feature_adm3_score",
                            "Speed_chroma_feature_speed_chroma_uv_score"};
    const double zero[] = {0.8, 0.0};
    fc = collector(cnames, zero, 2, 0);
    CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, false), 0);
    const double luma = ((2.0 * 0.8 + 0.25) - 0.25) / 2.0;
    const double corrected = (-120.0 * luma) + 120.0;
    CHECK_NEAR(s, tiny_expected(luma, corrected, true), 1e-12);
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
}

/* Three bootstrap members differing in rho, plus member "0". */
static void test_small_bootstrap(void)
{
    TinyModel t = tiny_model;
    t.extra = "\"score_transform\": {\"enabled\": true, \"p0\": 2, \"p1\": 0.5}, "
              "\"score_clip\": [0, 100]";
    char *m0 = tiny_model_json(&t);
    const double rho[] = {0.25, -0.5, 1.0};
    char *member[3];
    for (int i = 0; i < 3; i++) {
        char svm[512];
        snprintf(svm, sizeof(svm),
                 "\"svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 2\\n"
                 "rho %.17g\\nSV\\n1.5 1:0.5 2:0.25 \\n-0.75 2:1 \\n\"",
                 rho[i]);
        TinyModel b = t;
        b.model_type = "\"BOOTSTRAP_LIBSVMNUSVR\"";
        b.model = svm;
        member[i] = tiny_model_json(&b);
    }
    char *json = malloc(strlen(m0) + 3 * strlen(member[0]) + 64);
    sprintf(json, "{\"0\": %s, \"1\": %s, \"2\": %s, \"3\": %s}", m0, member[0], member[1],
            member[2]);
    char *path = write_temp_file(json);
    VmafModel *m;
    VmafModelCollection *c;
    CHECK_EQ_INT(vmaf_model_collection_load_from_path(&m, &c, NULL, path), 0);
    unlink(path);
    free(path);
    free(json);
    free(m0);
    for (int i = 0; i < 3; i++)
        free(member[i]);
    if (!m || !c)
        return;

    const char *names[] = {VIF0, ADM2};
    const double v[] = {0.6, 0.8};
    VmafFeatureCollector *fc = collector(names, v, 2, 0);
    VmafModelCollectionScore score;
    CHECK_EQ_INT(vmaf_predict_score_at_index_model_collection(c, fc, 0, &score), 0);

    /* Raw member scores: y = (svm - rho_i + 1) / 0.5, svm = the sum of kernels. */
    const double base = untransformed(0.6, 0.8) * 0.5 - 1.0 + 0.25;
    double s[3];
    for (int i = 0; i < 3; i++)
        s[i] = (base - rho[i] - -1.0) / 0.5;
    const double mean = (s[0] + s[1] + s[2]) / 3;
    double var = 0;
    for (int i = 0; i < 3; i++)
        var += (s[i] - mean) * (s[i] - mean) / 3;
    /* Sorted: rho 1.0, 0.25, -0.5 give increasing scores. */
    const double sorted[3] = {s[2], s[0], s[1]};
    const double lo = sorted[0] * 0.95 + sorted[1] * 0.05, hi = sorted[1] * 0.05 + sorted[2] * 0.95;
#define MAP(x) fmin(fmax(2 + 0.5 * (x), 0), 100)
    CHECK(score.type == VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP);
    CHECK_NEAR(score.bootstrap.bagging_score, MAP(mean), 1e-12);
    CHECK_NEAR(score.bootstrap.stddev, sqrt(var) * 0.5, 1e-12);
    CHECK_NEAR(score.bootstrap.ci.p95.lo, MAP(lo), 1e-12);
    CHECK_NEAR(score.bootstrap.ci.p95.hi, MAP(hi), 1e-12);
    const char *written[] = {"vmaf_0001",   "vmaf_0002",      "vmaf_0003",     "vmaf_bagging",
                             "vmaf_stddev", "vmaf_ci_p95_lo", "vmaf_ci_p95_hi"};
    const double want[] = {MAP(s[0]),
                           MAP(s[1]),
                           MAP(s[2]),
                           score.bootstrap.bagging_score,
                           score.bootstrap.stddev,
                           score.bootstrap.ci.p95.lo,
                           score.bootstrap.ci.p95.hi};
#undef MAP
    for (int i = 0; i < 7; i++) {
        double got = NAN;
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, written[i], &got, 0), 0);
        CHECK_NEAR(got, want[i], 1e-12);
    }
    /* Scores cannot be written twice. */
    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK(vmaf_predict_score_at_index_model_collection(c, fc, 0, &score) != 0);
    free(end_capture(&cap));
    vmaf_feature_collector_destroy(fc);
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);
}

/* Frames 0 and 1 of the corpus' testsrc_576x324 (features as printed with
 * 6 digits), a vector that clips at 100 and one that clips at 0. Order:
 * adm2, motion2, vif_scale0..3. */
static const double vectors[4][6] = {
    {0.971195, 0, 0.731697, 0.933894, 0.961759, 0.975395},
    {0.973613, 2.069197, 0.718727, 0.920581, 0.954294, 0.972803},
    {1.0, 20.0, 1.0, 1.0, 1.0, 1.0},
    {0.3, 0, 0.05, 0.1, 0.15, 0.2},
};

/* What libvmaf predicted for each vector. */
static const struct {
    const char *version;
    uint64_t flags;
    bool neg; /* features under the _egl_1 names */
    double score[4];
} measured[] = {
    {"vmaf_v0.6.1", 0, false, {87.330740091406781, 89.966942870226333, 100, 0}},
    {"vmaf_v0.6.1",
     VMAF_MODEL_FLAG_DISABLE_CLIP,
     false,
     {87.330740091406781, 89.966942870226333, 120.80583516378225, -8.7469525517005451}},
    {"vmaf_v0.6.1",
     VMAF_MODEL_FLAG_ENABLE_TRANSFORM,
     false,
     {98.686692237415258, 99.941390359101234, 100, 0}},
    {"vmaf_4k_v0.6.1", 0, false, {92.491619563200715, 93.690678422348327, 100, 8.9572251488272627}},
    {"vmaf_v0.6.1neg", 0, true, {87.330740091406781, 89.966942870226333, 100, 0}},
};

static const char *const feature_names[6] = {"adm2",       "motion2",    "vif_scale0",
                                             "vif_scale1", "vif_scale2", "vif_scale3"};

static VmafFeatureCollector *vector_collector(const double *v, bool neg)
{
    char names[6][64];
    const char *p[6];
    for (int i = 0; i < 6; i++) {
        if (neg && i != 1)
            snprintf(names[i], sizeof(names[i]), "integer_%s_egl_1", feature_names[i]);
        else
            snprintf(names[i], sizeof(names[i]), "VMAF_integer_feature_%s_score", feature_names[i]);
        p[i] = names[i];
    }
    return collector(p, v, 6, 0);
}

/* The models loaded by version are the built-in ones, not files. */
static void use_built_in_models(void)
{
    unsetenv("VMAF_MODEL_DIR");
}

static void test_netflix_models(void)
{
    use_built_in_models();
    for (size_t k = 0; k < sizeof(measured) / sizeof(measured[0]); k++) {
        VmafModelConfig cfg = {.flags = measured[k].flags};
        VmafModel *m;
        CHECK_EQ_INT(vmaf_model_load(&m, &cfg, measured[k].version), 0);
        for (int i = 0; m && i < 4; i++) {
            VmafFeatureCollector *fc = vector_collector(vectors[i], measured[k].neg);
            double s = NAN, stored = NAN;
            CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, true), 0);
            CHECK_EXACT(s, measured[k].score[i]);
            CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "vmaf", &stored, 0), 0);
            CHECK_EXACT(stored, s);
            vmaf_feature_collector_destroy(fc);
        }
        vmaf_model_destroy(m);
    }
}

/* vmaf_b_v0.6.3: member "0" and the bootstrap statistics, by libvmaf. */
static void test_netflix_bootstrap(void)
{
    use_built_in_models();
    static const struct {
        double vmaf, bagging, stddev, lo, hi, member1, member2;
    } want[4] = {
        {87.244206305103518, 86.435259995632208, 3.2525718296282138, 78.819162841483532,
         91.245837022404729, 86.687055491893119, 87.774736404578888},
        {89.610359061663374, 88.915349485092634, 2.8444866264918889, 82.102620405957026,
         92.965303738597271, 88.238816200329424, 90.787905386817982},
        {100, 100, 0, 100, 100, 100, 100},
        {0, 0, 0, 0, 17.308928088005359, 23.682442300821915, 0},
    };
    VmafModel *m;
    VmafModelCollection *c;
    CHECK_EQ_INT(vmaf_model_collection_load(&m, &c, NULL, "vmaf_b_v0.6.3"), 0);
    for (int i = 0; m && c && i < 4; i++) {
        VmafFeatureCollector *fc = vector_collector(vectors[i], false);
        double s = NAN, m1 = NAN, m2 = NAN, stored = NAN;
        VmafModelCollectionScore score = {0};
        CHECK_EQ_INT(vmaf_predict_score_at_index(m, fc, 0, &s, true), 0);
        CHECK_EQ_INT(vmaf_predict_score_at_index_model_collection(c, fc, 0, &score), 0);
        CHECK_EXACT(s, want[i].vmaf);
        CHECK_EXACT(score.bootstrap.bagging_score, want[i].bagging);
        CHECK_EXACT(score.bootstrap.stddev, want[i].stddev);
        CHECK_EXACT(score.bootstrap.ci.p95.lo, want[i].lo);
        CHECK_EXACT(score.bootstrap.ci.p95.hi, want[i].hi);
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "vmaf_0001", &m1, 0), 0);
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "vmaf_0002", &m2, 0), 0);
        CHECK_EXACT(m1, want[i].member1);
        CHECK_EXACT(m2, want[i].member2);
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "vmaf_ci_p95_hi", &stored, 0), 0);
        CHECK_EXACT(stored, want[i].hi);
        vmaf_feature_collector_destroy(fc);
    }
    vmaf_model_destroy(m);
    vmaf_model_collection_destroy(c);
}

TEST_MAIN("predict", {"tiny_model", test_tiny_model}, {"norm_none", test_norm_none},
          {"write_and_errors", test_write_and_errors}, {"feature_options", test_feature_options},
          {"polynomial_transform", test_polynomial_transform}, {"knots", test_knots},
          {"chroma_correction", test_chroma_correction}, {"small_bootstrap", test_small_bootstrap},
          {"netflix_models", test_netflix_models}, {"netflix_bootstrap", test_netflix_bootstrap})
