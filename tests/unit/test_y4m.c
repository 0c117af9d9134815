/* The vmaf tool's video readers: Y4M in every colorspace and depth, raw YUV,
 * bad headers and truncated frames, on files generated in a temp dir. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "test.h"
#include "input/input.h"

static char temp_dir[64];

/* The result is overwritten by the next call. */
static const char *temp_path(const char *name)
{
    static char path[128];
    snprintf(path, sizeof(path), "%s/%s", temp_dir, name);
    return path;
}

static unsigned sample_value(unsigned p, unsigned x, unsigned y, unsigned frame, unsigned bpc)
{
    /* Multipliers above 255 so that both bytes of 16-bit samples vary. */
    return (x * 257 + y * 1031 + p * 4099 + frame * 97 + 11) & ((1u << bpc) - 1);
}

typedef struct Layout {
    unsigned w, h, bpc, ss_x, ss_y, planes;
    bool alpha;
} Layout;

static Layout layout_of(enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h)
{
    Layout l = {.w = w, .h = h, .bpc = bpc, .planes = 3};
    l.ss_x = pix_fmt == VMAF_PIX_FMT_YUV420P || pix_fmt == VMAF_PIX_FMT_YUV422P;
    l.ss_y = pix_fmt == VMAF_PIX_FMT_YUV420P;
    if (pix_fmt == VMAF_PIX_FMT_YUV400P)
        l.planes = 1;
    return l;
}

/* Writes one frame's planes; chroma rounded up (Y4M) or down (raw). */
static void write_planes(FILE *f, const Layout *l, unsigned frame, bool round_up)
{
    const unsigned planes = l->planes + (l->alpha ? 1 : 0);
    for (unsigned p = 0; p < planes; p++) {
        const bool chroma = p == 1 || p == 2;
        const unsigned add_x = round_up ? (1u << l->ss_x) - 1 : 0;
        const unsigned add_y = round_up ? (1u << l->ss_y) - 1 : 0;
        const unsigned pw = chroma ? (l->w + add_x) >> l->ss_x : l->w;
        const unsigned ph = chroma ? (l->h + add_y) >> l->ss_y : l->h;
        for (unsigned y = 0; y < ph; y++) {
            for (unsigned x = 0; x < pw; x++) {
                const unsigned v = sample_value(p, x, y, frame, l->bpc);
                fputc(v & 0xff, f);
                if (l->bpc > 8)
                    fputc(v >> 8, f);
            }
        }
    }
}

static const char *write_y4m(const char *name, const char *header, const Layout *l, unsigned frames)
{
    const char *path = temp_path(name);
    FILE *f = fopen(path, "wb");
    fputs(header, f);
    for (unsigned i = 0; i < frames; i++) {
        fputs(i == 1 ? "FRAME Ixx XYZ=1\n" : "FRAME\n", f);
        write_planes(f, l, i, true);
    }
    fclose(f);
    return path;
}

static const char *write_bytes(const char *name, const void *data, size_t size)
{
    const char *path = temp_path(name);
    FILE *f = fopen(path, "wb");
    fwrite(data, 1, size, f);
    fclose(f);
    return path;
}

