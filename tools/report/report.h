/* The tool's report (--report PATH): what a codec engineer looks at after
 * scoring. For each pair, its score per frame with the features that fed
 * it, the pooled score (mean, harmonic mean, 1st and 5th percentile, min)
 * and its worst frames, with crops of both pictures where those frames
 * went worst; for a batch of encodes grouped by encoder or setting, each
 * group's rate-quality points and its Bjontegaard deltas (bd.h) against an
 * anchor group. Written as one self-contained HTML file (report_html.c),
 * or as JSON or CSV for scripts (report_data.c), by the path's extension.
 *
 * A report is opened before any frame is scored, so that a path that
 * cannot be written fails first, as -o does; pairs are added as they end,
 * from any thread; it is written once, after the last. */
#ifndef VMAF_TOOLS_REPORT_REPORT_H
#define VMAF_TOOLS_REPORT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "input/input.h"
#include "libvmaf/libvmaf.h"

/* Worst frames shown by default, and at most. */
#define REPORT_WORST_DEFAULT 6
#define REPORT_WORST_MAX 32

typedef enum ReportFormat {
    REPORT_HTML,
    REPORT_JSON,
    REPORT_CSV,
} ReportFormat;

/* One per-frame score of a pair: NaN where a frame has none (a frame
 * --subsample left out). */
typedef struct ReportSeries {
    char *name; /* as the outputs print it */
    double *value;
    double mean; /* pooled by the library as the outputs pool it; NaN with no frame */
} ReportSeries;

/* A worst frame and the crops of its pictures. */
typedef struct ReportPicture {
    unsigned frame; /* counted as the scores count them */
    double score;
    unsigned x, y, w, h; /* the crop, in luma samples */
    uint8_t *png[2];     /* reference, distorted; NULL until made */
    size_t png_len[2];
} ReportPicture;

typedef struct ReportPooled {
    double mean, harmonic_mean, p1, p5, min;
} ReportPooled;

/* What a report keeps of a scored pair. */
typedef struct ReportPair {
    unsigned line;         /* in a batch's list; 0 for a single pair */
    char *ref, *dist;      /* paths as given */
    char *group;           /* the batch line's group, or NULL */
    double kbps;           /* the distorted stream's bitrate, NaN when not known */
    const char *kbps_from; /* "list" or "container" (static), NULL when not known */
    unsigned frames, width, height;
    unsigned score; /* series[score] is the model's score; series_cnt when none */
    ReportSeries *series;
    unsigned series_cnt;
    ReportPooled pooled;  /* of the model's score */
    ReportPicture *worst; /* lowest score first */
    unsigned worst_cnt;
    char *pictures_note; /* why the worst frames have no pictures, or NULL */
} ReportPair;

/* The pair's scores from vmaf after the run and its pooling: every
 * per-frame series vmaf holds, the model's score (named score_name, or
 * NULL with no model) first, pooled by the library as its outputs pool;
 * and the worst_cnt lowest-scoring frames, their pictures not made yet.
 * Fills the scores of *p, whose paths and bitrate the caller sets. Returns
 * 0 or -ENOMEM; p is freed by report_pair_free() either way. */
int report_pair_collect(ReportPair *p, VmafContext *vmaf, const char *score_name, unsigned frames,
                        unsigned worst_cnt);

void report_pair_free(ReportPair *p);

/* The percentile q (0..100) of the n finite values in sorted (ascending), by
 * linear interpolation between the closest ranks (numpy's default). */
double report_percentile(const double *sorted, unsigned n, double q);

/* How the pair's inputs were read, to read them again for the pictures. */
typedef struct ReportSource {
    const VideoInfo *raw; /* -w/-h/-p/-b, or NULL */
    bool clamp, scale_dist;
    unsigned skip[2]; /* frames skipped at the start: reference, distorted */
} ReportSource;

/* Decodes p's inputs again on the CPU up to its last worst frame and makes
 * each worst frame's crops: the reference and the distorted picture, at
 * most 480 x 270, centred on the 96 x 96 region whose luma differs most.
 * An input that is not a regular file or cannot be read again leaves the
 * pictures out, with p->pictures_note saying why. Returns 0 or -ENOMEM. */
int report_pictures_make(ReportPair *p, const ReportSource *src);

typedef struct Report Report;

/* The format path's extension names (.html or .htm, .json, .csv; any
 * case) into *format, or false. */
bool report_format_of(const char *path, ReportFormat *format);

/* Opens path for a report in the format of its extension (.html or .htm,
 * .json, .csv), showing worst_cnt frames a pair, with groups compared
 * against the group named anchor (NULL: the first group in the list).
 * Returns 0 with *rep, or a negative errno with a message in error: an
 * unknown extension, a path that cannot be written. */
int report_open(Report **rep, const char *path, unsigned worst_cnt, const char *anchor, char *error,
                size_t error_size);

ReportFormat report_format(const Report *rep);
unsigned report_worst_count(const Report *rep);

/* The temporary file a signal handler may remove (vmaf_output_temporary_path()). */
const char *report_temporary_path(const Report *rep);

/* Takes *p (zeroed on return), from any thread. 0 or -ENOMEM (p freed). */
int report_add(Report *rep, ReportPair *p);

/* Records a pair that failed, by its line, paths and why, from any thread. */
int report_add_failure(Report *rep, unsigned line, const char *ref, const char *dist,
                       const char *why);

/* Writes the report (pairs in line order) and completes the file. Returns
 * 0 or a negative errno with a message in error. */
int report_write(Report *rep, char *error, size_t error_size);

/* Frees rep; an unwritten report's file is left as it was. */
void report_close(Report **rep);

#endif
