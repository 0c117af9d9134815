/* Integer ADM: the wavelet level against a direct evaluation, the edge
 * mirroring of the wavelet and of contrast masking, the reciprocal table and
 * its 15-bit normalisation, the decoupling, the rounding quirks libvmaf has
 * and the CSF factors it uses. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "feature/adm_common/adm_csf.h"
#include "feature/adm/adm_dsp.h"
#include "libvmaf/feature.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_adm;

static const int64_t lo_taps[4] = {15826, 27411, 7345, -4240};
static const int64_t hi_taps[4] = {-4240, -7345, 27411, -15826};

static uint32_t rng_state = 4242;

static unsigned next_random(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* Whole-sample reflection at the start, half-sample at the end. */
static int reflect(int i, int n)
{
    return i < 0 ? -i : i >= n ? 2 * n - 1 - i : i;
}

static int64_t floor_shift(int64_t v, int s)
{
    return (v + (INT64_C(1) << (s - 1))) >> s;
}

static AdmDsp dsp(void)
{
    AdmDsp d;
    adm_dsp_init(&d, 0);
    return d;
}

static void test_dwt_taps(void)
{
    int32_t t5[12], t6[12], t7[16];
    adm_dwt_taps(t5, 5);
    adm_dwt_taps(t6, 6);
    adm_dwt_taps(t7, 7);
    const int32_t e5[12] = {1, 0, 1, 2, 1, 2, 3, 4, 3, 4, 4, 3};
    const int32_t e6[12] = {1, 0, 1, 2, 1, 2, 3, 4, 3, 4, 5, 5};
    const int32_t e7[16] = {1, 0, 1, 2, 1, 2, 3, 4, 3, 4, 5, 6, 5, 6, 6, 5};
    for (int i = 0; i < 12; i++) {
        CHECK_EQ_INT(t5[i], e5[i]);
        CHECK_EQ_INT(t6[i], e6[i]);
    }
    for (int i = 0; i < 16; i++)
        CHECK_EQ_INT(t7[i], e7[i]);
}

enum { DW = 11, DH = 9, BW = (DW + 1) / 2, BH = (DH + 1) / 2 };

static void make_taps(int32_t *rows, int32_t *cols, int w, int h)
{
    adm_dwt_taps(rows, h);
    adm_dwt_taps(cols, w);
}

/* Scale 0 of an 8-bit and a 12-bit picture against the 2-D definition. */
static void test_dwt_s0(void)
{
    const AdmDsp d = dsp();
    for (unsigned bpc = 8; bpc <= 12; bpc += 4) {
        uint16_t px16[DH][DW];
        uint8_t px8[DH][DW];
        for (int y = 0; y < DH; y++)
            for (int x = 0; x < DW; x++) {
                px16[y][x] = (uint16_t)(next_random() % (1u << bpc));
                px8[y][x] = (uint8_t)px16[y][x];
            }
        int32_t rows[4 * BH], cols[4 * BW], tmp[2 * DW], approx[BH * BW];
        int16_t bh[BH * BW], bv[BH * BW], bd[BH * BW];
        make_taps(rows, cols, DW, DH);
        const AdmDwtTaps taps = {rows, cols};
        const AdmBands16 out = {{bh, bv, bd}};
        if (bpc == 8)
            d.dwt_s0_8(&px8[0][0], DW, DW, DH, &taps, tmp, &out, approx, BW);
        else
            d.dwt_s0_16(&px16[0][0], DW * 2, DW, DH, bpc, &taps, tmp, &out, approx, BW);

        const int64_t half = INT64_C(1) << (bpc - 1);
        for (int i = 0; i < BH; i++) {
            int64_t vlo[DW], vhi[DW];
            for (int x = 0; x < DW; x++) {
                int64_t l = 0, g = 0;
                for (int t = 0; t < 4; t++) {
                    const int64_t p = px16[reflect(2 * i - 1 + t, DH)][x];
                    l += lo_taps[t] * (p - half);
                    g += hi_taps[t] * p;
                }
                vlo[x] = floor_shift(l, (int)bpc);
                vhi[x] = floor_shift(g, (int)bpc);
            }
            for (int j = 0; j < BW; j++) {
                int64_t ll = 0, lh = 0, hl = 0, hh = 0;
                for (int t = 0; t < 4; t++) {
                    const int x = reflect(2 * j - 1 + t, DW);
                    ll += lo_taps[t] * vlo[x];
                    lh += hi_taps[t] * vlo[x];
                    hl += lo_taps[t] * vhi[x];
                    hh += hi_taps[t] * vhi[x];
                }
                CHECK_EQ_INT(approx[i * BW + j], floor_shift(ll, 16));
                CHECK_EQ_INT(bv[i * BW + j], floor_shift(lh, 16));
                CHECK_EQ_INT(bh[i * BW + j], floor_shift(hl, 16));
                CHECK_EQ_INT(bd[i * BW + j], floor_shift(hh, 16));
            }
        }
    }
}

