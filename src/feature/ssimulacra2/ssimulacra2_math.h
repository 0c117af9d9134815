/* SSIMULACRA 2's constants and its pooling of the per-scale norms into a
 * score, as libjxl's tools/ssimulacra2.cc defines them. */
#ifndef VMAF_FEATURE_SSIMULACRA2_MATH_H
#define VMAF_FEATURE_SSIMULACRA2_MATH_H

/* Scales 1:1 to 1:32; a scale is computed while the one before it is at
 * least SSIMU2_MIN_SIZE pixels both ways, so a picture must be at least that
 * (the last scale computed may be smaller). */
enum { SSIMU2_SCALES = 6, SSIMU2_MIN_SIZE = 8 };

/* The recursive Gaussian of sigma 1.5 (Charalampidis, "Recursive
 * Implementation of the Gaussian Filter Using Truncated Cosine Functions",
 * 2016): radius N = 5 and, per term k of its three (the cosines 1, 3, 5),
 * the coefficients libjxl derives in double and rounds to float. The
 * columns use the recurrence y[n] = n2 * (x[n - N - 1] + x[n + N - 1])
 * - d1 * y[n - 1] - y[n - 2]; the rows evaluate it four outputs at a time,
 * output l of a group weighing the group's four input sums by mul_in
 * shifted by the input's position and the group's two previous outputs by
 * mul_prev and mul_prev2 (the recurrence expanded). */
enum { SSIMU2_BLUR_RADIUS = 5, SSIMU2_BLUR_GROUP = 4 };

/* The blur's five inputs of a channel, from which its maps are made. */
enum {
    SSIMU2_MAP_SQ1,   /* reference squared */
    SSIMU2_MAP_SQ2,   /* distorted squared */
    SSIMU2_MAP_CROSS, /* reference times distorted */
    SSIMU2_MAP_MU1,   /* reference */
    SSIMU2_MAP_MU2,   /* distorted */
    SSIMU2_MAPS,
};

typedef struct Ssimu2Gauss {
    float n2[3], d1[3];
    float mul_in[3][SSIMU2_BLUR_GROUP];
    float mul_prev[3][SSIMU2_BLUR_GROUP];
    float mul_prev2[3][SSIMU2_BLUR_GROUP];
} Ssimu2Gauss;

static const Ssimu2Gauss ssimu2_gauss = {
    .n2 = {0x1.c4fa84p-5f, -0x1.e1fd7ap-5f, 0x1.a8894ap-7f},
    .d1 = {-0x1.e6f0e2p+0f, -0x1.2cf23p+0f, -0x1.1a6264p-53f},
    .mul_in = {{0x1.c4fa84p-5f, 0x1.aecee8p-4f, 0x1.287a74p-3f, 0x1.5c87fap-3f},
               {-0x1.e1fd7ap-5f, -0x1.1b4e84p-4f, -0x1.70352cp-6f, 0x1.5e2fb4p-5f},
               {0x1.a8894ap-7f, 0x1.d44a64p-60f, -0x1.a8894ap-7f, -0x1.d44a64p-59f}},
    .mul_prev = {{0x1.e6f0e2p+0f, 0x1.4f1bbcp+1f, 0x1.89f188p+1f, 0x1.9e377ap+1f},
                 {0x1.2cf23p+0f, 0x1.87221ap-2f, -0x1.73fd62p-1f, -0x1.3c6ef4p+0f},
                 {0x1.1a6264p-53f, -0x1p+0f, -0x1.1a6264p-52f, 0x1p+0f}},
    .mul_prev2 = {{-0x1p+0f, -0x1.e6f0e2p+0f, -0x1.4f1bbcp+1f, -0x1.89f188p+1f},
                  {-0x1p+0f, -0x1.2cf23p+0f, -0x1.87221ap-2f, 0x1.73fd62p-1f},
                  {-0x1p+0f, -0x1.1a6264p-53f, 0x1p+0f, 0x1.1a6264p-52f}},
};

/* The opsin absorbance of linear RGB (rows: L, M, S), its bias, and minus
 * the bias's cube root (glibc's cbrtf, as libjxl computes it). */
#define SSIMU2_M02 0.078f
#define SSIMU2_M00 0.30f
#define SSIMU2_M12 0.078f
#define SSIMU2_M10 0.23f
#define SSIMU2_M20 0.24342268924547819f
#define SSIMU2_M21 0.20476744424496821f
static const float ssimu2_opsin[3][3] = {
    {SSIMU2_M00, 1.0f - SSIMU2_M02 - SSIMU2_M00, SSIMU2_M02},
    {SSIMU2_M10, 1.0f - SSIMU2_M12 - SSIMU2_M10, SSIMU2_M12},
    {SSIMU2_M20, SSIMU2_M21, 1.0f - SSIMU2_M20 - SSIMU2_M21},
};
#define SSIMU2_OPSIN_BIAS 0.0037930732552754493f
#define SSIMU2_NEG_BIAS_CBRT (-0x1.3f64eap-3f)

/* The norms of one scale: per channel (X, Y, B), the 1-norm and 4-norm of
 * the SSIM map, then of the artifact and detail-lost maps. */
typedef struct Ssimu2Norms {
    double ssim[3][2];
    double artifact[3][2];
    double detail_lost[3][2];
} Ssimu2Norms;

/* The scales computed for a w x h picture of at least SSIMU2_MIN_SIZE
 * pixels either way: 1 to SSIMU2_SCALES. As in libjxl, the size of the
 * scale before decides, so the last may be under the minimum. */
unsigned ssimu2_scale_count(unsigned w, unsigned h);

/* The sums of channel c at scale s that weigh in the score of `scales`
 * scales: bit k for sums[c][k] of ssimulacra2_dsp.h's maps_row. A norm
 * whose weight is 0 adds exactly +0 (every norm is finite), so the twin
 * makes only these. */
unsigned ssimu2_sum_mask(unsigned scales, unsigned s, unsigned c);

/* The norms of a scale of w x h pixels from its maps' sums (maps_row's). */
void ssimu2_scale_norms(Ssimu2Norms *norms, const double sums[3][6], unsigned w, unsigned h);

/* The score of `scales` scales' norms: their weighted sum mapped to -inf..100.
 * The weights are indexed in the order channel, scale, norm, map over the
 * scales computed, as libjxl's tool does: a picture too small for six
 * scales weighs its norms with other scales' weights. */
double ssimu2_pool(const Ssimu2Norms *norms, unsigned scales);

#endif
