/* Bjontegaard deltas (tools/report/bd.c) against published test vectors
 * and against shifts whose deltas are exact by construction; and the
 * curves that give no number, each with its reason. */
#include <math.h>

#include "report/bd.h"
#include "test.h"

#define N(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

/* JCTVC-E137's two four-point cases (rate in kbit/s, PSNR in dB), as
 * Netflix's python/test/bd_rate_calculator_test.py
 * (BDrateCalculatorJCTVCTest, vmaf commit f85a8536) states them with their
 * BD-rates, -0.00465215420752807 and -0.018779823450567612, checked there
 * to four places; a PCHIP BD-rate computes them to rounding. */
static void jctvc_e137(void)
{
    static const BdPoint a1[] = {
        {108048.8736, 43.6471}, {61279.976, 40.3953}, {33905.6656, 37.247}, {18883.6928, 34.2911}};
    static const BdPoint b1[] = {
        {108061.2784, 43.6768}, {61299.9936, 40.4232}, {33928.7472, 37.2761}, {18910.912, 34.3147}};
    static const BdPoint a2[] = {
        {40433.8848, 37.5761}, {7622.7456, 35.3756}, {2394.488, 33.8977}, {1017.6184, 32.0603}};
    static const BdPoint b2[] = {
        {40370.12, 37.5982}, {7587.0024, 35.4025}, {2390.0944, 33.9194}, {1017.0984, 32.0822}};
    double r = 0;
    CHECK_EQ_INT(bd_rate(a1, N(a1), b1, N(b1), &r), BD_OK);
    CHECK_NEAR(r, -0.00465215420752807, 1e-12);
    CHECK_EQ_INT(bd_rate(a2, N(a2), b2, N(b2), &r), BD_OK);
    CHECK_NEAR(r, -0.018779823450567612, 1e-12);
}

/* An uneven curve of six points (VMAF against kbit/s). */
static const BdPoint curve[] = {{310, 41.5},   {520, 55.25}, {900, 68.0},
                                {1500, 79.75}, {2600, 88.5}, {5100, 94.0}};

/* The same qualities at k times the rates: BD-rate k - 1 exactly, since
 * log10(k r) interpolates as log10(r) + log10(k); and at equal rate the
 * gap shrinks to 0 only for k = 1. */
static void scaled_rates(void)
{
    BdPoint twice[N(curve)], same[N(curve)];
    for (unsigned i = 0; i < N(curve); i++) {
        twice[i] = (BdPoint){2 * curve[i].rate, curve[i].quality};
        same[i] = curve[i];
    }
    double r = 0;
    CHECK_EQ_INT(bd_rate(curve, N(curve), twice, N(twice), &r), BD_OK);
    CHECK_NEAR(r, 1.0, 1e-12);
    CHECK_EQ_INT(bd_rate(twice, N(twice), curve, N(curve), &r), BD_OK);
    CHECK_NEAR(r, -0.5, 1e-12);
    CHECK_EQ_INT(bd_rate(curve, N(curve), same, N(same), &r), BD_OK);
    CHECK_NEAR(r, 0.0, 1e-15);
    double q = 1;
    CHECK_EQ_INT(bd_quality(curve, N(curve), same, N(same), &q), BD_OK);
    CHECK_NEAR(q, 0.0, 1e-15);
}

/* The same rates at 1.5 more quality: BD-quality 1.5, in both orders; the
 * points given in any order and repeated. */
static void shifted_quality(void)
{
    BdPoint better[N(curve) + 2];
    for (unsigned i = 0; i < N(curve); i++)
        better[N(curve) - 1 - i] = (BdPoint){curve[i].rate, curve[i].quality + 1.5};
    better[N(curve)] = better[0];
    better[N(curve) + 1] = better[3];
    double q = 0;
    CHECK_EQ_INT(bd_quality(curve, N(curve), better, N(better), &q), BD_OK);
    CHECK_NEAR(q, 1.5, 1e-12);
    CHECK_EQ_INT(bd_quality(better, N(better), curve, N(curve), &q), BD_OK);
    CHECK_NEAR(q, -1.5, 1e-12);
    /* More quality at the same rates is fewer bits at the same quality. */
    double r = 0;
    CHECK_EQ_INT(bd_rate(curve, N(curve), better, N(better), &r), BD_OK);
    CHECK(r < 0 && r > -1);
}