/* A flat picture has no detail; its approximation is the centred level
 * scaled by the squared low-pass gain. */
static void test_dwt_s0_flat(void)
{
    const AdmDsp d = dsp();
    uint8_t px[DH][DW];
    for (int y = 0; y < DH; y++)
        for (int x = 0; x < DW; x++)
            px[y][x] = 200;
    int32_t rows[4 * BH], cols[4 * BW], tmp[2 * DW], approx[BH * BW];
    int16_t bh[BH * BW], bv[BH * BW], bd[BH * BW];
    make_taps(rows, cols, DW, DH);
    const AdmDwtTaps taps = {rows, cols};
    const AdmBands16 out = {{bh, bv, bd}};
    d.dwt_s0_8(&px[0][0], DW, DW, DH, &taps, tmp, &out, approx, BW);
    const int64_t level = floor_shift(46342 * (200 - 128), 8);
    for (int i = 0; i < BH * BW; i++) {
        CHECK_EQ_INT(bh[i], 0);
        CHECK_EQ_INT(bv[i], 0);
        CHECK_EQ_INT(bd[i], 0);
        CHECK_EQ_INT(approx[i], floor_shift(46342 * level, 16));
    }
}

/* Scales 1..3 (no recentring, per-scale roundings) on int32 input. */
static void test_dwt_s123(void)
{
    const AdmDsp d = dsp();
    static const int vs[3] = {0, 16, 16}, hs[3] = {15, 16, 15};
    for (int scale = 1; scale <= 3; scale++) {
        int32_t src[DH][DW];
        for (int y = 0; y < DH; y++)
            for (int x = 0; x < DW; x++)
                src[y][x] = (int32_t)(next_random() % 65536) - 32768;
        int32_t rows[4 * BH], cols[4 * BW], tmp[2 * DW], approx[BH * BW];
        int32_t bh[BH * BW], bv[BH * BW], bd[BH * BW];
        make_taps(rows, cols, DW, DH);
        const AdmDwtTaps taps = {rows, cols};
        const AdmBands32 out = {{bh, bv, bd}};
        d.dwt_s123(&src[0][0], DW, DW, DH, scale, &taps, tmp, &out, approx, BW);
        for (int i = 0; i < BH; i++) {
            int64_t vlo[DW], vhi[DW];
            for (int x = 0; x < DW; x++) {
                int64_t l = 0, g = 0;
                for (int t = 0; t < 4; t++) {
                    l += lo_taps[t] * src[reflect(2 * i - 1 + t, DH)][x];
                    g += hi_taps[t] * src[reflect(2 * i - 1 + t, DH)][x];
                }
                vlo[x] = vs[scale - 1] ? floor_shift(l, vs[scale - 1]) : l;
                vhi[x] = vs[scale - 1] ? floor_shift(g, vs[scale - 1]) : g;
            }
            for (int j = 0; j < BW; j++) {
                int64_t ll = 0, lh = 0, hl = 0, hh = 0;
                for (int t = 0; t < 4; t++) {
                    const int x = reflect(2 * j - 1 + t, DW);
                    ll += lo_taps[t] * vlo[x];
                    lh += hi_taps[t] * vlo[x];
                    hl += lo_taps[t] * vhi[x];
                    hh += hi_taps[t] * vhi[x];
                }
                CHECK_EQ_INT(approx[i * BW + j], floor_shift(ll, hs[scale - 1]));
                CHECK_EQ_INT(bv[i * BW + j], floor_shift(lh, hs[scale - 1]));
                CHECK_EQ_INT(bh[i * BW + j], floor_shift(hl, hs[scale - 1]));
                CHECK_EQ_INT(bd[i * BW + j], floor_shift(hh, hs[scale - 1]));
            }
        }
    }
}

