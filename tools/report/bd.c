#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bd.h"

const char *bd_status_reason(BdStatus status)
{
    switch (status) {
    case BD_OK:
        return "";
    case BD_TOO_FEW_POINTS:
        return "fewer than four distinct rate-quality points";
    case BD_BAD_RATE:
        return "a bitrate that is not a positive number";
    case BD_BAD_QUALITY:
        return "a quality score that is not a number";
    case BD_NOT_MONOTONIC:
        return "quality does not rise with bitrate";
    case BD_NO_OVERLAP:
        return "the curves share no range";
    case BD_NO_MEMORY:
        return "out of memory";
    }
    return "unknown";
}

/* A curve as its interpolant: n knots x (strictly rising), y, and the
 * slopes d at the knots. */
typedef struct Curve {
    unsigned n;
    double *x, *y, *d;
} Curve;

static int by_rate(const void *a, const void *b)
{
    const BdPoint *p = a, *q = b;
    if (p->rate != q->rate)
        return p->rate < q->rate ? -1 : 1;
    return p->quality < q->quality ? -1 : p->quality > q->quality;
}

/* The points sorted by rate with repeats dropped, into *sorted (freed by
 * the caller, also on failure), checked. */
static BdStatus sorted_points(const BdPoint *p, unsigned cnt, BdPoint **sorted, unsigned *n)
{
    *n = 0;
    *sorted = NULL;
    for (unsigned i = 0; i < cnt; i++) {
        if (!isfinite(p[i].rate) || p[i].rate <= 0)
            return BD_BAD_RATE;
        if (!isfinite(p[i].quality))
            return BD_BAD_QUALITY;
    }
    if (cnt < BD_MIN_POINTS)
        return BD_TOO_FEW_POINTS;
    BdPoint *s = *sorted = malloc(cnt * sizeof(*s));
    if (!s)
        return BD_NO_MEMORY;
    memcpy(s, p, cnt * sizeof(*s));
    qsort(s, cnt, sizeof(*s), by_rate);
    unsigned kept = 1;
    for (unsigned i = 1; i < cnt; i++)
        if (s[i].rate != s[kept - 1].rate || s[i].quality != s[kept - 1].quality)
            s[kept++] = s[i];
    *n = kept;
    if (kept < BD_MIN_POINTS)
        return BD_TOO_FEW_POINTS;
    for (unsigned i = 1; i < kept; i++)
        if (s[i].rate <= s[i - 1].rate || s[i].quality <= s[i - 1].quality)
            return BD_NOT_MONOTONIC;
    return BD_OK;
}

/* The slope at an end from the two secants next to it (h1, del1 the
 * nearer): the non-centred three-point formula, kept to the shape. */
static double end_slope(double h1, double h2, double del1, double del2)
{
    const double d = ((2 * h1 + h2) * del1 - h1 * del2) / (h1 + h2);
    if (d * del1 < 0)
        return 0;
    if (del1 * del2 < 0 && fabs(d) > fabs(3 * del1))
        return 3 * del1;
    return d;
}

/* PCHIP slopes: at inner knots the weighted harmonic mean of the secants
 * either side (0 where they differ in sign). c->n >= 3. */
static void pchip_slopes(Curve *c)
{
    const unsigned n = c->n;
    double h_prev = c->x[1] - c->x[0], del_prev = (c->y[1] - c->y[0]) / h_prev;
    for (unsigned i = 1; i + 1 < n; i++) {
        const double h = c->x[i + 1] - c->x[i], del = (c->y[i + 1] - c->y[i]) / h;
        if (del_prev * del <= 0) {
            c->d[i] = 0;
        } else {
            const double w1 = 2 * h + h_prev, w2 = h + 2 * h_prev;
            c->d[i] = (w1 + w2) / (w1 / del_prev + w2 / del);
        }
        h_prev = h;
        del_prev = del;
    }
    const double h0 = c->x[1] - c->x[0], h1 = c->x[2] - c->x[1];
    c->d[0] = end_slope(h0, h1, (c->y[1] - c->y[0]) / h0, (c->y[2] - c->y[1]) / h1);
    const double hn = c->x[n - 1] - c->x[n - 2], hm = c->x[n - 2] - c->x[n - 3];
    c->d[n - 1] =
        end_slope(hn, hm, (c->y[n - 1] - c->y[n - 2]) / hn, (c->y[n - 2] - c->y[n - 3]) / hm);
}

