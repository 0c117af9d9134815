/* SSIMULACRA 2 on RGB pictures this test makes, against libjxl's
 * ssimulacra2 tool (the metric's definition) run on the same pictures as
 * PNG: every score equal to the 8 decimals the tool prints. The YUV cases
 * are converted to RGB by ssimulacra2_rgb.h (zimg's conversion) first, and the tool
 * scores those RGB pictures.
 *
 * The expected scores were recorded by tests/golden/record_ssimulacra2.py:
 * `test_ssimulacra2 --dump DIR` writes each case's RGB pair as 8- or 16-bit
 * PPM, the script makes PNGs of them and runs the tool (built outside this
 * repository; docs/ssimulacra2.md says how). */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature/ssimulacra2/ssimulacra2_frame.h"
#include "feature/ssimulacra2/ssimulacra2_rgb.h"
#include "libvmaf/picture.h"
#include "test.h"

/* Distortions of the reference. */
enum Kind { SAME, NOISE, BLUR, QUANT, SHIFT, BLOCKS };
static const char *const kind_names[] = {"same", "noise", "blur", "quant", "shift", "blocks"};

/* RGB, or YUV converted by ssimulacra2_rgb.h with colour. */
enum Layout { RGB, YUV420, YUV422, YUV444 };
static const char *const layout_names[] = {"rgb", "420", "422", "444"};

typedef struct Case {
    unsigned w, h, bits;
    enum Kind kind;
    uint32_t seed;
    enum Layout layout;
    Ssimu2Colour colour;
    const char *expected; /* libjxl's tool's output */
} Case;

#define BT709                                                                                      \
    {                                                                                              \
        SSIMU2_MATRIX_BT709, 0, SSIMU2_CHROMA_LEFT                                                 \
    }
static const Case cases[] = {
    {8, 8, 8, NOISE, 1, RGB, BT709, "90.71181833"},
    {9, 13, 8, BLUR, 2, RGB, BT709, "89.79060150"},
    {17, 8, 16, QUANT, 3, RGB, BT709, "99.45369960"},
    {64, 48, 8, SHIFT, 4, RGB, BT709, "-64.30064845"},
    {64, 48, 8, SAME, 5, RGB, BT709, "100.00000000"},
    {250, 141, 8, NOISE, 6, RGB, BT709, "63.48722236"},
    {250, 141, 16, BLUR, 7, RGB, BT709, "41.73508448"},
    {161, 97, 8, BLOCKS, 8, RGB, BT709, "14.75624749"},
    {320, 240, 8, QUANT, 9, RGB, BT709, "87.39890973"},
    {320, 240, 16, NOISE, 10, RGB, BT709, "60.89122098"},
    {33, 130, 16, BLOCKS, 11, RGB, BT709, "-55.10691396"},
    {511, 37, 8, BLUR, 12, RGB, BT709, "-39.34822814"},
    {320, 180, 8, NOISE, 13, YUV420, BT709, "55.01393324"},
    {320,
     180,
     10,
     BLUR,
     14,
     YUV420,
     {SSIMU2_MATRIX_BT2020_NCL, 1, SSIMU2_CHROMA_CENTER},
     "26.70778187"},
    {176,
     144,
     12,
     QUANT,
     15,
     YUV420,
     {SSIMU2_MATRIX_BT601, 0, SSIMU2_CHROMA_TOP_LEFT},
     "91.65691390"},
    {96, 64, 8, BLOCKS, 16, YUV422, {SSIMU2_MATRIX_BT601, 1, SSIMU2_CHROMA_LEFT}, "12.95309146"},
    {37, 29, 16, SHIFT, 17, YUV444, BT709, "-63.66045950"},
    {8, 8, 10, NOISE, 18, YUV444, {SSIMU2_MATRIX_BT2020_NCL, 0, SSIMU2_CHROMA_LEFT}, "86.60539019"},
    {200, 112, 16, NOISE, 19, YUV420, BT709, "40.82380065"},
};

static unsigned clamp_sample(int v, unsigned lo, unsigned hi)
{
    return v < (int)lo ? lo : v > (int)hi ? hi : (unsigned)v;
}

/* A w x h plane. */
typedef struct Plane {
    uint16_t *p;
    unsigned w, h;
} Plane;

static unsigned at(const Plane *pl, int x, int y)
{
    x = x < 0 ? 0 : x >= (int)pl->w ? (int)pl->w - 1 : x;
    y = y < 0 ? 0 : y >= (int)pl->h ? (int)pl->h - 1 : y;
    return pl->p[y * pl->w + x];
}

