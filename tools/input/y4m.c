/* YUV4MPEG2 headers: the stream header line (after the signature) and the
 * per-frame "FRAME" lines. Every colorspace maps to a planar VMAF format
 * without resampling; 4:1:1 has no VMAF equivalent and is refused. */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "input.h"

/* Generous: real headers are under 100 bytes, but X tags may add more. */
#define Y4M_MAX_LINE 4096

#define Y4M_SIGNATURE "YUV4MPEG2 "

/* Reads up to '\n' (consumed, not stored), the probed bytes first. Returns
 * the length, -1 at end of file before the newline, -2 when longer than
 * line_size - 1. */
static int read_line(VideoInput *in, char *line, size_t line_size)
{
    size_t n = 0;
    for (;;) {
        int c = in->sniffed_pos < in->sniffed_len ? in->sniffed[in->sniffed_pos++] : getc(in->file);
        if (c == EOF)
            return -1;
        if (c == '\n')
            break;
        if (n + 1 >= line_size)
            return -2;
        line[n++] = (char)c;
    }
    line[n] = '\0';
    return (int)n;
}

/* Decimal digits only, no sign or spaces; stops at end. */
static bool parse_uint(const char *s, const char *end, unsigned *out)
{
    if (s == end)
        return false;
    unsigned long long v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (unsigned)(*s - '0');
        if (v > UINT_MAX)
            return false;
    }
    *out = (unsigned)v;
    return true;
}

/* "<n>:<d>", as used by the F and A tags; the values are not needed. */
static bool parse_ratio(const char *s, const char *end)
{
    const char *colon = memchr(s, ':', (size_t)(end - s));
    unsigned num, den;
    return colon && parse_uint(s, colon, &num) && parse_uint(colon + 1, end, &den);
}

typedef struct Y4mColorspace {
    const char *name;
    enum VmafPixelFormat pix_fmt;
    bool alpha;
} Y4mColorspace;

/* 8-bit names. The 4:2:0 chroma siting variants are all read as plain 4:2:0
 * planes; the siting parse_tag() takes from them goes to ssimulacra2. */
static const Y4mColorspace y4m_8bit_colorspaces[] = {
    {"420", VMAF_PIX_FMT_YUV420P, false},      {"420jpeg", VMAF_PIX_FMT_YUV420P, false},
    {"420mpeg2", VMAF_PIX_FMT_YUV420P, false}, {"420paldv", VMAF_PIX_FMT_YUV420P, false},
    {"422", VMAF_PIX_FMT_YUV422P, false},      {"444", VMAF_PIX_FMT_YUV444P, false},
    {"444alpha", VMAF_PIX_FMT_YUV444P, true},  {"mono", VMAF_PIX_FMT_YUV400P, false},
};

/* Prefixes of the high bit depth names "420p10", "mono12" or "monop12". */
static const Y4mColorspace y4m_deep_colorspaces[] = {
    {"420p", VMAF_PIX_FMT_YUV420P, false}, {"422p", VMAF_PIX_FMT_YUV422P, false},
    {"444p", VMAF_PIX_FMT_YUV444P, false}, {"monop", VMAF_PIX_FMT_YUV400P, false},
    {"mono", VMAF_PIX_FMT_YUV400P, false},
};

static int parse_deep_colorspace(VideoInput *in, const char *cs, const char *end)
{
    const size_t len = (size_t)(end - cs);
    for (size_t i = 0; i < sizeof(y4m_deep_colorspaces) / sizeof(*y4m_deep_colorspaces); i++) {
        const Y4mColorspace *c = &y4m_deep_colorspaces[i];
        const size_t prefix = strlen(c->name);
        unsigned bpc;
        if (len <= prefix || strncmp(cs, c->name, prefix) || !parse_uint(cs + prefix, end, &bpc))
            continue;
        if (bpc < 9 || bpc > 16)
            return video_input_fail(in, -EINVAL,
                                    "unsupported bit depth %u in Y4M colorspace \"C%.*s\" "
                                    "(9..16 allowed)",
                                    bpc, (int)len, cs);
        in->info.pix_fmt = c->pix_fmt;
        in->info.bpc = bpc;
        return 0;
    }
    return video_input_fail(in, -EINVAL, "unknown Y4M colorspace \"C%.*s\"", (int)len, cs);
}

