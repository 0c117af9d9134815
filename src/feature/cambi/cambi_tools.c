#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cambi_dsp.h"
#include "cambi_tools.h"

/* Limited-range 10-bit luma: black and white code values. */
#define LUMA_FOOT 64
#define LUMA_HEAD 940
#define LUMA_MAX 1023

/* BT.1886 display: gamma, white and black luminance. */
#define BT1886_GAMMA 2.4
#define BT1886_WHITE 300.0
#define BT1886_BLACK 0.01

double cambi_eotf_bt1886(double v)
{
    /* Written as the reference evaluates it, for the same roundings. */
    const double white_root = pow(BT1886_WHITE, 1.0 / BT1886_GAMMA);
    const double black_root = pow(BT1886_BLACK, 1.0 / BT1886_GAMMA);
    const double gain = pow(white_root - black_root, BT1886_GAMMA);
    const double lift = black_root / (white_root - black_root);
    const double x = v + lift;
    return gain * pow(x > 0 ? x : 0, BT1886_GAMMA);
}

double cambi_eotf_pq(double v)
{
    /* SMPTE ST 2084 constants. */
    const double m1 = 0.1593017578125, m2 = 78.84375;
    const double c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875;
    const double num = pow(v, 1.0 / m2) - c1;
    const double den = c2 - c3 * pow(v, 1.0 / m2);
    return 10000 * pow((num > 0 ? num : 0) / den, 1.0 / m1);
}

CambiEotf cambi_eotf_by_name(const char *name)
{
    if (!strcmp(name, "bt1886"))
        return cambi_eotf_bt1886;
    if (!strcmp(name, "pq"))
        return cambi_eotf_pq;
    return NULL;
}

double cambi_luminance(int sample, CambiEotf eotf)
{
    const int s = sample < LUMA_FOOT ? LUMA_FOOT : sample > LUMA_HEAD ? LUMA_HEAD : sample;
    return eotf((double)(s - LUMA_FOOT) / (LUMA_HEAD - LUMA_FOOT));
}

bool cambi_step_visible(int sample, int diff, double threshold, CambiEotf eotf)
{
    const double base = cambi_luminance(sample, eotf);
    const double raised = cambi_luminance(sample + diff, eotf);
    return raised - base > threshold * base;
}

enum TviSide { TVI_BELOW, TVI_AT, TVI_ABOVE };

/* Where sample lies relative to the threshold sample: still visible one code
 * up (below it), visible here only (at it), or not visible (above it). */
static enum TviSide tvi_side(int sample, int diff, double threshold, CambiEotf eotf)
{
    if (!cambi_step_visible(sample, diff, threshold, eotf))
        return TVI_ABOVE;
    if (cambi_step_visible(sample + 1, diff, threshold, eotf))
        return TVI_BELOW;
    return TVI_AT;
}

int cambi_tvi_for_diff(int diff, double threshold, CambiEotf eotf)
{
    int lo = LUMA_FOOT, hi = LUMA_HEAD - diff - 1;
    enum TviSide side = tvi_side(lo, diff, threshold, eotf);
    if (side != TVI_BELOW)
        return side == TVI_AT ? lo : 0;
    side = tvi_side(hi, diff, threshold, eotf);
    if (side != TVI_ABOVE)
        return side == TVI_AT ? hi : LUMA_MAX;
    /* lo is below and hi above the threshold, so hi - lo >= 2 and every
     * midpoint lies strictly between them: the search ends. */
    for (;;) {
        const int mid = lo + (hi - lo) / 2;
        side = tvi_side(mid, diff, threshold, eotf);
        if (side == TVI_AT)
            return mid;
        if (side == TVI_ABOVE)
            hi = mid;
        else
            lo = mid;
    }
}

unsigned cambi_vlt_luma(double threshold, CambiEotf eotf)
{
    /* Samples above the head have the head's luminance, the highest, and
     * threshold is at most 300, which BT.1886 reaches exactly at the head. */
    unsigned sample = LUMA_FOOT;
    while (sample < LUMA_MAX && cambi_luminance((int)sample, eotf) < threshold)
        sample++;
    return sample == LUMA_FOOT ? 0 : sample;
}

int cambi_contrast_weight(unsigned d)
{
    /* Suprathreshold contrast response, for contrasts of 1..32 codes. */
    static const unsigned char weight[CAMBI_MAX_DIFFS] = {
        1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8,
        8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
    };
    return weight[d];
}

