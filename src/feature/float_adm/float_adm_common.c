#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/log.h"
#include "feature/adm_common/adm_csf.h"
#include "feature/float_common/float_plane.h"
#include "float_adm_common.h"

#if defined(FLOAT_ADM_RCP_DIVISION)
#include <xmmintrin.h>
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Fraction of each side left out of the sums. */
#define ADM_BORDER_FACTOR 0.1
/* libvmaf evaluates Barten's CSF at this adaptation luminance (cd/m^2). */
#define ADM_LUMINANCE 100.0

static const char *const scale_name[FLOAT_ADM_SCALES] = {
    "VMAF_feature_adm_scale0_score",
    "VMAF_feature_adm_scale1_score",
    "VMAF_feature_adm_scale2_score",
    "VMAF_feature_adm_scale3_score",
};
static const char *const num_name[FLOAT_ADM_SCALES] = {
    "adm_num_scale0",
    "adm_num_scale1",
    "adm_num_scale2",
    "adm_num_scale3",
};
static const char *const den_name[FLOAT_ADM_SCALES] = {
    "adm_den_scale0",
    "adm_den_scale1",
    "adm_den_scale2",
    "adm_den_scale3",
};

const char *const float_adm_provided_features[] = {
    "VMAF_feature_adm2_score",
    "VMAF_feature_aim_score",
    "VMAF_feature_adm3_score",
    "VMAF_feature_adm_scale0_score",
    "VMAF_feature_adm_scale1_score",
    "VMAF_feature_adm_scale2_score",
    "VMAF_feature_adm_scale3_score",
    "adm_num",
    "adm_den",
    "adm_scale0", /* listed by libvmaf, never written */
    "adm_num_scale0",
    "adm_den_scale0",
    "adm_num_scale1",
    "adm_den_scale1",
    "adm_num_scale2",
    "adm_den_scale2",
    "adm_num_scale3",
    "adm_den_scale3",
    NULL,
};

int float_adm_check_input(const char *fex_name, unsigned bpc, unsigned w, unsigned h)
{
    const int err = float_plane_check_depth(fex_name, bpc);
    if (err)
        return err;
    if (w < FLOAT_ADM_MIN_SIZE || h < FLOAT_ADM_MIN_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: %ux%u is too small, width and height must be at least %u (the fourth "
                 "wavelet level would be narrower than the 3x3 masking)",
                 fex_name, w, h, FLOAT_ADM_MIN_SIZE);
        return -EINVAL;
    }
    return 0;
}

/* ---------------------------------------------------------------- CSF -- */

/* ADM's own CSF at the nominal frequency of level lambda, the diagonal
 * (theta 45) seen at 1 / 0.7 of it. */
static float native_csf(int lambda, double view_dist, int display_height, int theta)
{
    const float pixels_per_degree = (float)(view_dist * display_height * M_PI / 180.0);
    float freq = (float)(pixels_per_degree / pow(2, lambda + 1));
    if (theta == 45)
        freq = (float)(freq / 0.7);
    return (float)((0.31 + 0.69 * freq) * exp(-0.29 * freq));
}

static float csf_factor(const FloatAdmOptions *opt, int scale, bool diagonal)
{
    switch (opt->csf_mode) {
    case FLOAT_ADM_CSF_BARTEN:
        return adm_barten_csf(scale, opt->view_dist, opt->display_height, ADM_LUMINANCE,
                              diagonal ? opt->csf_diag_scale : opt->csf_scale);
    case FLOAT_ADM_CSF_NATIVE:
        return native_csf(scale, opt->view_dist, opt->display_height, diagonal ? 45 : 0);
    default:
        return adm_watson_rfactor(scale, diagonal ? 2 : 1, opt->view_dist, opt->display_height);
    }
}