static int parse_colorspace(VideoInput *in, const char *cs, const char *end)
{
    const size_t len = (size_t)(end - cs);
    if (len >= 3 && !strncmp(cs, "411", 3))
        return video_input_fail(in, -EINVAL,
                                "Y4M colorspace \"C%.*s\" (4:1:1) is not supported: VMAF has "
                                "no 4:1:1 pixel format",
                                (int)len, cs);
    for (size_t i = 0; i < sizeof(y4m_8bit_colorspaces) / sizeof(*y4m_8bit_colorspaces); i++) {
        const Y4mColorspace *c = &y4m_8bit_colorspaces[i];
        if (strlen(c->name) == len && !strncmp(cs, c->name, len)) {
            in->info.pix_fmt = c->pix_fmt;
            in->info.bpc = 8;
            /* Alpha is stored as a fourth full-size plane after Y, Cb, Cr. */
            in->trailing_bytes = c->alpha ? (size_t)in->info.w * in->info.h : 0;
            return 0;
        }
    }
    return parse_deep_colorspace(in, cs, end);
}

static int bad_tag(VideoInput *in, const char *tag, const char *end)
{
    return video_input_fail(in, -EINVAL, "bad Y4M header tag \"%.*s\"", (int)(end - tag), tag);
}

/* Whether the tag's value [value, end) is name. */
static bool tag_is(const char *value, const char *end, const char *name)
{
    const size_t len = strlen(name);
    return (size_t)(end - value) == len && !memcmp(value, name, len);
}

typedef struct Y4mHeaderTags {
    bool got_w, got_h;
    const char *colorspace, *colorspace_end;
} Y4mHeaderTags;

static int parse_tag(VideoInput *in, const char *tag, const char *end, Y4mHeaderTags *tags)
{
    const char *value = tag + 1;
    switch (tag[0]) {
    case 'W':
        tags->got_w = parse_uint(value, end, &in->info.w);
        return tags->got_w ? 0 : bad_tag(in, tag, end);
    case 'H':
        tags->got_h = parse_uint(value, end, &in->info.h);
        return tags->got_h ? 0 : bad_tag(in, tag, end);
    case 'F':
    case 'A':
        return parse_ratio(value, end) ? 0 : bad_tag(in, tag, end);
    case 'I':
        if (end - value != 1)
            return bad_tag(in, tag, end);
        if (*value == 'p' || *value == '?')
            return 0;
        if (*value == 't' || *value == 'b' || *value == 'm')
            return video_input_fail(in, -EINVAL,
                                    "interlaced Y4M input (\"I%c\") is not supported; only "
                                    "progressive frames are",
                                    *value);
        return bad_tag(in, tag, end);
    case 'C':
        tags->colorspace = value;
        tags->colorspace_end = end;
        /* Only the 4:2:0 names that FFmpeg writes for a known siting: it
         * writes 420jpeg for centred chroma and for unknown alike. */
        if (tag_is(value, end, "420mpeg2"))
            in->info.chroma_location = "left";
        else if (tag_is(value, end, "420paldv"))
            in->info.chroma_location = "topleft";
        return 0;
    case 'X':
        if (tag_is(value, end, "COLORRANGE=FULL"))
            in->info.range = "full";
        else if (tag_is(value, end, "COLORRANGE=LIMITED"))
            in->info.range = "limited";
        return 0;
    default:
        /* Tags from future revisions carry nothing we need. */
        return 0;
    }
}