/* A rate-quality pair on a straight line in (quality, log10 rate), whose
 * interpolant is that line: BD-rate over a part of the range, exact. */
static void straight_lines(void)
{
    /* anchor: log10(rate) = 2 + q / 50; test: log10(rate) = 2.1 + q / 50 */
    BdPoint a[5], t[5];
    for (unsigned i = 0; i < 5; i++) {
        const double qa = 20 + 15 * i, qt = 30 + 15 * i;
        a[i] = (BdPoint){pow(10, 2 + qa / 50), qa};
        t[i] = (BdPoint){pow(10, 2.1 + qt / 50), qt};
    }
    double r = 0;
    CHECK_EQ_INT(bd_rate(a, 5, t, 5, &r), BD_OK);
    CHECK_NEAR(r, pow(10, 0.1) - 1, 1e-12);
    /* Over log10 rate, quality = 50 (lr - 2) and 50 (lr - 2.1): 5 less. */
    double q = 0;
    CHECK_EQ_INT(bd_quality(a, 5, t, 5, &q), BD_OK);
    CHECK_NEAR(q, -5.0, 1e-9);
}

/* Curves that give no number, each with its reason; *out untouched. */
static void refused(void)
{
    static const BdPoint three[] = {{100, 30}, {200, 40}, {400, 50}};
    static const BdPoint repeated[] = {{100, 30}, {200, 40}, {400, 50}, {200, 40}};
    static const BdPoint falling[] = {{100, 30}, {200, 40}, {400, 38}, {800, 50}};
    static const BdPoint same_rate[] = {{100, 30}, {200, 40}, {200, 45}, {800, 50}};
    static const BdPoint zero_rate[] = {{0, 30}, {200, 40}, {400, 45}, {800, 50}};
    static const BdPoint nan_quality[] = {{100, 30}, {200, NAN}, {400, 45}, {800, 50}};
    static const BdPoint high[] = {{100, 60}, {200, 70}, {400, 80}, {800, 90}};
    static const BdPoint low[] = {{100, 20}, {200, 30}, {400, 40}, {800, 50}};
    static const BdPoint far[] = {{1000, 20}, {2000, 30}, {4000, 40}, {8000, 50}};
    double out = 42;
    CHECK_EQ_INT(bd_rate(three, N(three), curve, N(curve), &out), BD_TOO_FEW_POINTS);
    CHECK_EQ_INT(bd_rate(curve, N(curve), repeated, N(repeated), &out), BD_TOO_FEW_POINTS);
    CHECK_EQ_INT(bd_rate(curve, N(curve), falling, N(falling), &out), BD_NOT_MONOTONIC);
    CHECK_EQ_INT(bd_quality(same_rate, N(same_rate), curve, N(curve), &out), BD_NOT_MONOTONIC);
    CHECK_EQ_INT(bd_rate(curve, N(curve), zero_rate, N(zero_rate), &out), BD_BAD_RATE);
    CHECK_EQ_INT(bd_rate(nan_quality, N(nan_quality), curve, N(curve), &out), BD_BAD_QUALITY);
    /* Qualities that do not overlap; rates that do not. */
    CHECK_EQ_INT(bd_rate(high, N(high), low, N(low), &out), BD_NO_OVERLAP);
    CHECK_EQ_INT(bd_quality(low, N(low), far, N(far), &out), BD_NO_OVERLAP);
    CHECK(out == 42);
    CHECK(*bd_status_reason(BD_NO_OVERLAP) && !*bd_status_reason(BD_OK));
}

TEST_MAIN("bd", {"jctvc_e137", jctvc_e137}, {"scaled_rates", scaled_rates},
          {"shifted_quality", shifted_quality}, {"straight_lines", straight_lines},
          {"refused", refused})
