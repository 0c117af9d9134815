/* Integer ADM, libvmaf's "adm" extractor: detail loss (adm2), additive
 * impairment (aim) and their blend (adm3) on luma, over four db2 wavelet
 * scales.
 *
 * Per scale, the numerator is the contrast-masked CSF-weighted energy of the
 * restored detail and the denominator the CSF-weighted energy of the
 * reference detail (both as cube roots of sums of cubes, plus a noise floor);
 * the AIM numerator does the same with the additive part. The per-pixel work
 * runs through AdmDsp; this file sets up the geometry, fixed-point factors
 * and shifts once per size and turns the integer sums into scores in the
 * float/double order of libvmaf. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "adm_csf.h"
#include "adm_dsp.h"
#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "core/picture.h"

/* A fraction of each band on all four sides is left out of the sums. */
#define ADM_BORDER_FACTOR 0.1

/* The smallest picture side: the last wavelet level needs an input of at
 * least 5 samples, i.e. ceil(side / 8) >= 5; libvmaf reads outside its
 * buffers below that. */
#define ADM_MIN_SIDE 33

/* Below this viewing condition the 16-bit scale 0 pipeline overflows. */
#define ADM_MIN_VIEW_DIST_HEIGHT (3.0 * 1080)

#define ADM2_FEATURE "VMAF_integer_feature_adm2_score"
#define AIM_FEATURE "VMAF_integer_feature_aim_score"
#define ADM3_FEATURE "VMAF_integer_feature_adm3_score"

/* Geometry, factors and shifts of one scale, fixed by the picture size and
 * the options. */
typedef struct AdmScale {
    int w, h;       /* band size */
    AdmRect region; /* what the sums cover */
    AdmRect window; /* what decouple and CSF fill: region plus the 3x3 reach */
    float rfactor[ADM_DETAIL_BANDS];
    uint16_t rfactor_q0[ADM_DETAIL_BANDS];  /* scale 0 */
    uint32_t rfactor_q32[ADM_DETAIL_BANDS]; /* scales 1..3 */
    AdmCmShifts cm;
    AdmDenShifts den;                    /* scale 0 uses only den.row */
    double cm_divisor[ADM_DETAIL_BANDS]; /* scale 0 */
    float cm_divisor_f;                  /* scales 1..3 */
    double den_divisor;
    float noise_floor; /* cube root of region area times the noise weight */
} AdmScale;

/* The bands of one picture at one scale. */
typedef struct AdmPlanes16 {
    AdmBands16 ref, dis, restored, additive, csf, csf_30;
} AdmPlanes16;

typedef struct AdmPlanes32 {
    AdmBands32 ref, dis, restored, additive, csf, csf_30;
} AdmPlanes32;

typedef struct AdmState {
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

    unsigned w, h;
    AdmDsp dsp;
    const int32_t *recip;
    AdmScale scale[ADM_SCALES];
    int32_t *taps[ADM_SCALES]; /* row taps then column taps */
    ptrdiff_t stride0, stride1;
    AdmPlanes16 s0;
    AdmPlanes32 s123;
    /* approximation bands of ref and dis: a large one holding scale 0's,
     * a small one, used in turn as the source and the destination */
    int32_t *approx[2][2];
    int32_t *tmp;
    void *mem;
} AdmState;

