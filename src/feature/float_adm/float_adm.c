/* Float ADM (additive detail metric) of the luma plane over four wavelet
 * levels, equal to libvmaf's "float_adm" extractor. Per level the distorted
 * detail is split into what the reference restores (scored against the
 * reference's own detail: adm2 and the per-scale scores) and the additive
 * impairment (aim); adm3 blends the two. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/adm/adm_csf.h"
#include "feature/float_common/float_plane.h"
#include "float_adm_dsp.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ADM_SCALES 4
/* Fraction of each side left out of the sums. */
#define ADM_BORDER_FACTOR 0.1
/* libvmaf evaluates Barten's CSF at this adaptation luminance (cd/m^2). */
#define ADM_LUMINANCE 100.0
/* Four levels halve 17 to 2, the least the 3x3 masking needs. */
#define ADM_MIN_SIZE 17

enum FloatAdmCsf { CSF_WATSON97 = 0, CSF_BARTEN = 1, CSF_NATIVE = 2 };

/* Planes of one level's bands; see allocate_bands(). */
enum {
    PLANE_REF_A0, /* approximation ping-pong: level s writes A(s % 2) */
    PLANE_REF_A1,
    PLANE_REF_H,
    PLANE_REF_V,
    PLANE_REF_D,
    PLANE_DIS_A0,
    PLANE_DIS_A1,
    PLANE_DIS_H,
    PLANE_DIS_V,
    PLANE_DIS_D,
    PLANE_R,                   /* restored detail, 3 planes */
    PLANE_A = PLANE_R + 3,     /* additive impairment, 3 */
    PLANE_CSF = PLANE_A + 3,   /* weighted detail, 3 */
    PLANE_FLT = PLANE_CSF + 3, /* its masking contribution, 3 */
    PLANE_COUNT = PLANE_FLT + 3,
};

typedef struct FloatAdmState {
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
    double factor1[ADM_SCALES]; /* overrides of the h/v factor when >= 0 */
    double factor2[ADM_SCALES]; /* and of the diagonal one */
    int skip_aim_scale;
    bool skip_scale0;

    unsigned w, h;
    float rfactor[ADM_SCALES][ADM_DETAIL_BANDS];
    FloatAdmDsp dsp;
    FloatPlane ref, dis;
    float *bands; /* PLANE_COUNT planes of (w + 1) / 2 x (h + 1) / 2 */
    ptrdiff_t band_stride, band_size;
    int *taps;  /* 4 row and 4 column source indices of a level */
    float *tmp; /* two lines of w */
} FloatAdmState;

#define FACTOR_OPTION(field, n, which, what)                                                       \
    {                                                                                              \
        .name = "adm_f" #which "s" #n, .alias = "f" #which "s" #n,                                 \
        .help = "scale " #n " " what " factor, replacing the CSF's when >= 0",                     \
        .offset = offsetof(FloatAdmState, field[n]), .type = VMAF_OPT_TYPE_DOUBLE,                 \
        .default_val.d = -1.0, .min = -1.0, .max = 10.0, .flags = VMAF_OPT_FLAG_FEATURE_PARAM,     \
    }