static unsigned picture_sample(const VmafPicture *pic, unsigned p, unsigned x, unsigned y)
{
    const unsigned char *row = (const unsigned char *)pic->data[p] + y * pic->stride[p];
    return pic->bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

/* Counts samples of pic that differ from the pattern (shifted up by shift). */
static unsigned picture_mismatches(const VmafPicture *pic, const Layout *l, unsigned frame,
                                   unsigned shift)
{
    unsigned bad = 0;
    for (unsigned p = 0; p < l->planes; p++)
        for (unsigned y = 0; y < pic->h[p]; y++)
            for (unsigned x = 0; x < pic->w[p]; x++)
                bad +=
                    picture_sample(pic, p, x, y) != (sample_value(p, x, y, frame, l->bpc) << shift);
    return bad;
}

/* Opens path, checks the info, reads every frame and the clean end. */
static void check_reads(const char *path, const VideoInfo *raw, enum VmafPixelFormat pix_fmt,
                        const Layout *l, unsigned frames, unsigned pic_bpc)
{
    VideoInput in;
    int err = video_input_open(&in, path, raw);
    CHECK_EQ_INT(err, 0);
    if (err) {
        fprintf(stderr, "  %s\n", in.error);
        return;
    }
    CHECK_EQ_INT(in.info.w, l->w);
    CHECK_EQ_INT(in.info.h, l->h);
    CHECK_EQ_INT(in.info.bpc, l->bpc);
    CHECK_EQ_INT(in.info.pix_fmt, pix_fmt);

    for (unsigned i = 0; i <= frames; i++) {
        VmafPicture pic;
        CHECK_EQ_INT(vmaf_picture_alloc(&pic, pix_fmt, pic_bpc, l->w, l->h), 0);
        const int ret = video_input_read(&in, &pic);
        CHECK_EQ_INT(ret, i < frames ? 1 : 0);
        if (ret < 0)
            fprintf(stderr, "  %s\n", in.error);
        if (ret == 1)
            CHECK_EQ_INT(picture_mismatches(&pic, l, i, pic_bpc - l->bpc), 0);
        vmaf_picture_unref(&pic);
    }
    video_input_close(&in);
}

typedef struct Y4mFormat {
    const char *colorspace; /* NULL: no C tag */
    enum VmafPixelFormat pix_fmt;
    unsigned bpc;
    bool alpha;
} Y4mFormat;

static const Y4mFormat y4m_formats[] = {
    {NULL, VMAF_PIX_FMT_YUV420P, 8, false},       {"420", VMAF_PIX_FMT_YUV420P, 8, false},
    {"420jpeg", VMAF_PIX_FMT_YUV420P, 8, false},  {"420mpeg2", VMAF_PIX_FMT_YUV420P, 8, false},
    {"420paldv", VMAF_PIX_FMT_YUV420P, 8, false}, {"422", VMAF_PIX_FMT_YUV422P, 8, false},
    {"444", VMAF_PIX_FMT_YUV444P, 8, false},      {"444alpha", VMAF_PIX_FMT_YUV444P, 8, true},
    {"mono", VMAF_PIX_FMT_YUV400P, 8, false},     {"420p9", VMAF_PIX_FMT_YUV420P, 9, false},
    {"420p10", VMAF_PIX_FMT_YUV420P, 10, false},  {"420p12", VMAF_PIX_FMT_YUV420P, 12, false},
    {"420p14", VMAF_PIX_FMT_YUV420P, 14, false},  {"420p16", VMAF_PIX_FMT_YUV420P, 16, false},
    {"422p10", VMAF_PIX_FMT_YUV422P, 10, false},  {"422p12", VMAF_PIX_FMT_YUV422P, 12, false},
    {"422p16", VMAF_PIX_FMT_YUV422P, 16, false},  {"444p10", VMAF_PIX_FMT_YUV444P, 10, false},
    {"444p12", VMAF_PIX_FMT_YUV444P, 12, false},  {"444p16", VMAF_PIX_FMT_YUV444P, 16, false},
    {"mono10", VMAF_PIX_FMT_YUV400P, 10, false},  {"mono16", VMAF_PIX_FMT_YUV400P, 16, false},
    {"monop12", VMAF_PIX_FMT_YUV400P, 12, false},
};

static void test_every_y4m_format(void)
{
    /* Even sizes, odd sizes (chroma rounded up in the file) and widths
     * whose rows fill the picture stride exactly. */
    static const unsigned sizes[][2] = {{8, 6}, {7, 5}, {65, 3}, {64, 2}, {1, 1}};
    for (size_t f = 0; f < sizeof(y4m_formats) / sizeof(*y4m_formats); f++) {
        const Y4mFormat *fmt = &y4m_formats[f];
        for (size_t s = 0; s < sizeof(sizes) / sizeof(*sizes); s++) {
            Layout l = layout_of(fmt->pix_fmt, fmt->bpc, sizes[s][0], sizes[s][1]);
            l.alpha = fmt->alpha;
            char header[128], cs[32] = "";
            if (fmt->colorspace)
                snprintf(cs, sizeof(cs), " C%s", fmt->colorspace);
            snprintf(header, sizeof(header),
                     "YUV4MPEG2 W%u H%u F25:1 Ip A1:1%s XCOLORRANGE=LIMITED\n", l.w, l.h, cs);
            const char *path = write_y4m("fmt.y4m", header, &l, 3);
            const int before = test_failures;
            check_reads(path, NULL, fmt->pix_fmt, &l, 3, fmt->bpc);
            if (test_failures != before)
                fprintf(stderr, "  format %s %ux%u\n", cs, l.w, l.h);
        }
    }
}

static void test_y4m_upshift_to_common_depth(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV420P, 8, 6, 4);
    const char *path = write_y4m("up8.y4m", "YUV4MPEG2 W6 H4 F30000:1001 C420jpeg\n", &l, 2);
    check_reads(path, NULL, VMAF_PIX_FMT_YUV420P, &l, 2, 10);

    l = layout_of(VMAF_PIX_FMT_YUV444P, 10, 5, 3);
    path = write_y4m("up10.y4m", "YUV4MPEG2 W5 H3 F30:1 C444p10\n", &l, 2);
    check_reads(path, NULL, VMAF_PIX_FMT_YUV444P, &l, 2, 12);
}

