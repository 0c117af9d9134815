#include <errno.h>
#include <stddef.h>

#include "test.h"

#include "core/feature_name.h"

/* The options of libvmaf's integer adm that v1.0.16's adm3 sets. */
typedef struct AdmLike {
    int csf_mode;
    double dlm_weight, egl, min_val, noise_weight;
    bool debug, skip;
} AdmLike;

#define F VMAF_OPT_FLAG_FEATURE_PARAM
static const VmafOption adm_like[] = {
    {.name = "adm_enhn_gain_limit",
     .alias = "egl",
     .offset = offsetof(AdmLike, egl),
     .type = VMAF_OPT_TYPE_DOUBLE,
     .default_val.d = 100.0,
     .min = 1,
     .max = 100,
     .flags = F},
    {.name = "adm_dlm_weight",
     .alias = "dlmw",
     .offset = offsetof(AdmLike, dlm_weight),
     .type = VMAF_OPT_TYPE_DOUBLE,
     .default_val.d = 0.5,
     .min = 0,
     .max = 1,
     .flags = F},
    {.name = "adm_noise_weight",
     .alias = "nw",
     .offset = offsetof(AdmLike, noise_weight),
     .type = VMAF_OPT_TYPE_DOUBLE,
     .default_val.d = 0.03125,
     .min = 0,
     .max = 1500,
     .flags = F},
    {.name = "adm_csf_mode",
     .alias = "csf",
     .offset = offsetof(AdmLike, csf_mode),
     .type = VMAF_OPT_TYPE_INT,
     .default_val.i = 0,
     .min = 0,
     .max = 3,
     .flags = F},
    {.name = "adm_min_val",
     .alias = "min",
     .offset = offsetof(AdmLike, min_val),
     .type = VMAF_OPT_TYPE_DOUBLE,
     .default_val.d = 0,
     .min = 0,
     .max = 1,
     .flags = F},
    {.name = "debug", .offset = offsetof(AdmLike, debug), .type = VMAF_OPT_TYPE_BOOL},
    {.name = "adm_skip_scale0",
     .alias = "ssz",
     .offset = offsetof(AdmLike, skip),
     .type = VMAF_OPT_TYPE_BOOL,
     .flags = F},
    {0},
};

static void test_alias(void)
{
    CHECK(!strcmp(vmaf_feature_name_alias("VMAF_integer_feature_vif_scale0_score"),
                  "integer_vif_scale0"));
    CHECK(!strcmp(vmaf_feature_name_alias("Cambi_feature_cambi_score"), "cambi"));
    /* motion_sad has no alias in libvmaf. */
    CHECK(!strcmp(vmaf_feature_name_alias("VMAF_integer_feature_motion_sad_score"),
                  "VMAF_integer_feature_motion_sad_score"));
    CHECK(!strcmp(vmaf_feature_name_alias("psnr_y"), "psnr_y"));
}

static void name_of(const char *opts[][2], char *buf, size_t n, int *err)
{
    VmafDictionary *d = NULL;
    for (unsigned i = 0; opts && opts[i][0]; i++)
        vmaf_feature_dictionary_set(&d, opts[i][0], opts[i][1]);
    *err = vmaf_feature_name_from_options(buf, n, "VMAF_integer_feature_adm3_score", adm_like, d);
    vmaf_feature_dictionary_free(&d);
}

static void test_suffixes(void)
{
    char buf[256];
    int err;
    name_of(NULL, buf, sizeof(buf), &err);
    CHECK_EQ_INT(err, 0);
    CHECK(!strcmp(buf, "VMAF_integer_feature_adm3_score"));

    const char *v1016[][2] = {{"adm_enhn_gain_limit", "1.0"},
                              {"adm_dlm_weight", "0.7"},
                              {"adm_noise_weight", "0.02"},
                              {"adm_csf_mode", "2"},
                              {"adm_min_val", "0.5"},
                              {"debug", "true"},
                              {NULL, NULL}};
    name_of(v1016, buf, sizeof(buf), &err);
    CHECK_EQ_INT(err, 0);
    CHECK(!strcmp(buf, "integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02"));

    /* A value equal to the default adds nothing; a bool adds its key only. */
    const char *dflt[][2] = {
        {"adm_enhn_gain_limit", "100"}, {"adm_skip_scale0", "true"}, {NULL, NULL}};
    name_of(dflt, buf, sizeof(buf), &err);
    CHECK(!strcmp(buf, "integer_adm3_ssz"));

    name_of(v1016, buf, 20, &err);
    CHECK_EQ_INT(err, -ENAMETOOLONG);

    const char *bad[][2] = {{"adm_csf_mode", "9"}, {NULL, NULL}};
    name_of(bad, buf, sizeof(buf), &err);
    CHECK_EQ_INT(err, -EINVAL);
}

TEST_MAIN("feature_name", {"alias", test_alias}, {"suffixes", test_suffixes})