static const VmafOption float_adm_options[] = {
    {
        .name = "debug",
        .help = "also write the pooled score and every scale's numerator and denominator",
        .offset = offsetof(FloatAdmState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "adm_enhn_gain_limit",
        .alias = "egl",
        .help = "largest gain credited to enhanced detail; 1.0 credits no enhancement",
        .offset = offsetof(FloatAdmState, gain_limit),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 100.0,
        .min = 1.0,
        .max = 100.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_norm_view_dist",
        .alias = "nvd",
        .help = "viewing distance divided by the display's height",
        .offset = offsetof(FloatAdmState, view_dist),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 3.0,
        .min = 0.75,
        .max = 24.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_noise_weight",
        .alias = "nw",
        .help = "weight of the noise floor added to every numerator and denominator",
        .offset = offsetof(FloatAdmState, noise_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.03125,
        .min = 0.0,
        .max = 1500.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_csf_scale",
        .alias = "scf",
        .help = "multiplier of Barten's CSF for the horizontal and vertical bands",
        .offset = offsetof(FloatAdmState, csf_scale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 50.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_csf_diag_scale",
        .alias = "scfd",
        .help = "multiplier of Barten's CSF for the diagonal band",
        .offset = offsetof(FloatAdmState, csf_diag_scale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 50.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_ref_display_height",
        .alias = "rdf",
        .help = "height of the reference display in pixels",
        .offset = offsetof(FloatAdmState, display_height),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 1080,
        .min = 1,
        .max = 4320,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_csf_mode",
        .alias = "csf",
        .help = "contrast sensitivity function: 0 Watson97, 1 Barten, 2 ADM's own; 3..9 act as 0",
        .offset = offsetof(FloatAdmState, csf_mode),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = CSF_WATSON97,
        .min = 0,
        .max = 9,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_bypass_cm",
        .alias = "bcm",
        .help = "1 leaves contrast masking out",
        .offset = offsetof(FloatAdmState, bypass_cm),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 0,
        .max = 1,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_adm3_apply_hm",
        .alias = "aah",
        .help = "adm3 as the harmonic mean of adm2 and aim instead of their weighted sum",
        .offset = offsetof(FloatAdmState, apply_hm),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_p_norm",
        .alias = "apn",
        .help = "exponent p of the p-norms of the detail bands",
        .offset = offsetof(FloatAdmState, p_norm),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 3.0,
        .min = 1.0,
        .max = 20.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_dlm_weight",
        .alias = "dlmw",
        .help = "weight of adm2 against 1 - aim in adm3; 1 is adm2 only",
        .offset = offsetof(FloatAdmState, dlm_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.5,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_min_val",
        .alias = "min",
        .help = "lower bound of adm3",
        .offset = offsetof(FloatAdmState, min_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    FACTOR_OPTION(factor1, 0, 1, "horizontal/vertical"),
    FACTOR_OPTION(factor1, 1, 1, "horizontal/vertical"),
    FACTOR_OPTION(factor1, 2, 1, "horizontal/vertical"),
    FACTOR_OPTION(factor1, 3, 1, "horizontal/vertical"),
    FACTOR_OPTION(factor2, 0, 2, "diagonal"),
    FACTOR_OPTION(factor2, 1, 2, "diagonal"),
    FACTOR_OPTION(factor2, 2, 2, "diagonal"),
    FACTOR_OPTION(factor2, 3, 2, "diagonal"),
    {
        .name = "adm_skip_aim_scale",
        .alias = "sasc",
        .help = "scale (0..3) left out of aim",
        .offset = offsetof(FloatAdmState, skip_aim_scale),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = -1,
        .min = 0,
        .max = 3,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_skip_scale0",
        .alias = "ssz",
        .help = "do not score scale 0 (its numerator is 0, its denominator 1e-10)",
        .offset = offsetof(FloatAdmState, skip_scale0),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const scale_name[ADM_SCALES] = {
    "VMAF_feature_adm_scale0_score",
    "VMAF_feature_adm_scale1_score",
    "VMAF_feature_adm_scale2_score",
    "VMAF_feature_adm_scale3_score",
};
static const char *const num_name[ADM_SCALES] = {
    "adm_num_scale0",
    "adm_num_scale1",
    "adm_num_scale2",
    "adm_num_scale3",
};
static const char *const den_name[ADM_SCALES] = {
    "adm_den_scale0",
    "adm_den_scale1",
    "adm_den_scale2",
    "adm_den_scale3",
};

static const char *const float_adm_provided_features[] = {
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

static float csf_factor(const FloatAdmState *s, int scale, bool diagonal)
{
    switch (s->csf_mode) {
    case CSF_BARTEN:
        return adm_barten_csf(scale, s->view_dist, s->display_height, ADM_LUMINANCE,
                              diagonal ? s->csf_diag_scale : s->csf_scale);
    case CSF_NATIVE:
        return native_csf(scale, s->view_dist, s->display_height, diagonal ? 45 : 0);
    default:
        return adm_watson_rfactor(scale, diagonal ? 2 : 1, s->view_dist, s->display_height);
    }
}

static void compute_rfactors(FloatAdmState *s)
{
    for (int scale = 0; scale < ADM_SCALES; scale++) {
        float f1 = csf_factor(s, scale, false), f2 = csf_factor(s, scale, true);
        if (s->factor1[scale] >= 0)
            f1 = (float)s->factor1[scale];
        if (s->factor2[scale] >= 0)
            f2 = (float)s->factor2[scale];
        s->rfactor[scale][ADM_BAND_H] = f1;
        s->rfactor[scale][ADM_BAND_V] = f1;
        s->rfactor[scale][ADM_BAND_D] = f2;
    }
}

/* ----------------------------------------------------------- geometry -- */

/* The rows and columns summed: a border of w * 0.1 - 0.5 (truncated) left
 * out on each side. */
static FloatAdmRect inner_rect(unsigned w, unsigned h)
{
    const int left = (int)(w * ADM_BORDER_FACTOR - 0.5), top = (int)(h * ADM_BORDER_FACTOR - 0.5);
    return (FloatAdmRect){.top = top, .bottom = (int)h - top, .left = left, .right = (int)w - left};
}

/* The rows and columns decoupled and weighted: the inner ones and one more
 * on each side for the masking's neighbourhood, inside the level. */
static FloatAdmRect extended_rect(unsigned w, unsigned h)
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

/* Source index of tap t of output i over n samples: 2i - 1 + t, reflected
 * at the start and mirrored with the edge repeated at the end. */
static int tap_index(unsigned i, int t, unsigned n)
{
    int k = 2 * (int)i - 1 + t;
    if (k < 0)
        k = -k;
    if (k >= (int)n)
        k = 2 * (int)n - k - 1;
    return k;
}

static void fill_taps(FloatAdmTaps *taps, int *idx, unsigned n)
{
    const unsigned outputs = (n + 1) / 2;
    for (int t = 0; t < 4; t++) {
        for (unsigned i = 0; i < outputs; i++)
            idx[t * outputs + i] = tap_index(i, t, n);
        taps->idx[t] = idx + t * outputs;
    }
}

/* --------------------------------------------------------------- state -- */

static int float_adm_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    FloatAdmState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "float_adm: %u-bit input is not supported (8, 10, 12, 16)",
                 bpc);
        return -EINVAL;
    }
    if (w < ADM_MIN_SIZE || h < ADM_MIN_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_adm: %ux%u is too small, width and height must be at least %u (the "
                 "fourth wavelet level would be narrower than the 3x3 masking)",
                 w, h, ADM_MIN_SIZE);
        return -EINVAL;
    }
    s->w = w;
    s->h = h;
    compute_rfactors(s);
    float_adm_dsp_init(&s->dsp, vmaf_get_cpu_flags());

    const unsigned half_w = (w + 1) / 2, half_h = (h + 1) / 2;
    s->band_stride = (ptrdiff_t)((half_w + 15) / 16 * 16);
    s->band_size = s->band_stride * half_h;
    s->bands = aligned_alloc(64, (size_t)s->band_size * PLANE_COUNT * sizeof(float));
    s->taps = malloc(sizeof(*s->taps) * 4 * (half_w + half_h));
    s->tmp = malloc(sizeof(*s->tmp) * 2 * w);
    if (!s->bands || !s->taps || !s->tmp || float_plane_alloc(&s->ref, w, h) ||
        float_plane_alloc(&s->dis, w, h)) {
        free(s->bands);
        free(s->taps);
        free(s->tmp);
        float_plane_free(&s->ref);
        float_plane_free(&s->dis);
        return -ENOMEM;
    }
    return 0;
}

static float *plane(const FloatAdmState *s, int p)
{
    return s->bands + p * s->band_size;
}

static FloatAdmBands bands_at(const FloatAdmState *s, int a, int detail)
{
    return (FloatAdmBands){
        .a = a < 0 ? NULL : plane(s, a),
        .detail = {plane(s, detail), plane(s, detail + 1), plane(s, detail + 2)},
    };
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

/* Scores level `scale` from its bands (w x h). */
static LevelScore score_level(FloatAdmState *s, int scale, const FloatAdmBands *ref,
                              const FloatAdmBands *dis, unsigned w, unsigned h)
{
    const FloatAdmDsp *d = &s->dsp;
    const ptrdiff_t stride = s->band_stride;
    const FloatAdmBands r = bands_at(s, -1, PLANE_R), a = bands_at(s, -1, PLANE_A);
    const FloatAdmBands csf = bands_at(s, -1, PLANE_CSF), flt = bands_at(s, -1, PLANE_FLT);
    const FloatAdmRect ext = extended_rect(w, h), inner = inner_rect(w, h);
    const float *rf = s->rfactor[scale];
    float sums[3];
    LevelScore score;

    d->decouple(&r, &a, ref, dis, stride, &ext, s->gain_limit);
    d->den_sums(sums, ref, stride, &inner, rf, s->p_norm);
    score.den = level_value(sums, &inner, s->noise_weight, s->p_norm);

    /* The restored detail, masked by the impairment... */
    d->csf(&csf, &flt, &a, stride, &ext, rf);
    d->cm_sums(sums, &r, &flt, &csf, stride, w, h, &inner, rf, s->bypass_cm, s->p_norm);
    score.num = level_value(sums, &inner, s->noise_weight, s->p_norm);

    /* ...and the impairment, masked by the restored detail (no noise). */
    d->csf(&csf, &flt, &r, stride, &ext, rf);
    d->cm_sums(sums, &a, &flt, &csf, stride, w, h, &inner, rf, s->bypass_cm, s->p_norm);
    score.aim_num = level_value(sums, &inner, 0.0, s->p_norm);
    return score;
}

typedef struct AdmResult {
    double score, aim, num, den;
    LevelScore level[ADM_SCALES];
} AdmResult;

static AdmResult compute_adm(FloatAdmState *s)
{
    const double numden_limit = 1e-10 * (s->w * s->h) / (1920.0 * 1080.0);
    const float *src_ref = s->ref.data, *src_dis = s->dis.data;
    ptrdiff_t src_stride = s->ref.stride;
    unsigned w = s->w, h = s->h;
    double num = 0, den = 0, aim_num = 0, aim_den = 0;
    AdmResult res = {0};

    for (int scale = 0; scale < ADM_SCALES; scale++) {
        FloatAdmTaps rows, cols;
        fill_taps(&rows, s->taps, h);
        fill_taps(&cols, s->taps + 4 * ((h + 1) / 2), w);
        const FloatAdmBands ref = bands_at(s, PLANE_REF_A0 + scale % 2, PLANE_REF_H);
        const FloatAdmBands dis = bands_at(s, PLANE_DIS_A0 + scale % 2, PLANE_DIS_H);
        const bool skipped = scale == 0 && s->skip_scale0;
        void (*const dwt)(const FloatAdmBands *, ptrdiff_t, const float *, ptrdiff_t, unsigned,
                          unsigned, const FloatAdmTaps *, const FloatAdmTaps *, float *) =
            skipped ? s->dsp.dwt2_approx : s->dsp.dwt2;
        dwt(&ref, s->band_stride, src_ref, src_stride, w, h, &rows, &cols, s->tmp);
        dwt(&dis, s->band_stride, src_dis, src_stride, w, h, &rows, &cols, s->tmp);
        w = (w + 1) / 2;
        h = (h + 1) / 2;

        LevelScore *level = &res.level[scale];
        if (skipped)
            *level = (LevelScore){.num = 0.0f, .den = 1e-10f, .aim_num = 0.0f};
        else
            *level = score_level(s, scale, &ref, &dis, w, h);
        num += level->num;
        den += level->den;
        if (s->skip_aim_scale != scale) {
            aim_den += level->den;
            aim_num += level->aim_num;
        }
        src_ref = ref.a;
        src_dis = dis.a;
        src_stride = s->band_stride;
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

static double adm3_of(const FloatAdmState *s, double adm2, double aim)
{
    const double v = s->apply_hm ? 2 * adm2 * aim / (adm2 + aim)
                                 : adm2 * s->dlm_weight + (1 - aim) * (1 - s->dlm_weight);
    return v > s->min_val ? v : s->min_val; /* libvmaf's MAX: NaN gives the bound */
}

static int write_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc, const AdmResult *res,
                              unsigned index)
{
    /* libvmaf does not list "adm" among the provided features, so its name
     * never takes the option suffixes (and two debug instances collide). */
    int err = vmaf_feature_collector_append(fc, "adm", res->score, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "adm_num", res->num, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "adm_den", res->den, index);
    if (err)
        return err;
    for (int scale = 0; !err && scale < ADM_SCALES; scale++) {
        err = vmaf_fex_append(ctx, fc, num_name[scale], res->level[scale].num, index);
        if (!err)
            err = vmaf_fex_append(ctx, fc, den_name[scale], res->level[scale].den, index);
    }
    return err;
}

static int float_adm_extract(VmafFexContext *ctx, VmafPicture *ref_pic, VmafPicture *dist_pic,
                             unsigned index, VmafFeatureCollector *fc)
{
    FloatAdmState *s = ctx->priv;
    float_plane_load(&s->dsp.common, &s->ref, ref_pic, 0);
    float_plane_load(&s->dsp.common, &s->dis, dist_pic, 0);
    const AdmResult res = compute_adm(s);

    const struct {
        const char *name;
        double value;
    } scores[] = {
        {"VMAF_feature_adm2_score", res.score},
        {"VMAF_feature_aim_score", res.aim},
        {"VMAF_feature_adm3_score", adm3_of(s, res.score, res.aim)},
    };
    for (unsigned i = 0; i < sizeof(scores) / sizeof(scores[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, scores[i].name, scores[i].value, index);
        if (err)
            return err;
    }
    for (int scale = 0; scale < ADM_SCALES; scale++) {
        const double v = (double)res.level[scale].num / res.level[scale].den;
        const int err = vmaf_fex_append(ctx, fc, scale_name[scale], v, index);
        if (err)
            return err;
    }
    return s->debug ? write_debug_scores(ctx, fc, &res, index) : 0;
}

static void float_adm_close(VmafFexContext *ctx)
{
    FloatAdmState *s = ctx->priv;
    free(s->bands);
    free(s->taps);
    free(s->tmp);
    float_plane_free(&s->ref);
    float_plane_free(&s->dis);
}

const VmafFeatureExtractor vmaf_fex_float_adm = {
    .name = "float_adm",
    .options = float_adm_options,
    .priv_size = sizeof(FloatAdmState),
    .provided_features = float_adm_provided_features,
    .init = float_adm_init,
    .extract = float_adm_extract,
    .close = float_adm_close,
};