/* The integral of the interpolant over [lo, hi], inside its knots: each
 * segment's cubic y_i + d_i s + c_i s^2 + b_i s^3 (s = x - x_i) integrated
 * in closed form over its part of the range. */
static double integral(const Curve *c, double lo, double hi)
{
    double sum = 0;
    for (unsigned i = 0; i + 1 < c->n; i++) {
        const double h = c->x[i + 1] - c->x[i];
        const double del = (c->y[i + 1] - c->y[i]) / h;
        const double c2 = (3 * del - 2 * c->d[i] - c->d[i + 1]) / h;
        const double c3 = (c->d[i] - 2 * del + c->d[i + 1]) / (h * h);
        const double s0 = fmin(fmax(c->x[i], lo), hi) - c->x[i];
        const double s1 = fmin(fmax(c->x[i + 1], lo), hi) - c->x[i];
        if (s1 <= s0)
            continue;
        sum += (s1 - s0) * c->y[i] + (s1 * s1 - s0 * s0) * c->d[i] / 2 +
               (s1 * s1 * s1 - s0 * s0 * s0) * c2 / 3 +
               (s1 * s1 * s1 * s1 - s0 * s0 * s0 * s0) * c3 / 4;
    }
    return sum;
}

/* The curve of points p, with x the quality and y log10(rate) for a
 * BD-rate (rate_axis false), or x log10(rate) and y the quality. */
static BdStatus make_curve(Curve *c, const BdPoint *p, unsigned cnt, bool rate_axis)
{
    BdPoint *s;
    unsigned n;
    BdStatus st = sorted_points(p, cnt, &s, &n);
    if (st == BD_OK) {
        double *mem = malloc(3 * n * sizeof(*mem));
        if (mem) {
            *c = (Curve){.n = n, .x = mem, .y = mem + n, .d = mem + 2 * n};
            for (unsigned i = 0; i < n; i++) {
                const double lr = log10(s[i].rate);
                c->x[i] = rate_axis ? lr : s[i].quality;
                c->y[i] = rate_axis ? s[i].quality : lr;
            }
            pchip_slopes(c);
        } else {
            st = BD_NO_MEMORY;
        }
    }
    free(s);
    return st;
}

/* The mean gap test - anchor over the x range both curves cover. */
static BdStatus mean_gap(const BdPoint *anchor, unsigned anchor_cnt, const BdPoint *test,
                         unsigned test_cnt, bool rate_axis, double *gap)
{
    Curve a = {0}, t = {0};
    BdStatus st = make_curve(&a, anchor, anchor_cnt, rate_axis);
    if (st == BD_OK)
        st = make_curve(&t, test, test_cnt, rate_axis);
    if (st == BD_OK) {
        const double lo = fmax(a.x[0], t.x[0]), hi = fmin(a.x[a.n - 1], t.x[t.n - 1]);
        if (lo < hi)
            *gap = (integral(&t, lo, hi) - integral(&a, lo, hi)) / (hi - lo);
        else
            st = BD_NO_OVERLAP;
    }
    free(a.x);
    free(t.x);
    return st;
}

BdStatus bd_rate(const BdPoint *anchor, unsigned anchor_cnt, const BdPoint *test, unsigned test_cnt,
                 double *out)
{
    double gap;
    const BdStatus st = mean_gap(anchor, anchor_cnt, test, test_cnt, false, &gap);
    if (st == BD_OK)
        *out = pow(10, gap) - 1;
    return st;
}

BdStatus bd_quality(const BdPoint *anchor, unsigned anchor_cnt, const BdPoint *test,
                    unsigned test_cnt, double *out)
{
    return mean_gap(anchor, anchor_cnt, test, test_cnt, true, out);
}
