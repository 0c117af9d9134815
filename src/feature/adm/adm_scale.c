/* The scales of integer ADM (see adm_scale.h), with libvmaf's float and
 * double steps: the shifts and divisors decide the integer sums' formats. */
#include <math.h>

#include "adm_scale.h"

/* A fraction of each band on all four sides is left out of the sums. */
#define ADM_BORDER_FACTOR 0.1

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

void adm_setup_scales(AdmScale scale[ADM_SCALES], const AdmCsfParams *csf, double noise_weight,
                      unsigned w_in, unsigned h_in)
{
    int w = (int)w_in, h = (int)h_in;
    for (int s = 0; s < ADM_SCALES; s++) {
        AdmScale *sc = &scale[s];
        sc->w = w = (w + 1) / 2;
        sc->h = h = (h + 1) / 2;
        region_1d(w, &sc->region.left, &sc->region.right);
        region_1d(h, &sc->region.top, &sc->region.bottom);
        window_1d(w, &sc->window.left, &sc->window.right);
        window_1d(h, &sc->window.top, &sc->window.bottom);

        const float hv = adm_rfactor(csf, s, false), d = adm_rfactor(csf, s, true);
        sc->rfactor[ADM_BAND_H] = sc->rfactor[ADM_BAND_V] = hv;
        sc->rfactor[ADM_BAND_D] = d;
        if (s == 0)
            adm_rfactor_q_s0(csf, sc->rfactor, sc->rfactor_q0);
        else
            adm_rfactor_q_s123(sc->rfactor, sc->rfactor_q32);
        setup_shifts(sc, s, noise_weight);
    }
}