static void test_reciprocals(void)
{
    const int32_t *r = adm_reciprocal_table();
    CHECK_EQ_INT(r[1], 1 << 30);
    CHECK_EQ_INT(r[-1], -(1 << 30));
    CHECK_EQ_INT(r[3], 357913941);
    CHECK_EQ_INT(r[-3], -357913941);
    CHECK_EQ_INT(r[1000], 1073741);
    CHECK_EQ_INT(r[32768], 32768);
    CHECK_EQ_INT(r[-32768], -32768);
    CHECK(adm_reciprocal_table() == r);
    /* The AVX-512 sums divide instead of reading the table: the truncated
     * double quotient (each lane's operations) is every positive entry. */
    unsigned differ = 0;
    for (int32_t i = 1; i <= ADM_RECIP_RANGE; i++)
        differ += (int32_t)(0x1p30 / (double)i) != r[i];
    CHECK_EQ_INT(differ, 0);
}

static void test_best15(void)
{
    int s;
    CHECK_EQ_INT(adm_best15(32768, &s), 16384);
    CHECK_EQ_INT(s, 1);
    CHECK_EQ_INT(adm_best15(65535, &s), 32768); /* rounds up to 2^15 */
    CHECK_EQ_INT(s, 1);
    CHECK_EQ_INT(adm_best15(100000, &s), 25000);
    CHECK_EQ_INT(s, 2);
    CHECK_EQ_INT(adm_best15(UINT32_C(1) << 31, &s), 16384);
    CHECK_EQ_INT(s, 17);
    CHECK_EQ_INT(adm_best15(123456789, &s), 30141);
    CHECK_EQ_INT(s, 12);
}

/* One h/v/d sample: t = 1.5 o in the same direction is credited as an
 * enhancement up to the gain limit. */
static void test_decouple_gain_limit(void)
{
    const AdmDsp d = dsp();
    const AdmRect one = {0, 0, 1, 1};
    for (int limit = 1; limit <= 100; limit += 99) {
        int16_t o[3] = {100, 100, -40}, t[3] = {150, 150, 20};
        int16_t r[3], a[3];
        const AdmBands16 ref = {{&o[0], &o[1], &o[2]}}, dis = {{&t[0], &t[1], &t[2]}};
        const AdmBands16 rb = {{&r[0], &r[1], &r[2]}}, ab = {{&a[0], &a[1], &a[2]}};
        d.decouple_s0(NULL, &ref, &dis, &rb, &ab, 1, &one, limit, adm_reciprocal_table());
        CHECK_EQ_INT(r[0], limit == 1 ? 100 : 150);
        CHECK_EQ_INT(a[0], limit == 1 ? 50 : 0);
        /* opposite signs: nothing is restored */
        CHECK_EQ_INT(r[2], 0);
        CHECK_EQ_INT(a[2], 20);

        int32_t o32[3] = {3000000, 3000000, 70000}, t32[3] = {4500000, 4500000, 35000};
        int32_t r32[3], a32[3];
        const AdmBands32 ref32 = {{&o32[0], &o32[1], &o32[2]}};
        const AdmBands32 dis32 = {{&t32[0], &t32[1], &t32[2]}};
        const AdmBands32 rb32 = {{&r32[0], &r32[1], &r32[2]}};
        const AdmBands32 ab32 = {{&a32[0], &a32[1], &a32[2]}};
        d.decouple_s123(NULL, &ref32, &dis32, &rb32, &ab32, 1, &one, limit, adm_reciprocal_table());
        CHECK_EQ_INT(r32[0], limit == 1 ? 3000000 : 4500000);
        CHECK_EQ_INT(a32[0], limit == 1 ? 1500000 : 0);
        /* k = 0.5 exactly through the 15-bit normalisation of 70000 */
        CHECK_EQ_INT(r32[2], 35000);
    }
}

