/* The --batch list, its workers and its share of stderr. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "batch.h"
#include "read_all.h"
#include "workers.h"

/* A list larger than this is a mistake (a video given as the list). */
#define BATCH_MAX_BYTES (64u << 20)
#define BATCH_REDRAW_MS 250
/* Failed lines named in the summary; the count covers the rest. */
#define BATCH_LINES_NAMED 20

typedef struct BadLine {
    unsigned line;
    char why[160];
} BadLine;

struct Batch {
    char *text; /* the list, split in place: the pairs point into it */
    BatchPair *pair;
    unsigned pair_cnt;
    BadLine *bad;
    unsigned bad_cnt;

    BatchScore score;
    void *opaque;
    pthread_mutex_t lock; /* what follows, and stderr */
    unsigned done;
    unsigned *failed_line;
    unsigned failed_cnt;
    atomic_ullong frames;
    FILE *progress;
    bool line_open;
    struct timespec start;
};

static int read_file(const char *path, char **text, char *error, size_t error_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(error, error_size, "--batch \"%s\": cannot open: %s", path, strerror(errno));
        return -errno;
    }
    char *buf;
    size_t size;
    int err = read_all(f, BATCH_MAX_BYTES, &buf, &size);
    fclose(f);
    if (err) {
        snprintf(error, error_size, "--batch \"%s\": %s", path,
                 err == -EFBIG ? "larger than 64 MiB: not a list of pairs" : strerror(-err));
        return err;
    }
    if (memchr(buf, '\0', size)) {
        snprintf(error, error_size, "--batch \"%s\": holds NUL bytes: not a list of pairs", path);
        free(buf);
        return -EINVAL;
    }
    *text = buf;
    return 0;
}

