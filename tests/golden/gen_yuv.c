/*
 * gen_yuv: writes a deterministic reference/distorted pair of raw YUV (or Y4M)
 * videos for the golden tests.
 *
 * Everything is computed with integer arithmetic from (size, format, depth,
 * frame count, seed, kind) only, so the bytes are identical on every machine
 * and compiler. Content is built at a 16-bit working precision and scaled to
 * the requested depth at the end; the distorted video is derived from the
 * reference at the same precision.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORK_MAX 65535

enum kind {
    KIND_BLUR,
    KIND_QUANT,
    KIND_NOISE,
    KIND_SHIFT,
    KIND_SHARPEN,
    KIND_MIX,
    KIND_SAME,
    KIND_STILL,
    KIND_EXTREME,
    KIND_COUNT,
};

static const char *const kind_names[KIND_COUNT] = {
    "blur", "quant", "noise", "shift", "sharpen", "mix", "same", "still", "extreme",
};

struct params {
    unsigned w, h;
    unsigned ss_x, ss_y; /* chroma subsampling shifts */
    unsigned pixfmt;     /* 420, 422 or 444 */
    unsigned bpc;
    unsigned frames;
    uint32_t seed;
    enum kind kind;
    int y4m;
};

/* One plane at working precision (0..WORK_MAX). */
struct plane {
    unsigned w, h;
    int32_t *px;
};

struct frame {
    struct plane p[3];
};

static uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static uint32_t hash4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return mix32(mix32(mix32(mix32(a) ^ b) + c) ^ d);
}

/* Signed noise in [-amp, amp]. */
static int32_t noise(uint32_t h, int32_t amp)
{
    if (amp <= 0)
        return 0;
    return (int32_t)(h % (uint32_t)(2 * amp + 1)) - amp;
}

static int32_t clamp_work(int64_t v)
{
    return v < 0 ? 0 : v > WORK_MAX ? WORK_MAX : (int32_t)v;
}