/* The Q32 thirtieth is rounded with -2^31 (libvmaf's int32 holding 1u<<31):
 * round(v / 30) - 1, and -1 for 0. */
static void test_csf_s123_rounding(void)
{
    const AdmDsp d = dsp();
    const AdmRect row = {0, 0, 4, 1};
    int32_t src[4] = {0, 30, 3000, -3000}, csf[4], c30[4];
    const AdmBands32 s = {{src, src, src}}, c = {{csf, csf, csf}}, f = {{c30, c30, c30}};
    const uint32_t unit[3] = {1u << 28, 1u << 28, 1u << 28};
    d.csf_s123(&s, &c, &f, 4, &row, unit);
    CHECK_EQ_INT(csf[2], 3000);
    CHECK_EQ_INT(c30[0], -1);
    CHECK_EQ_INT(c30[1], 0);
    CHECK_EQ_INT(c30[2], 99);
    CHECK_EQ_INT(c30[3], 99);
}

/* Scales 1..3 round the square with a full unit: 1 stays 1. */
static void test_den_square_rounding(void)
{
    const AdmDsp d = dsp();
    int32_t v = -1;
    const AdmBands32 b = {{&v, &v, &v}};
    const AdmRect one = {0, 0, 1, 1};
    const AdmDenShifts sh = {.square = 31, .cube = 0, .row = 0};
    uint64_t sum[3];
    d.den_s123(&b, 1, &one, &sh, sum);
    CHECK_EQ_INT(sum[0], 1);
    CHECK_EQ_INT(sum[2], 1);
}

/* Masking threshold at the edges of a 4x4 band whose only non-zero csf_30
 * sample sits at (1, 1): row/column -1 reads 1, so corner (0, 0) sees it
 * four times; row/column 4 reads 3, so corner (3, 3) does not see it. The
 * sample's cube is positive exactly when |x| exceeds the threshold. */
static int64_t masked_sum(int at_y, int at_x, int16_t value)
{
    const AdmDsp d = dsp();
    int16_t zero[16] = {0}, c30[16] = {0}, src[16] = {0};
    c30[1 * 4 + 1] = 1000;
    src[at_y * 4 + at_x] = value;
    const AdmBands16 x = {{src, zero, zero}}, csf = {{zero, zero, zero}};
    const AdmBands16 f = {{c30, zero, zero}};
    const AdmRect only = {at_x, at_y, at_x + 1, at_y + 1};
    const uint16_t rf[3] = {1024, 1024, 1024};
    const AdmCmShifts sh = {.cube = {0, 0, 0}, .row = 0};
    int64_t sum[3];
    d.cm_s0(NULL, &x, &csf, &f, 4, 4, 4, &only, rf, &sh, sum);
    return sum[0];
}

/* The cube an excess of e threshold units leaves (h band, factor 2^10). */
static int64_t excess_cube(int64_t e)
{
    const int64_t m = e << 10, sq = (m * m + (1 << 28)) >> 29;
    return sq * m;
}

static void test_cm_edges(void)
{
    static const struct {
        int y, x, thr;
    } cases[] = {
        {0, 0, 4000}, /* (1,1) seen as (-1,-1), (-1,1), (1,-1) and (1,1) */
        {0, 2, 2000}, /* seen as row -1 and row 1 */
        {2, 2, 1000},
        {3, 3, 0}, /* row and column 4 read 3, not 2 */
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        CHECK_EQ_INT(masked_sum(cases[i].y, cases[i].x, (int16_t)cases[i].thr), 0);
        CHECK_EQ_INT(masked_sum(cases[i].y, cases[i].x, (int16_t)(cases[i].thr + 1000)),
                     excess_cube(1000));
    }
}

/* 1/Q of Watson's model at 1080 lines, 3 heights (spec table). */
/* libvmaf's default x86 masking quirks: the centre's fifteenth unwrapped
 * (abs(csf) >= 15360 is where int16 wraps), and AVX2's logical shift of a
 * negative cube product (a square past INT32_MAX; figures from Python's
 * unbounded integers). */
