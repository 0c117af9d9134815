/* What float ADM's extractors (float_adm and its CUDA twin float_adm_cuda)
 * share: the option rows, the provided features, the checks of the input,
 * the contrast sensitivity factors, the regions of a level, and the
 * arithmetic that turns each level's p-norm sums into libvmaf's scores.
 * Both score alike because both call this. */
#ifndef VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_COMMON_H
#define VMAF_FEATURE_FLOAT_ADM_FLOAT_ADM_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "core/feature_extractor.h"
#include "float_adm_math.h"

#define FLOAT_ADM_SCALES 4
/* Four levels halve 17 to 2, the least the 3x3 masking needs. */
#define FLOAT_ADM_MIN_SIZE 17

enum FloatAdmCsf { FLOAT_ADM_CSF_WATSON97 = 0, FLOAT_ADM_CSF_BARTEN = 1, FLOAT_ADM_CSF_NATIVE = 2 };

/* Option values; each extractor's option table points into this. */
typedef struct FloatAdmOptions {
    bool debug;
    double gain_limit;
    double view_dist;
    double noise_weight;
    double csf_scale;
    double csf_diag_scale;
    int display_height;
    int csf_mode;
    int bypass_cm;
    bool apply_hm;
    double p_norm;
    double dlm_weight;
    double min_val;
    double factor1[FLOAT_ADM_SCALES]; /* overrides of the h/v factor when >= 0 */
    double factor2[FLOAT_ADM_SCALES]; /* and of the diagonal one */
    int skip_aim_scale;
    bool skip_scale0;
} FloatAdmOptions;

/* The default p-norm, which a twin that leaves adm_p_norm out of its table
 * sets at init, as the CPU's table would. */
#define FLOAT_ADM_DEFAULT_P_NORM 3.0

/* The option rows of FloatAdmOptions for a private struct `state` holding
 * it as `member`: those before adm_p_norm, adm_p_norm, and those after;
 * FLOAT_ADM_OPTIONS lists them all, in the order the feature names take
 * their suffixes. */
/* clang-format off */
#define FLOAT_ADM_FACTOR_OPTION(state, member, field, n, which, what)                              \
    {                                                                                              \
        .name = "adm_f" #which "s" #n, .alias = "f" #which "s" #n,                                 \
        .help = "scale " #n " " what " factor, replacing the CSF's when >= 0",                     \
        .offset = offsetof(state, member.field[n]), .type = VMAF_OPT_TYPE_DOUBLE,                  \
        .default_val.d = -1.0, .min = -1.0, .max = 10.0, .flags = VMAF_OPT_FLAG_FEATURE_PARAM,     \
    }
#define FLOAT_ADM_OPTIONS_HEAD(state, member)                                                      \
    {                                                                                              \
        .name = "debug",                                                                           \
        .help = "also write the pooled score and every scale's numerator and denominator",         \
        .offset = offsetof(state, member.debug),                                                   \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_enhn_gain_limit",                                                             \
        .alias = "egl",                                                                            \
        .help = "largest gain credited to enhanced detail; 1.0 credits no enhancement",            \
        .offset = offsetof(state, member.gain_limit),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 100.0,                                                                    \
        .min = 1.0,                                                                                \
        .max = 100.0,                                                                              \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_norm_view_dist",                                                              \
        .alias = "nvd",                                                                            \
        .help = "viewing distance divided by the display's height",                                \
        .offset = offsetof(state, member.view_dist),                                               \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 3.0,                                                                      \
        .min = 0.75,                                                                               \
        .max = 24.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_noise_weight",                                                                \
        .alias = "nw",                                                                             \
        .help = "weight of the noise floor added to every numerator and denominator",              \
        .offset = offsetof(state, member.noise_weight),                                            \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.03125,                                                                  \
        .min = 0.0,                                                                                \
        .max = 1500.0,                                                                             \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_csf_scale",                                                                   \
        .alias = "scf",                                                                            \
        .help = "multiplier of Barten's CSF for the horizontal and vertical bands",                \
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
        .help = "multiplier of Barten's CSF for the diagonal band",                                \
        .offset = offsetof(state, member.csf_diag_scale),                                          \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 1.0,                                                                      \
        .min = 0.0,                                                                                \
        .max = 50.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_ref_display_height",                                                          \
        .alias = "rdf",                                                                            \
        .help = "height of the reference display in pixels",                                       \
        .offset = offsetof(state, member.display_height),                                          \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 1080,                                                                     \
        .min = 1,                                                                                  \
        .max = 4320,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_csf_mode",                                                                    \
        .alias = "csf",                                                                            \
        .help = "contrast sensitivity function: 0 Watson97, 1 Barten, 2 ADM's own; 3..9 act as 0", \
        .offset = offsetof(state, member.csf_mode),                                                \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = FLOAT_ADM_CSF_WATSON97,                                                   \
        .min = 0,                                                                                  \
        .max = 9,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_bypass_cm",                                                                   \
        .alias = "bcm",                                                                            \
        .help = "1 leaves contrast masking out",                                                   \
        .offset = offsetof(state, member.bypass_cm),                                               \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = 0,                                                                        \
        .min = 0,                                                                                  \
        .max = 1,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_adm3_apply_hm",                                                               \
        .alias = "aah",                                                                            \
        .help = "adm3 as the harmonic mean of adm2 and aim instead of their weighted sum",         \
        .offset = offsetof(state, member.apply_hm),                                                \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_ADM_OPTION_P_NORM(state, member)                                                     \
    {                                                                                              \
        .name = "adm_p_norm",                                                                      \
        .alias = "apn",                                                                            \
        .help = "exponent p of the p-norms of the detail bands",                                   \
        .offset = offsetof(state, member.p_norm),                                                  \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = FLOAT_ADM_DEFAULT_P_NORM,                                                 \
        .min = 1.0,                                                                                \
        .max = 20.0,                                                                               \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_ADM_OPTIONS_TAIL(state, member)                                                      \
    {                                                                                              \
        .name = "adm_dlm_weight",                                                                  \
        .alias = "dlmw",                                                                           \
        .help = "weight of adm2 against 1 - aim in adm3; 1 is adm2 only",                          \
        .offset = offsetof(state, member.dlm_weight),                                              \
        .type = VMAF_OPT_TYPE_DOUBLE,                                                              \
        .default_val.d = 0.5,                                                                      \
        .min = 0.0,                                                                                \
        .max = 1.0,                                                                                \
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
    },                                                                                             \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor1, 0, 1, "horizontal/vertical"),                  \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor1, 1, 1, "horizontal/vertical"),                  \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor1, 2, 1, "horizontal/vertical"),                  \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor1, 3, 1, "horizontal/vertical"),                  \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor2, 0, 2, "diagonal"),                             \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor2, 1, 2, "diagonal"),                             \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor2, 2, 2, "diagonal"),                             \
    FLOAT_ADM_FACTOR_OPTION(state, member, factor2, 3, 2, "diagonal"),                             \
    {                                                                                              \
        .name = "adm_skip_aim_scale",                                                              \
        .alias = "sasc",                                                                           \
        .help = "scale (0..3) left out of aim",                                                    \
        .offset = offsetof(state, member.skip_aim_scale),                                          \
        .type = VMAF_OPT_TYPE_INT,                                                                 \
        .default_val.i = -1,                                                                       \
        .min = 0,                                                                                  \
        .max = 3,                                                                                  \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    },                                                                                             \
    {                                                                                              \
        .name = "adm_skip_scale0",                                                                 \
        .alias = "ssz",                                                                            \
        .help = "do not score scale 0 (its numerator is 0, its denominator 1e-10)",                \
        .offset = offsetof(state, member.skip_scale0),                                             \
        .type = VMAF_OPT_TYPE_BOOL,                                                                \
        .default_val.b = false,                                                                    \
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,                                                      \
    }
