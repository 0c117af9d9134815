/* The per-frame scores of a JSON output (-o FILE --json, as
 * src/output/json.c writes it), read back into a context for a report of
 * pairs scored earlier. A small reader of JSON's grammar: each number of
 * frames[i].metrics goes to vmaf_import_feature_score(); everything else is
 * checked for syntax and skipped. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scores_json.h"

typedef struct Reader {
    const char *p, *end;
    VmafContext *vmaf;
    unsigned frames;
} Reader;

static void skip_space(Reader *r)
{
    while (r->p < r->end && strchr(" \t\r\n", *r->p))
        r->p++;
}

static bool eat(Reader *r, char c)
{
    skip_space(r);
    if (r->p < r->end && *r->p == c) {
        r->p++;
        return true;
    }
    return false;
}

/* A string without escapes (the outputs' keys have none) into buf. */
static bool read_string(Reader *r, char *buf, size_t size)
{
    if (!eat(r, '"'))
        return false;
    size_t n = 0;
    while (r->p < r->end && *r->p != '"') {
        if (*r->p == '\\' || n + 1 >= size)
            return false;
        buf[n++] = *r->p++;
    }
    buf[n] = '\0';
    return r->p < r->end && *r->p++ == '"';
}

static bool read_number(Reader *r, double *v)
{
    skip_space(r);
    char *end;
    *v = strtod(r->p, &end);
    if (end == r->p || end > r->end)
        return false;
    r->p = end;
    return true;
}

static bool skip_value(Reader *r, unsigned depth);

/* { "key": value, ... } or [ value, ... ], each value handed to item(). */
static bool read_items(Reader *r, bool object, bool (*item)(Reader *, const char *, void *),
                       void *opaque)
{
    if (!eat(r, object ? '{' : '['))
        return false;
    if (eat(r, object ? '}' : ']'))
        return true;
    do {
        char key[256] = "";
        if (object && (!read_string(r, key, sizeof(key)) || !eat(r, ':')))
            return false;
        if (!item(r, key, opaque))
            return false;
    } while (eat(r, ','));
    return eat(r, object ? '}' : ']');
}

static bool skip_item(Reader *r, const char *key, void *depth)
{
    (void)key;
    return skip_value(r, *(unsigned *)depth);
}

static bool skip_value(Reader *r, unsigned depth)
{
    skip_space(r);
    if (r->p >= r->end || depth > 32)
        return false;
    unsigned deeper = depth + 1;
    char s[256];
    double v;
    switch (*r->p) {
    case '{':
        return read_items(r, true, skip_item, &deeper);
    case '[':
        return read_items(r, false, skip_item, &deeper);
    case '"':
        return read_string(r, s, sizeof(s));
    case 'n':
    case 't':
    case 'f': {
        const char *word = *r->p == 'n' ? "null" : *r->p == 't' ? "true" : "false";
        const size_t len = strlen(word);
        if ((size_t)(r->end - r->p) < len || strncmp(r->p, word, len))
            return false;
        r->p += len;
        return true;
    }
    default:
        return read_number(r, &v);
    }
}

typedef struct Frame {
    double num;
    bool has_num;
} Frame;

static bool metric_item(Reader *r, const char *key, void *opaque)
{
    const Frame *f = opaque;
    double v;
    skip_space(r);
    if (r->p < r->end && *r->p == 'n') /* null: a score the frame lacks */
        return skip_value(r, 0);
    return read_number(r, &v) && !vmaf_import_feature_score(r->vmaf, key, v, (unsigned)f->num);
}

static bool frame_item(Reader *r, const char *key, void *opaque)
{
    Frame *f = opaque;
    if (!strcmp(key, "frameNum")) {
        f->has_num = read_number(r, &f->num) && f->num >= 0 && f->num < 1e9;
        return f->has_num;
    }
    if (!strcmp(key, "metrics"))
        return f->has_num && read_items(r, true, metric_item, f);
    return skip_value(r, 0);
}

static bool frames_item(Reader *r, const char *key, void *opaque)
{
    (void)key;
    (void)opaque;
    Frame f = {0};
    if (!read_items(r, true, frame_item, &f))
        return false;
    if ((unsigned)f.num + 1 > r->frames)
        r->frames = (unsigned)f.num + 1;
    return true;
}

static bool top_item(Reader *r, const char *key, void *opaque)
{
    bool *had_frames = opaque;
    if (strcmp(key, "frames"))
        return skip_value(r, 0);
    *had_frames = true;
    return read_items(r, false, frames_item, NULL);
}

int scores_json_import(VmafContext *vmaf, const char *text, size_t len, unsigned *frames)
{
    Reader r = {text, text + len, vmaf, 0};
    bool had_frames = false;
    if (!read_items(&r, true, top_item, &had_frames) || !had_frames)
        return -EINVAL;
    skip_space(&r);
    if (r.p != r.end)
        return -EINVAL;
    *frames = r.frames;
    return 0;
}