static int32_t clamp_idx(int32_t i, int32_t n)
{
    return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* Triangle wave of period 2*half over [0, WORK_MAX]; u may be negative. */
static int32_t triangle(int64_t u, int32_t half)
{
    int64_t m = u % (2 * half);
    if (m < 0)
        m += 2 * half;
    if (m >= half)
        m = 2 * half - m;
    return (int32_t)(m * WORK_MAX / half);
}

/*
 * Camera pan: cumulative offsets from a seeded table of speeds that includes
 * zero, so some frame pairs are exactly static (motion 0) and others jump.
 */
static void pan_offset(const struct params *pr, unsigned t, int32_t *ox, int32_t *oy)
{
    static const int8_t speed_x[8] = {3, 0, 5, 2, -4, 7, 0, 1};
    static const int8_t speed_y[8] = {1, 0, -2, 0, 3, 1, 0, -1};
    *ox = 0;
    *oy = 0;
    for (unsigned i = 1; i <= t; i++) {
        unsigned k = (i + pr->seed) % 8;
        *ox += speed_x[k];
        *oy += speed_y[k];
    }
}

/* Smooth value noise: seeded lattice every 16 samples, bilinear in between. */
static int32_t value_noise(uint32_t seed, int32_t x, int32_t y)
{
    const int32_t cell = 16;
    int32_t cx = x >= 0 ? x / cell : (x - cell + 1) / cell;
    int32_t cy = y >= 0 ? y / cell : (y - cell + 1) / cell;
    int32_t fx = x - cx * cell, fy = y - cy * cell;
    int32_t v00 = (int32_t)(hash4(seed, (uint32_t)cx, (uint32_t)cy, 7) & 0xffff);
    int32_t v10 = (int32_t)(hash4(seed, (uint32_t)cx + 1, (uint32_t)cy, 7) & 0xffff);
    int32_t v01 = (int32_t)(hash4(seed, (uint32_t)cx, (uint32_t)cy + 1, 7) & 0xffff);
    int32_t v11 = (int32_t)(hash4(seed, (uint32_t)cx + 1, (uint32_t)cy + 1, 7) & 0xffff);
    int64_t top = (int64_t)v00 * (cell - fx) + (int64_t)v10 * fx;
    int64_t bot = (int64_t)v01 * (cell - fx) + (int64_t)v11 * fx;
    return (int32_t)((top * (cell - fy) + bot * fy) / (cell * cell));
}

/*
 * Luma at picture position (x, y) of frame t. Layers: a diagonal ramp, a
 * textured region, a checkerboard, a moving disc and bar with hard edges, and
 * temporal grain whose strength grows from the top band to the bottom one.
 */
static int32_t luma_sample(const struct params *pr, unsigned t, int32_t x, int32_t y, int32_t ox,
                           int32_t oy)
{
    const int32_t w = (int32_t)pr->w, h = (int32_t)pr->h;
    const int32_t sx = x + ox, sy = y + oy; /* scene coordinates */
    int64_t v = triangle((int64_t)sx * 3 + (int64_t)sy * 2, 3 * w / 2 + 17) / 2 + 12000;

    if (sx % 256 < 128 || sy % 97 < 40) {
        int32_t tex = value_noise(pr->seed, sx, sy) - 32768;
        int32_t fine = (int32_t)(hash4(pr->seed, (uint32_t)sx, (uint32_t)sy, 11) & 0x1fff) - 4096;
        v += tex / 3 + fine;
    }
    if (x > w / 2 && y > h / 2) {
        int32_t sq = 4 + (int32_t)(pr->seed % 5);
        v += (((sx / sq) + (sy / sq)) & 1) ? 9000 : -9000;
    }
    int32_t dx = x - (w / 3 + (int32_t)t * 4 % (w / 2 + 1));
    int32_t dy = y - h / 3;
    int32_t r = h / 5 + 1;
    if (dx * dx + dy * dy < r * r)
        v = 52000 - (dx * 40);
    if (x > w / 8 && x < w / 8 + w / 16 + 2 && (y + (int32_t)t * 3) % h < h / 2)
        v = 6000;

    int32_t band = y * 4 / (h > 0 ? h : 1);
    static const int32_t grain_amp[4] = {0, 192, 900, 3200};
    v += noise(hash4(pr->seed ^ 0x5151u, (uint32_t)x, (uint32_t)y, t), grain_amp[band & 3]);
    return clamp_work(v);
}

/* Chroma plane c (1 or 2) at chroma position (x, y). */
static int32_t chroma_sample(const struct params *pr, unsigned c, unsigned t, int32_t x, int32_t y,
                             int32_t ox, int32_t oy)
{
    const int32_t lx = x << pr->ss_x, ly = y << pr->ss_y; /* luma-grid position */
    const int32_t sx = lx + ox, sy = ly + oy;
    int64_t v = 32768;
    if (c == 1)
        v += triangle((int64_t)sx * 5 - (int64_t)sy, (int32_t)pr->w + 33) / 3 - 10922;
    else
        v += triangle((int64_t)sy * 4 + (int64_t)sx, (int32_t)pr->h + 51) / 3 - 10922;
    v += (value_noise(pr->seed + c, sx / 2, sy / 2) - 32768) / 4;
    if ((sx / 24 + sy / 24) % 3 == 0)
        v += c == 1 ? 7000 : -5000;
    v += noise(hash4(pr->seed ^ (0x7000u + c), (uint32_t)x, (uint32_t)y, t), 300);
    return clamp_work(v);
}

/* The extreme kind's reference: black and full-scale samples in stripes one
 * sample wide (columns, rows, then a checkerboard, frame by frame), which
 * drive every wavelet band to its largest magnitude. */
static int32_t extreme_sample(unsigned t, unsigned x, unsigned y)
{
    const unsigned on = t % 3 == 0 ? x : t % 3 == 1 ? y : x + y;
    return on & 1 ? WORK_MAX : 0;
}

static void render_reference(const struct params *pr, unsigned t, struct frame *f)
{
    if (pr->kind == KIND_EXTREME) {
        for (unsigned c = 0; c < 3; c++)
            for (unsigned y = 0; y < f->p[c].h; y++)
                for (unsigned x = 0; x < f->p[c].w; x++)
                    f->p[c].px[y * f->p[c].w + x] = extreme_sample(t, x, y);
        return;
    }
    /* A still scene is frame 0 repeated, except for one toggling sample. */
    const unsigned tc = pr->kind == KIND_STILL ? 0 : t;
    int32_t ox, oy;
    pan_offset(pr, tc, &ox, &oy);
    struct plane *luma = &f->p[0];
    for (unsigned y = 0; y < luma->h; y++)
        for (unsigned x = 0; x < luma->w; x++)
            luma->px[y * luma->w + x] = luma_sample(pr, tc, (int32_t)x, (int32_t)y, ox, oy);
    if (pr->kind == KIND_STILL) {
        /* One code value up and down: a tiny but non-zero motion score. */
        unsigned step = WORK_MAX / ((1u << pr->bpc) - 1);
        luma->px[(luma->h / 2) * luma->w + luma->w / 2] = (int32_t)(30000 + (t & 1) * step);
    }
    for (unsigned c = 1; c < 3; c++) {
        struct plane *pl = &f->p[c];
        for (unsigned y = 0; y < pl->h; y++)
            for (unsigned x = 0; x < pl->w; x++)
                pl->px[y * pl->w + x] = chroma_sample(pr, c, tc, (int32_t)x, (int32_t)y, ox, oy);
    }
}

/* Separable [1 4 6 4 1]/16 blur with clamped edges, `passes` times. */
static int blur_plane(struct plane *pl, unsigned passes)
{
    static const int32_t tap[5] = {1, 4, 6, 4, 1};
    const int32_t w = (int32_t)pl->w, h = (int32_t)pl->h;
    int32_t *tmp = malloc(sizeof(*tmp) * (size_t)w * (size_t)h);
    if (!tmp)
        return -ENOMEM;
    for (unsigned p = 0; p < passes; p++) {
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++) {
                int32_t acc = 8;
                for (int32_t k = -2; k <= 2; k++)
                    acc += tap[k + 2] * pl->px[clamp_idx(y + k, h) * w + x];
                tmp[y * w + x] = acc / 16;
            }
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++) {
                int32_t acc = 8;
                for (int32_t k = -2; k <= 2; k++)
                    acc += tap[k + 2] * tmp[y * w + clamp_idx(x + k, w)];
                pl->px[y * w + x] = acc / 16;
            }
    }
    free(tmp);
    return 0;
}

