/* checkasm for CAMBI's stages (cambi_stages.h compiled per instruction
 * set): loading through sampling grids, the 16-bit maximum,
 * anti-dithering, the flat-area mask, decimation and the mode filter, on
 * random sizes and strides, with samples from a few values so that flat
 * areas, ties and equal neighbours occur (in-place stages run on copies);
 * and the c-values with their totals, on random bands, windows and
 * visibility masks. */
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/cambi/cambi_dsp.h"

#define MAX_W 260
#define MAX_H 40
#define BENCH_W 1920
#define BENCH_H 1080

enum Stage { LOAD_8, LOAD_16, MAX_16, ANTI_DITHER, SPATIAL_MASK, DECIMATE, MODE_FILTER, STAGES };

static const char *const stage_name[] = {
    "cambi_load_8",       "cambi_load_16",  "cambi_max_16",     "cambi_anti_dither",
    "cambi_spatial_mask", "cambi_decimate", "cambi_mode_filter"};

typedef struct Case {
    unsigned w, h, stride, bpc;
    uint8_t *src8;
    uint16_t *src16, *a, *b, *scratch_a, *scratch_b;
    unsigned row[2 * MAX_H + BENCH_H], col[2 * MAX_W + BENCH_W];
    CambiGrid grid;
} Case;

/* Samples of `bits` bits drawn from four values near each other: flat
 * areas, and neighbours that differ by one. */
static uint16_t sample(unsigned bits)
{
    const unsigned base = (checkasm_rand() >> 4) & ((1u << bits) - 1) & ~3u;
    return (uint16_t)(checkasm_rand() % 4 < 3 ? base : base + (checkasm_rand() & 3));
}

static int case_alloc(Case *c, unsigned w, unsigned h, unsigned stride, unsigned bpc)
{
    memset(c, 0, sizeof(*c));
    c->w = w, c->h = h, c->stride = stride, c->bpc = bpc;
    const size_t n = (size_t)stride * h, scratch = 3 * (size_t)stride + CAMBI_MASK_SIZE;
    c->src8 = malloc(n);
    c->src16 = malloc(n * 2);
    c->a = malloc(n * 2);
    c->b = malloc(n * 2);
    c->scratch_a = malloc(scratch * 2);
    c->scratch_b = malloc(scratch * 2);
    if (!c->src8 || !c->src16 || !c->a || !c->b || !c->scratch_a || !c->scratch_b)
        return -1;
    const uint16_t base = sample(bpc);
    for (size_t i = 0; i < n; i++) {
        c->src16[i] = checkasm_rand() % 8 ? base : sample(bpc);
        c->src8[i] = (uint8_t)sample(8);
        c->a[i] = c->b[i] = (uint16_t)(c->src16[i] >> (bpc > 10 ? bpc - 10 : 0));
    }
    /* Every other grid: a subsampling one, its columns in order. */
    const bool same = checkasm_rand() & 1;
    for (unsigned i = 0; i < h; i++)
        c->row[i] = same ? i : (unsigned)checkasm_rand_range(0, (int)h - 1);
    for (unsigned j = 0; j < w; j++)
        c->col[j] = same ? j : (unsigned)checkasm_rand_range((int)(j / 2), (int)j);
    c->grid = (CambiGrid){c->row, c->col, same};
    return 0;
}

static void case_free(Case *c)
{
    free(c->src8);
    free(c->src16);
    free(c->a);
    free(c->b);
    free(c->scratch_a);
    free(c->scratch_b);
}

