/* Integer ADM's variants: the wavelet levels at every depth and scale, and
 * the sums of a scale (decoupling, denominator, CSF and masking in one
 * pass), on random band sizes from the smallest each takes up (every vector
 * tail, odd sides), random regions that reach the band edges (the mirrored
 * borders) with windows that cover their reach, strides with padding a
 * variant must leave alone, and inputs over the full range of their type:
 * random magnitudes of every width, extremes sprinkled in, and distortions
 * that keep the reference's direction so that the angle test and the gain
 * limit are taken (with integral and fractional limits, aim on and off). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkasm.h"
#include "feature/adm/adm_dsp.h"

#define TRIALS 12
/* Sizes of the trials' inputs: small ones, and one past a masking chunk. */
#define MAX_SIDE 70
#define WIDE_SIDE 1100
/* Bench geometry: a 1080p picture and its bands. */
#define BENCH_W 1920
#define BENCH_H 1080
/* Padding of each row: columns a variant must not write. */
#define MAX_PAD 9
#define GUARD16 0x5a5a
#define GUARD32 0x5a5a5a5a

/* ------------------------------------------------------------ inputs -- */

/* Values that stress wrap-around, the sign and the reciprocal table. */
static const int32_t extremes32[] = {
    INT32_MIN, INT32_MIN + 1, INT32_MAX, -65536, 65535, 65536, -32769, -32768,
    32767,     32768,         0,         1,      -1,    -2,    2};
static const int16_t extremes16[] = {INT16_MIN, INT16_MIN + 1, INT16_MAX, -16384, 16384, 0, 1, -1};

static int16_t random_s16(unsigned bits)
{
    if (checkasm_rand() % 16 == 0)
        return extremes16[checkasm_rand() % (sizeof(extremes16) / sizeof(extremes16[0]))];
    int16_t v;
    checkasm_fill_s16(&v, 1, bits);
    return v;
}

static int32_t random_s32(unsigned bits)
{
    if (checkasm_rand() % 16 == 0)
        return extremes32[checkasm_rand() % (sizeof(extremes32) / sizeof(extremes32[0]))];
    int32_t v;
    checkasm_fill_s32(&v, 1, bits);
    return v;
}

/* A random magnitude for a trial: full width half of the time. */
static unsigned random_bits(unsigned full)
{
    return checkasm_rand() % 2 ? full : (unsigned)checkasm_rand_range(2, (int)full);
}

/* Three band planes of one set, one allocation, rows of stride samples
 * whose padding holds a guard value. */
typedef struct Planes {
    void *mem;
    size_t plane, bytes;
    unsigned size; /* 2 or 4 */
    AdmBands16 b16;
    AdmBands32 b32;
} Planes;

static int planes_alloc(Planes *p, unsigned size, ptrdiff_t stride, int h)
{
    p->size = size;
    p->plane = (size_t)stride * (size_t)h;
    p->bytes = ADM_DETAIL_BANDS * p->plane * size;
    p->mem = malloc(p->bytes);
    if (!p->mem)
        return -1;
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        p->b16.band[b] = (int16_t *)p->mem + b * p->plane;
        p->b32.band[b] = (int32_t *)p->mem + b * p->plane;
    }
    return 0;
}

static void planes_guard(Planes *p)
{
    const size_t n = ADM_DETAIL_BANDS * p->plane;
    for (size_t i = 0; i < n; i++) {
        if (p->size == 2)
            ((int16_t *)p->mem)[i] = GUARD16;
        else
            ((int32_t *)p->mem)[i] = GUARD32;
    }
}

static void planes_random(Planes *p, unsigned bits)
{
    const size_t n = ADM_DETAIL_BANDS * p->plane;
    for (size_t i = 0; i < n; i++) {
        if (p->size == 2)
            ((int16_t *)p->mem)[i] = random_s16(bits);
        else
            ((int32_t *)p->mem)[i] = random_s32(bits);
    }
}

/* A distortion of ref: per sample, h and v (and d) scaled by one factor,
 * which keeps the angle of (h, v), plus a little noise. */