static void add_bad(Batch *b, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void add_bad(Batch *b, unsigned line, const char *fmt, ...)
{
    BadLine *bad = &b->bad[b->bad_cnt++];
    bad->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(bad->why, sizeof(bad->why), fmt, ap);
    va_end(ap);
}

/* A bitrate field: a positive number of kbit/s, or "-" for none. */
static bool parse_kbps(const char *field, double *kbps)
{
    char *end;
    *kbps = NAN;
    if (!strcmp(field, "-"))
        return true;
    const double v = strtod(field, &end);
    if (end == field || *end || !(v > 0) || !isfinite(v))
        return false;
    *kbps = v;
    return true;
}

static const char *const field_name[BATCH_FIELDS] = {"reference", "distorted", "output", "group",
                                                     "bitrate"};

/* One line of the list, split in place at its tabs. */
static void parse_line(Batch *b, char *s, unsigned line)
{
    const size_t len = strlen(s);
    if (len && s[len - 1] == '\r')
        s[len - 1] = '\0';
    if (!*s || *s == '#')
        return;
    char *field[BATCH_FIELDS] = {0};
    unsigned n = 0;
    for (char *p = s;; p++) {
        if (n < BATCH_FIELDS)
            field[n] = p;
        n++;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = '\0';
    }
    if (n < 3 || n > BATCH_FIELDS) {
        add_bad(b, line,
                "want REFERENCE<TAB>DISTORTED<TAB>OUTPUT[<TAB>GROUP[<TAB>KBITS]], found %u "
                "field%s",
                n, n == 1 ? "" : "s");
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        if (!*field[i]) {
            add_bad(b, line, "the %s field is empty", field_name[i]);
            return;
        }
    }
    double kbps = NAN;
    if (field[4] && !parse_kbps(field[4], &kbps)) {
        add_bad(b, line, "bitrate \"%.40s\": want kbit/s, a number above 0, or -", field[4]);
        return;
    }
    b->pair[b->pair_cnt++] = (BatchPair){
        .line = line,
        .ref = field[0],
        .dist = field[1],
        .output = strcmp(field[2], "-") ? field[2] : NULL,
        .group = field[3] && strcmp(field[3], "-") ? field[3] : NULL,
        .kbps = kbps,
    };
}

static int by_output(const void *a, const void *b)
{
    const BatchPair *x = a, *y = b;
    const int c = strcmp(x->output ? x->output : "", y->output ? y->output : "");
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int by_line(const void *a, const void *b)
{
    const BatchPair *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

/* Two lines writing one file would leave only one of them: the later
 * lines are refused. */
static void refuse_shared_outputs(Batch *b)
{
    qsort(b->pair, b->pair_cnt, sizeof(*b->pair), by_output);
    unsigned kept = 0;
    for (unsigned i = 0; i < b->pair_cnt; i++) {
        const BatchPair *first = kept ? &b->pair[kept - 1] : NULL;
        if (first && first->output && b->pair[i].output &&
            !strcmp(first->output, b->pair[i].output))
            add_bad(b, b->pair[i].line, "output \"%.100s\" is also line %u's", b->pair[i].output,
                    first->line);
        else
            b->pair[kept++] = b->pair[i];
    }
    b->pair_cnt = kept;
    qsort(b->pair, b->pair_cnt, sizeof(*b->pair), by_line);
}

int batch_open(Batch **out, const char *path, char *error, size_t error_size)
{
    *out = NULL;
    Batch *b = calloc(1, sizeof(*b));
    if (!b) {
        snprintf(error, error_size, "out of memory");
        return -ENOMEM;
    }
    pthread_mutex_init(&b->lock, NULL);
    int err = read_file(path, &b->text, error, error_size);
    if (err) {
        batch_close(b);
        return err;
    }
    unsigned lines = 1;
    for (const char *p = b->text; (p = strchr(p, '\n')); p++)
        lines++;
    b->pair = malloc(lines * sizeof(*b->pair));
    b->bad = malloc(lines * sizeof(*b->bad));
    b->failed_line = malloc(lines * sizeof(*b->failed_line));
    if (!b->pair || !b->bad || !b->failed_line) {
        batch_close(b);
        snprintf(error, error_size, "out of memory");
        return -ENOMEM;
    }
    char *s = b->text;
    for (unsigned line = 1; s; line++) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        parse_line(b, s, line);
        s = nl ? nl + 1 : NULL;
    }
    refuse_shared_outputs(b);
    if (!b->pair_cnt && !b->bad_cnt) {
        batch_close(b);
        snprintf(error, error_size, "--batch \"%s\" lists no pair", path);
        return -EINVAL;
    }
    *out = b;
    return 0;
}

unsigned batch_pair_count(const Batch *b)
{
    return b->pair_cnt + b->bad_cnt;
}

/* A list entry's weight for slicing: the bytes of its two files (0 for a
 * file that is not there, as for a refused line). */
static uint64_t weight_of(const BatchPair *p)
{
    uint64_t w = 0;
    struct stat st;
    if (p && !stat(p->ref, &st))
        w += (uint64_t)st.st_size;
    if (p && !stat(p->dist, &st))
        w += (uint64_t)st.st_size;
    return w;
}

/* An entry of the list, for slicing: pair[at], or bad[at - pair_cnt]. */
typedef struct SliceItem {
    unsigned line, at;
    uint64_t weight;
} SliceItem;

static int heavier_first(const void *a, const void *b)
{
    const SliceItem *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight < y->weight ? 1 : -1;
    return (x->line > y->line) - (x->line < y->line);
}

int batch_slice(Batch *b, unsigned index, unsigned count)
{
    const unsigned n = b->pair_cnt + b->bad_cnt;
    SliceItem *item = malloc((n ? n : 1) * sizeof(*item));
    uint64_t *load = calloc(count, sizeof(*load));
    bool *mine = calloc(n ? n : 1, sizeof(*mine));
    if (!item || !load || !mine) {
        free(item);
        free(load);
        free(mine);
        return -ENOMEM;
    }
    for (unsigned i = 0; i < b->pair_cnt; i++)
        item[i] = (SliceItem){b->pair[i].line, i, weight_of(&b->pair[i])};
    for (unsigned i = 0; i < b->bad_cnt; i++)
        item[b->pair_cnt + i] = (SliceItem){b->bad[i].line, b->pair_cnt + i, 0};
    /* Heaviest first, each to the least loaded slice (the lowest of
     * equals): the same lists and files give the same slices. */
    qsort(item, n, sizeof(*item), heavier_first);
    for (unsigned i = 0; i < n; i++) {
        unsigned to = 0;
        for (unsigned k = 1; k < count; k++)
            to = load[k] < load[to] ? k : to;
        load[to] += item[i].weight ? item[i].weight : 1;
        mine[item[i].at] = to == index;
    }
    unsigned kept = 0;
    for (unsigned i = 0; i < b->pair_cnt; i++)
        if (mine[i])
            b->pair[kept++] = b->pair[i];
    const unsigned pairs = b->pair_cnt;
    b->pair_cnt = kept;
    kept = 0;
    for (unsigned i = 0; i < b->bad_cnt; i++)
        if (mine[pairs + i])
            b->bad[kept++] = b->bad[i];
    b->bad_cnt = kept;
    free(item);
    free(load);
    free(mine);
    return 0;
}

unsigned batch_skip_done(Batch *b, bool (*done)(const char *output, void *opaque), void *opaque)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < b->pair_cnt; i++)
        if (!b->pair[i].output || !done(b->pair[i].output, opaque))
            b->pair[kept++] = b->pair[i];
    const unsigned skipped = b->pair_cnt - kept;
    b->pair_cnt = kept;
    return skipped;
}