/* A reference plane in lo..hi with smooth ramps, hard edges and fine
 * texture; integers only, so the samples are the same on every host. */
static void make_reference(Plane *pl, unsigned c, unsigned lo, unsigned hi, uint32_t *state)
{
    const unsigned range = hi - lo;
    for (unsigned y = 0; y < pl->h; y++) {
        for (unsigned x = 0; x < pl->w; x++) {
            const unsigned span = 5 * pl->w + 3 * pl->h + 120;
            int v = (int)lo + (int)((uint64_t)(5 * x + 3 * y + 40 * c) * range / span);
            if ((x / 8 + y / 6 + c) % 3 == 0)
                v += (int)(range / 5);
            v += (int)(test_next_random(state) % (range / 16 + 1)) - (int)(range / 32);
            pl->p[y * pl->w + x] = (uint16_t)clamp_sample(v, lo, hi);
        }
    }
}

static void make_distorted(const Case *t, const Plane *ref, Plane *dis, unsigned lo, unsigned hi,
                           uint32_t *state)
{
    const unsigned range = hi - lo;
    for (int y = 0; y < (int)ref->h; y++) {
        for (int x = 0; x < (int)ref->w; x++) {
            int v = (int)at(ref, x, y);
            switch (t->kind) {
            case SAME:
                break;
            case NOISE:
                v += (int)(test_next_random(state) % (range / 8 + 1)) - (int)(range / 16);
                break;
            case BLUR:
                v = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        v += (int)at(ref, x + dx, y + dy);
                v /= 9;
                break;
            case QUANT:
                v = v >> (t->bits / 2 - 1) << (t->bits / 2 - 1);
                break;
            case SHIFT:
                v = (int)at(ref, x - 1, y + 1);
                break;
            case BLOCKS:
                v = 0;
                for (int dy = 0; dy < 4; dy++)
                    for (int dx = 0; dx < 4; dx++)
                        v += (int)at(ref, x / 4 * 4 + dx, y / 4 * 4 + dy);
                v /= 16;
                break;
            }
            dis->p[y * dis->w + x] = (uint16_t)clamp_sample(v, lo, hi);
        }
    }
}

/* The pair's three planes each, full-size for RGB and 4:4:4; the sample
 * range is the video range for limited YUV. */
static void make_pair(const Case *t, Plane ref[3], Plane dis[3])
{
    const unsigned max = (1u << t->bits) - 1, shift = t->bits - 8;
    const bool limited = t->layout != RGB && !t->colour.full_range;
    uint32_t state = t->seed, noise = t->seed * 7919u;
    for (unsigned c = 0; c < 3; c++) {
        const bool chroma = c && t->layout != RGB;
        const unsigned w = chroma && t->layout != YUV444 ? t->w / 2 : t->w;
        const unsigned h = chroma && t->layout == YUV420 ? t->h / 2 : t->h;
        const unsigned lo = limited ? 16u << shift : 0;
        const unsigned hi = limited ? (chroma ? 240u : 235u) << shift : max;
        ref[c] = (Plane){malloc(sizeof(uint16_t) * w * h), w, h};
        dis[c] = (Plane){malloc(sizeof(uint16_t) * w * h), w, h};
        make_reference(&ref[c], c, lo, hi, &state);
        make_distorted(t, &ref[c], &dis[c], lo, hi, &noise);
    }
}

static int picture_of(const Case *t, const Plane pl[3], VmafPicture *pic)
{
    static const enum VmafPixelFormat formats[] = {
        [YUV420] = VMAF_PIX_FMT_YUV420P,
        [YUV422] = VMAF_PIX_FMT_YUV422P,
        [YUV444] = VMAF_PIX_FMT_YUV444P,
    };
    const int err = vmaf_picture_alloc(pic, formats[t->layout], t->bits, t->w, t->h);
    for (unsigned c = 0; !err && c < 3; c++) {
        for (unsigned y = 0; y < pl[c].h; y++) {
            uint8_t *row = (uint8_t *)pic->data[c] + y * pic->stride[c];
            for (unsigned x = 0; x < pl[c].w; x++) {
                if (t->bits == 8)
                    row[x] = (uint8_t)pl[c].p[y * pl[c].w + x];
                else
                    ((uint16_t *)row)[x] = pl[c].p[y * pl[c].w + x];
            }
        }
    }
    return err;
}