static void planes_distort(Planes *dis, const Planes *ref)
{
    const double lo = ref->size == 2 ? INT16_MIN : INT32_MIN;
    const double hi = ref->size == 2 ? INT16_MAX : INT32_MAX;
    for (size_t i = 0; i < ref->plane; i++) {
        const double gain = checkasm_rand_range(0, 3000) / 1000.0 - 0.5;
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            const size_t x = b * ref->plane + i;
            const double o =
                ref->size == 2 ? ((const int16_t *)ref->mem)[x] : ((const int32_t *)ref->mem)[x];
            double t = round(o * gain) + checkasm_rand_range(-1, 1);
            t = t < lo ? lo : t > hi ? hi : t;
            if (dis->size == 2)
                ((int16_t *)dis->mem)[x] = (int16_t)t;
            else
                ((int32_t *)dis->mem)[x] = (int32_t)t;
        }
    }
}

static void planes_free(Planes *p)
{
    free(p->mem);
    p->mem = NULL;
}

/* Reports the first difference of two output sets, if any. */
static bool planes_differ(const Planes *c, const Planes *v, ptrdiff_t stride, const char *what,
                          int w, int h)
{
    if (!memcmp(c->mem, v->mem, c->bytes))
        return false;
    const size_t n = ADM_DETAIL_BANDS * c->plane;
    for (size_t i = 0; i < n; i++) {
        const int64_t a =
            c->size == 2 ? ((const int16_t *)c->mem)[i] : ((const int32_t *)c->mem)[i];
        const int64_t b =
            v->size == 2 ? ((const int16_t *)v->mem)[i] : ((const int32_t *)v->mem)[i];
        if (a != b) {
            const size_t in_plane = i % c->plane;
            checkasm_fail("%s, %dx%d stride %td: band %zu x=%td y=%td: c %lld, simd %lld", what, w,
                          h, stride, i / c->plane, (ptrdiff_t)(in_plane % (size_t)stride),
                          (ptrdiff_t)(in_plane / (size_t)stride), (long long)a, (long long)b);
            break;
        }
    }
    return true;
}

/* The first trial takes the smallest side, the last a wide row. */
static int random_width(int trial, int min)
{
    if (trial == 0)
        return min;
    if (trial == TRIALS - 1)
        return checkasm_rand_range(WIDE_SIDE - 100, WIDE_SIDE);
    return checkasm_rand_range(min, MAX_SIDE);
}

static int random_height(int trial, int min)
{
    return trial == 0 ? min : checkasm_rand_range(min, MAX_SIDE);
}

/* A random part of [0, n): empty never, the whole at times, an edge often. */
static void random_span(int n, int *lo, int *hi)
{
    switch (checkasm_rand() % 4) {
    case 0:
        *lo = 0;
        *hi = n;
        break;
    case 1:
        *lo = 0;
        *hi = checkasm_rand_range(1, n);
        break;
    case 2:
        *lo = checkasm_rand_range(0, n - 1);
        *hi = n;
        break;
    default:
        *lo = checkasm_rand_range(0, n - 1);
        *hi = checkasm_rand_range(*lo + 1, n);
        break;
    }
}

static AdmRect random_rect(int w, int h)
{
    AdmRect r;
    random_span(w, &r.left, &r.right);
    random_span(h, &r.top, &r.bottom);
    return r;
}

/* The rectangle of a band less a tenth on each side, as adm.c sums. */
static AdmRect bench_rect(int w, int h)
{
    return (AdmRect){w / 10, h / 10, w - w / 10, h - h / 10};
}

static ptrdiff_t random_stride(int w)
{
    return w + checkasm_rand_range(0, MAX_PAD);
}

/* ---------------------------------------------------------------- DWT -- */

typedef struct DwtCase {
    int w, h, out_w, out_h;
    ptrdiff_t src_stride, dst_stride;
    int32_t *taps, *tmp_c, *tmp_v, *approx_c, *approx_v;
    AdmDwtTaps t;
} DwtCase;

static void dwt_case_free(DwtCase *d)
{
    free(d->taps);
    free(d->tmp_c);
    free(d->tmp_v);
    free(d->approx_c);
    free(d->approx_v);
}

