/* The score transform of a model (polynomial, knots, rectification) and its
 * clip, in libvmaf's order. */
#include <stdbool.h>

#include "transform.h"

/* libvmaf's piecewise_linear_mapping(): knots not increasing stop the
 * mapping, keeping what it gave so far (0 at first). */
static double map_piecewise_linear(double x, const VmafModelKnot *knot, unsigned cnt)
{
    if (cnt < 2)
        return x;
    double y = 0.0;
    for (unsigned i = 0; i + 1 < cnt; i++) {
        const VmafModelKnot a = knot[i], b = knot[i + 1];
        if (!(a.x < b.x && a.y <= b.y))
            return y;
        const bool inside = a.x <= x && x <= b.x;
        const bool below_first = i == 0 && x < a.x;
        const bool above_last = i + 2 == cnt && x > b.x;
        if (!inside && !below_first && !above_last)
            continue;
        if (a.y == b.y) {
            y = a.y;
            continue;
        }
        double slope, offset;
        if (a.x == 0) {
            offset = a.y;
            slope = (b.y - offset) / b.x;
        } else {
            slope = (b.y - a.y) / (b.x - a.x);
            offset = a.y - (a.x * slope);
        }
        y = slope * x + offset;
    }
    return y;
}

/* Polynomial, then knots, then rectification against the input. */
static double apply_transform(const VmafModelTransform *t, double in)
{
    double out = in;
    if (t->p0.enabled || t->p1.enabled || t->p2.enabled) {
        out = 0.0;
        if (t->p0.enabled)
            out += t->p0.value;
        if (t->p1.enabled)
            out += t->p1.value * in;
        if (t->p2.enabled)
            out += t->p2.value * in * in;
    }
    if (t->knots_enabled)
        out = map_piecewise_linear(out, t->knot, t->knot_cnt);
    if (t->out_lte_in)
        out = out > in ? in : out;
    if (t->out_gte_in)
        out = out < in ? in : out;
    return out;
}

double vmaf_model_transform_and_clip(const VmafModel *m, double y)
{
    if (m->transform.enabled)
        y = apply_transform(&m->transform, y);
    if (m->clip.enabled) {
        y = y < m->clip.min ? m->clip.min : y;
        y = y > m->clip.max ? m->clip.max : y;
    }
    return y;
}
