/* The report's life: opened before scoring, pairs and failures added as
 * they end, the groups compared once all are in, then written whole. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "report_internal.h"

/* Qualities a curve may plot beside the model's score, as the outputs name
 * them, in the order they are preferred. */
static const char *const curve_metrics[] = {"psnr_y", "float_ssim", "ssim", "float_ms_ssim"};

bool report_format_of(const char *path, ReportFormat *format)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return false;
    if (!strcasecmp(dot, ".html") || !strcasecmp(dot, ".htm"))
        *format = REPORT_HTML;
    else if (!strcasecmp(dot, ".json"))
        *format = REPORT_JSON;
    else if (!strcasecmp(dot, ".csv"))
        *format = REPORT_CSV;
    else
        return false;
    return true;
}

int report_open(Report **out, const char *path, unsigned worst_cnt, const char *anchor, char *error,
                size_t error_size)
{
    ReportFormat format;
    if (!report_format_of(path, &format)) {
        snprintf(error, error_size,
                 "--report \"%s\": unknown format; the path must end in .html, .json or .csv",
                 path);
        return -EINVAL;
    }
    Report *rep = calloc(1, sizeof(*rep));
    if (rep)
        pthread_mutex_init(&rep->lock, NULL);
    if (!rep || !(rep->path = strdup(path)) || (anchor && !(rep->anchor = strdup(anchor)))) {
        report_close(&rep);
        snprintf(error, error_size, "out of memory");
        return -ENOMEM;
    }
    rep->format = format;
    rep->worst_cnt = worst_cnt;
    int err = vmaf_output_open(&rep->out, path);
    if (err) {
        snprintf(error, error_size, "cannot write --report \"%s\" (%s)", path, strerror(-err));
        report_close(&rep);
        return err;
    }
    *out = rep;
    return 0;
}

ReportFormat report_format(const Report *rep)
{
    return rep->format;
}

unsigned report_worst_count(const Report *rep)
{
    return rep->worst_cnt;
}

const char *report_temporary_path(const Report *rep)
{
    return vmaf_output_temporary_path(rep->out);
}

/* Makes room for one more of *cnt items of size in *items. */
static bool grow(void **items, unsigned cnt, unsigned *cap, size_t size)
{
    if (cnt < *cap)
        return true;
    const unsigned want = *cap ? 2 * *cap : 8;
    void *p = realloc(*items, want * size);
    if (!p)
        return false;
    *items = p;
    *cap = want;
    return true;
}

int report_add(Report *rep, ReportPair *p)
{
    pthread_mutex_lock(&rep->lock);
    const bool room = grow((void **)&rep->pair, rep->pair_cnt, &rep->pair_cap, sizeof(*rep->pair));
    if (room) {
        rep->pair[rep->pair_cnt++] = *p;
        *p = (ReportPair){0};
    }
    pthread_mutex_unlock(&rep->lock);
    if (!room)
        report_pair_free(p);
    return room ? 0 : -ENOMEM;
}

int report_add_failure(Report *rep, unsigned line, const char *ref, const char *dist,
                       const char *why)
{
    ReportFailure f = {.line = line,
                       .ref = strdup(ref ? ref : ""),
                       .dist = strdup(dist ? dist : ""),
                       .why = strdup(why)};
    pthread_mutex_lock(&rep->lock);
    const bool ok =
        f.ref && f.dist && f.why &&
        grow((void **)&rep->failure, rep->failure_cnt, &rep->failure_cap, sizeof(*rep->failure));
    if (ok)
        rep->failure[rep->failure_cnt++] = f;
    pthread_mutex_unlock(&rep->lock);
    if (!ok) {
        free(f.ref);
        free(f.dist);
        free(f.why);
    }
    return ok ? 0 : -ENOMEM;
}

