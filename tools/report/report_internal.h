/* What the report's writers share: the report itself and its comparison
 * of groups, made once all pairs are in (report.c). */
#ifndef VMAF_TOOLS_REPORT_REPORT_INTERNAL_H
#define VMAF_TOOLS_REPORT_REPORT_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>

#include "bd.h"
#include "report.h"

/* The qualities a rate-quality curve may plot: the model's score, then
 * these where every pair of the report has them. */
#define REPORT_MAX_METRICS 4

typedef struct ReportFailure {
    unsigned line;
    char *ref, *dist, *why;
} ReportFailure;

/* A group's point: a pair's bitrate and its mean qualities. */
typedef struct ReportPoint {
    const ReportPair *pair;
    double quality[REPORT_MAX_METRICS];
} ReportPoint;

typedef struct ReportGroup {
    const char *name;
    ReportPoint *point; /* by rising bitrate */
    unsigned cnt;
    char *why_no_curve; /* a pair without a bitrate, or NULL */
} ReportGroup;

/* A group against the anchor on one metric. */
typedef struct ReportDelta {
    unsigned group, metric;
    BdStatus rate_status, quality_status;
    double bd_rate, bd_quality; /* when their status is BD_OK */
} ReportDelta;

typedef struct ReportSummary {
    const char *metric[REPORT_MAX_METRICS]; /* names as printed */
    unsigned metric_cnt;
    ReportGroup *group; /* in order of first appearance in the list */
    unsigned group_cnt;
    int anchor;            /* index in group, -1 when none */
    const char *why_no_bd; /* no deltas: why (static text), or NULL */
    ReportDelta *delta;    /* each group but the anchor, each metric */
    unsigned delta_cnt;
} ReportSummary;

struct Report {
    VmafOutput *out;
    char *path;
    ReportFormat format;
    unsigned worst_cnt;
    char *anchor; /* as asked for, or NULL */
    pthread_mutex_t lock;
    ReportPair *pair;
    unsigned pair_cnt, pair_cap;
    ReportFailure *failure;
    unsigned failure_cnt, failure_cap;
    ReportSummary summary; /* made by report_write() */
};

/* The series called name in p, or NULL. */
const ReportSeries *report_series(const ReportPair *p, const char *name);

/* Writers of the whole document into f. */
void report_write_json(const Report *rep, FILE *f, bool pictures);
void report_write_csv(const Report *rep, FILE *f);
void report_write_html(const Report *rep, FILE *f);

/* A JSON string (quotes added, escaped); NULL as null. */
void report_json_string(FILE *f, const char *s);
/* A number exactly (the shortest form that reads back as the same
 * double), non-finite as null. */
void report_json_number(FILE *f, double v);

#endif