static void expect_open_error(const char *name, const char *contents, const char *expected)
{
    const char *path = write_bytes(name, contents, strlen(contents));
    VideoInput in;
    const int err = video_input_open(&in, path, NULL);
    CHECK(err < 0);
    if (!strstr(in.error, expected) || !strstr(in.error, name)) {
        fprintf(stderr, "  header %s: error \"%s\", expected \"%s\"\n", name, in.error, expected);
        test_failures++;
    }
    if (!err)
        video_input_close(&in);
}

static void test_bad_y4m_headers(void)
{
    expect_open_error("no_w.y4m", "YUV4MPEG2 H4 F25:1\n", "no W (width) tag");
    expect_open_error("no_h.y4m", "YUV4MPEG2 W4 F25:1\n", "no H (height) tag");
    expect_open_error("bad_w.y4m", "YUV4MPEG2 W4x H4\n", "bad Y4M header tag \"W4x\"");
    expect_open_error("neg_w.y4m", "YUV4MPEG2 W-4 H4\n", "bad Y4M header tag");
    expect_open_error("big_w.y4m", "YUV4MPEG2 W99999999999 H4\n", "bad Y4M header tag");
    expect_open_error("zero_w.y4m", "YUV4MPEG2 W0 H4\n", "out of range");
    expect_open_error("huge_w.y4m", "YUV4MPEG2 W16385 H4\n", "out of range");
    expect_open_error("pixels.y4m", "YUV4MPEG2 W16384 H16384\n", "exceeds the limit");
    expect_open_error("bad_f.y4m", "YUV4MPEG2 W4 H4 F25\n", "bad Y4M header tag \"F25\"");
    expect_open_error("bad_a.y4m", "YUV4MPEG2 W4 H4 A1:\n", "bad Y4M header tag \"A1:\"");
    expect_open_error("bad_i.y4m", "YUV4MPEG2 W4 H4 Ix\n", "bad Y4M header tag \"Ix\"");
    expect_open_error("itop.y4m", "YUV4MPEG2 W4 H4 It\n", "interlaced");
    expect_open_error("imix.y4m", "YUV4MPEG2 W4 H4 Im\n", "interlaced");
    expect_open_error("c411.y4m", "YUV4MPEG2 W4 H4 C411\n", "4:1:1");
    expect_open_error("cbad.y4m", "YUV4MPEG2 W4 H4 C420x\n", "unknown Y4M colorspace \"C420x\"");
    expect_open_error("cp8.y4m", "YUV4MPEG2 W4 H4 C420p8\n", "unsupported bit depth 8");
    expect_open_error("cp17.y4m", "YUV4MPEG2 W4 H4 C444p17\n", "unsupported bit depth 17");
    expect_open_error("cempty.y4m", "YUV4MPEG2 W4 H4 C\n", "unknown Y4M colorspace");
    expect_open_error("noeol.y4m", "YUV4MPEG2 W4 H4", "truncated");
    expect_open_error("magic.y4m", "YUV4MPEG W4 H4\n", "not a Y4M file");
    expect_open_error("empty.y4m", "", "not a Y4M file");
    expect_open_error("mp4.y4m", "....ftypmp42isom", "raw YUV input needs");

    char long_header[5000] = "YUV4MPEG2 W4 H4 X";
    memset(long_header + strlen(long_header), 'a', 4500);
    long_header[4600] = '\0';
    strcat(long_header, "\n");
    expect_open_error("long.y4m", long_header, "longer than");
}