static int parse_header(VideoInput *in)
{
    char line[Y4M_MAX_LINE];
    const int len = read_line(in, line, sizeof(line));
    if (len == -1)
        return video_input_fail(in, -EINVAL, "Y4M header is truncated (no end of line)");
    if (len == -2)
        return video_input_fail(in, -EINVAL, "Y4M header is longer than %d bytes",
                                Y4M_MAX_LINE - 1);

    Y4mHeaderTags tags = {0};
    for (const char *p = line; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        const char *end = p + strcspn(p, " ");
        int err = parse_tag(in, p, end, &tags);
        if (err)
            return err;
        p = end;
    }
    if (!tags.got_w || !tags.got_h)
        return video_input_fail(in, -EINVAL, "Y4M header has no %s tag",
                                !tags.got_w ? "W (width)" : "H (height)");
    if (!tags.colorspace) {
        /* Files without a C tag (old mplayer output) are 4:2:0. */
        static const char default_colorspace[] = "420";
        tags.colorspace = default_colorspace;
        tags.colorspace_end = default_colorspace + strlen(default_colorspace);
    }
    return parse_colorspace(in, tags.colorspace, tags.colorspace_end);
}

/* 1 when a FRAME header was read, 0 at a clean end of the input. */
static int read_frame_header(VideoInput *in)
{
    static const char marker[] = "FRAME";
    char head[sizeof(marker) - 1];
    const size_t n = video_input_fread(in, head, sizeof(head));
    if (n == 0 && !ferror(in->file))
        return 0;
    if (n < sizeof(head)) {
        if (ferror(in->file))
            return video_input_fail(in, -EIO, "read error at frame %u: %s", in->frame_index,
                                    strerror(errno));
        return video_input_fail(in, -EIO, "frame %u is truncated (incomplete FRAME header)",
                                in->frame_index);
    }
    if (memcmp(head, marker, sizeof(head)))
        return video_input_fail(in, -EINVAL,
                                "frame %u: expected a FRAME header, found \"%.5s\" (corrupt "
                                "file or wrong frame size)",
                                in->frame_index, head);

    /* Frame parameters, if any, change nothing we read: skip them. */
    char params[Y4M_MAX_LINE];
    const int len = read_line(in, params, sizeof(params));
    if (len == -1)
        return video_input_fail(in, -EIO, "frame %u is truncated (incomplete FRAME header)",
                                in->frame_index);
    if (len == -2)
        return video_input_fail(in, -EINVAL, "frame %u: FRAME header is longer than %d bytes",
                                in->frame_index, Y4M_MAX_LINE - 1);
    if (len > 0 && params[0] != ' ')
        return video_input_fail(in, -EINVAL, "frame %u: bad FRAME header \"FRAME%.20s\"",
                                in->frame_index, params);
    return 1;
}

static bool raw_matches_header(const VideoInfo *a, const VideoInfo *b)
{
    return a->w == b->w && a->h == b->h && a->bpc == b->bpc && a->pix_fmt == b->pix_fmt;
}

static int y4m_probe(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)raw;
    const size_t n = strlen(Y4M_SIGNATURE);
    return len >= n && !memcmp(head, Y4M_SIGNATURE, n) ? 2 : 0;
}

/* The header after the signature; -w/-h/-p/-b, when given, must agree. */
static int y4m_open(VideoInput *in, const VideoInfo *raw)
{
    in->sniffed_pos = strlen(Y4M_SIGNATURE);
    int err = parse_header(in);
    if (err)
        return err;
    if (raw && !raw_matches_header(raw, &in->info))
        return video_input_fail(in, -EINVAL,
                                "Y4M header says %ux%u %s %u-bit, which contradicts -w/-h/-p/-b "
                                "(%ux%u %s %u-bit)",
                                in->info.w, in->info.h, video_pix_fmt_name(in->info.pix_fmt),
                                in->info.bpc, raw->w, raw->h, video_pix_fmt_name(raw->pix_fmt),
                                raw->bpc);
    /* Y4M rounds chroma sizes of odd frames up. */
    return video_input_planar_layout(in, true);
}

static int y4m_read(VideoInput *in, VmafPicture *pic)
{
    int ret = read_frame_header(in);
    if (ret <= 0)
        return ret;
    ret = video_input_planar_read(in, pic);
    return ret ? ret : 1;
}

const VideoReader video_reader_y4m = {
    .name = "y4m",
    .probe = y4m_probe,
    .open = y4m_open,
    .read = y4m_read,
};