static int by_line(const void *a, const void *b)
{
    const ReportPair *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

static int failure_by_line(const void *a, const void *b)
{
    const ReportFailure *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

static int by_rate(const void *a, const void *b)
{
    const ReportPoint *x = a, *y = b;
    return (x->pair->kbps > y->pair->kbps) - (x->pair->kbps < y->pair->kbps);
}

/* The model's score, then the curve metrics every pair has. */
static void choose_metrics(const Report *rep, ReportSummary *s)
{
    const ReportPair *first = &rep->pair[0];
    bool all_scored = first->score < first->series_cnt;
    for (unsigned i = 0; i < rep->pair_cnt; i++)
        all_scored =
            all_scored && rep->pair[i].score < rep->pair[i].series_cnt &&
            !strcmp(rep->pair[i].series[rep->pair[i].score].name, first->series[first->score].name);
    if (all_scored)
        s->metric[s->metric_cnt++] = first->series[first->score].name;
    for (size_t m = 0; m < sizeof(curve_metrics) / sizeof(*curve_metrics); m++) {
        bool everywhere = s->metric_cnt < REPORT_MAX_METRICS;
        for (unsigned i = 0; everywhere && i < rep->pair_cnt; i++)
            everywhere = report_series(&rep->pair[i], curve_metrics[m]) != NULL;
        if (everywhere)
            s->metric[s->metric_cnt++] = curve_metrics[m];
    }
}

static int group_of(ReportSummary *s, const char *name)
{
    for (unsigned g = 0; g < s->group_cnt; g++)
        if (!strcmp(s->group[g].name, name))
            return (int)g;
    return -1;
}

/* Groups in order of first appearance, each with its pairs that have a
 * bitrate, by rising bitrate. Pairs of no group form one named "". */
static int make_groups(const Report *rep, ReportSummary *s)
{
    s->group = calloc(rep->pair_cnt, sizeof(*s->group));
    if (!s->group)
        return -ENOMEM;
    for (unsigned i = 0; i < rep->pair_cnt; i++) {
        const ReportPair *p = &rep->pair[i];
        const char *name = p->group ? p->group : "";
        int g = group_of(s, name);
        if (g < 0) {
            g = (int)s->group_cnt++;
            s->group[g].name = name;
            if (!(s->group[g].point = calloc(rep->pair_cnt, sizeof(ReportPoint))))
                return -ENOMEM;
        }
        ReportGroup *grp = &s->group[g];
        if (!isfinite(p->kbps)) {
            if (!grp->why_no_curve &&
                asprintf(&grp->why_no_curve, "line %u has no bitrate", p->line) < 0) {
                grp->why_no_curve = NULL;
                return -ENOMEM;
            }
            continue;
        }
        ReportPoint *pt = &grp->point[grp->cnt++];
        pt->pair = p;
        for (unsigned m = 0; m < s->metric_cnt; m++)
            pt->quality[m] = report_series(p, s->metric[m])->mean;
    }
    for (unsigned g = 0; g < s->group_cnt; g++)
        qsort(s->group[g].point, s->group[g].cnt, sizeof(ReportPoint), by_rate);
    return 0;
}

static BdStatus delta(const ReportGroup *anchor, const ReportGroup *test, unsigned metric,
                      bool rate, double *out)
{
    BdPoint *a = malloc((anchor->cnt + 1) * sizeof(*a));
    BdPoint *t = malloc((test->cnt + 1) * sizeof(*t));
    BdStatus st = BD_NO_MEMORY;
    if (a && t) {
        for (unsigned i = 0; i < anchor->cnt; i++)
            a[i] = (BdPoint){anchor->point[i].pair->kbps, anchor->point[i].quality[metric]};
        for (unsigned i = 0; i < test->cnt; i++)
            t[i] = (BdPoint){test->point[i].pair->kbps, test->point[i].quality[metric]};
        st = rate ? bd_rate(a, anchor->cnt, t, test->cnt, out)
                  : bd_quality(a, anchor->cnt, t, test->cnt, out);
    }
    free(a);
    free(t);
    return st;
}

/* Each group but the anchor against it, on each metric. */
static int compare_groups(const Report *rep, ReportSummary *s)
{
    s->anchor = -1;
    if (s->group_cnt < 2) {
        s->why_no_bd = "fewer than two groups to compare";
        return 0;
    }
    if (!s->metric_cnt) {
        s->why_no_bd = "no quality that every pair has";
        return 0;
    }
    s->anchor = rep->anchor ? group_of(s, rep->anchor) : 0;
    if (s->anchor < 0) {
        s->why_no_bd = "the anchor group named by --report_anchor is not in the list";
        return 0;
    }
    s->delta = calloc((size_t)s->group_cnt * s->metric_cnt, sizeof(*s->delta));
    if (!s->delta)
        return -ENOMEM;
    const ReportGroup *anchor = &s->group[s->anchor];
    for (unsigned g = 0; g < s->group_cnt; g++) {
        if ((int)g == s->anchor)
            continue;
        for (unsigned m = 0; m < s->metric_cnt; m++) {
            ReportDelta *d = &s->delta[s->delta_cnt++];
            d->group = g;
            d->metric = m;
            d->rate_status = delta(anchor, &s->group[g], m, true, &d->bd_rate);
            d->quality_status = delta(anchor, &s->group[g], m, false, &d->bd_quality);
            if (d->rate_status == BD_NO_MEMORY || d->quality_status == BD_NO_MEMORY)
                return -ENOMEM;
        }
    }
    return 0;
}

static void free_summary(ReportSummary *s)
{
    for (unsigned g = 0; g < s->group_cnt; g++) {
        free(s->group[g].point);
        free(s->group[g].why_no_curve);
    }
    free(s->group);
    free(s->delta);
    *s = (ReportSummary){0};
}

static void write_document(FILE *f, void *opaque)
{
    const Report *rep = opaque;
    switch (rep->format) {
    case REPORT_HTML:
        report_write_html(rep, f);
        break;
    case REPORT_JSON:
        report_write_json(rep, f, false);
        break;
    case REPORT_CSV:
        report_write_csv(rep, f);
        break;
    }
}

int report_write(Report *rep, char *error, size_t error_size)
{
    if (rep->pair_cnt)
        qsort(rep->pair, rep->pair_cnt, sizeof(*rep->pair), by_line);
    if (rep->failure_cnt)
        qsort(rep->failure, rep->failure_cnt, sizeof(*rep->failure), failure_by_line);
    free_summary(&rep->summary);
    int err = 0;
    if (rep->pair_cnt) {
        choose_metrics(rep, &rep->summary);
        err = make_groups(rep, &rep->summary);
        err = err ? err : compare_groups(rep, &rep->summary);
    } else {
        rep->summary.anchor = -1;
        rep->summary.why_no_bd = "no pair was scored";
    }
    err = err ? err : vmaf_output_write_stream(rep->out, write_document, rep);
    if (err)
        snprintf(error, error_size, "could not write --report \"%s\" (%s)", rep->path,
                 strerror(-err));
    return err;
}

void report_close(Report **rep)
{
    Report *r = *rep;
    if (!r)
        return;
    vmaf_output_close(&r->out);
    for (unsigned i = 0; i < r->pair_cnt; i++)
        report_pair_free(&r->pair[i]);
    free(r->pair);
    for (unsigned i = 0; i < r->failure_cnt; i++) {
        free(r->failure[i].ref);
        free(r->failure[i].dist);
        free(r->failure[i].why);
    }
    free(r->failure);
    free_summary(&r->summary);
    pthread_mutex_destroy(&r->lock);
    free(r->path);
    free(r->anchor);
    free(r);
    *rep = NULL;
}