/* Stage s of dsp on c's plane p (a or b); the maximum of MAX_16 returned. */
static unsigned run(const CambiDsp *dsp, enum Stage s, const Case *c, uint16_t *p,
                    uint16_t *scratch)
{
    const CambiPlane plane = {p, c->stride, c->w, c->h};
    const CambiPlane mask = {p + c->stride * (c->h / 2), c->stride, c->w, c->h - c->h / 2};
    const CambiPlane top = {p, c->stride, c->w, c->h / 2};
    switch (s) {
    case LOAD_8:
        dsp->load_8(c->src8, c->stride, &c->grid, &plane);
        return 0;
    case LOAD_16:
        dsp->load_16(c->src16, 2 * (ptrdiff_t)c->stride, c->bpc, &c->grid, &plane);
        return 0;
    case MAX_16:
        return dsp->max_16(c->src16, 2 * (ptrdiff_t)c->stride, c->w, c->h);
    case ANTI_DITHER:
        dsp->anti_dither(&plane);
        return 0;
    case SPATIAL_MASK:
        /* The image in the top half, the mask written to the bottom half. */
        dsp->spatial_mask(&top, &mask, (unsigned)(c->w % 30), scratch);
        return 0;
    case DECIMATE:
        dsp->decimate(&plane, (c->w + 1) / 2, (c->h + 1) / 2);
        return 0;
    case MODE_FILTER:
        dsp->mode_filter(&plane, scratch);
        return 0;
    default:
        return 0;
    }
}

static void check_stage(const CambiDsp *cd, const CambiDsp *vd, enum Stage s)
{
    for (unsigned iter = 0; iter < 60; iter++) {
        const unsigned w = iter < 8 ? 1 + iter : (unsigned)checkasm_rand_range(1, MAX_W);
        const unsigned h = (unsigned)checkasm_rand_range(s == SPATIAL_MASK ? 4 : 2, MAX_H);
        const unsigned stride = w + (unsigned)checkasm_rand_range(0, 40);
        const unsigned bpc = (unsigned)checkasm_rand_range(9, 16);
        Case c;
        if (case_alloc(&c, w, h, stride, bpc)) {
            checkasm_fail("out of memory");
            case_free(&c);
            return;
        }
        const unsigned want = run(cd, s, &c, c.a, c.scratch_a);
        const unsigned got = run(vd, s, &c, c.b, c.scratch_b);
        if (want != got)
            checkasm_fail("%ux%u: max c %u simd %u", w, h, want, got);
        for (size_t i = 0; i < (size_t)stride * h; i++) {
            if (c.a[i] != c.b[i]) {
                checkasm_fail("%ux%u stride %u bpc %u: sample %zu (row %zu): c %u simd %u", w, h,
                              stride, bpc, i, i / stride, c.a[i], c.b[i]);
                break;
            }
        }
        case_free(&c);
    }
}

static void bench_stage(const CambiDsp *cd, const CambiDsp *vd, enum Stage s)
{
    Case c;
    if (!case_alloc(&c, BENCH_W, BENCH_H, BENCH_W, 10)) {
        for (unsigned i = 0; i < BENCH_H; i++)
            c.row[i] = i;
        for (unsigned j = 0; j < BENCH_W; j++)
            c.col[j] = j;
        c.grid.same_width = 1;
        CHECKASM_BENCH(run(cd, s, &c, c.a, c.scratch_a), run(vd, s, &c, c.b, c.scratch_b));
    }
    case_free(&c);
}

/* Random c-value parameters: a band of band_size histogram rows, contrast
 * d + 1 visible at random rows where row + d + 1 stays in the band (as
 * cambi_setup() makes the band reach), weights 1 to 4, the reciprocals. */
static void random_c_params(CambiCParams *cp, unsigned half_window, float *reciprocal)
{
    memset(cp, 0, sizeof(*cp));
    cp->half_window = half_window;
    cp->num_diffs = 4;
    cp->band_base = (unsigned)checkasm_rand_range(0, 100);
    cp->band_size = (unsigned)checkasm_rand_range(6, 40);
    for (unsigned d = 0; d < cp->num_diffs; d++)
        cp->weight[d] = (int)d + 1;
    for (unsigned k = 0; k < cp->band_size; k++) {
        for (unsigned d = 0; d < cp->num_diffs; d++)
            if (k + d + 1 < cp->band_size && checkasm_rand() % 3)
                cp->visible[k] |= 1u << d;
    }
    for (unsigned n = 1; n < CAMBI_RECIPROCAL_SIZE; n++)
        reciprocal[n] = 1.0f / (float)n;
    cp->reciprocal = reciprocal;
}

