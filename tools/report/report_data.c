/* The report as data: JSON (also the HTML page's data) and CSV. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

void report_json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", c); /* also safe inside an HTML <script> */
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* The shortest of 15 to 17 significant digits that reads back as v: the
 * exact double, without the noise digits of %.17g where fewer do. */
static void exact_number(FILE *f, double v)
{
    char text[32];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof(text), "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    fputs(text, f);
}

void report_json_number(FILE *f, double v)
{
    if (isfinite(v))
        exact_number(f, v);
    else
        fputs("null", f);
}

static void json_key(FILE *f, const char *key)
{
    report_json_string(f, key);
    fputc(':', f);
}

static void base64(FILE *f, const uint8_t *p, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        const uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                           (i + 2 < n ? p[i + 2] : 0);
        fputc(digits[v >> 18], f);
        fputc(digits[v >> 12 & 63], f);
        fputc(i + 1 < n ? digits[v >> 6 & 63] : '=', f);
        fputc(i + 2 < n ? digits[v & 63] : '=', f);
    }
}

/* "key":value and a comma: a member other than an object's last. */
static void number_member(FILE *f, const char *key, double v)
{
    json_key(f, key);
    report_json_number(f, v);
    fputc(',', f);
}

static void string_member(FILE *f, const char *key, const char *s)
{
    json_key(f, key);
    report_json_string(f, s);
    fputc(',', f);
}

static void write_pooled(FILE *f, const ReportPooled *p)
{
    fputc('{', f);
    number_member(f, "mean", p->mean);
    number_member(f, "harmonic_mean", p->harmonic_mean);
    number_member(f, "p1", p->p1);
    number_member(f, "p5", p->p5);
    json_key(f, "min");
    report_json_number(f, p->min);
    fputc('}', f);
}

static void write_worst(FILE *f, const ReportPair *p, bool pictures)
{
    fputc('[', f);
    for (unsigned i = 0; i < p->worst_cnt; i++) {
        const ReportPicture *w = &p->worst[i];
        fprintf(f, "%s{\"frame\":%u,\"score\":", i ? "," : "", w->frame);
        report_json_number(f, w->score);
        if (w->png[0])
            fprintf(f, ",\"crop\":[%u,%u,%u,%u]", w->x, w->y, w->w, w->h);
        for (unsigned k = 0; pictures && k < 2; k++) {
            if (!w->png[k])
                continue;
            fprintf(f, ",\"%s\":\"data:image/png;base64,", k ? "distorted_png" : "reference_png");
            base64(f, w->png[k], w->png_len[k]);
            fputc('"', f);
        }
        fputc('}', f);
    }
    fputc(']', f);
}

static void write_pair(FILE *f, const ReportPair *p, bool pictures)
{
    fprintf(f, "{\"line\":%u,", p->line);
    string_member(f, "reference", p->ref);
    string_member(f, "distorted", p->dist);
    string_member(f, "group", p->group);
    number_member(f, "bitrate_kbps", p->kbps);
    string_member(f, "bitrate_from", p->kbps_from);
    fprintf(f, "\"frames\":%u,\"width\":%u,\"height\":%u,", p->frames, p->width, p->height);
    string_member(f, "score", p->score < p->series_cnt ? p->series[p->score].name : NULL);
    json_key(f, "pooled");
    write_pooled(f, &p->pooled);
    fputs(",\"means\":{", f);
    for (unsigned i = 0; i < p->series_cnt; i++) {
        if (i)
            fputc(',', f);
        json_key(f, p->series[i].name);
        report_json_number(f, p->series[i].mean);
    }
    fputs("},", f);
    json_key(f, "worst");
    write_worst(f, p, pictures);
    fputc(',', f);
    string_member(f, "pictures_note", p->pictures_note);
    fputs("\"per_frame\":{", f);
    for (unsigned i = 0; i < p->series_cnt; i++) {
        fputs(i ? ",\n" : "\n", f);
        json_key(f, p->series[i].name);
        fputc('[', f);
        for (unsigned n = 0; n < p->frames; n++) {
            if (n)
                fputc(',', f);
            report_json_number(f, p->series[i].value[n]);
        }
        fputc(']', f);
    }
    fputs("}}", f);
}