static int dwt_case_alloc(DwtCase *d, int w, int h, ptrdiff_t dst_stride)
{
    *d = (DwtCase){.w = w, .h = h, .out_w = (w + 1) / 2, .out_h = (h + 1) / 2};
    d->dst_stride = dst_stride;
    const size_t approx = (size_t)dst_stride * d->out_h;
    d->taps = malloc(ADM_DWT_TAPS * (size_t)(d->out_w + d->out_h) * sizeof(int32_t));
    d->tmp_c = malloc(2 * (size_t)w * sizeof(int32_t));
    d->tmp_v = malloc(2 * (size_t)w * sizeof(int32_t));
    d->approx_c = malloc(approx * sizeof(int32_t));
    d->approx_v = malloc(approx * sizeof(int32_t));
    if (!d->taps || !d->tmp_c || !d->tmp_v || !d->approx_c || !d->approx_v)
        return -1;
    adm_dwt_taps(d->taps, h);
    adm_dwt_taps(d->taps + ADM_DWT_TAPS * d->out_h, w);
    d->t = (AdmDwtTaps){.rows = d->taps, .cols = d->taps + ADM_DWT_TAPS * d->out_h};
    for (size_t i = 0; i < approx; i++)
        d->approx_c[i] = d->approx_v[i] = GUARD32;
    return 0;
}

static bool approx_differs(const DwtCase *d, const char *what)
{
    for (int y = 0; y < d->out_h; y++) {
        for (ptrdiff_t x = 0; x < d->dst_stride; x++) {
            const ptrdiff_t i = y * d->dst_stride + x;
            if (d->approx_c[i] != d->approx_v[i]) {
                checkasm_fail("%s, %dx%d: approximation x=%td y=%d: c %d, simd %d", what, d->w,
                              d->h, x, y, d->approx_c[i], d->approx_v[i]);
                return true;
            }
        }
    }
    return false;
}

/* Scale 0 from 8-bit (bpc 0) or 16-bit samples of depth bpc. */
static void check_dwt_s0_case(const AdmDsp *c, const AdmDsp *v, int w, int h, unsigned bpc,
                              bool bench)
{
    const bool wide = bpc > 8;
    const size_t sample = wide ? 2 : 1;
    DwtCase d;
    Planes out_c = {0}, out_v = {0};
    const ptrdiff_t dst_stride = bench ? (w + 1) / 2 : random_stride((w + 1) / 2);
    const ptrdiff_t src_stride = (bench ? w : random_stride(w)) * (ptrdiff_t)sample;
    void *src = malloc((size_t)src_stride * h);
    if (dwt_case_alloc(&d, w, h, dst_stride) || !src ||
        planes_alloc(&out_c, 2, dst_stride, d.out_h) ||
        planes_alloc(&out_v, 2, dst_stride, d.out_h)) {
        checkasm_fail("out of memory");
        goto done;
    }
    if (wide)
        checkasm_fill_u16(src, (size_t)src_stride / 2 * h, bpc);
    else
        checkasm_fill_u8(src, (size_t)src_stride * h);
    planes_guard(&out_c);
    planes_guard(&out_v);
    char what[48];
    snprintf(what, sizeof(what), "%u-bit", wide ? bpc : 8);
    if (wide) {
        c->dwt_s0_16(src, src_stride, w, h, bpc, &d.t, d.tmp_c, &out_c.b16, d.approx_c, dst_stride);
        v->dwt_s0_16(src, src_stride, w, h, bpc, &d.t, d.tmp_v, &out_v.b16, d.approx_v, dst_stride);
    } else {
        c->dwt_s0_8(src, src_stride, w, h, &d.t, d.tmp_c, &out_c.b16, d.approx_c, dst_stride);
        v->dwt_s0_8(src, src_stride, w, h, &d.t, d.tmp_v, &out_v.b16, d.approx_v, dst_stride);
    }
    if (!planes_differ(&out_c, &out_v, dst_stride, what, w, h))
        approx_differs(&d, what);
    if (bench && wide)
        CHECKASM_BENCH(c->dwt_s0_16(src, src_stride, w, h, bpc, &d.t, d.tmp_c, &out_c.b16,
                                    d.approx_c, dst_stride),
                       v->dwt_s0_16(src, src_stride, w, h, bpc, &d.t, d.tmp_v, &out_v.b16,
                                    d.approx_v, dst_stride));
    else if (bench)
        CHECKASM_BENCH(
            c->dwt_s0_8(src, src_stride, w, h, &d.t, d.tmp_c, &out_c.b16, d.approx_c, dst_stride),
            v->dwt_s0_8(src, src_stride, w, h, &d.t, d.tmp_v, &out_v.b16, d.approx_v, dst_stride));
done:
    free(src);
    dwt_case_free(&d);
    planes_free(&out_c);
    planes_free(&out_v);
}