unsigned batch_bad_count(const Batch *b)
{
    return b->bad_cnt;
}

unsigned batch_bad_line(const Batch *b, unsigned i, const char **why)
{
    *why = b->bad[i].why;
    return b->bad[i].line;
}

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

/* Called with the lock held. */
static void draw_progress(Batch *b)
{
    if (!b->progress)
        return;
    const double s = seconds_since(&b->start);
    const unsigned long long frames = atomic_load(&b->frames);
    const unsigned total = batch_pair_count(b);
    const unsigned done = b->done + b->bad_cnt;
    fprintf(b->progress, "\r%u/%u pairs", done, total);
    if (b->failed_cnt)
        fprintf(b->progress, " (%u failed)", b->failed_cnt);
    fprintf(b->progress, ", %llu frames, %.1f fps", frames, s > 0 ? frames / s : 0.0);
    if (b->done && done < total) {
        const unsigned eta = (unsigned)(s / b->done * (total - done) + 0.5);
        fprintf(b->progress, ", ETA %u:%02u:%02u", eta / 3600, eta / 60 % 60, eta % 60);
    }
    fputs("\033[K", b->progress);
    fflush(b->progress);
    b->line_open = true;
}

/* Called with the lock held. */
static void clear_progress(Batch *b)
{
    if (b->line_open)
        fputs("\r\033[K", b->progress);
    b->line_open = false;
}

void batch_message(Batch *b, unsigned line, const char *fmt, ...)
{
    char text[1024];
    int n = line ? snprintf(text, sizeof(text), "vmaf: line %u: ", line)
                 : snprintf(text, sizeof(text), "vmaf: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + n, sizeof(text) - n, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&b->lock);
    clear_progress(b);
    fprintf(stderr, "%s\n", text);
    pthread_mutex_unlock(&b->lock);
}

void batch_count_frame(Batch *b)
{
    atomic_fetch_add(&b->frames, 1);
}

static void record_failure(Batch *b, unsigned line)
{
    b->failed_line[b->failed_cnt++] = line;
}

/* One pair of the list, on a worker. */
static int score_job(void *opaque, unsigned job, unsigned worker)
{
    Batch *b = opaque;
    const BatchPair *pair = &b->pair[job];
    const int ret = b->score(b->opaque, b, pair, worker);
    pthread_mutex_lock(&b->lock);
    b->done++;
    if (ret)
        record_failure(b, pair->line);
    pthread_mutex_unlock(&b->lock);
    return ret;
}

static void redraw(void *opaque)
{
    Batch *b = opaque;
    pthread_mutex_lock(&b->lock);
    draw_progress(b);
    pthread_mutex_unlock(&b->lock);
}

static int by_value(const void *a, const void *b)
{
    const unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static void summarise(Batch *b)
{
    if (!b->failed_cnt)
        return;
    qsort(b->failed_line, b->failed_cnt, sizeof(*b->failed_line), by_value);
    char lines[256] = "";
    size_t n = 0;
    for (unsigned i = 0; i < b->failed_cnt && i < BATCH_LINES_NAMED && n < sizeof(lines); i++)
        n += snprintf(lines + n, sizeof(lines) - n, "%s%u", i ? ", " : "", b->failed_line[i]);
    batch_message(b, 0, "%u of %u pairs failed (line%s %s%s)", b->failed_cnt, batch_pair_count(b),
                  b->failed_cnt == 1 ? "" : "s", lines,
                  b->failed_cnt > BATCH_LINES_NAMED ? ", ..." : "");
}

unsigned batch_run(Batch *b, unsigned jobs, BatchScore score, void *opaque, FILE *progress_out)
{
    b->score = score;
    b->opaque = opaque;
    b->progress = progress_out;
    clock_gettime(CLOCK_MONOTONIC, &b->start);
    for (unsigned i = 0; i < b->bad_cnt; i++) {
        batch_message(b, b->bad[i].line, "%s", b->bad[i].why);
        record_failure(b, b->bad[i].line);
    }
    workers_run(b->pair_cnt, jobs, false, score_job, redraw, BATCH_REDRAW_MS, b);
    /* The final count, on a line of its own. */
    draw_progress(b);
    if (b->line_open)
        fputc('\n', b->progress);
    b->line_open = false;
    summarise(b);
    return b->failed_cnt;
}

void batch_close(Batch *b)
{
    if (!b)
        return;
    pthread_mutex_destroy(&b->lock);
    free(b->failed_line);
    free(b->bad);
    free(b->pair);
    free(b->text);
    free(b);
}