/* RGB planes as samples: made uint8_t in place for 8-bit cases. */
static Ssimu2Samples samples_of(const Case *t, Plane p[3])
{
    Ssimu2Samples s = {.w = t->w, .h = t->h, .bits = t->bits};
    for (unsigned c = 0; c < 3; c++) {
        if (t->bits == 8) {
            uint8_t *bytes = (uint8_t *)p[c].p;
            for (size_t i = 0; i < (size_t)t->w * t->h; i++)
                bytes[i] = (uint8_t)p[c].p[i];
        }
        s.stride[c] = (ptrdiff_t)(t->w * (t->bits == 8 ? 1 : 2));
        s.data[c] = p[c].p;
    }
    return s;
}

static void case_name(const Case *t, char *name, size_t size)
{
    snprintf(name, size, "%ux%u_%s_%u_%s_%u", t->w, t->h, layout_names[t->layout], t->bits,
             kind_names[t->kind], (unsigned)t->seed);
}

static unsigned sample(const Ssimu2Samples *s, unsigned c, unsigned x, unsigned y)
{
    const uint8_t *row = (const uint8_t *)s->data[c] + y * s->stride[c];
    return s->bits == 8 ? row[x] : ((const uint16_t *)row)[x];
}

/* A binary PPM of RGB samples. */
static int write_ppm(const char *path, const Ssimu2Samples *s)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -errno;
    fprintf(f, "P6\n%u %u\n%u\n", s->w, s->h, (1u << s->bits) - 1);
    for (unsigned y = 0; y < s->h; y++) {
        for (unsigned x = 0; x < s->w; x++) {
            for (unsigned c = 0; c < 3; c++) {
                const unsigned v = sample(s, c, x, y);
                if (s->bits > 8)
                    fputc(v >> 8, f);
                fputc(v & 0xff, f);
            }
        }
    }
    return fclose(f) ? -errno : 0;
}

/* A YUV case's picture as one-frame Y4M, its range and (4:2:0) siting in
 * the tags FFmpeg writes for them; the matrix has no tag. */
static int write_y4m(const char *path, const Case *t, const VmafPicture *pic)
{
    static const char *const layouts[] = {[YUV420] = "420", [YUV422] = "422", [YUV444] = "444"};
    const char *siting = "";
    if (t->layout == YUV420 && t->bits == 8)
        siting = t->colour.siting == SSIMU2_CHROMA_LEFT       ? "mpeg2"
                 : t->colour.siting == SSIMU2_CHROMA_TOP_LEFT ? "paldv"
                                                              : "jpeg";
    char depth[16] = "";
    if (t->bits > 8)
        snprintf(depth, sizeof(depth), "p%u", t->bits);
    FILE *f = fopen(path, "wb");
    if (!f)
        return -errno;
    fprintf(f, "YUV4MPEG2 W%u H%u F25:1 Ip A1:1 C%s%s%s XCOLORRANGE=%s\nFRAME\n", t->w, t->h,
            layouts[t->layout], siting, depth, t->colour.full_range ? "FULL" : "LIMITED");
    const size_t bytes = t->bits > 8 ? 2 : 1;
    for (unsigned c = 0; c < 3; c++)
        for (unsigned y = 0; y < pic->h[c]; y++)
            fwrite((const uint8_t *)pic->data[c] + y * pic->stride[c], bytes, pic->w[c], f);
    return fclose(f) ? -errno : 0;
}

/* The case's colour as the extractor's option values. */
static void print_case(const Case *t, const char *name)
{
    if (t->layout == RGB)
        printf("%s %s rgb full -\n", name, t->expected);
    else
        printf("%s %s %s %s %s\n", name, t->expected, ssimu2_matrix_names[t->colour.matrix],
               t->colour.full_range ? "full" : "limited", ssimu2_siting_names[t->colour.siting]);
}

/* The case's RGB pair: its own planes, or its YUV pictures converted. */
typedef struct RgbPair {
    Plane ref[3], dis[3];
    VmafPicture pic[2];
    Ssimu2Rgb *convert[2];
    Ssimu2Samples rgb[2];
} RgbPair;

