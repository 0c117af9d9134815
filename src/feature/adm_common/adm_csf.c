/* CSF factors of integer ADM (see adm_csf.h). The float/double mix of each
 * expression is deliberate: it is the one of libvmaf. */
#include <errno.h>
#include <math.h>

#include "adm_csf.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Display visual resolution in pixels per degree of visual angle (56.55 at
 * 3 heights from a 1080-line display). */
static float pixels_per_degree(double view_dist, int display_height)
{
    return (float)(view_dist * display_height * M_PI / 180.0);
}

/* ------------------------------------------------------------ Watson97 -- */

/* Watson, Yang, Solomon, Villasenor, "Visibility of wavelet quantization
 * noise", IEEE TIP 6(8), 1997: luma model of formula (7), Table IV, and the
 * 7-9 basis function amplitudes A[lambda][theta] of Table V. */
static const float watson_a = 0.495, watson_k = 0.466, watson_f0 = 0.401;
static const float watson_g[4] = {1.501, 1.0, 0.534, 1.0};
static const float watson_amplitude[4][4] = {
    {0.62171, 0.67234, 0.72709, 0.67234},
    {0.34537, 0.41317, 0.49428, 0.41317},
    {0.18004, 0.22727, 0.28688, 0.22727},
    {0.091401, 0.11792, 0.15214, 0.11792},
};

float adm_watson_rfactor(int lambda, int theta, double view_dist, int display_height)
{
    const float r = pixels_per_degree(view_dist, display_height);
    const float t = (float)log10(pow(2.0, lambda + 1) * watson_f0 * watson_g[theta] / r);
    const float q =
        (float)(2.0 * watson_a * pow(10.0, watson_k * t * t) / watson_amplitude[lambda][theta]);
    return 1.0f / q;
}

/* -------------------------------------------------------------- Barten -- */

/* HDR-VDP-2.2.1 parameters: six adaptation luminances (cd/m^2) and the CSF
 * parameters measured at each. */
static const float barten_lum_anchor[6] = {0.002, 0.02, 0.2, 2.0, 20.0, 150.0};
static const float barten_params[6][5] = {
    {0.0160737, 0.991265, 3.74038, 0.50722, 4.46044},
    {0.383873, 0.800889, 3.54104, 0.682505, 4.94958},
    {0.929301, 0.476505, 4.37453, 0.750315, 5.28678},
    {1.29776, 0.405782, 4.40602, 0.935314, 5.61425},
    {1.49222, 0.334278, 3.79542, 1.07327, 6.4635},
    {1.46213, 0.394533, 2.7755, 1.16577, 7.45665},
};
static const float barten_sa[4] = {30.162, 4.0627, 1.6596, 0.2712};
static const float barten_mtf_a[4] = {0.424838596301290, 0.572435103936480, 0.000167576239164937,
                                      0.00255872352306433};
static const float barten_mtf_b[4] = {0.028, 0.37, 37.0, 360.0};

static float lerp(float x0, float y0, float x1, float y1, float x)
{
    return y0 + ((y1 - y0) / (x1 - x0)) * (x - x0);
}

/* Luminance-dependent (rod/cone) sensitivity. */
static float barten_rod_cone(float lum)
{
    return (float)(barten_sa[0] * pow(pow(barten_sa[1] / lum, barten_sa[2]) + 1, -barten_sa[3]));
}

/* Modulation transfer function of the eye's optics. */
static float barten_mtf(float freq)
{
    float mtf = 0.0f;
    for (int i = 0; i < 4; i++)
        mtf = (float)(mtf + barten_mtf_a[i] * exp(-barten_mtf_b[i] * freq));
    return mtf;
}

