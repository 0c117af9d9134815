/* Scoring shared by adm and adm_cuda (see adm_common.h): the float/double
 * order of every step is libvmaf's. */
#include <errno.h>
#include <math.h>

#include "adm_common.h"
#include "core/cpu.h"
#include "core/log.h"

/* Below this viewing condition the 16-bit scale 0 pipeline overflows. */
#define ADM_MIN_VIEW_DIST_HEIGHT (3.0 * 1080)

#define ADM2_FEATURE "VMAF_integer_feature_adm2_score"
#define AIM_FEATURE "VMAF_integer_feature_aim_score"
#define ADM3_FEATURE "VMAF_integer_feature_adm3_score"

const char *const adm_features[] = {
    ADM2_FEATURE,
    AIM_FEATURE,
    ADM3_FEATURE,
    "integer_adm_scale0",
    "integer_adm_scale1",
    "integer_adm_scale2",
    "integer_adm_scale3",
    "integer_adm",
    "integer_adm_num",
    "integer_adm_den",
    "integer_adm_num_scale0",
    "integer_adm_den_scale0",
    "integer_adm_num_scale1",
    "integer_adm_den_scale1",
    "integer_adm_num_scale2",
    "integer_adm_den_scale2",
    "integer_adm_num_scale3",
    "integer_adm_den_scale3",
    NULL,
};

int adm_check_input(const char *name, unsigned w, unsigned h, unsigned bpc)
{
    if (w < ADM_MIN_SIDE || h < ADM_MIN_SIDE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: %ux%u is too small, both sides must be at least %d pixels", name, w, h,
                 ADM_MIN_SIDE);
        return -EINVAL;
    }
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit pictures are not supported", name, bpc);
        return -EINVAL;
    }
    return 0;
}

int adm_check_view(const char *name, const AdmOptions *opt)
{
    if (opt->norm_view_dist * opt->ref_display_height >= ADM_MIN_VIEW_DIST_HEIGHT)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR,
             "%s: adm_norm_view_dist * adm_ref_display_height must be at least %g", name,
             ADM_MIN_VIEW_DIST_HEIGHT);
    return -EINVAL;
}

void adm_setup(const AdmOptions *opt, unsigned w, unsigned h, AdmScale scale[ADM_SCALES])
{
    const AdmCsfParams csf = {
        .mode = opt->csf_mode,
        .view_dist = opt->norm_view_dist,
        .display_height = opt->ref_display_height,
        .scale = opt->csf_scale,
        .diag_scale = opt->csf_diag_scale,
    };
    adm_setup_scales(scale, &csf, opt->noise_weight, w, h);
}

static float den_score(const AdmScale *sc, const uint64_t sum[ADM_DETAIL_BANDS])
{
    float total = 0.0f;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const double csf = (double)(sum[b] / sc->den_divisor) * pow(sc->rfactor[b], 3);
        const float term = powf((float)csf, 1.0f / 3.0f) + sc->noise_floor;
        total += term; /* (h + v) + d */
    }
    return total;
}

static float cm_score(const AdmScale *sc, int scale, const int64_t sum[ADM_DETAIL_BANDS],
                      float noise_floor)
{
    float total = 0.0f;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        const float masked =
            scale == 0 ? (float)(sum[b] / sc->cm_divisor[b]) : (float)sum[b] / sc->cm_divisor_f;
        const float term = powf(masked, 1.0f / 3.0f) + noise_floor;
        total += term; /* (h + v) + d */
    }
    return total;
}

typedef struct ScaleScore {
    float num, den, aim_num;
} ScaleScore;

static ScaleScore score_scale(const AdmOptions *opt, const AdmScale *sc, int scale,
                              const AdmSums *sums)
{
    /* libvmaf's placeholder keeps num/den finite */
    if (scale == 0 && opt->skip_scale0)
        return (ScaleScore){.num = 0.0f, .den = (float)1e-10, .aim_num = 0.0f};
    ScaleScore out = {
        .num = cm_score(sc, scale, sums->cm, sc->noise_floor),
        .den = den_score(sc, sums->den),
    };
    if (!opt->skip_aim)
        out.aim_num = cm_score(sc, scale, sums->aim, 0.0f);
    return out;
}