void float_adm_rfactors(const FloatAdmOptions *opt,
                        float rfactor[FLOAT_ADM_SCALES][ADM_DETAIL_BANDS])
{
    for (int scale = 0; scale < FLOAT_ADM_SCALES; scale++) {
        float f1 = csf_factor(opt, scale, false), f2 = csf_factor(opt, scale, true);
        if (opt->factor1[scale] >= 0)
            f1 = (float)opt->factor1[scale];
        if (opt->factor2[scale] >= 0)
            f2 = (float)opt->factor2[scale];
        rfactor[scale][ADM_BAND_H] = f1;
        rfactor[scale][ADM_BAND_V] = f1;
        rfactor[scale][ADM_BAND_D] = f2;
    }
}

/* ----------------------------------------------------------- geometry -- */

FloatAdmRect float_adm_inner_rect(unsigned w, unsigned h)
{
    const int left = (int)(w * ADM_BORDER_FACTOR - 0.5), top = (int)(h * ADM_BORDER_FACTOR - 0.5);
    return (FloatAdmRect){.top = top, .bottom = (int)h - top, .left = left, .right = (int)w - left};
}

FloatAdmRect float_adm_extended_rect(unsigned w, unsigned h)
{
    const int left = (int)(w * ADM_BORDER_FACTOR - 0.5 - 1);
    const int top = (int)(h * ADM_BORDER_FACTOR - 0.5 - 1);
    const int right = (int)w - left + 2, bottom = (int)h - top + 2;
    return (FloatAdmRect){
        .top = top < 0 ? 0 : top,
        .bottom = bottom > (int)h ? (int)h : bottom,
        .left = left < 0 ? 0 : left,
        .right = right > (int)w ? (int)w : right,
    };
}

float float_adm_cos_1deg_sq(void)
{
    return (float)(cos(1.0 * M_PI / 180.0) * cos(1.0 * M_PI / 180.0));
}

/* ------------------------------------------------------------ scoring -- */

typedef struct LevelScore {
    float num, den, aim_num;
} LevelScore;

/* One level's value from its per-band p-norm sums: sum over the bands of
 * sum^(1/p) plus the noise floor of the summed area, in float. */
static float level_value(const float sums[3], const FloatAdmRect *rect, double noise_weight,
                         double p_norm)
{
    const float inv_p = (float)(1.0f / p_norm);
    const int area = (rect->right - rect->left) * (rect->bottom - rect->top);
    const float noise = powf((float)(area * noise_weight), inv_p);
    float band[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        band[b] = powf(sums[b], inv_p) + noise;
    return band[ADM_BAND_H] + band[ADM_BAND_V] + band[ADM_BAND_D];
}

typedef struct AdmResult {
    double score, aim, num, den;
    LevelScore level[FLOAT_ADM_SCALES];
} AdmResult;

static AdmResult score_levels(const FloatAdmOptions *opt,
                              const FloatAdmLevelSums sums[FLOAT_ADM_SCALES], unsigned w,
                              unsigned h)
{
    const double numden_limit = 1e-10 * (w * h) / (1920.0 * 1080.0);
    double num = 0, den = 0, aim_num = 0, aim_den = 0;
    AdmResult res = {0};
    for (int scale = 0; scale < FLOAT_ADM_SCALES; scale++) {
        w = (w + 1) / 2;
        h = (h + 1) / 2;
        LevelScore *level = &res.level[scale];
        if (scale == 0 && opt->skip_scale0) {
            *level = (LevelScore){.num = 0.0f, .den = 1e-10f, .aim_num = 0.0f};
        } else {
            const FloatAdmRect inner = float_adm_inner_rect(w, h);
            const FloatAdmLevelSums *s = &sums[scale];
            level->den = level_value(s->den, &inner, opt->noise_weight, opt->p_norm);
            level->num = level_value(s->num, &inner, opt->noise_weight, opt->p_norm);
            /* the impairment has no noise floor */
            level->aim_num = level_value(s->aim, &inner, 0.0, opt->p_norm);
        }
        num += level->num;
        den += level->den;
        if (opt->skip_aim_scale != scale) {
            aim_den += level->den;
            aim_num += level->aim_num;
        }
    }

    num = num < numden_limit ? 0 : num;
    den = den < numden_limit ? 0 : den;
    res.num = num;
    res.den = den;
    if (den == 0.0) {
        /* libvmaf leaves aim undefined here; see docs/reference-notes.md */
        res.score = 1.0;
        res.aim = 0.0;
    } else {
        const double aim = aim_num / aim_den;
        res.aim = aim < 1.0 ? aim : 1.0; /* libvmaf's MIN: NaN gives 1 */
        res.score = num / den;
    }
    return res;
}

static double adm3_of(const FloatAdmOptions *opt, double adm2, double aim)
{
    const double v = opt->apply_hm ? 2 * adm2 * aim / (adm2 + aim)
                                   : adm2 * opt->dlm_weight + (1 - aim) * (1 - opt->dlm_weight);
    return v > opt->min_val ? v : opt->min_val; /* libvmaf's MAX: NaN gives the bound */
}

static int append_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const AdmResult *res,
                               unsigned index)
{
    /* libvmaf does not list "adm" among the provided features, so its name
     * never takes the option suffixes (and two debug instances collide). */
    int err = vmaf_feature_collector_append(fc, "adm", res->score, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "adm_num", res->num, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "adm_den", res->den, index);
    for (int scale = 0; !err && scale < FLOAT_ADM_SCALES; scale++) {
        err = vmaf_fex_append(ctx, fc, num_name[scale], res->level[scale].num, index);
        if (!err)
            err = vmaf_fex_append(ctx, fc, den_name[scale], res->level[scale].den, index);
    }
    return err;
}