/* Compression-like loss: 8x8 blocks pulled towards their mean, then banded. */
static void quantise_plane(struct plane *pl, int32_t keep16, int32_t step)
{
    const unsigned bs = 8;
    for (unsigned by = 0; by < pl->h; by += bs)
        for (unsigned bx = 0; bx < pl->w; bx += bs) {
            unsigned ex = bx + bs < pl->w ? bx + bs : pl->w;
            unsigned ey = by + bs < pl->h ? by + bs : pl->h;
            int64_t sum = 0;
            for (unsigned y = by; y < ey; y++)
                for (unsigned x = bx; x < ex; x++)
                    sum += pl->px[y * pl->w + x];
            int32_t mean = (int32_t)(sum / ((ex - bx) * (ey - by)));
            for (unsigned y = by; y < ey; y++)
                for (unsigned x = bx; x < ex; x++) {
                    int32_t *p = &pl->px[y * pl->w + x];
                    int32_t v = mean + (*p - mean) * keep16 / 16;
                    *p = clamp_work((int64_t)(v + step / 2) / step * step);
                }
        }
}

static void add_noise_plane(struct plane *pl, uint32_t seed, unsigned t, int32_t amp)
{
    for (unsigned y = 0; y < pl->h; y++)
        for (unsigned x = 0; x < pl->w; x++) {
            int32_t *p = &pl->px[y * pl->w + x];
            *p = clamp_work((int64_t)*p + noise(hash4(seed, x, y, t), amp));
        }
}

static int shift_plane(struct plane *pl, int32_t dx, int32_t dy, int32_t gain16, int32_t offset)
{
    const int32_t w = (int32_t)pl->w, h = (int32_t)pl->h;
    int32_t *src = malloc(sizeof(*src) * (size_t)w * (size_t)h);
    if (!src)
        return -ENOMEM;
    memcpy(src, pl->px, sizeof(*src) * (size_t)w * (size_t)h);
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            int32_t v = src[clamp_idx(y - dy, h) * w + clamp_idx(x - dx, w)];
            pl->px[y * w + x] = clamp_work((int64_t)v * gain16 / 16 + offset);
        }
    free(src);
    return 0;
}

/* Unsharp mask with contrast gain: an "enhancement" that pushes VIF/ADM gains above 1. */
static int sharpen_plane(struct plane *pl, int32_t amount16)
{
    const size_t n = (size_t)pl->w * pl->h;
    struct plane soft = {pl->w, pl->h, malloc(sizeof(int32_t) * n)};
    if (!soft.px)
        return -ENOMEM;
    memcpy(soft.px, pl->px, sizeof(int32_t) * n);
    int err = blur_plane(&soft, 1);
    for (size_t i = 0; !err && i < n; i++) {
        int64_t detail = pl->px[i] - soft.px[i];
        int64_t v = 32768 + (int64_t)(pl->px[i] - 32768) * 18 / 16 + detail * amount16 / 16;
        pl->px[i] = clamp_work(v);
    }
    free(soft.px);
    return err;
}