static void test_missing_file(void)
{
    VideoInput in;
    CHECK_EQ_INT(video_input_open(&in, temp_path("does_not_exist.y4m"), NULL), -ENOENT);
    CHECK(strstr(in.error, "does_not_exist.y4m: cannot open: No such file") != NULL);
}

static void test_unknown_tags_and_defaults(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV420P, 8, 4, 2);
    const char *path = write_y4m("tags.y4m", "YUV4MPEG2  W4   H2 Zfuture I? Xfoo=bar\n", &l, 1);
    check_reads(path, NULL, VMAF_PIX_FMT_YUV420P, &l, 1, 8);
}

/* Reads frames until the first error; returns it, with the message. */
static int read_until_error(const char *path, const VideoInfo *raw, char *msg, size_t msg_size)
{
    VideoInput in;
    int ret = video_input_open(&in, path, raw);
    if (ret) {
        snprintf(msg, msg_size, "%s", in.error);
        return ret;
    }
    while (ret >= 0) {
        VmafPicture pic;
        vmaf_picture_alloc(&pic, in.info.pix_fmt, in.info.bpc, in.info.w, in.info.h);
        ret = video_input_read(&in, &pic);
        vmaf_picture_unref(&pic);
        if (!ret)
            break;
    }
    snprintf(msg, msg_size, "%s", in.error);
    video_input_close(&in);
    return ret;
}

static void expect_read_error(const char *path, const VideoInfo *raw, const char *expected)
{
    char msg[VIDEO_INPUT_ERROR_SIZE];
    const int ret = read_until_error(path, raw, msg, sizeof(msg));
    CHECK(ret < 0);
    if (!strstr(msg, expected)) {
        fprintf(stderr, "  error \"%s\", expected \"%s\"\n", msg, expected);
        test_failures++;
    }
}

/* Writes a valid file, then cuts it to size bytes. */
static const char *truncated_copy(const char *path, const char *name, long size)
{
    FILE *f = fopen(path, "rb");
    char *buf = malloc(size);
    CHECK_EQ_INT(fread(buf, 1, size, f), size);
    fclose(f);
    const char *out = write_bytes(name, buf, size);
    free(buf);
    return out;
}