void cambi_c_params_init(CambiCParams *cp, unsigned half_window, unsigned num_diffs,
                         const uint16_t *tvi, unsigned vlt_luma)
{
    cp->half_window = half_window;
    cp->num_diffs = num_diffs;
    for (unsigned d = 0; d < num_diffs; d++) {
        cp->tvi[d] = tvi[d];
        cp->weight[d] = cambi_contrast_weight(d);
    }
    cp->vlt_luma = vlt_luma;
    /* No c-value can depend on samples below vlt_luma - 3 num_diffs + 1 or
     * above the largest threshold plus num_diffs (the reference's band);
     * when that is empty, every c-value is 0. */
    const int lo = (int)vlt_luma - 3 * (int)num_diffs + 1;
    cp->band_base = lo > 0 ? (unsigned)lo : 0;
    const int top = tvi[num_diffs - 1] + (int)num_diffs;
    cp->band_size = top >= (int)cp->band_base ? (unsigned)top + 1 - cp->band_base : 0;
    /* With thresholds that grow with the contrast (they do, for every EOTF
     * and threshold), sample + d + 1 stays in the band wherever contrast
     * d + 1 is tested; the bound only guards the histogram reads. */
    for (unsigned k = 0; k < cp->band_size; k++) {
        cp->visible[k] = 0;
        for (unsigned d = 0; d < num_diffs && k + d + 1 < cp->band_size; d++)
            cp->visible[k] |= (uint32_t)cambi_c_visible(cp, cp->band_base + k, d) << d;
    }
    cp->reciprocal = cambi_reciprocal_table();
}

void cambi_nearest_grid(unsigned *map, unsigned in, unsigned out)
{
    const float ratio = (float)in / out;
    float x = ratio / 2 - 0.5;
    for (unsigned j = 0; j < out; j++, x += ratio) {
        /* Clipped for safety: the float walk could only overshoot where the
         * reference would read past the row. */
        const int at = (int)(x + 0.5);
        map[j] = at < (int)in ? (unsigned)at : in - 1;
    }
}

unsigned cambi_adjust_window(unsigned window, unsigned w, unsigned h, bool speedup)
{
    /* (w + h) / (3840 + 2160) in fixed point: 375 * 16 = 6000. */
    unsigned adjusted = window * (w + h) / 375 >> 4;
    if (speedup)
        adjusted = (adjusted + 1) >> 1;
    return adjusted | 1;
}

static unsigned ceil_log2(unsigned n)
{
    unsigned bits = 0;
    for (unsigned rest = n ? n - 1 : 0; rest; rest >>= 1)
        bits++;
    return bits;
}

unsigned cambi_mask_threshold(unsigned w, unsigned h, unsigned filter_size)
{
    /* Larger pictures need more flat neighbours: 1.5 per doubling of the
     * area in 64x64 blocks, relative to 2048 blocks. */
    const int blocks_log2 = (int)ceil_log2((w >> 6) * (h >> 6));
    return (unsigned)((int)(filter_size * filter_size) + 3 * (blocks_log2 - 11) - 1) >> 1;
}

void cambi_select_top(float *v, int n, int k)
{
    if (n == k)
        return;
    /* Hoare-partition selection around v[k], largest first. */
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        const float pivot = v[k];
        int i = lo, j = hi;
        do {
            while (v[i] > pivot)
                i++;
            while (v[j] < pivot)
                j--;
            if (i <= j) {
                const float t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        } while (i <= j);
        if (j < k)
            lo = i;
        if (k < i)
            hi = j;
    }
}

/* The count is truncated from the product, then clipped to 1..n. */
static int topk_count(unsigned n, double topk)
{
    const int k = (int)(topk * n);
    return k < 1 ? 1 : k > (int)n ? (int)n : k;
}

bool cambi_pool_needs_values(unsigned n, double topk, const CambiCTotals *totals)
{
    /* With at most k non-zero values, the largest k are all of them and
     * zeros. c-values are 0 or at least 0.5, floats, hence multiples of
     * 2^-24: while a sum of them stays below 2^29 it fits a double's 53 bits
     * and is exact in any order (the reference's too). Rounding is monotone,
     * so a computed sum below 2^29 proves the exact one is. */
    return totals->nonzero > (unsigned)topk_count(n, topk) || !(totals->sum < 536870912.0);
}

double cambi_pool_topk(float *v, unsigned n, double topk, const CambiCTotals *totals)
{
    const int k = topk_count(n, topk);
    if (!cambi_pool_needs_values(n, topk, totals))
        return totals->sum / k;

    cambi_select_top(v, (int)n, k);
    double sum = 0;
    for (int i = 0; i < k; i++)
        sum += v[i];
    return sum / k;
}

double cambi_combine_scales(const double score[CAMBI_SCALES], unsigned window)
{
    static const int scale_weight[CAMBI_SCALES] = {16, 8, 4, 2, 1};
    const unsigned side = 2 * (window / 2) + 1;
    double sum = 0.0;
    for (unsigned s = 0; s < CAMBI_SCALES; s++)
        sum += score[s] * scale_weight[s];
    return sum / (side * side);
}

static float reciprocal[CAMBI_RECIPROCAL_SIZE];
static pthread_once_t reciprocal_once = PTHREAD_ONCE_INIT;

static void build_reciprocal_table(void)
{
    /* Printing and parsing use the same locale, so the round trip holds
     * whatever decimal point it has. */
    for (unsigned i = 1; i < CAMBI_RECIPROCAL_SIZE; i++) {
        char digits[32];
        snprintf(digits, sizeof(digits), "%.9g", 1.0 / i);
        reciprocal[i] = strtof(digits, NULL);
    }
}

const float *cambi_reciprocal_table(void)
{
    pthread_once(&reciprocal_once, build_reciprocal_table);
    return reciprocal;
}