/* The distortion used for frame t: `mix` cycles through all of them. */
static enum kind distortion_of_frame(enum kind kind, unsigned t)
{
    static const enum kind cycle[6] = {KIND_BLUR, KIND_NOISE, KIND_QUANT,
                                       KIND_SAME, KIND_SHIFT, KIND_SHARPEN};
    if (kind == KIND_MIX)
        return cycle[t % 6];
    if (kind == KIND_STILL)
        return KIND_NOISE;
    return kind;
}

static int distort_plane(const struct params *pr, enum kind kind, unsigned c, unsigned t,
                         struct plane *pl)
{
    switch (kind) {
    case KIND_BLUR:
        return blur_plane(pl, 1 + (t + c) % 3);
    case KIND_QUANT:
        quantise_plane(pl, 4 + (int32_t)(t % 4) * 3, 256 << (t % 3));
        return 0;
    case KIND_NOISE:
        add_noise_plane(pl, pr->seed ^ (0xd15u + c), t, 1200 + (int32_t)(t % 5) * 1500);
        return 0;
    case KIND_SHIFT:
        return shift_plane(pl, c ? 1 : 1 + (int32_t)(t % 2), (int32_t)(t % 3) - 1, 15,
                           700 + (int32_t)t * 50);
    case KIND_SHARPEN:
        return sharpen_plane(pl, c ? 8 : 24 + (int32_t)(t % 3) * 8);
    case KIND_EXTREME:
        /* Uniform over the whole range, unrelated to the reference. */
        for (unsigned i = 0; i < pl->w * pl->h; i++)
            pl->px[i] = (int32_t)(hash4(pr->seed, c, t, i) & WORK_MAX);
        return 0;
    default:
        return 0;
    }
}

static int render_distorted(const struct params *pr, unsigned t, const struct frame *ref,
                            struct frame *dis)
{
    enum kind kind = distortion_of_frame(pr->kind, t);
    for (unsigned c = 0; c < 3; c++) {
        memcpy(dis->p[c].px, ref->p[c].px, sizeof(int32_t) * dis->p[c].w * dis->p[c].h);
        int err = distort_plane(pr, kind, c, t, &dis->p[c]);
        if (err)
            return err;
    }
    return 0;
}

static const char *y4m_colorspace(const struct params *pr)
{
    static char tag[16];
    const char *base = pr->pixfmt == 420 ? "420" : pr->pixfmt == 422 ? "422" : "444";
    if (pr->bpc == 8)
        snprintf(tag, sizeof(tag), "%s%s", base, pr->pixfmt == 420 ? "jpeg" : "");
    else
        snprintf(tag, sizeof(tag), "%sp%u", base, pr->bpc);
    return tag;
}

static int write_y4m_header(FILE *out, const struct params *pr)
{
    int n = fprintf(out, "YUV4MPEG2 W%u H%u F25:1 Ip A1:1 C%s\n", pr->w, pr->h, y4m_colorspace(pr));
    return n < 0 ? -EIO : 0;
}

static int write_frame(FILE *out, const struct params *pr, const struct frame *f, uint8_t *row)
{
    const unsigned shift = 16 - pr->bpc;
    const unsigned bytes = pr->bpc > 8 ? 2 : 1;
    if (pr->y4m && fputs("FRAME\n", out) < 0)
        return -EIO;
    for (unsigned c = 0; c < 3; c++) {
        const struct plane *pl = &f->p[c];
        for (unsigned y = 0; y < pl->h; y++) {
            for (unsigned x = 0; x < pl->w; x++) {
                uint32_t v = (uint32_t)pl->px[y * pl->w + x] >> shift;
                row[x * bytes] = (uint8_t)(v & 0xff);
                if (bytes == 2)
                    row[x * bytes + 1] = (uint8_t)(v >> 8);
            }
            if (fwrite(row, bytes, pl->w, out) != pl->w)
                return -EIO;
        }
    }
    return 0;
}

static void frame_free(struct frame *f)
{
    for (unsigned c = 0; c < 3; c++)
        free(f->p[c].px);
}