static void test_truncated_y4m(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV420P, 10, 4, 2);
    const char *header = "YUV4MPEG2 W4 H2 F25:1 C420p10\n";
    char path[128];
    snprintf(path, sizeof(path), "%s", write_y4m("full.y4m", header, &l, 2));
    const long frame_bytes = (4 * 2 + 2 * 2 * 1) * 2; /* 24 */
    const long first = (long)strlen(header) + 6 + frame_bytes;
    /* Second frame header is "FRAME Ixx XYZ=1\n" (16 bytes). */
    const char *cut = truncated_copy(path, "cut.y4m", first + 16 + 10);
    expect_read_error(cut, NULL, "cut.y4m: frame 1 is truncated (got 10 of 24 bytes)");

    cut = truncated_copy(path, "cut_header.y4m", first + 3);
    expect_read_error(cut, NULL, "cut_header.y4m: frame 1 is truncated (incomplete FRAME header)");

    cut = truncated_copy(path, "cut_params.y4m", first + 9);
    expect_read_error(cut, NULL, "frame 1 is truncated (incomplete FRAME header)");

    /* A 444alpha frame without its alpha plane is truncated too. */
    l = layout_of(VMAF_PIX_FMT_YUV444P, 8, 2, 2);
    char buf[256];
    const int hl = snprintf(buf, sizeof(buf), "YUV4MPEG2 W2 H2 C444alpha\nFRAME\n");
    memset(buf + hl, 1, 12 + 2);
    expect_read_error(write_bytes("alpha.y4m", buf, hl + 14), NULL,
                      "frame 0 is truncated (got 14 of 16 bytes)");
}

static void test_bad_frame_header(void)
{
    static const char wrong_size[] = "YUV4MPEG2 W2 H2 C444\nFRAME\n0123456789ab!FRAME\n";
    expect_read_error(write_bytes("wrong_size.y4m", wrong_size, sizeof(wrong_size) - 1), NULL,
                      "frame 1: expected a FRAME header, found \"!FRAM\"");
    static const char glued[] = "YUV4MPEG2 W2 H2 C444\nFRAMEX\n";
    expect_read_error(write_bytes("glued.y4m", glued, sizeof(glued) - 1), NULL,
                      "frame 0: bad FRAME header \"FRAMEX\"");
}

static void test_raw_yuv(void)
{
    static const struct {
        enum VmafPixelFormat pix_fmt;
        unsigned bpc;
    } cases[] = {
        {VMAF_PIX_FMT_YUV420P, 8},  {VMAF_PIX_FMT_YUV420P, 10}, {VMAF_PIX_FMT_YUV422P, 12},
        {VMAF_PIX_FMT_YUV444P, 16}, {VMAF_PIX_FMT_YUV400P, 8},  {VMAF_PIX_FMT_YUV422P, 9},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
        /* Odd sizes: raw chroma planes are rounded down, as in VmafPicture. */
        Layout l = layout_of(cases[i].pix_fmt, cases[i].bpc, 7, 5);
        const char *path = temp_path("raw.yuv");
        FILE *f = fopen(path, "wb");
        for (unsigned frame = 0; frame < 3; frame++)
            write_planes(f, &l, frame, false);
        fclose(f);
        VideoInfo raw = {.w = 7, .h = 5, .bpc = cases[i].bpc, .pix_fmt = cases[i].pix_fmt};
        check_reads(path, &raw, cases[i].pix_fmt, &l, 3, cases[i].bpc);
    }
}

static void test_raw_truncated_and_empty(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV420P, 8, 4, 4);
    char path[128];
    snprintf(path, sizeof(path), "%s", temp_path("raw2.yuv"));
    FILE *f = fopen(path, "wb");
    write_planes(f, &l, 0, false);
    write_planes(f, &l, 1, false);
    fclose(f);
    VideoInfo raw = {.w = 4, .h = 4, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P};
    const char *cut = truncated_copy(path, "raw_cut.yuv", 24 + 17);
    expect_read_error(cut, &raw, "raw_cut.yuv: frame 1 is truncated (got 17 of 24 bytes)");
    /* A partial frame shorter than the Y4M signature probe. */
    cut = truncated_copy(path, "raw_tiny.yuv", 3);
    expect_read_error(cut, &raw, "raw_tiny.yuv: frame 0 is truncated (got 3 of 24 bytes)");

    const char *empty = write_bytes("empty.yuv", "", 0);
    check_reads(empty, &raw, VMAF_PIX_FMT_YUV420P, &l, 0, 8);
}

