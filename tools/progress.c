/* Progress meter on stderr for interactive runs. */
#include "progress.h"

#define PROGRESS_REDRAW_NS 100000000LL

static long long elapsed_ns(const struct timespec *from, const struct timespec *to)
{
    return (to->tv_sec - from->tv_sec) * 1000000000LL + (to->tv_nsec - from->tv_nsec);
}

void progress_start(Progress *p, FILE *out)
{
    *p = (Progress){.out = out};
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    p->last_draw = p->start;
}

static void draw(Progress *p, unsigned frames, const struct timespec *now)
{
    const long long ns = elapsed_ns(&p->start, now);
    const double fps = ns > 0 ? frames / (ns / 1e9) : 0.0;
    /* \033[K clears what a longer previous line left behind. */
    fprintf(p->out, "\r%u frame%s %.2f FPS\033[K", frames, frames == 1 ? "" : "s", fps);
    fflush(p->out);
    p->last_draw = *now;
    p->drawn = frames;
    p->line_open = true;
}

void progress_update(Progress *p, unsigned frames)
{
    if (!p->out)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (p->line_open && elapsed_ns(&p->last_draw, &now) < PROGRESS_REDRAW_NS)
        return;
    draw(p, frames, &now);
}

void progress_finish(Progress *p, unsigned frames)
{
    if (!p->out)
        return;
    if (!p->line_open || p->drawn != frames) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        draw(p, frames, &now);
    }
    progress_break_line(p);
}

void progress_break_line(Progress *p)
{
    if (!p->out || !p->line_open)
        return;
    fputc('\n', p->out);
    p->line_open = false;
}