static void test_cm_quirks(void)
{
    CHECK(adm_cm_centre_s0(15359) == 32765u);
    CHECK(adm_cm_centre_s0_unwrapped(15359) == 32765u);
    CHECK(adm_cm_centre_s0(15360) == (uint32_t)-32768);
    CHECK(adm_cm_centre_s0_unwrapped(15360) == 32768u);
    CHECK(adm_cm_centre_s0_unwrapped(-32768) == 69904u);
    CHECK(adm_masked_cube(1200000000, 0, 29, 6, false) == INT64_C(-30239217768750000));
    CHECK(adm_masked_cube(1200000000, 0, 29, 6, true) == INT64_C(257991158382961744));
    CHECK(adm_masked_cube(1000000, 0, 29, 6, true) == adm_masked_cube(1000000, 0, 29, 6, false));

    /* The vector areas: masking in blocks of 6 (14) from the region's left,
     * rows 1..; decoupling in blocks of 8 to a multiple of 8 (16 from the
     * left). */
    const AdmRect region = {.left = 10, .top = 7, .right = 90, .bottom = 53};
    AdmRect area = adm_cm_vector_area(100, 60, &region, 6);
    CHECK_EQ_INT(area.left, 10);
    CHECK_EQ_INT(area.right, 88);
    CHECK_EQ_INT(area.top, 7);
    CHECK_EQ_INT(area.bottom, 53);
    CHECK_EQ_INT(adm_cm_vector_area(100, 60, &region, 14).right, 80);
    const AdmRect edge = {.left = 0, .top = 0, .right = 9, .bottom = 9};
    area = adm_cm_vector_area(9, 9, &edge, 14);
    CHECK(area.left >= area.right); /* a region at the edge takes libvmaf's C loops */
    const AdmRect win = {.left = 9, .top = 6, .right = 93, .bottom = 56};
    CHECK_EQ_INT(adm_decouple_vector_area(&win, false).right, 88);
    CHECK_EQ_INT(adm_decouple_vector_area(&win, true).right, 89);

    /* The enhanced part rounded to nearest (even) rather than truncated. */
    CHECK_EQ_INT(adm_gain_limited(7, 9, 100, 1.1, false), 7);
    CHECK_EQ_INT(adm_gain_limited(7, 9, 100, 1.1, true), 8);
    CHECK_EQ_INT(adm_gain_limited(-7, -9, -100, 1.1, false), -7);
    CHECK_EQ_INT(adm_gain_limited(-7, -9, -100, 1.1, true), -8);
    CHECK_EQ_INT(adm_gain_limited(5, 7, 100, 1.3, true), 6); /* 6.5: to even */
    CHECK_EQ_INT(adm_gain_limited(5, 7, 100, 1.5, true), 8); /* 7.5: to even */
    CHECK_EQ_INT(adm_gain_limited(7, 9, 8, 1.1, true), 8);   /* never past t */
    /* The angle test's sums wrapped to int32 where all four are -32768. */
    CHECK(adm_in_cone(-32768, -32768, -32768, -32768, adm_cos_1deg_sq()));
    CHECK(!adm_in_cone_vector(-32768, -32768, -32768, -32768, adm_cos_1deg_sq(), false));
}

static void test_watson_factors(void)
{
    static const double hv[4] = {0.017382, 0.031985, 0.043373, 0.045673};
    static const double diag[4] = {0.005891, 0.014299, 0.024397, 0.031313};
    for (int l = 0; l < 4; l++) {
        CHECK_NEAR(adm_watson_rfactor(l, 1, 3.0, 1080), hv[l], 5e-7);
        CHECK_NEAR(adm_watson_rfactor(l, 2, 3.0, 1080), diag[l], 5e-7);
    }
    CHECK(adm_watson_rfactor(0, 1, 3.0, 1080) == adm_watson_rfactor(0, 3, 3.0, 1080));
    CHECK(adm_watson_rfactor(0, 1, 1.5, 2160) == adm_watson_rfactor(0, 1, 3.0, 1080));
}