static void test_raw_bad_parameters(void)
{
    const char *path = write_bytes("params.yuv", "0123456789abcdef", 16);
    VideoInput in;
    VideoInfo raw = {.w = 4, .h = 4, .bpc = 17, .pix_fmt = VMAF_PIX_FMT_YUV420P};
    CHECK_EQ_INT(video_input_open(&in, path, &raw), -EINVAL);
    CHECK(strstr(in.error, "bit depth 17") != NULL);
    raw.bpc = 8;
    raw.pix_fmt = VMAF_PIX_FMT_UNKNOWN;
    CHECK_EQ_INT(video_input_open(&in, path, &raw), -EINVAL);
    CHECK(strstr(in.error, "unknown pixel format") != NULL);
    raw.pix_fmt = VMAF_PIX_FMT_YUV420P;
    raw.w = 0;
    CHECK_EQ_INT(video_input_open(&in, path, &raw), -EINVAL);
    CHECK(strstr(in.error, "out of range") != NULL);
}

static void test_y4m_detected_despite_raw_options(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV422P, 10, 6, 2);
    const char *path = write_y4m("raw_opts.y4m", "YUV4MPEG2 W6 H2 F25:1 C422p10\n", &l, 2);
    VideoInfo raw = {.w = 6, .h = 2, .bpc = 10, .pix_fmt = VMAF_PIX_FMT_YUV422P};
    check_reads(path, &raw, VMAF_PIX_FMT_YUV422P, &l, 2, 10);

    raw.bpc = 8;
    VideoInput in;
    CHECK_EQ_INT(video_input_open(&in, path, &raw), -EINVAL);
    CHECK(strstr(in.error, "contradicts -w/-h/-p/-b") != NULL);
}

static void test_picture_mismatch(void)
{
    Layout l = layout_of(VMAF_PIX_FMT_YUV420P, 10, 4, 2);
    const char *path = write_y4m("mismatch.y4m", "YUV4MPEG2 W4 H2 C420p10\n", &l, 1);
    VideoInput in;
    CHECK_EQ_INT(video_input_open(&in, path, NULL), 0);
    VmafPicture pic;
    vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 4, 2);
    CHECK_EQ_INT(video_input_read(&in, &pic), -EINVAL);
    vmaf_picture_unref(&pic);
    vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV444P, 10, 4, 2);
    CHECK_EQ_INT(video_input_read(&in, &pic), -EINVAL);
    vmaf_picture_unref(&pic);
    vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 10, 4, 2);
    CHECK_EQ_INT(video_input_read(&in, &pic), 1);
    vmaf_picture_unref(&pic);
    video_input_close(&in);
}

static void remove_temp_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", temp_dir);
    if (system(cmd))
        fprintf(stderr, "could not remove %s\n", temp_dir);
}

int main(void)
{
    snprintf(temp_dir, sizeof(temp_dir), "/tmp/test_y4m.XXXXXX");
    if (!mkdtemp(temp_dir)) {
        perror("mkdtemp");
        return 1;
    }
    static const struct test_case cases[] = {
        {"every_y4m_format", test_every_y4m_format},
        {"y4m_upshift_to_common_depth", test_y4m_upshift_to_common_depth},
        {"bad_y4m_headers", test_bad_y4m_headers},
        {"missing_file", test_missing_file},
        {"unknown_tags_and_defaults", test_unknown_tags_and_defaults},
        {"truncated_y4m", test_truncated_y4m},
        {"bad_frame_header", test_bad_frame_header},
        {"raw_yuv", test_raw_yuv},
        {"raw_truncated_and_empty", test_raw_truncated_and_empty},
        {"raw_bad_parameters", test_raw_bad_parameters},
        {"y4m_detected_despite_raw_options", test_y4m_detected_despite_raw_options},
        {"picture_mismatch", test_picture_mismatch},
        {NULL, NULL},
    };
    const int ret = run_tests("y4m", cases);
    remove_temp_dir();
    return ret;
}