int float_adm_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                            const FloatAdmOptions *opt,
                            const FloatAdmLevelSums sums[FLOAT_ADM_SCALES], unsigned w, unsigned h,
                            unsigned index)
{
    const AdmResult res = score_levels(opt, sums, w, h);
    const struct {
        const char *name;
        double value;
    } scores[] = {
        {"VMAF_feature_adm2_score", res.score},
        {"VMAF_feature_aim_score", res.aim},
        {"VMAF_feature_adm3_score", adm3_of(opt, res.score, res.aim)},
    };
    for (unsigned i = 0; i < sizeof(scores) / sizeof(scores[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, scores[i].name, scores[i].value, index);
        if (err)
            return err;
    }
    for (int scale = 0; scale < FLOAT_ADM_SCALES; scale++) {
        const double v = (double)res.level[scale].num / res.level[scale].den;
        const int err = vmaf_fex_append(ctx, fc, scale_name[scale], v, index);
        if (err)
            return err;
    }
    return opt->debug ? append_debug_scores(ctx, fc, &res, index) : 0;
}

/* ------------------------------------------------- reciprocal estimate -- */

#if defined(FLOAT_ADM_RCP_DIVISION)
static float float_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

int float_adm_rcp_table(const char *fex_name, float table[FLOAT_ADM_RCP_TABLE_SIZE])
{
    for (uint32_t m = 0; m < FLOAT_ADM_RCP_TABLE_SIZE; m += 4) {
        const __m128 d =
            _mm_set_ps(float_of(0x3f800000u | (m + 3)), float_of(0x3f800000u | (m + 2)),
                       float_of(0x3f800000u | (m + 1)), float_of(0x3f800000u | m));
        _mm_storeu_ps(&table[m], _mm_rcp_ps(d));
    }
    /* Every exponent and sign, with mantissas spread over the table. */
    uint32_t state = 0x9e3779b9u;
    for (unsigned i = 0; i < (1u << 16); i++) {
        state = state * 1664525u + 1013904223u;
        const float d = float_of(state);
        const float want = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d)));
        const float got = float_adm_rcp_estimate(d, table);
        if (memcmp(&want, &got, sizeof(want))) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: this CPU's reciprocal estimate of %a (%a) is not that of its mantissa "
                     "scaled (%a); the GPU cannot reproduce the CPU's division",
                     fex_name, d, want, got);
            return -ENOTSUP;
        }
    }
    return 0;
}
#endif