static int frame_alloc(struct frame *f, const struct params *pr)
{
    /* Raw chroma sizes are floored as libvmaf reads them; Y4M rounds up. */
    const unsigned round_x = pr->y4m ? pr->ss_x : 0, round_y = pr->y4m ? pr->ss_y : 0;
    memset(f, 0, sizeof(*f));
    for (unsigned c = 0; c < 3; c++) {
        f->p[c].w = c ? (pr->w + round_x) >> pr->ss_x : pr->w;
        f->p[c].h = c ? (pr->h + round_y) >> pr->ss_y : pr->h;
        f->p[c].px = calloc((size_t)f->p[c].w * f->p[c].h + 1, sizeof(int32_t));
        if (!f->p[c].px) {
            frame_free(f);
            return -ENOMEM;
        }
    }
    return 0;
}

static int generate(const struct params *pr, FILE *ref_out, FILE *dis_out)
{
    struct frame ref, dis;
    uint8_t *row = malloc((size_t)pr->w * 2);
    int err = row ? frame_alloc(&ref, pr) : -ENOMEM;
    if (err)
        goto out_row;
    err = frame_alloc(&dis, pr);
    if (err)
        goto out_ref;
    if (pr->y4m && (write_y4m_header(ref_out, pr) || write_y4m_header(dis_out, pr)))
        err = -EIO;
    for (unsigned t = 0; !err && t < pr->frames; t++) {
        render_reference(pr, t, &ref);
        err = render_distorted(pr, t, &ref, &dis);
        if (!err)
            err = write_frame(ref_out, pr, &ref, row);
        if (!err)
            err = write_frame(dis_out, pr, &dis, row);
    }
    frame_free(&dis);
out_ref:
    frame_free(&ref);
out_row:
    free(row);
    return err;
}

static int usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s -w W -h H -p 420|422|444 -b 8..16 -n FRAMES -s SEED -k KIND [-y] REF DIS\n"
            "  KIND: blur quant noise shift sharpen mix same still extreme; -y writes Y4M\n",
            argv0);
    return 2;
}

static int parse_unsigned(const char *s, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || end == s || v > 1000000)
        return -EINVAL;
    *out = (unsigned)v;
    return 0;
}

static int parse_kind(const char *s, enum kind *out)
{
    for (int k = 0; k < KIND_COUNT; k++)
        if (!strcmp(s, kind_names[k])) {
            *out = (enum kind)k;
            return 0;
        }
    return -EINVAL;
}

static int parse_args(int argc, char **argv, struct params *pr, const char **paths)
{
    unsigned seed = 1, kind_set = 0, npaths = 0;
    memset(pr, 0, sizeof(*pr));
    pr->pixfmt = 420;
    pr->bpc = 8;
    pr->frames = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-y")) {
            pr->y4m = 1;
            continue;
        }
        if (a[0] != '-') {
            if (npaths == 2)
                return -EINVAL;
            paths[npaths++] = a;
            continue;
        }
        if (i + 1 >= argc || strlen(a) != 2)
            return -EINVAL;
        const char *v = argv[++i];
        int err = 0;
        switch (a[1]) {
        case 'w':
            err = parse_unsigned(v, &pr->w);
            break;
        case 'h':
            err = parse_unsigned(v, &pr->h);
            break;
        case 'p':
            err = parse_unsigned(v, &pr->pixfmt);
            break;
        case 'b':
            err = parse_unsigned(v, &pr->bpc);
            break;
        case 'n':
            err = parse_unsigned(v, &pr->frames);
            break;
        case 's':
            err = parse_unsigned(v, &seed);
            break;
        case 'k':
            err = parse_kind(v, &pr->kind);
            kind_set = 1;
            break;
        default:
            err = -EINVAL;
        }
        if (err)
            return err;
    }
    if (npaths != 2 || !kind_set || pr->w < 2 || pr->h < 2 || pr->bpc < 8 || pr->bpc > 16)
        return -EINVAL;
    if (pr->pixfmt != 420 && pr->pixfmt != 422 && pr->pixfmt != 444)
        return -EINVAL;
    pr->ss_x = pr->pixfmt != 444;
    pr->ss_y = pr->pixfmt == 420;
    pr->seed = seed;
    return 0;
}

int main(int argc, char **argv)
{
    struct params pr;
    const char *paths[2] = {0};
    if (parse_args(argc, argv, &pr, paths))
        return usage(argv[0]);
    FILE *ref = fopen(paths[0], "wb");
    FILE *dis = fopen(paths[1], "wb");
    int err = ref && dis ? generate(&pr, ref, dis) : -errno;
    if (ref && fclose(ref))
        err = err ? err : -EIO;
    if (dis && fclose(dis))
        err = err ? err : -EIO;
    if (err) {
        fprintf(stderr, "gen_yuv: %s\n", strerror(-err));
        return 1;
    }
    return 0;
}