static void check_dwt_s0(const AdmDsp *c, const AdmDsp *v, const CheckasmLevel *level)
{
    static const unsigned depths[] = {10, 12, 16, 9};
    if (checkasm_begin("dwt_s0_8", level, v->dwt_s0_8 != c->dwt_s0_8)) {
        for (int trial = 0; trial < TRIALS; trial++)
            check_dwt_s0_case(c, v, random_width(trial, 5), random_height(trial, 5), 8, false);
        if (checkasm_benchmarking())
            check_dwt_s0_case(c, v, BENCH_W, BENCH_H, 8, true);
        checkasm_end();
    }
    if (checkasm_begin("dwt_s0_16", level, v->dwt_s0_16 != c->dwt_s0_16)) {
        for (int trial = 0; trial < TRIALS; trial++)
            check_dwt_s0_case(c, v, random_width(trial, 5), random_height(trial, 5),
                              depths[trial % 4], false);
        if (checkasm_benchmarking())
            check_dwt_s0_case(c, v, BENCH_W, BENCH_H, 10, true);
        checkasm_end();
    }
}

static void check_dwt_s123_case(const AdmDsp *c, const AdmDsp *v, int w, int h, int scale,
                                bool bench)
{
    DwtCase d;
    Planes out_c = {0}, out_v = {0};
    const ptrdiff_t src_stride = bench ? w : random_stride(w);
    const ptrdiff_t dst_stride = bench ? (w + 1) / 2 : random_stride((w + 1) / 2);
    int32_t *src = malloc((size_t)src_stride * h * sizeof(*src));
    if (dwt_case_alloc(&d, w, h, dst_stride) || !src ||
        planes_alloc(&out_c, 4, dst_stride, d.out_h) ||
        planes_alloc(&out_v, 4, dst_stride, d.out_h)) {
        checkasm_fail("out of memory");
        goto done;
    }
    const unsigned bits = random_bits(32);
    for (size_t i = 0; i < (size_t)src_stride * h; i++)
        src[i] = random_s32(bits);
    planes_guard(&out_c);
    planes_guard(&out_v);
    char what[48];
    snprintf(what, sizeof(what), "scale %d, %u-bit input", scale, bits);
    c->dwt_s123(src, src_stride, w, h, scale, &d.t, d.tmp_c, &out_c.b32, d.approx_c, dst_stride);
    v->dwt_s123(src, src_stride, w, h, scale, &d.t, d.tmp_v, &out_v.b32, d.approx_v, dst_stride);
    if (!planes_differ(&out_c, &out_v, dst_stride, what, w, h))
        approx_differs(&d, what);
    if (bench)
        CHECKASM_BENCH(c->dwt_s123(src, src_stride, w, h, scale, &d.t, d.tmp_c, &out_c.b32,
                                   d.approx_c, dst_stride),
                       v->dwt_s123(src, src_stride, w, h, scale, &d.t, d.tmp_v, &out_v.b32,
                                   d.approx_v, dst_stride));
done:
    free(src);
    dwt_case_free(&d);
    planes_free(&out_c);
    planes_free(&out_v);
}

static void check_dwt_s123(const AdmDsp *c, const AdmDsp *v, const CheckasmLevel *level)
{
    if (!checkasm_begin("dwt_s123", level, v->dwt_s123 != c->dwt_s123))
        return;
    for (int trial = 0; trial < TRIALS; trial++)
        check_dwt_s123_case(c, v, random_width(trial, 5), random_height(trial, 5), 1 + trial % 3,
                            false);
    if (checkasm_benchmarking())
        check_dwt_s123_case(c, v, BENCH_W / 2, BENCH_H / 2, 1, true);
    checkasm_end();
}

/* -------------------------------------------------------- scale sums -- */

/* Random ref; dis random or a distortion of ref. Here and there h and v of
 * both are the most negative value: the sums of products then wrap. */
static void decouple_inputs(Planes *ref, Planes *dis, unsigned bits, bool distort)
{
    planes_random(ref, bits);
    if (distort)
        planes_distort(dis, ref);
    else
        planes_random(dis, bits);
    for (size_t i = 0; i < ref->plane; i++) {
        if (checkasm_rand() % 32)
            continue;
        for (int b = ADM_BAND_H; b <= ADM_BAND_V; b++) {
            const size_t x = b * ref->plane + i;
            if (ref->size == 2)
                ((int16_t *)ref->mem)[x] = ((int16_t *)dis->mem)[x] = INT16_MIN;
            else
                ((int32_t *)ref->mem)[x] = ((int32_t *)dis->mem)[x] = INT32_MIN;
        }
    }
}

