/* A scored pair's per-frame series, pooled score and worst frames, read
 * from the library's context once the run is over. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

double report_percentile(const double *sorted, unsigned n, double q)
{
    if (!n)
        return NAN;
    const double pos = q / 100.0 * (n - 1);
    const unsigned lo = (unsigned)pos;
    if (lo + 1 >= n)
        return sorted[n - 1];
    return sorted[lo] + (sorted[lo + 1] - sorted[lo]) * (pos - lo);
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A feature's scores pooled by the library over the pair's frames, as the
 * outputs pool them (frames --subsample left out skipped); NaN when it has
 * none to pool. */
static double library_pooled(VmafContext *vmaf, const char *name, enum VmafPoolingMethod method,
                             unsigned frames)
{
    double v;
    if (!frames || vmaf_feature_score_pooled(vmaf, name, method, &v, 0, frames - 1))
        return NAN;
    return v;
}

/* The score's mean, harmonic mean and min from the library, and its 1st
 * and 5th percentiles over the frames that have a score. -ENOMEM or 0. */
static int pool(VmafContext *vmaf, const char *name, const double *v, unsigned frames,
                ReportPooled *out)
{
    double *sorted = malloc((frames ? frames : 1) * sizeof(*sorted));
    if (!sorted)
        return -ENOMEM;
    unsigned n = 0;
    for (unsigned i = 0; i < frames; i++)
        if (isfinite(v[i]))
            sorted[n++] = v[i];
    qsort(sorted, n, sizeof(*sorted), cmp_double);
    *out = (ReportPooled){
        .mean = library_pooled(vmaf, name, VMAF_POOL_METHOD_MEAN, frames),
        .harmonic_mean = library_pooled(vmaf, name, VMAF_POOL_METHOD_HARMONIC_MEAN, frames),
        .p1 = report_percentile(sorted, n, 1),
        .p5 = report_percentile(sorted, n, 5),
        .min = library_pooled(vmaf, name, VMAF_POOL_METHOD_MIN, frames),
    };
    free(sorted);
    return 0;
}

/* The cnt lowest finite scores' frames, lowest first, the earlier frame
 * first among equal scores: an insertion into a short sorted list. */
static unsigned lowest_frames(const double *v, unsigned frames, unsigned cnt, ReportPicture *out)
{
    unsigned n = 0;
    for (unsigned i = 0; cnt && i < frames; i++) {
        if (!isfinite(v[i]) || (n == cnt && v[i] >= out[n - 1].score))
            continue;
        unsigned at = n < cnt ? n++ : n - 1;
        while (at && out[at - 1].score > v[i]) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = (ReportPicture){.frame = i, .score = v[i]};
    }
    return n;
}

static int read_series(ReportSeries *s, VmafContext *vmaf, const char *name, const char *printed,
                       unsigned frames)
{
    s->name = strdup(printed);
    s->value = malloc((frames ? frames : 1) * sizeof(*s->value));
    if (!s->name || !s->value)
        return -ENOMEM;
    for (unsigned i = 0; i < frames; i++)
        if (vmaf_feature_score_at_index(vmaf, name, &s->value[i], i))
            s->value[i] = NAN; /* a frame --subsample left out */
    s->mean = library_pooled(vmaf, name, VMAF_POOL_METHOD_MEAN, frames);
    return 0;
}

static unsigned count_names(VmafContext *vmaf)
{
    unsigned n = 0;
    const char *name;
    while (!vmaf_feature_name_at(vmaf, n, &name, NULL))
        n++;
    return n;
}

int report_pair_collect(ReportPair *p, VmafContext *vmaf, const char *score_name, unsigned frames,
                        unsigned worst_cnt)
{
    const unsigned cnt = count_names(vmaf);
    p->frames = frames;
    p->series = calloc(cnt ? cnt : 1, sizeof(*p->series));
    p->worst = calloc(worst_cnt ? worst_cnt : 1, sizeof(*p->worst));
    if (!p->series || !p->worst)
        return -ENOMEM;
    p->score = cnt;
    /* The model's score first, the rest as the outputs list them. */
    for (unsigned i = 0; i < cnt; i++) {
        const char *name, *printed;
        if (vmaf_feature_name_at(vmaf, i, &name, &printed))
            return -EINVAL;
        const bool is_score = score_name && p->score == cnt && !strcmp(name, score_name);
        if (is_score) {
            memmove(&p->series[1], &p->series[0], p->series_cnt * sizeof(*p->series));
            p->series[0] = (ReportSeries){0};
            p->score = 0;
        }
        ReportSeries *s = &p->series[is_score ? 0 : p->series_cnt];
        p->series_cnt++;
        int err = read_series(s, vmaf, name, printed, frames);
        if (err)
            return err;
    }
    if (p->score == p->series_cnt) {
        p->pooled = (ReportPooled){NAN, NAN, NAN, NAN, NAN};
        return 0;
    }
    const double *v = p->series[p->score].value;
    p->worst_cnt = lowest_frames(v, frames, worst_cnt, p->worst);
    return pool(vmaf, score_name, v, frames, &p->pooled);
}

void report_pair_free(ReportPair *p)
{
    for (unsigned i = 0; i < p->series_cnt; i++) {
        free(p->series[i].name);
        free(p->series[i].value);
    }
    free(p->series);
    for (unsigned i = 0; i < p->worst_cnt; i++) {
        free(p->worst[i].png[0]);
        free(p->worst[i].png[1]);
    }
    free(p->worst);
    free(p->ref);
    free(p->dist);
    free(p->group);
    free(p->pictures_note);
    *p = (ReportPair){0};
}

const ReportSeries *report_series(const ReportPair *p, const char *name)
{
    for (unsigned i = 0; i < p->series_cnt; i++)
        if (!strcmp(p->series[i].name, name))
            return &p->series[i];
    return NULL;
}