static void test_fixed_point_factors(void)
{
    AdmCsfParams p = {.mode = ADM_CSF_WATSON97, .view_dist = 3.0, .display_height = 1080};
    float rf[3] = {adm_rfactor(&p, 0, false), adm_rfactor(&p, 0, false), adm_rfactor(&p, 0, true)};
    uint16_t q[3];
    adm_rfactor_q_s0(&p, rf, q);
    CHECK_EQ_INT(q[0], 36453);
    CHECK_EQ_INT(q[1], 36453);
    CHECK_EQ_INT(q[2], 49417);
    /* the same factors under another viewing condition are truncated */
    p.display_height = 2160;
    adm_rfactor_q_s0(&p, rf, q);
    CHECK_EQ_INT(q[0], 36451);
    CHECK_EQ_INT(q[2], 49414);
    /* out of uint16 range: wraps as the x86 build of libvmaf does */
    const float big[3] = {0.04f, 0.04f, -22.0f};
    adm_rfactor_q_s0(&p, big, q);
    CHECK_EQ_INT(q[0], 83886 - 65536);
    CHECK_EQ_INT(q[2], 0);

    uint32_t q32[3];
    adm_rfactor_q_s123(rf, q32);
    CHECK_EQ_INT(q32[0], (uint32_t)(rf[0] * 4294967296.0));
    CHECK_EQ_INT(q32[2], (uint32_t)(rf[2] * 4294967296.0));
}

static void test_blend_factors(void)
{
    static const float hv[4] = {0.01183f, 0.025026f, 0.04295f, 0.058621f};
    static const float diag[4] = {0.004302f, 0.011778f, 0.023918f, 0.035901f};
    static const float hv_mae[4] = {0.011249f, 0.022606f, 0.035930f, 0.045673f};
    static const float diag_mae[4] = {0.004097f, 0.010921f, 0.021430f, 0.031313f};
    const AdmCsfParams blend = {.mode = ADM_CSF_BLEND, .view_dist = 3.0, .display_height = 1080};
    const AdmCsfParams mae = {.mode = ADM_CSF_BLEND_MAE, .view_dist = 3.0, .display_height = 1080};
    for (int s = 0; s < 4; s++) {
        CHECK(adm_rfactor(&blend, s, false) == hv[s]);
        CHECK(adm_rfactor(&blend, s, true) == diag[s]);
        CHECK(adm_rfactor(&mae, s, false) == hv_mae[s]);
        CHECK(adm_rfactor(&mae, s, true) == diag_mae[s]);
        /* 2160 lines at 1.5 heights use the 1080@3H tables */
        CHECK(adm_blend_csf(s, false, 1.5, 2160, false) == hv[s]);
        CHECK(adm_blend_csf(s, true, 1.5, 2160, true) == diag_mae[s]);
    }
    CHECK(adm_blend_csf(1, false, 3.0, 2160, false) == hv[0]);
    CHECK(adm_blend_csf(0, true, 5.0, 480, true) == 0.006514f);
    CHECK(adm_blend_csf(0, false, 4.0, 1080, false) == (float)-EINVAL);
    CHECK(adm_blend_csf(0, false, 3.0, 1440, true) == (float)-EINVAL);
}

/* Values of libvmaf's barten_csf() (100 cd/m^2). */
static void test_barten_factors(void)
{
    static const double at_1080_3h[4] = {1.21049654, 5.0422225, 14.6270647, 26.9758816};
    static const double at_2160_5h_half[4] = {0.0158684645, 0.16679579, 0.906279922, 3.48368573};
    /* nine digits identify a float */
    for (int l = 0; l < 4; l++) {
        CHECK(adm_barten_csf(l, 3.0, 1080, 100.0, 1.0) == (float)at_1080_3h[l]);
        CHECK(adm_barten_csf(l, 5.0, 2160, 100.0, 0.5) == (float)at_2160_5h_half[l]);
    }
    const AdmCsfParams p = {.mode = ADM_CSF_BARTEN,
                            .view_dist = 3.0,
                            .display_height = 1080,
                            .scale = 2.0,
                            .diag_scale = 0.5};
    CHECK(adm_rfactor(&p, 2, false) == adm_barten_csf(2, 3.0, 1080, 100.0, 2.0));
    CHECK(adm_rfactor(&p, 2, true) == adm_barten_csf(2, 3.0, 1080, 100.0, 0.5));
}