static int emit(VmafFexContext *fex, VmafFeatureCollector *fc, unsigned index,
                const AdmOptions *opt, const ScaleScore sc[ADM_SCALES], double num, double den,
                double adm2, double aim)
{
    static const char *const scale_names[ADM_SCALES][3] = {
        {"integer_adm_scale0", "integer_adm_num_scale0", "integer_adm_den_scale0"},
        {"integer_adm_scale1", "integer_adm_num_scale1", "integer_adm_den_scale1"},
        {"integer_adm_scale2", "integer_adm_num_scale2", "integer_adm_den_scale2"},
        {"integer_adm_scale3", "integer_adm_num_scale3", "integer_adm_den_scale3"},
    };
    const double adm3 = adm2 * opt->dlm_weight + (1 - aim) * (1 - opt->dlm_weight);
    int err = 0;
    err |= vmaf_fex_append(fex, fc, ADM2_FEATURE, adm2, index);
    err |= vmaf_fex_append(fex, fc, AIM_FEATURE, aim, index);
    err |= vmaf_fex_append(fex, fc, ADM3_FEATURE, adm3 > opt->min_val ? adm3 : opt->min_val, index);
    for (int i = 0; i < ADM_SCALES; i++)
        err |= vmaf_fex_append(fex, fc, scale_names[i][0], (double)sc[i].num / sc[i].den, index);
    if (!opt->debug)
        return err;

    err |= vmaf_fex_append(fex, fc, "integer_adm", adm2, index);
    err |= vmaf_fex_append(fex, fc, "integer_adm_num", num, index);
    err |= vmaf_fex_append(fex, fc, "integer_adm_den", den, index);
    for (int i = 0; i < ADM_SCALES; i++) {
        err |= vmaf_fex_append(fex, fc, scale_names[i][1], sc[i].num, index);
        err |= vmaf_fex_append(fex, fc, scale_names[i][2], sc[i].den, index);
    }
    return err;
}

int adm_write_scores(VmafFexContext *fex, VmafFeatureCollector *fc, unsigned index,
                     const AdmOptions *opt, const AdmScale scale[ADM_SCALES],
                     const AdmSums sums[ADM_SCALES], unsigned w, unsigned h)
{
    ScaleScore sc[ADM_SCALES];
    double num = 0.0, den = 0.0, aim_num = 0.0;
    for (int i = 0; i < ADM_SCALES; i++) {
        sc[i] = score_scale(opt, &scale[i], i, &sums[i]);
        num += sc[i].num;
        den += sc[i].den;
        aim_num += sc[i].aim_num;
    }

    const double limit = 1e-10 * (w * h) / (1920.0 * 1080.0);
    num = num < limit ? 0 : num;
    den = den < limit ? 0 : den;
    /* With no reference detail libvmaf scores adm2 1 and leaves aim unset;
     * 0 (no impairment) is the value consistent with adm2 = 1. */
    const double adm2 = den == 0.0 ? 1.0 : num / den;
    const double aim = den == 0.0 ? 0.0 : aim_num / den;
    return emit(fex, fc, index, opt, sc, num, den, adm2, aim);
}

AdmQuirks adm_default_quirks(const AdmScale *scale0, unsigned cpu_flags)
{
    const bool avx512 = cpu_flags & VMAF_X86_CPU_FLAG_AVX512;
    if (!avx512 && !(cpu_flags & VMAF_X86_CPU_FLAG_AVX2))
        return (AdmQuirks){0};
    return (AdmQuirks){
        .decouple_area = adm_decouple_vector_area(&scale0->window, avx512),
        .cm_area = adm_cm_vector_area(scale0->w, scale0->h, &scale0->region, avx512 ? 14 : 6),
        .decouple_ordered = avx512,
        .cm_logical_shift = !avx512,
        .round_gain_s123 = avx512,
    };
}