static void check_c_values(const CambiDsp *cd, const CambiDsp *vd)
{
    static float reciprocal[CAMBI_RECIPROCAL_SIZE];
    for (unsigned iter = 0; iter < 40; iter++) {
        const unsigned r = (unsigned)checkasm_rand_range(1, 8);
        const unsigned w = (unsigned)checkasm_rand_range(1, 120);
        const unsigned h = r + (unsigned)checkasm_rand_range(0, 30);
        /* Columns up to the half window are read where w is smaller. */
        const unsigned cols = w > r ? w : r;
        const unsigned stride = cols + (unsigned)checkasm_rand_range(0, 20);
        CambiCParams cp;
        random_c_params(&cp, r, reciprocal);
        const size_t hist_n = (size_t)cp.band_size * w + CAMBI_HIST_SPARE;
        const size_t scratch_n = CAMBI_C_SCRATCH(cols, r);
        uint16_t *img = malloc((size_t)stride * h * 2), *mask = malloc((size_t)stride * h * 2);
        uint16_t *hist = malloc(hist_n * 2), *scratch = malloc(scratch_n * 2);
        float *want = malloc((size_t)w * h * sizeof(float));
        float *got = malloc((size_t)w * h * sizeof(float));
        if (img && mask && hist && scratch && want && got) {
            /* Stretches of a few values near the band, mostly flat. */
            const unsigned base = cp.band_base + (unsigned)checkasm_rand_range(0, 4);
            for (size_t i = 0; i < (size_t)stride * h; i++) {
                img[i] = (uint16_t)(checkasm_rand() % 4 ? base + (i / 7) % 5
                                                        : cp.band_base + checkasm_rand() % 48);
                mask[i] = checkasm_rand() % 8 != 0;
            }
            const CambiPlane pi = {img, stride, w, h}, pm = {mask, stride, w, h};
            CambiCTotals tw, tg;
            cd->c_values(&pi, &pm, &cp, hist, scratch, want, &tw);
            vd->c_values(&pi, &pm, &cp, hist, scratch, got, &tg);
            if (memcmp(&tw.sum, &tg.sum, sizeof(double)) || tw.nonzero != tg.nonzero)
                checkasm_fail("%ux%u window %u: totals c %.17g %u simd %.17g %u", w, h, 2 * r + 1,
                              tw.sum, tw.nonzero, tg.sum, tg.nonzero);
            for (size_t i = 0; i < (size_t)w * h; i++) {
                if (memcmp(&want[i], &got[i], sizeof(float))) {
                    checkasm_fail("%ux%u window %u: c-value %zu: c %.9g simd %.9g", w, h, 2 * r + 1,
                                  i, want[i], got[i]);
                    break;
                }
            }
        } else {
            checkasm_fail("out of memory");
        }
        free(img);
        free(mask);
        free(hist);
        free(scratch);
        free(want);
        free(got);
    }
}

void checkasm_check_cambi(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        CambiDsp c, v;
        cambi_dsp_init(&c, 0);
        cambi_dsp_init(&v, level->flags);
        const bool overridden[STAGES] = {
            v.load_8 != c.load_8,
            v.load_16 != c.load_16,
            v.max_16 != c.max_16,
            v.anti_dither != c.anti_dither,
            v.spatial_mask != c.spatial_mask,
            v.decimate != c.decimate,
            v.mode_filter != c.mode_filter,
        };
        if (checkasm_begin("cambi_c_values", level, v.c_values != c.c_values)) {
            check_c_values(&c, &v);
            checkasm_end();
        }
        for (enum Stage s = LOAD_8; s < STAGES; s++) {
            if (checkasm_begin(stage_name[s], level, overridden[s])) {
                check_stage(&c, &v, s);
                if (checkasm_benchmarking())
                    bench_stage(&c, &v, s);
                checkasm_end();
            }
        }
    }
}