static void write_groups(FILE *f, const ReportSummary *s)
{
    fputs("\"groups\":[", f);
    for (unsigned g = 0; g < s->group_cnt; g++) {
        const ReportGroup *grp = &s->group[g];
        fputs(g ? ",\n{" : "\n{", f);
        string_member(f, "name", grp->name);
        string_member(f, "note", grp->why_no_curve);
        fputs("\"points\":[", f);
        for (unsigned i = 0; i < grp->cnt; i++) {
            fprintf(f, "%s{\"line\":%u,\"bitrate_kbps\":", i ? "," : "", grp->point[i].pair->line);
            report_json_number(f, grp->point[i].pair->kbps);
            for (unsigned m = 0; m < s->metric_cnt; m++) {
                fputc(',', f);
                json_key(f, s->metric[m]);
                report_json_number(f, grp->point[i].quality[m]);
            }
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("]", f);
}

/* "key":delta,"key_note":why (null when there is a delta), and a comma. */
static void delta_members(FILE *f, const char *key, BdStatus st, double v, double scale)
{
    number_member(f, key, st == BD_OK ? v * scale : NAN);
    char note[64];
    snprintf(note, sizeof(note), "%s_note", key);
    string_member(f, note, st == BD_OK ? NULL : bd_status_reason(st));
}

static void write_deltas(FILE *f, const ReportSummary *s)
{
    fputs("\"metrics\":[", f);
    for (unsigned m = 0; m < s->metric_cnt; m++) {
        if (m)
            fputc(',', f);
        report_json_string(f, s->metric[m]);
    }
    fputs("],", f);
    string_member(f, "anchor", s->anchor >= 0 ? s->group[s->anchor].name : NULL);
    string_member(f, "bd_note", s->why_no_bd);
    fputs("\"bd\":[", f);
    for (unsigned i = 0; i < s->delta_cnt; i++) {
        const ReportDelta *d = &s->delta[i];
        fputs(i ? ",\n{" : "\n{", f);
        string_member(f, "group", s->group[d->group].name);
        string_member(f, "metric", s->metric[d->metric]);
        delta_members(f, "bd_rate_percent", d->rate_status, d->bd_rate, 100.0);
        delta_members(f, "bd_quality", d->quality_status, d->bd_quality, 1.0);
        json_key(f, "anchor");
        report_json_string(f, s->group[s->anchor].name);
        fputc('}', f);
    }
    fputs("]", f);
}

void report_write_json(const Report *rep, FILE *f, bool pictures)
{
    fputs("{\"report\":\"vmaf-ng\",", f);
    string_member(f, "vmaf_version", vmaf_version());
    fputs("\"pairs\":[", f);
    for (unsigned i = 0; i < rep->pair_cnt; i++) {
        fputs(i ? ",\n" : "\n", f);
        write_pair(f, &rep->pair[i], pictures);
    }
    fputs("],\n\"failed\":[", f);
    for (unsigned i = 0; i < rep->failure_cnt; i++) {
        const ReportFailure *x = &rep->failure[i];
        fprintf(f, "%s{\"line\":%u,", i ? ",\n" : "\n", x->line);
        string_member(f, "reference", x->ref);
        string_member(f, "distorted", x->dist);
        json_key(f, "error");
        report_json_string(f, x->why);
        fputc('}', f);
    }
    fputs("],\n", f);
    write_groups(f, &rep->summary);
    fputs(",\n", f);
    write_deltas(f, &rep->summary);
    fputs("}\n", f);
}

/* A CSV field: quoted, quotes doubled. */
static void csv_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_number(FILE *f, double v)
{
    if (isfinite(v))
        exact_number(f, v);
}

static const ReportDelta *delta_of(const ReportSummary *s, const char *group, unsigned metric)
{
    for (unsigned i = 0; i < s->delta_cnt; i++)
        if (s->delta[i].metric == metric && !strcmp(s->group[s->delta[i].group].name, group))
            return &s->delta[i];
    return NULL;
}

/* A row a pair: where it came from, its pooled score, the mean of each
 * curve metric, and its group's deltas against the anchor on each; failed
 * pairs last with their error. */
void report_write_csv(const Report *rep, FILE *f)
{
    const ReportSummary *s = &rep->summary;
    fputs("line,reference,distorted,group,bitrate_kbps,frames,width,height,score,mean,"
          "harmonic_mean,p1,p5,min",
          f);
    for (unsigned m = 0; m < s->metric_cnt; m++)
        fprintf(f, ",mean_%s,bd_rate_percent_%s,bd_%s", s->metric[m], s->metric[m], s->metric[m]);
    fputs(",error\n", f);
    for (unsigned i = 0; i < rep->pair_cnt; i++) {
        const ReportPair *p = &rep->pair[i];
        fprintf(f, "%u,", p->line);
        csv_string(f, p->ref);
        fputc(',', f);
        csv_string(f, p->dist);
        fputc(',', f);
        csv_string(f, p->group);
        fputc(',', f);
        csv_number(f, p->kbps);
        fprintf(f, ",%u,%u,%u,", p->frames, p->width, p->height);
        csv_string(f, p->score < p->series_cnt ? p->series[p->score].name : NULL);
        const double pooled[] = {p->pooled.mean, p->pooled.harmonic_mean, p->pooled.p1,
                                 p->pooled.p5, p->pooled.min};
        for (size_t k = 0; k < sizeof(pooled) / sizeof(*pooled); k++) {
            fputc(',', f);
            csv_number(f, pooled[k]);
        }
        for (unsigned m = 0; m < s->metric_cnt; m++) {
            fputc(',', f);
            csv_number(f, report_series(p, s->metric[m])->mean);
            const ReportDelta *d = delta_of(s, p->group ? p->group : "", m);
            fputc(',', f);
            if (d && d->rate_status == BD_OK)
                csv_number(f, 100.0 * d->bd_rate);
            fputc(',', f);
            if (d && d->quality_status == BD_OK)
                csv_number(f, d->bd_quality);
        }
        fputs(",\n", f);
    }
    for (unsigned i = 0; i < rep->failure_cnt; i++) {
        const ReportFailure *x = &rep->failure[i];
        fprintf(f, "%u,", x->line);
        csv_string(f, x->ref);
        fputc(',', f);
        csv_string(f, x->dist);
        fputs(",,,,,,,,,,,", f); /* group .. min */
        for (unsigned m = 0; m < s->metric_cnt; m++)
            fputs(",,,", f);
        fputc(',', f);
        csv_string(f, x->why);
        fputc('\n', f);
    }
}