float adm_barten_csf(int lambda, double view_dist, int display_height, double lum, double scale)
{
    const float freq = (float)(pixels_per_degree(view_dist, display_height) / pow(2, lambda + 1));
    const double clamped = lum > barten_lum_anchor[5]   ? barten_lum_anchor[5]
                           : lum < barten_lum_anchor[0] ? barten_lum_anchor[0]
                                                        : lum;
    int lo = 0, hi = 0;
    for (int i = 0; i < 5; i++) {
        if (clamped >= barten_lum_anchor[i] && clamped <= barten_lum_anchor[i + 1]) {
            lo = i;
            hi = i + 1;
            break;
        }
    }
    const float x0 = (float)log10(barten_lum_anchor[lo]);
    const float x1 = (float)log10(barten_lum_anchor[hi]);
    const float x = (float)log10(clamped);
    float p[4];
    for (int k = 0; k < 4; k++)
        p[k] = lerp(x0, barten_params[lo][k + 1], x1, barten_params[hi][k + 1], x);

    const float a = (float)(1.0f + pow(p[0] * freq, p[1]));
    const float b = (float)(1.0f / pow(1 - exp(-pow(freq / 7, 2)), p[2]));
    const float neural = (float)(p[3] / pow(a * b, 0.5));
    return (float)(neural * barten_mtf(freq) * barten_rod_cone((float)lum) * scale);
}

/* ------------------------------------------------------- blend tables -- */

/* [diagonal][scale] per display height and viewing distance. */
typedef const float BlendTable[2][4];

static BlendTable blend_1080_3h = {{0.01183, 0.025026, 0.04295, 0.058621},
                                   {0.004302, 0.011778, 0.023918, 0.035901}};
static BlendTable blend_1080_5h = {{0.004212, 0.014809, 0.029642, 0.047464},
                                   {0.000984, 0.005852, 0.0146, 0.027574}};
static BlendTable blend_2160_3h = {{0.00226, 0.01183, 0.025026, 0.04295},
                                   {0.000479, 0.004302, 0.011778, 0.023918}};
static BlendTable blend_2160_5h = {{0.000092, 0.004212, 0.014809, 0.029642},
                                   {0.000050, 0.000984, 0.005852, 0.0146}};
static BlendTable blend_720_3h = {{0.018715, 0.035637, 0.052798, 0.061509},
                                  {0.007999, 0.018396, 0.031851, 0.037718}};
static BlendTable blend_720_5h = {{0.010144, 0.022561, 0.040309, 0.05672},
                                  {0.003463, 0.010282, 0.021839, 0.034641}};
static BlendTable blend_480_3h = {{0.027961, 0.045875, 0.060275, 0.056234},
                                  {0.013572, 0.026277, 0.036959, 0.034511}};
static BlendTable blend_480_5h = {{0.016781, 0.032822, 0.05032, 0.061594},
                                  {0.00691, 0.016545, 0.029917, 0.037777}};

static BlendTable blend_mae_1080_3h = {{0.011249, 0.022606, 0.035930, 0.045673},
                                       {0.004097, 0.010921, 0.021430, 0.031313}};
static BlendTable blend_mae_1080_5h = {{0.004052, 0.013939, 0.026298, 0.038833},
                                       {0.000927, 0.005544, 0.013415, 0.024515}};
static BlendTable blend_mae_2160_3h = {{0.002166, 0.011249, 0.022606, 0.035930},
                                       {0.000447, 0.004097, 0.010921, 0.021430}};
static BlendTable blend_mae_2160_5h = {{0.000077, 0.004052, 0.013939, 0.026298},
                                       {0.000045, 0.000927, 0.005544, 0.013415}};
static BlendTable blend_mae_720_3h = {{0.017329, 0.030870, 0.042134, 0.047410},
                                      {0.007509, 0.016707, 0.028072, 0.032722}};
static BlendTable blend_mae_720_5h = {{0.009689, 0.020577, 0.034162, 0.044523},
                                      {0.003302, 0.009579, 0.019661, 0.030318}};
static BlendTable blend_mae_480_3h = {{0.024969, 0.037825, 0.046676, 0.043974},
                                      {0.012511, 0.023424, 0.032139, 0.030166}};