static const VmafOption adm_options[] = {
    {
        .name = "debug",
        .help = "write the numerators and denominators too",
        .offset = offsetof(AdmState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "adm_csf_scale",
        .alias = "scf",
        .help = "multiplier of the horizontal and vertical Barten CSF",
        .offset = offsetof(AdmState, csf_scale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 50.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_csf_diag_scale",
        .alias = "scfd",
        .help = "multiplier of the diagonal Barten CSF",
        .offset = offsetof(AdmState, csf_diag_scale),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1.0,
        .min = 0.0,
        .max = 50.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_dlm_weight",
        .alias = "dlmw",
        .help = "weight of detail loss against additive impairment in adm3; 1 is detail loss only",
        .offset = offsetof(AdmState, dlm_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.5,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_enhn_gain_limit",
        .alias = "egl",
        .help = "largest enhancement gain credited; 1 credits none",
        .offset = offsetof(AdmState, enhn_gain_limit),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 100.0,
        .min = 1.0,
        .max = 100.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_norm_view_dist",
        .alias = "nvd",
        .help = "viewing distance divided by the display height",
        .offset = offsetof(AdmState, norm_view_dist),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 3.0,
        .min = 0.75,
        .max = 24.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_ref_display_height",
        .alias = "rdh",
        .help = "display height in pixels",
        .offset = offsetof(AdmState, ref_display_height),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 1080,
        .min = 1,
        .max = 4320,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_csf_mode",
        .alias = "csf",
        .help = "contrast sensitivity function: 0 Watson97, 1 Barten, 2 Barten/Watson blend, "
                "3 blend fitted on mean absolute error",
        .offset = offsetof(AdmState, csf_mode),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = ADM_CSF_WATSON97,
        .min = 0,
        .max = 3,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_noise_weight",
        .alias = "nw",
        .help = "weight of the noise floor added to every sum",
        .offset = offsetof(AdmState, noise_weight),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.03125,
        .min = 0.0,
        .max = 1500.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_skip_aim",
        .help = "do not compute the additive impairment (aim is then 0)",
        .offset = offsetof(AdmState, skip_aim),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "adm_skip_scale0",
        .alias = "ssz",
        .help = "leave scale 0 out of the scores",
        .offset = offsetof(AdmState, skip_scale0),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "adm_min_val",
        .alias = "min",
        .help = "lower bound of adm3",
        .offset = offsetof(AdmState, min_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const adm_features[] = {
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

/* ------------------------------------------------------------- setup -- */

/* The summed part of a band of n samples: a border of (int)(n/10 - 1/2) on
 * each side. */
static void region_1d(int n, int *lo, int *hi)
{
    *lo = (int)(n * ADM_BORDER_FACTOR - 0.5);
    *hi = n - *lo;
}

/* One sample more before the region and up to three after it, clipped to
 * the band: the 3x3 masking neighbourhood (libvmaf's bounds). */
static void window_1d(int n, int *lo, int *hi)
{
    const int l = (int)(n * ADM_BORDER_FACTOR - 0.5 - 1);
    const int r = n - l + 2;
    *lo = l < 0 ? 0 : l;
    *hi = r > n ? n : r;
}

static int ceil_log2(double v)
{
    return (int)ceil(log2(v));
}

/* 2^e for an exponent libvmaf computes in unsigned arithmetic, where a
 * negative difference would wrap (only for sides far above 16384). */
static double pow2_unsigned(unsigned e)
{
    return pow(2, e);
}

static void setup_shifts(AdmScale *sc, int scale, double noise_weight)
{
    const AdmRect *r = &sc->region;
    const int region_w = r->right - r->left, region_h = r->bottom - r->top;
    sc->noise_floor = powf((float)(region_h * region_w * noise_weight), 1.0f / 3.0f);

    if (scale == 0) {
        /* cubes of Q(6+21) h/v and Q(6+23) d values, squares already less
         * 29 and 30 bits */
        sc->cm.cube[ADM_BAND_H] = sc->cm.cube[ADM_BAND_V] = (int)ceil(log2(sc->w) - 4);
        sc->cm.cube[ADM_BAND_D] = (int)ceil(log2(sc->w) - 3);
        sc->cm.row = ceil_log2(sc->h);
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            const unsigned total = b == ADM_BAND_D ? 57 : 52;
            sc->cm_divisor[b] = pow2_unsigned(total - sc->cm.cube[b] - sc->cm.row);
        }
        int den_row = (int)ceil(log2(region_h * region_w) - 20);
        sc->den.row = den_row > 0 ? den_row : 0;
        sc->den_divisor = pow(2, 18 - sc->den.row);
        return;
    }

    static const unsigned cm_total[3] = {45, 39, 36};
    static const int den_square[3] = {31, 30, 31};
    static const unsigned den_total[3] = {32, 27, 23};
    const int c = ceil_log2(sc->w), q = ceil_log2(sc->h);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sc->cm.cube[b] = c;
    sc->cm.row = q;
    sc->cm_divisor_f = (float)pow2_unsigned(cm_total[scale - 1] - c - q);
    sc->den.square = den_square[scale - 1];
    sc->den.cube = ceil_log2(region_w);
    sc->den.row = ceil_log2(region_h);
    sc->den_divisor = pow2_unsigned(den_total[scale - 1] - sc->den.row - sc->den.cube);
}

static void setup_scales(AdmState *s)
{
    const AdmCsfParams csf = {
        .mode = s->csf_mode,
        .view_dist = s->norm_view_dist,
        .display_height = s->ref_display_height,
        .scale = s->csf_scale,
        .diag_scale = s->csf_diag_scale,
    };
    int w = (int)s->w, h = (int)s->h;
    for (int scale = 0; scale < ADM_SCALES; scale++) {
        AdmScale *sc = &s->scale[scale];
        sc->w = w = (w + 1) / 2;
        sc->h = h = (h + 1) / 2;
        region_1d(w, &sc->region.left, &sc->region.right);
        region_1d(h, &sc->region.top, &sc->region.bottom);
        window_1d(w, &sc->window.left, &sc->window.right);
        window_1d(h, &sc->window.top, &sc->window.bottom);

        const float hv = adm_rfactor(&csf, scale, false), d = adm_rfactor(&csf, scale, true);
        sc->rfactor[ADM_BAND_H] = sc->rfactor[ADM_BAND_V] = hv;
        sc->rfactor[ADM_BAND_D] = d;
        if (scale == 0)
            adm_rfactor_q_s0(&csf, sc->rfactor, sc->rfactor_q0);
        else
            adm_rfactor_q_s123(sc->rfactor, sc->rfactor_q32);
        setup_shifts(sc, scale, s->noise_weight);
    }
}

static ptrdiff_t aligned_stride(int n)
{
    return (n + 31) & ~31;
}

static void assign16(AdmBands16 *b, int16_t **cursor, size_t plane)
{
    for (int i = 0; i < ADM_DETAIL_BANDS; i++, *cursor += plane)
        b->band[i] = *cursor;
}

static void assign32(AdmBands32 *b, int32_t **cursor, size_t plane)
{
    for (int i = 0; i < ADM_DETAIL_BANDS; i++, *cursor += plane)
        b->band[i] = *cursor;
}

/* ref, dis, restored, additive, csf, csf_30 */
enum { PLANE_SETS = 6, BANDS_PER_SCALE = PLANE_SETS * ADM_DETAIL_BANDS };

/* One allocation: int32 planes first (scale 0 approximations, then the
 * smaller scale 1 sized ones), the taps, the vertical-pass rows and the
 * int16 scale 0 planes. */
static int alloc_buffers(AdmState *s)
{
    const AdmScale *s0 = &s->scale[0], *s1 = &s->scale[1];
    s->stride0 = aligned_stride(s0->w);
    s->stride1 = aligned_stride(s1->w);
    const size_t plane0 = (size_t)s->stride0 * s0->h, plane1 = (size_t)s->stride1 * s1->h;
    size_t taps = 0;
    for (int i = 0; i < ADM_SCALES; i++)
        taps += ADM_DWT_TAPS * (size_t)(s->scale[i].w + s->scale[i].h);
    const size_t n32 = 2 * plane0 + 2 * plane1 + BANDS_PER_SCALE * plane1 + taps + 2 * s->w;
    const size_t bytes = n32 * sizeof(int32_t) + BANDS_PER_SCALE * plane0 * sizeof(int16_t);
    s->mem = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!s->mem)
        return -ENOMEM;

    int32_t *p32 = s->mem;
    for (int img = 0; img < 2; img++) {
        s->approx[img][0] = p32;
        p32 += plane0;
        s->approx[img][1] = p32;
        p32 += plane1;
    }
    AdmPlanes32 *q = &s->s123;
    AdmBands32 *all32[] = {&q->ref, &q->dis, &q->restored, &q->additive, &q->csf, &q->csf_30};
    for (int i = 0; i < PLANE_SETS; i++)
        assign32(all32[i], &p32, plane1);
    for (int i = 0; i < ADM_SCALES; i++) {
        s->taps[i] = p32;
        p32 += ADM_DWT_TAPS * (size_t)(s->scale[i].w + s->scale[i].h);
    }
    s->tmp = p32;
    p32 += 2 * s->w;

    int16_t *p16 = (int16_t *)p32;
    AdmPlanes16 *r = &s->s0;
    AdmBands16 *all16[] = {&r->ref, &r->dis, &r->restored, &r->additive, &r->csf, &r->csf_30};
    for (int i = 0; i < PLANE_SETS; i++)
        assign16(all16[i], &p16, plane0);
    return 0;
}

/* Taps of level i read its input: the picture for level 0, else the band
 * of level i - 1. */
static void setup_taps(AdmState *s)
{
    int in_w = (int)s->w, in_h = (int)s->h;
    for (int i = 0; i < ADM_SCALES; i++) {
        adm_dwt_taps(s->taps[i], in_h);
        adm_dwt_taps(s->taps[i] + ADM_DWT_TAPS * s->scale[i].h, in_w);
        in_w = s->scale[i].w;
        in_h = s->scale[i].h;
    }
}

static AdmDwtTaps taps_of(const AdmState *s, int scale)
{
    return (AdmDwtTaps){
        .rows = s->taps[scale],
        .cols = s->taps[scale] + ADM_DWT_TAPS * s->scale[scale].h,
    };
}

static int adm_init(VmafFexContext *fex, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                    unsigned h)
{
    AdmState *s = fex->priv;
    (void)pix_fmt;
    if (w < ADM_MIN_SIDE || h < ADM_MIN_SIDE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "adm: %ux%u is too small, both sides must be at least %d pixels", w, h,
                 ADM_MIN_SIDE);
        return -EINVAL;
    }
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "adm: %u-bit pictures are not supported", bpc);
        return -EINVAL;
    }
    s->w = w;
    s->h = h;
    setup_scales(s);
    int err = alloc_buffers(s);
    if (err)
        return err;
    setup_taps(s);
    s->recip = adm_reciprocal_table();
    adm_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return 0;
}

/* ------------------------------------------------------------ scoring -- */

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

static ScaleScore score_scale0(AdmState *s, const AdmDwtTaps *taps, const VmafPicture *ref,
                               const VmafPicture *dis)
{
    const AdmScale *sc = &s->scale[0];
    const AdmPlanes16 *p = &s->s0;
    const VmafPicture *pic[2] = {ref, dis};
    const AdmBands16 *dst[2] = {&p->ref, &p->dis};
    for (int img = 0; img < 2; img++) {
        if (pic[img]->bpc == 8)
            s->dsp.dwt_s0_8(pic[img]->data[0], pic[img]->stride[0], (int)s->w, (int)s->h, taps,
                            s->tmp, dst[img], s->approx[img][0], s->stride0);
        else
            s->dsp.dwt_s0_16(pic[img]->data[0], pic[img]->stride[0], (int)s->w, (int)s->h,
                             pic[img]->bpc, taps, s->tmp, dst[img], s->approx[img][0], s->stride0);
    }
    /* libvmaf's placeholder keeps num/den finite */
    ScaleScore out = {.num = 0.0f, .den = (float)1e-10, .aim_num = 0.0f};
    if (s->skip_scale0)
        return out;

    const ptrdiff_t st = s->stride0;
    int64_t cm[ADM_DETAIL_BANDS];
    uint64_t den[ADM_DETAIL_BANDS];
    s->dsp.decouple_s0(&p->ref, &p->dis, &p->restored, &p->additive, st, &sc->window,
                       s->enhn_gain_limit, s->recip);
    s->dsp.den_s0(&p->ref, st, &sc->region, sc->den.row, den);
    out.den = den_score(sc, den);

    s->dsp.csf_s0(&p->additive, &p->csf, &p->csf_30, st, &sc->window, sc->rfactor_q0);
    s->dsp.cm_s0(&p->restored, &p->csf, &p->csf_30, st, sc->w, sc->h, &sc->region, sc->rfactor_q0,
                 &sc->cm, cm);
    out.num = cm_score(sc, 0, cm, sc->noise_floor);
    if (s->skip_aim)
        return out;

    s->dsp.csf_s0(&p->restored, &p->csf, &p->csf_30, st, &sc->window, sc->rfactor_q0);
    s->dsp.cm_s0(&p->additive, &p->csf, &p->csf_30, st, sc->w, sc->h, &sc->region, sc->rfactor_q0,
                 &sc->cm, cm);
    out.aim_num = cm_score(sc, 0, cm, 0.0f);
    return out;
}

static ScaleScore score_scale123(AdmState *s, int scale, const AdmDwtTaps *taps)
{
    const AdmScale *sc = &s->scale[scale], *prev = &s->scale[scale - 1];
    const AdmPlanes32 *p = &s->s123;
    /* scale 1 reads the large approximation, 2 the small, 3 the large */
    const int src = (scale - 1) & 1;
    const ptrdiff_t src_stride = scale == 1 ? s->stride0 : s->stride1;
    const ptrdiff_t st = s->stride1;
    const AdmBands32 *dst[2] = {&p->ref, &p->dis};
    for (int img = 0; img < 2; img++)
        s->dsp.dwt_s123(s->approx[img][src], src_stride, prev->w, prev->h, scale, taps, s->tmp,
                        dst[img], s->approx[img][!src], st);

    ScaleScore out = {0};
    int64_t cm[ADM_DETAIL_BANDS];
    uint64_t den[ADM_DETAIL_BANDS];
    s->dsp.decouple_s123(&p->ref, &p->dis, &p->restored, &p->additive, st, &sc->window,
                         s->enhn_gain_limit, s->recip);
    s->dsp.den_s123(&p->ref, st, &sc->region, &sc->den, den);
    out.den = den_score(sc, den);

    s->dsp.csf_s123(&p->additive, &p->csf, &p->csf_30, st, &sc->window, sc->rfactor_q32);
    s->dsp.cm_s123(&p->restored, &p->csf, &p->csf_30, st, sc->w, sc->h, &sc->region,
                   sc->rfactor_q32, &sc->cm, cm);
    out.num = cm_score(sc, scale, cm, sc->noise_floor);
    if (s->skip_aim)
        return out;

    s->dsp.csf_s123(&p->restored, &p->csf, &p->csf_30, st, &sc->window, sc->rfactor_q32);
    s->dsp.cm_s123(&p->additive, &p->csf, &p->csf_30, st, sc->w, sc->h, &sc->region,
                   sc->rfactor_q32, &sc->cm, cm);
    out.aim_num = cm_score(sc, scale, cm, 0.0f);
    return out;
}

static int emit(VmafFexContext *fex, VmafFeatureCollector *fc, unsigned index,
                const ScaleScore sc[ADM_SCALES], double num, double den, double adm2, double aim)
{
    const AdmState *s = fex->priv;
    static const char *const scale_names[ADM_SCALES][3] = {
        {"integer_adm_scale0", "integer_adm_num_scale0", "integer_adm_den_scale0"},
        {"integer_adm_scale1", "integer_adm_num_scale1", "integer_adm_den_scale1"},
        {"integer_adm_scale2", "integer_adm_num_scale2", "integer_adm_den_scale2"},
        {"integer_adm_scale3", "integer_adm_num_scale3", "integer_adm_den_scale3"},
    };
    const double adm3 = adm2 * s->dlm_weight + (1 - aim) * (1 - s->dlm_weight);
    int err = 0;
    err |= vmaf_fex_append(fex, fc, ADM2_FEATURE, adm2, index);
    err |= vmaf_fex_append(fex, fc, AIM_FEATURE, aim, index);
    err |= vmaf_fex_append(fex, fc, ADM3_FEATURE, adm3 > s->min_val ? adm3 : s->min_val, index);
    for (int i = 0; i < ADM_SCALES; i++)
        err |= vmaf_fex_append(fex, fc, scale_names[i][0], (double)sc[i].num / sc[i].den, index);
    if (!s->debug)
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

static int adm_extract(VmafFexContext *fex, VmafPicture *ref, VmafPicture *dist, unsigned index,
                       VmafFeatureCollector *fc)
{
    AdmState *s = fex->priv;
    if (s->norm_view_dist * s->ref_display_height < ADM_MIN_VIEW_DIST_HEIGHT) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "adm: adm_norm_view_dist * adm_ref_display_height must be at least %g",
                 ADM_MIN_VIEW_DIST_HEIGHT);
        return -EINVAL;
    }

    ScaleScore sc[ADM_SCALES];
    double num = 0.0, den = 0.0, aim_num = 0.0;
    for (int scale = 0; scale < ADM_SCALES; scale++) {
        const AdmDwtTaps taps = taps_of(s, scale);
        sc[scale] =
            scale == 0 ? score_scale0(s, &taps, ref, dist) : score_scale123(s, scale, &taps);
        num += sc[scale].num;
        den += sc[scale].den;
        aim_num += sc[scale].aim_num;
    }

    const double limit = 1e-10 * (s->w * s->h) / (1920.0 * 1080.0);
    num = num < limit ? 0 : num;
    den = den < limit ? 0 : den;
    /* With no reference detail libvmaf scores adm2 1 and leaves aim unset;
     * 0 (no impairment) is the value consistent with adm2 = 1. */
    const double adm2 = den == 0.0 ? 1.0 : num / den;
    const double aim = den == 0.0 ? 0.0 : aim_num / den;
    return emit(fex, fc, index, sc, num, den, adm2, aim);
}

static void adm_close(VmafFexContext *fex)
{
    AdmState *s = fex->priv;
    free(s->mem);
    s->mem = NULL;
}

const VmafFeatureExtractor vmaf_fex_adm = {
    .name = "adm",
    .options = adm_options,
    .priv_size = sizeof(AdmState),
    .provided_features = adm_features,
    .init = adm_init,
    .extract = adm_extract,
    .close = adm_close,
};