static int init_with(unsigned w, unsigned h, const char *key, const char *val)
{
    VmafFeatureDictionary *opts = NULL;
    if (key)
        vmaf_feature_dictionary_set(&opts, key, val);
    VmafFexContext *ctx = NULL;
    int err = vmaf_fex_context_create(&ctx, &vmaf_fex_adm, opts);
    vmaf_feature_dictionary_free(&opts);
    if (err)
        return err;
    err = vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 8, w, h);
    vmaf_fex_context_destroy(ctx);
    return err;
}

static void test_size_limits(void)
{
    CHECK_EQ_INT(init_with(33, 33, NULL, NULL), 0);
    CHECK_EQ_INT(init_with(32, 1080, NULL, NULL), -EINVAL);
    CHECK_EQ_INT(init_with(1920, 32, NULL, NULL), -EINVAL);
    CHECK_EQ_INT(init_with(64, 64, "adm_csf_mode", "4"), -EINVAL);
    CHECK_EQ_INT(init_with(64, 64, "adm_enhn_gain_limit", "0.5"), -EINVAL);
}

/* Identical pictures score about 1 (not exactly: numerator and denominator
 * are rounded differently); a viewing condition below 1080 lines at 3
 * heights is refused at extraction. */
static int score_identical(const char *key, const char *val, double *adm2, double *scale2)
{
    VmafFeatureDictionary *opts = NULL;
    if (key)
        vmaf_feature_dictionary_set(&opts, key, val);
    VmafFexContext *ctx = NULL;
    VmafFeatureCollector *fc = NULL;
    VmafPicture pic = {0};
    int err = vmaf_fex_context_create(&ctx, &vmaf_fex_adm, opts);
    vmaf_feature_dictionary_free(&opts);
    if (!err)
        err = vmaf_feature_collector_init(&fc);
    if (!err)
        err = vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV400P, 10, 97, 65);
    if (!err) {
        for (unsigned y = 0; y < 65; y++)
            for (unsigned x = 0; x < 97; x++)
                ((uint16_t *)((uint8_t *)pic.data[0] + y * pic.stride[0]))[x] =
                    (uint16_t)(next_random() % 1024);
        err = vmaf_fex_context_extract(ctx, &pic, &pic, 0, fc);
    }
    if (!err)
        err = vmaf_feature_collector_get_score(fc, "VMAF_integer_feature_adm2_score", adm2, 0);
    if (!err)
        err = vmaf_feature_collector_get_score(fc, "integer_adm_scale2", scale2, 0);
    if (pic.ref)
        vmaf_picture_unref(&pic);
    vmaf_feature_collector_destroy(fc);
    vmaf_fex_context_destroy(ctx);
    return err;
}

static void test_identical_pictures(void)
{
    double adm2 = 0, scale2 = 0;
    CHECK_EQ_INT(score_identical(NULL, NULL, &adm2, &scale2), 0);
    CHECK_NEAR(adm2, 1.0, 1e-4);
    CHECK_NEAR(scale2, 1.0, 1e-4);
    CHECK_EQ_INT(score_identical("adm_norm_view_dist", "2.5", &adm2, &scale2), -EINVAL);
}

TEST_MAIN("adm", {"dwt_taps", test_dwt_taps}, {"dwt_s0", test_dwt_s0},
          {"dwt_s0_flat", test_dwt_s0_flat}, {"dwt_s123", test_dwt_s123},
          {"reciprocals", test_reciprocals}, {"best15", test_best15},
          {"decouple_gain_limit", test_decouple_gain_limit},
          {"csf_s123_rounding", test_csf_s123_rounding},
          {"den_square_rounding", test_den_square_rounding}, {"cm_edges", test_cm_edges},
          {"cm_quirks", test_cm_quirks}, {"watson_factors", test_watson_factors},
          {"fixed_point_factors", test_fixed_point_factors}, {"blend_factors", test_blend_factors},
          {"barten_factors", test_barten_factors}, {"size_limits", test_size_limits},
          {"identical_pictures", test_identical_pictures})