static BlendTable blend_mae_480_5h = {{0.015665, 0.028766, 0.040612, 0.047483},
                                      {0.006514, 0.015107, 0.026476, 0.032776}};

static const struct {
    int display_height;
    double view_dist;
    BlendTable *table, *table_mae;
} blend_conditions[] = {
    {1080, 3.0, &blend_1080_3h, &blend_mae_1080_3h},
    {1080, 5.0, &blend_1080_5h, &blend_mae_1080_5h},
    /* same pixels per degree as 1080 lines at 3 heights */
    {2160, 1.5, &blend_1080_3h, &blend_mae_1080_3h},
    {2160, 3.0, &blend_2160_3h, &blend_mae_2160_3h},
    {2160, 5.0, &blend_2160_5h, &blend_mae_2160_5h},
    {720, 3.0, &blend_720_3h, &blend_mae_720_3h},
    {720, 5.0, &blend_720_5h, &blend_mae_720_5h},
    {480, 3.0, &blend_480_3h, &blend_mae_480_3h},
    {480, 5.0, &blend_480_5h, &blend_mae_480_5h},
};

float adm_blend_csf(int scale, bool diagonal, double view_dist, int display_height, bool mae)
{
    for (unsigned i = 0; i < sizeof(blend_conditions) / sizeof(blend_conditions[0]); i++) {
        if (blend_conditions[i].display_height == display_height &&
            blend_conditions[i].view_dist == view_dist) {
            BlendTable *t = mae ? blend_conditions[i].table_mae : blend_conditions[i].table;
            return (*t)[diagonal][scale];
        }
    }
    return -EINVAL;
}

/* --------------------------------------------------------- the factor -- */

/* libvmaf evaluates the Barten CSF at this adaptation luminance (cd/m^2). */
#define ADM_CSF_LUMINANCE 100.0

float adm_rfactor(const AdmCsfParams *p, int scale, bool diagonal)
{
    switch (p->mode) {
    case ADM_CSF_BARTEN:
        return adm_barten_csf(scale, p->view_dist, p->display_height, ADM_CSF_LUMINANCE,
                              diagonal ? p->diag_scale : p->scale);
    case ADM_CSF_BLEND:
        return adm_blend_csf(scale, diagonal, p->view_dist, p->display_height, false);
    case ADM_CSF_BLEND_MAE:
        return adm_blend_csf(scale, diagonal, p->view_dist, p->display_height, true);
    default:
        return adm_watson_rfactor(scale, diagonal ? 2 : 1, p->view_dist, p->display_height);
    }
}

/* The conversions of the x86-64 build of libvmaf, also for values out of
 * range (as for the -EINVAL factor): to uint16 through int32, whose
 * overflow yields INT32_MIN, and to uint32 through int64, likewise. */
static uint16_t truncate_u16(double v)
{
    return v > -2147483649.0 && v < 2147483648.0 ? (uint16_t)(int32_t)v : 0;
}

static uint32_t truncate_u32(double v)
{
    return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? (uint32_t)(int64_t)v : 0;
}

void adm_rfactor_q_s0(const AdmCsfParams *p, const float rf[3], uint16_t q[3])
{
    /* libvmaf's constants; computing them gives 36451 and 49414. */
    if (fabs(p->view_dist * p->display_height - 3.0 * 1080) < 1.0e-8 &&
        p->mode == ADM_CSF_WATSON97) {
        q[0] = q[1] = 36453;
        q[2] = 49417;
        return;
    }
    q[0] = truncate_u16(rf[0] * pow(2, 21));
    q[1] = truncate_u16(rf[1] * pow(2, 21));
    q[2] = truncate_u16(rf[2] * pow(2, 23));
}

void adm_rfactor_q_s123(const float rf[3], uint32_t q[3])
{
    for (int b = 0; b < 3; b++)
        q[b] = truncate_u32(rf[b] * pow(2, 32));
}