static bool sums_differ(const uint64_t *c, const uint64_t *v, const char *what)
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        if (c[b] != v[b]) {
            checkasm_fail("%s: band %d: c %llu, simd %llu", what, b, (unsigned long long)c[b],
                          (unsigned long long)v[b]);
            return true;
        }
    }
    return false;
}

static int ceil_log2(int n)
{
    int s = 0;
    while ((1 << s) < n)
        s++;
    return s;
}

static bool signed_sums_differ(const int64_t *c, const int64_t *v, const char *what)
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        if (c[b] != v[b]) {
            checkasm_fail("%s: band %d: c %lld, simd %lld", what, b, (long long)c[b],
                          (long long)v[b]);
            return true;
        }
    }
    return false;
}

/* A window that covers the region and its masking reach, as adm.c's does,
 * and at times a little more. */
static void window_span(int n, int lo, int hi, int *wlo, int *whi)
{
    const int l = lo - 1 - checkasm_rand_range(0, 1), r = hi + 1 + checkasm_rand_range(0, 2);
    *wlo = l < 0 ? 0 : l;
    *whi = r < 2 ? 2 : r > n ? n : r;
}

/* adm.c's geometry: a tenth of the band left out, the window one more
 * sample before and three after. */
static void bench_geometry(int w, int h, AdmRect *region, AdmRect *window)
{
    *region = bench_rect(w, h);
    *window = (AdmRect){region->left - 1, region->top - 1, region->right + 3, region->bottom + 3};
}

typedef struct SumsCase {
    int w, h;
    ptrdiff_t stride;
    unsigned size;
    Planes ref, dis, restored, additive, csf, csf_30;
    int32_t *rows;
} SumsCase;

static void sums_case_free(SumsCase *s)
{
    Planes *all[] = {&s->ref, &s->dis, &s->restored, &s->additive, &s->csf, &s->csf_30};
    for (int k = 0; k < 6; k++)
        planes_free(all[k]);
    free(s->rows);
}

static int sums_case_alloc(SumsCase *s, int w, int h, ptrdiff_t stride, bool scale0)
{
    *s = (SumsCase){.w = w, .h = h, .stride = stride, .size = scale0 ? 2 : 4};
    Planes *all[] = {&s->ref, &s->dis, &s->restored, &s->additive, &s->csf, &s->csf_30};
    for (int k = 0; k < 6; k++)
        if (planes_alloc(all[k], s->size, stride, h))
            return -1;
    s->rows = malloc(ADM_WORK_ROWS * adm_work_row_len(w) * sizeof(int32_t));
    return s->rows ? 0 : -1;
}

static void sums_call(const AdmDsp *d, const SumsCase *s, const AdmSumsArgs *a, bool reference,
                      uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                      int64_t aim[ADM_DETAIL_BANDS])
{
    /* a variant gets its rows only: it must not need the planes */
    if (s->size == 2) {
        AdmWork16 work = {.rows = s->rows};
        if (reference)
            work =
                (AdmWork16){s->restored.b16, s->additive.b16, s->csf.b16, s->csf_30.b16, s->rows};
        d->sums_s0(&s->ref.b16, &s->dis.b16, s->stride, a, &work, den, cm, aim);
    } else {
        AdmWork32 work = {.rows = s->rows};
        if (reference)
            work =
                (AdmWork32){s->restored.b32, s->additive.b32, s->csf.b32, s->csf_30.b32, s->rows};
        d->sums_s123(&s->ref.b32, &s->dis.b32, s->stride, a, &work, den, cm, aim);
    }
}