static int make_rgb_pair(const Case *t, RgbPair *pair)
{
    memset(pair, 0, sizeof(*pair));
    make_pair(t, pair->ref, pair->dis);
    if (t->layout == RGB) {
        pair->rgb[0] = samples_of(t, pair->ref);
        pair->rgb[1] = samples_of(t, pair->dis);
        return 0;
    }
    int err = 0;
    for (unsigned i = 0; !err && i < 2; i++) {
        err = picture_of(t, i ? pair->dis : pair->ref, &pair->pic[i]);
        if (!err)
            err = ssimu2_rgb_open(&pair->convert[i], &t->colour, pair->pic[i].pix_fmt, t->bits,
                                  t->w, t->h, 0);
        if (!err)
            err = ssimu2_rgb_convert(pair->convert[i], &pair->pic[i], &pair->rgb[i]);
    }
    return err;
}

static void free_rgb_pair(RgbPair *pair)
{
    for (unsigned i = 0; i < 2; i++) {
        ssimu2_rgb_close(pair->convert[i]);
        if (pair->pic[i].ref)
            vmaf_picture_unref(&pair->pic[i]);
    }
    for (unsigned c = 0; c < 3; c++) {
        free(pair->ref[c].p);
        free(pair->dis[c].p);
    }
}

/* Runs case t; with dir, writes its RGB pair there as PPM (and a YUV
 * case's pictures as Y4M) instead of checking, and prints its name,
 * expected score, matrix, range and chroma siting. */
static void run_case(const Case *t, const char *dir)
{
    RgbPair pair;
    char name[128], path[512];
    case_name(t, name, sizeof(name));
    int err = make_rgb_pair(t, &pair);
    CHECK_EQ_INT(err, 0);
    if (err) {
        free_rgb_pair(&pair);
        return;
    }
    if (dir) {
        snprintf(path, sizeof(path), "%s/%s_ref.ppm", dir, name);
        CHECK_EQ_INT(write_ppm(path, &pair.rgb[0]), 0);
        snprintf(path, sizeof(path), "%s/%s_dis.ppm", dir, name);
        CHECK_EQ_INT(write_ppm(path, &pair.rgb[1]), 0);
        for (unsigned i = 0; t->layout != RGB && i < 2; i++) {
            snprintf(path, sizeof(path), "%s/%s_%s.y4m", dir, name, i ? "dis" : "ref");
            CHECK_EQ_INT(write_y4m(path, t, &pair.pic[i]), 0);
        }
        print_case(t, name);
    } else {
        Ssimu2Frame f;
        CHECK_EQ_INT(ssimu2_frame_open(&f, t->w, t->h, 0), 0);
        char got[64];
        snprintf(got, sizeof(got), "%.8f", ssimu2_frame_score(&f, &pair.rgb[0], &pair.rgb[1]));
        if (strcmp(got, t->expected)) {
            fprintf(stderr, "%s: %s, libjxl's tool %s\n", name, got, t->expected);
            test_failures++;
        }
        ssimu2_frame_close(&f);
    }
    free_rgb_pair(&pair);
}

static void test_libjxl_scores(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_case(&cases[i], NULL);
}

static void test_too_small(void)
{
    Ssimu2Frame f;
    CHECK_EQ_INT(ssimu2_frame_open(&f, 7, 64, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_frame_open(&f, 64, 7, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_frame_open(&f, 8, 8, 0), 0);
    ssimu2_frame_close(&f);
}

static void test_conversion_refusals(void)
{
    const Ssimu2Colour colour = BT709;
    Ssimu2Rgb *c = NULL;
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV444P, 8, 64, 64, 0), 0);
    ssimu2_rgb_close(c);
    c = NULL;
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV400P, 8, 64, 64, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV420P, 8, 63, 64, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV420P, 8, 64, 63, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV422P, 10, 63, 63, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV444P, 17, 64, 64, 0), -EINVAL);
    const Ssimu2Colour rgb = {SSIMU2_MATRIX_RGB, 1, SSIMU2_CHROMA_LEFT};
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &rgb, VMAF_PIX_FMT_YUV444P, 8, 64, 64, 0), -EINVAL);
    CHECK(c == NULL);
    CHECK_EQ_INT(ssimu2_rgb_open(&c, &colour, VMAF_PIX_FMT_YUV422P, 10, 64, 63, 0), 0);
    ssimu2_rgb_close(c);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--dump")) {
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
            run_case(&cases[i], argv[2]);
        return test_failures != 0;
    }
    static const struct test_case tests[] = {
        {"libjxl_scores", test_libjxl_scores},
        {"too_small", test_too_small},
        {"conversion_refusals", test_conversion_refusals},
        {NULL, NULL},
    };
    return run_tests("ssimulacra2", tests);
}
