/* What integer ADM's extractors (adm and its CUDA twin adm_cuda) share: the
 * option rows, the provided features, the checks of the input, and the
 * float/double arithmetic that turns each scale's integer sums into
 * libvmaf's scores. Both score alike because both call this. */
#ifndef VMAF_FEATURE_ADM_ADM_COMMON_H
#define VMAF_FEATURE_ADM_ADM_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adm_scale.h"
#include "core/feature_extractor.h"

/* Option values; each extractor's option table points into this. */
typedef struct AdmOptions {
    bool debug;
    double csf_scale;
    double csf_diag_scale;
    double dlm_weight;
    double enhn_gain_limit;
    double norm_view_dist;
    int ref_display_height;
    int csf_mode;
    double noise_weight;
    bool skip_aim;
    bool skip_scale0;
    double min_val;
} AdmOptions;

/* The option rows of AdmOptions, in the order the feature names take their
 * suffixes, for a private struct `state` holding it as `member`. */
/* clang-format off */
#define ADM_OPTIONS(state, member)                                                                 \
    {                                                                                              \
        .name = "debug",                                                                           \
        .help = "write the numerators and denominators too",                                       \
        .offset = offsetof(state, member.debug),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_csf_scale",                                                                   \
        .alias = "scf",                                                                            \
        .help = "multiplier of the horizontal and vertical Barten CSF",                            \
        .offset = offsetof(state, member.csf_scale),                                               \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 50.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_csf_diag_scale",                                                              \
        .alias = "scfd",                                                                           \
        .help = "multiplier of the diagonal Barten CSF",                                           \
        .offset = offsetof(state, member.csf_diag_scale),                                          \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 50.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_dlm_weight",                                                                  \
        .alias = "dlmw",                                                                           \
        .help = "weight of detail loss against additive impairment in adm3; 1 is detail loss "     \
                "only",                                                                            \
        .offset = offsetof(state, member.dlm_weight),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.5,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_enhn_gain_limit",                                                             \
        .alias = "egl",                                                                            \
        .help = "largest enhancement gain credited; 1 credits none",                               \
        .offset = offsetof(state, member.enhn_gain_limit),                                         \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 100.0,                                                                    \
        .min = 1.0,                                                                                \
        .max = 100.0,                                                                              \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_norm_view_dist",                                                              \
        .alias = "nvd",                                                                            \
        .help = "viewing distance divided by the display height",                                  \
        .offset = offsetof(state, member.norm_view_dist),                                          \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 3.0,                                                                      \
        .min = 0.75,                                                                               \
        .max = 24.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_ref_display_height",                                                          \
        .alias = "rdh",                                                                            \
        .help = "display height in pixels",                                                        \
        .offset = offsetof(state, member.ref_display_height),                                      \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 1080,                                                                     \
        .min = 1,                                                                                  \
        .max = 4320,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_csf_mode",                                                                    \
        .alias = "csf",                                                                            \
        .help = "contrast sensitivity function: 0 Watson97, 1 Barten, 2 Barten/Watson blend, "     \
                "3 blend fitted on mean absolute error",                                           \
        .offset = offsetof(state, member.csf_mode),                                                \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = ADM_CSF_WATSON97,                                                         \
        .min = 0,                                                                                  \
        .max = 3,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_noise_weight",                                                                \
        .alias = "nw",                                                                             \
        .help = "weight of the noise floor added to every sum",                                    \
        .offset = offsetof(state, member.noise_weight),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.03125,                                                                  \
        .min = 0.0,                                                                                \
        .max = 1500.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_skip_aim",                                                                    \
        .help = "do not compute the additive impairment (aim is then 0)",                          \
        .offset = offsetof(state, member.skip_aim),                                                \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_skip_scale0",                                                                 \
        .alias = "ssz",                                                                            \
        .help = "leave scale 0 out of the scores",                                                 \
        .offset = offsetof(state, member.skip_scale0),                                             \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_min_val",                                                                     \
        .alias = "min",                                                                            \
        .help = "lower bound of adm3",                                                             \
        .offset = offsetof(state, member.min_val),                                                 \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
/* clang-format on */

/* The smallest picture side: the last wavelet level needs an input of at
 * least 5 samples, i.e. ceil(side / 8) >= 5; libvmaf reads outside its
 * buffers below that. */
#define ADM_MIN_SIDE 33

/* NULL-terminated. */
extern const char *const adm_features[];

/* The integer sums of one scale, per band: reference cubes, masked cubes of
 * the restored detail (the numerator) and of the additive part (aim). */
typedef struct AdmSums {
    uint64_t den[ADM_DETAIL_BANDS];
    int64_t cm[ADM_DETAIL_BANDS];
    int64_t aim[ADM_DETAIL_BANDS];
} AdmSums;

/* What libvmaf's default path computes otherwise than its C on a CPU of
 * cpu_flags (after --cpumask): its AVX-512 code where the CPU has AVX-512,
 * else its AVX2 code, else its C (all zero). Shared by adm and its CUDA
 * twin, which score as the default CPU path does. */
AdmQuirks adm_default_quirks(const AdmScale *scale0, unsigned cpu_flags);

/* Size and depth the extractors accept; logs under name otherwise. */
int adm_check_input(const char *name, unsigned w, unsigned h, unsigned bpc);

/* The viewing condition, checked per frame as libvmaf does. */
int adm_check_view(const char *name, const AdmOptions *opt);

void adm_setup(const AdmOptions *opt, unsigned w, unsigned h, AdmScale scale[ADM_SCALES]);

/* Scores one frame from its sums (scale 0's and the aim sums are not read
 * when the options skip them) and appends them. */
int adm_write_scores(VmafFexContext *fex, VmafFeatureCollector *fc, unsigned index,
                     const AdmOptions *opt, const AdmScale scale[ADM_SCALES],
                     const AdmSums sums[ADM_SCALES], unsigned w, unsigned h);

/* The CPU extractor's (vmaf_fex_adm's) sums of one frame, for tests of other
 * implementations; fex is an initialised instance of it. */
int adm_cpu_sums(VmafFexContext *fex, const VmafPicture *ref, const VmafPicture *dis,
                 AdmSums sums[ADM_SCALES]);

#endif