#define FLOAT_ADM_OPTIONS(state, member)                                                           \
    FLOAT_ADM_OPTIONS_HEAD(state, member),                                                         \
    FLOAT_ADM_OPTION_P_NORM(state, member),                                                        \
    FLOAT_ADM_OPTIONS_TAIL(state, member)
/* clang-format on */

/* NULL-terminated. */
extern const char *const float_adm_provided_features[];

/* Depth and size the extractors accept; logs under fex_name otherwise. */
int float_adm_check_input(const char *fex_name, unsigned bpc, unsigned w, unsigned h);

/* The CSF's weight of each level's h, v and d bands (ADM_BAND_*), with the
 * options' overrides. */
void float_adm_rfactors(const FloatAdmOptions *opt,
                        float rfactor[FLOAT_ADM_SCALES][ADM_DETAIL_BANDS]);

/* The rows and columns summed: a border of w * 0.1 - 0.5 (truncated) left
 * out on each side. */
FloatAdmRect float_adm_inner_rect(unsigned w, unsigned h);
/* The rows and columns decoupled and weighted: the inner ones and one more
 * on each side for the masking's neighbourhood, inside the level. */
FloatAdmRect float_adm_extended_rect(unsigned w, unsigned h);

/* cos^2(1 degree) in double, rounded to float: decoupling's angle test. */
float float_adm_cos_1deg_sq(void);

/* One level's per-band sums over its inner rect, rows added first: of the
 * reference's cubes (den), of the restored detail masked by the additive
 * impairment (num), and of the impairment masked by the restored detail
 * (aim); p-th powers for another p-norm. */
typedef struct FloatAdmLevelSums {
    float den[ADM_DETAIL_BANDS], num[ADM_DETAIL_BANDS], aim[ADM_DETAIL_BANDS];
} FloatAdmLevelSums;

/* Appends frame index's scores (and with debug, the pooled score and each
 * scale's numerator and denominator) from each level's sums, for a picture
 * of w x h; those of a skipped scale 0 are not read. */
int float_adm_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                            const FloatAdmOptions *opt,
                            const FloatAdmLevelSums sums[FLOAT_ADM_SCALES], unsigned w, unsigned h,
                            unsigned index);

#ifdef FLOAT_ADM_RCP_DIVISION
enum { FLOAT_ADM_RCP_TABLE_SIZE = 1 << 23 };
/* This CPU's reciprocal estimates of [1, 2), by mantissa, for
 * float_adm_rcp_estimate(): 0, or -ENOTSUP (logged under fex_name) where
 * the estimates of other exponents are not these scaled, as they are on
 * the x86 CPUs seen so far. */
int float_adm_rcp_table(const char *fex_name, float table[FLOAT_ADM_RCP_TABLE_SIZE]);
#endif

/* The CPU extractor's (vmaf_fex_float_adm's) sums of one frame, for tests of
 * other implementations; ctx is an initialised instance of it. */
void float_adm_cpu_sums(VmafFexContext *ctx, const VmafPicture *ref, const VmafPicture *dis,
                        FloatAdmLevelSums sums[FLOAT_ADM_SCALES]);

#endif
