/* The CLI's argument parser: the input is the command line, one argument
 * per line. What it accepts must be consistent, what it refuses must say
 * why. */
#include <stdlib.h>
#include <string.h>

#include "cli_parse.h"
#include "fuzz.h"

#define FUZZ_MAX_ARGS 64

/* What the tool relies on after a successful parse. */
static void check_settings(const CliSettings *s)
{
    if (s->action != CLI_ACTION_RUN)
        return;
    char msg[160];
    /* A batch takes its pairs from its file, and only a batch has jobs. */
    if ((s->batch_path ? s->path_ref || s->path_dist || s->output_path
                       : !s->path_ref || !s->path_dist || s->jobs) ||
        s->jobs > CLI_MAX_JOBS || !s->output_fmt ||
        (s->use_yuv && !video_dimensions_valid(s->raw.w, s->raw.h, msg, sizeof(msg))) ||
        s->model_cnt > CLI_MAX_MODELS || s->feature_cnt > CLI_MAX_FEATURES ||
        s->thread_cnt > CLI_MAX_THREADS)
        abort();
    for (unsigned i = 0; i < s->model_cnt; i++) {
        const CliModel *m = &s->model[i];
        if (!cli_model_label(m) || !m->cfg.name || !*m->cfg.name ||
            m->overload_cnt > CLI_MAX_OVERLOADS)
            abort();
    }
    for (unsigned i = 0; i < s->feature_cnt; i++)
        if (!s->feature[i].name || !*s->feature[i].name)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    CliSettings *s = malloc(sizeof(*s));
    if (!text || !s)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';

    char *argv[FUZZ_MAX_ARGS + 2] = {"vmaf"};
    int argc = 1;
    for (char *rest = text, *arg; argc <= FUZZ_MAX_ARGS && (arg = strsep(&rest, "\n"));)
        argv[argc++] = arg;
    argv[argc] = NULL;

    if (!cli_parse(s, argc, argv))
        check_settings(s);
    else if (!s->error[0])
        abort();
    cli_free(s);
    free(s);
    free(text);
    return 0;
}