static void check_sums_case(const AdmDsp *c, const AdmDsp *v, int w, int h, bool scale0, int trial,
                            bool bench)
{
    SumsCase s;
    if (sums_case_alloc(&s, w, h, bench ? w : random_stride(w), scale0)) {
        checkasm_fail("out of memory");
        sums_case_free(&s);
        return;
    }
    const unsigned bits = random_bits(scale0 ? 16 : 32);
    decouple_inputs(&s.ref, &s.dis, bits, bench || trial % 2);
    AdmRect region, window;
    if (bench) {
        bench_geometry(w, h, &region, &window);
    } else {
        region = random_rect(w, h);
        window_span(w, region.left, region.right, &window.left, &window.right);
        window_span(h, region.top, region.bottom, &window.top, &window.bottom);
    }
    /* libvmaf's default scale 0 factors and Q32 ones on both sides of 2^31,
     * or random ones of the full range */
    uint16_t rf16[ADM_DETAIL_BANDS] = {36453, 36453, 49417};
    uint32_t rf32[ADM_DETAIL_BANDS] = {2764636577u, 2764636577u, 1416546304u};
    if (!bench && checkasm_rand() % 2) {
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            rf16[b] = (uint16_t)checkasm_rand();
            rf32[b] = checkasm_rand();
        }
    }
    /* integral limits (the default 100, 1) and fractional ones */
    static const double limits[] = {100.0, 1.0, 1.5, 37.25};
    const int rw = region.right - region.left, rh = region.bottom - region.top;
    AdmSumsArgs a = {
        .w = w,
        .h = h,
        .window = window,
        .region = region,
        .gain_limit = bench ? 100.0 : limits[trial % 4],
        .recip = adm_reciprocal_table(),
        .rfactor_q0 = rf16,
        .rfactor_q32 = rf32,
        .aim = bench || trial % 3 != 2,
    };
    /* adm.c's shifts (of the band size, the d band's one more at scale 0),
     * or random ones */
    const int cube = bench ? ceil_log2(w) - (scale0 ? 4 : 0) : checkasm_rand_range(1, 12);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        a.cm.cube[b] = cube + (scale0 && b == ADM_BAND_D);
    a.cm.row = bench ? ceil_log2(h) : checkasm_rand_range(0, 12);
    a.den = (AdmDenShifts){
        .square = bench || checkasm_rand() % 2 ? 30 : 31,
        .cube = bench ? ceil_log2(rw) : checkasm_rand_range(0, 14),
        .row = bench ? ceil_log2(rh) : checkasm_rand_range(0, 12),
    };

    uint64_t dc[ADM_DETAIL_BANDS], dv[ADM_DETAIL_BANDS];
    int64_t cc[ADM_DETAIL_BANDS], cv[ADM_DETAIL_BANDS], ac[ADM_DETAIL_BANDS], av[ADM_DETAIL_BANDS];
    sums_call(c, &s, &a, true, dc, cc, ac);
    sums_call(v, &s, &a, false, dv, cv, av);
    char what[192];
    snprintf(what, sizeof(what),
             "%dx%d, %u-bit, region [%d,%d)x[%d,%d), window [%d,%d)x[%d,%d), gain limit %g, "
             "aim %d",
             w, h, bits, region.left, region.right, region.top, region.bottom, window.left,
             window.right, window.top, window.bottom, a.gain_limit, a.aim);
    char part[224];
    snprintf(part, sizeof(part), "%s: den", what);
    if (!sums_differ(dc, dv, part)) {
        snprintf(part, sizeof(part), "%s: cm", what);
        if (!signed_sums_differ(cc, cv, part)) {
            snprintf(part, sizeof(part), "%s: aim", what);
            signed_sums_differ(ac, av, part);
        }
    }
    if (bench)
        CHECKASM_BENCH(sums_call(c, &s, &a, true, dc, cc, ac),
                       sums_call(v, &s, &a, false, dv, cv, av));
    sums_case_free(&s);
}

static void check_sums(const AdmDsp *c, const AdmDsp *v, const CheckasmLevel *level)
{
    if (checkasm_begin("sums_s0", level, v->sums_s0 != c->sums_s0)) {
        for (int trial = 0; trial < TRIALS; trial++)
            check_sums_case(c, v, random_width(trial, 2), random_height(trial, 2), true, trial,
                            false);
        if (checkasm_benchmarking())
            check_sums_case(c, v, BENCH_W / 2, BENCH_H / 2, true, 0, true);
        checkasm_end();
    }
    if (checkasm_begin("sums_s123", level, v->sums_s123 != c->sums_s123)) {
        for (int trial = 0; trial < TRIALS; trial++)
            check_sums_case(c, v, random_width(trial, 2), random_height(trial, 2), false, trial,
                            false);
        if (checkasm_benchmarking())
            check_sums_case(c, v, BENCH_W / 4, BENCH_H / 4, false, 0, true);
        checkasm_end();
    }
}

void checkasm_check_adm(void)
{
    for (const CheckasmLevel *level = checkasm_levels(); level->name; level++) {
        AdmDsp c, v;
        adm_dsp_init(&c, 0);
        adm_dsp_init(&v, level->flags);
        check_dwt_s0(&c, &v, level);
        check_dwt_s123(&c, &v, level);
        check_sums(&c, &v, level);
    }
}
