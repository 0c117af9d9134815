/* The worst frames' pictures: both inputs decoded again on the CPU up to
 * the last worst frame, and at each of them a crop of the reference and
 * the distorted picture, centred where the luma differs most, as PNG. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "png.h"
#include "report_internal.h"

/* The largest crop shown: a quarter of a 1080p frame's width and height. */
enum { CROP_W = 480, CROP_H = 270, BLOCK = 32 };

static int note(ReportPair *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int note(ReportPair *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vasprintf(&p->pictures_note, fmt, ap);
    va_end(ap);
    if (n < 0) {
        p->pictures_note = NULL;
        return -ENOMEM;
    }
    return 0;
}

static unsigned sample(const VmafPicture *pic, unsigned plane, unsigned x, unsigned y)
{
    const uint8_t *row = (const uint8_t *)pic->data[plane] + (ptrdiff_t)y * pic->stride[plane];
    return pic->bpc > 8 ? ((const uint16_t *)row)[x] : row[x];
}

/* Luma on an 8-bit scale, so that inputs of two depths compare. */
static double luma8(const VmafPicture *pic, unsigned x, unsigned y)
{
    return sample(pic, 0, x, y) / (double)(1u << (pic->bpc - 8));
}

/* The centre of the 3 x 3 blocks of BLOCK samples whose squared luma
 * difference is largest (the first such, scanning rows). */
static void worst_region(const VmafPicture *ref, const VmafPicture *dist, unsigned *cx,
                         unsigned *cy)
{
    const unsigned bw = (ref->w[0] + BLOCK - 1) / BLOCK, bh = (ref->h[0] + BLOCK - 1) / BLOCK;
    double *err = calloc((size_t)bw * bh, sizeof(*err));
    *cx = ref->w[0] / 2;
    *cy = ref->h[0] / 2;
    if (!err)
        return; /* the centre, then */
    for (unsigned y = 0; y < ref->h[0]; y++)
        for (unsigned x = 0; x < ref->w[0]; x++) {
            const double d = luma8(ref, x, y) - luma8(dist, x, y);
            err[(y / BLOCK) * bw + x / BLOCK] += d * d;
        }
    double best = -1;
    for (unsigned by = 0; by < bh; by++)
        for (unsigned bx = 0; bx < bw; bx++) {
            double sum = 0;
            for (unsigned y = by ? by - 1 : 0; y <= by + 1 && y < bh; y++)
                for (unsigned x = bx ? bx - 1 : 0; x <= bx + 1 && x < bw; x++)
                    sum += err[y * bw + x];
            if (sum > best) {
                best = sum;
                *cx = bx * BLOCK + BLOCK / 2;
                *cy = by * BLOCK + BLOCK / 2;
            }
        }
    free(err);
}

static unsigned clamp_start(unsigned centre, unsigned size, unsigned total)
{
    const unsigned start = centre > size / 2 ? centre - size / 2 : 0;
    return start + size > total ? total - size : start;
}

static uint8_t to_byte(double v)
{
    return v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)lrint(v);
}

/* The crop of pic as RGB, from limited-range YUV: BT.709 for HD and up,
 * BT.601 below, as players assume when a file says nothing. */
static void crop_rgb(const VmafPicture *pic, const ReportPicture *c, uint8_t *rgb)
{
    const bool hd = pic->h[0] >= 720;
    const double kr = hd ? 1.5748 : 1.402, kb = hd ? 1.8556 : 1.772;
    const double kgb = hd ? 0.1873 : 0.344136, kgr = hd ? 0.4681 : 0.714136;
    const double scale = 1u << (pic->bpc - 8);
    const bool gray = !pic->w[1];
    for (unsigned y = 0; y < c->h; y++)
        for (unsigned x = 0; x < c->w; x++) {
            const unsigned px = c->x + x, py = c->y + y;
            const double l = (sample(pic, 0, px, py) / scale - 16) * 255 / 219;
            double u = 0, v = 0;
            if (!gray) {
                const unsigned ux = (unsigned)((uint64_t)px * pic->w[1] / pic->w[0]);
                const unsigned uy = (unsigned)((uint64_t)py * pic->h[1] / pic->h[0]);
                u = (sample(pic, 1, ux, uy) / scale - 128) * 255 / 224;
                v = (sample(pic, 2, ux, uy) / scale - 128) * 255 / 224;
            }
            uint8_t *o = rgb + ((size_t)y * c->w + x) * 3;
            o[0] = to_byte(l + kr * v);
            o[1] = to_byte(l - kgb * u - kgr * v);
            o[2] = to_byte(l + kb * u);
        }
}

static int make_crops(ReportPicture *c, const VmafPicture *pic[2])
{
    unsigned cx, cy;
    worst_region(pic[0], pic[1], &cx, &cy);
    const unsigned w = pic[0]->w[0], h = pic[0]->h[0];
    c->w = w < CROP_W ? w : CROP_W;
    c->h = h < CROP_H ? h : CROP_H;
    c->x = clamp_start(cx, c->w, w);
    c->y = clamp_start(cy, c->h, h);
    uint8_t *rgb = malloc((size_t)c->w * c->h * 3);
    if (!rgb)
        return -ENOMEM;
    int err = 0;
    for (unsigned k = 0; !err && k < 2; k++) {
        crop_rgb(pic[k], c, rgb);
        err = png_encode_rgb(rgb, c->w, c->h, (size_t)c->w * 3, &c->png[k], &c->png_len[k]);
    }
    free(rgb);
    return err;
}

static bool readable_again(const char *path)
{
    struct stat st;
    return strcmp(path, "-") && !stat(path, &st) && S_ISREG(st.st_mode);
}

static int open_input(VideoInput *in, const char *path, const ReportSource *src)
{
    if (video_input_open(in, path, src->raw))
        return -EIO;
    in->clamp = src->clamp;
    return 0;
}

/* Reads frame n of both inputs into pic, n counting from the first frame
 * scored: 1, or 0 with p->pictures_note set. */
static int read_pair(VideoInput in[2], VmafPicture pic[2], ReportPair *p)
{
    for (unsigned k = 0; k < 2; k++) {
        const int ret = video_input_read(&in[k], &pic[k]);
        if (ret <= 0) {
            const int err = note(p, "reading the inputs again failed: %s",
                                 ret ? in[k].error : "the file ended early");
            return err ? err : 0;
        }
    }
    return 1;
}

static int pictures_of_open_inputs(ReportPair *p, VideoInput in[2], const ReportSource *src)
{
    const VideoInfo *a = &in[0].info, *b = &in[1].info;
    if (src->scale_dist && (a->w != b->w || a->h != b->h) &&
        video_input_scale_to(&in[1], a->w, a->h))
        return note(p, "%s", in[1].error);
    VmafPicture pic[2] = {0};
    int err = vmaf_picture_alloc(&pic[0], a->pix_fmt, a->bpc, a->w, a->h);
    err = err ? err : vmaf_picture_alloc(&pic[1], b->pix_fmt, b->bpc, a->w, a->h);
    unsigned last = 0;
    for (unsigned i = 0; i < p->worst_cnt; i++)
        last = p->worst[i].frame > last ? p->worst[i].frame : last;
    int ret = 1;
    for (unsigned k = 0; !err && k < 2; k++)
        for (unsigned n = 0; ret == 1 && n < src->skip[k]; n++) {
            ret = video_input_read(&in[k], &pic[k]);
            if (ret <= 0)
                err = note(p, "reading the inputs again failed: %s",
                           ret ? in[k].error : "the file ended early");
        }
    for (unsigned n = 0; !err && ret == 1 && n <= last; n++) {
        ret = read_pair(in, pic, p);
        if (ret < 0)
            err = ret;
        for (unsigned i = 0; ret == 1 && !err && i < p->worst_cnt; i++)
            if (p->worst[i].frame == n)
                err = make_crops(&p->worst[i], (const VmafPicture *[2]){&pic[0], &pic[1]});
    }
    vmaf_picture_unref(&pic[0]);
    vmaf_picture_unref(&pic[1]);
    return err;
}

int report_pictures_make(ReportPair *p, const ReportSource *src)
{
    if (!p->worst_cnt)
        return 0;
    if (!readable_again(p->ref) || !readable_again(p->dist))
        return note(p, "an input is not a regular file, so it cannot be read again for pictures");
    VideoInput in[2] = {0};
    int err = 0;
    if (open_input(&in[0], p->ref, src) || open_input(&in[1], p->dist, src))
        err = note(p, "reading the inputs again failed: %s", in[in[0].error[0] ? 0 : 1].error);
    else
        err = pictures_of_open_inputs(p, in, src);
    video_input_close(&in[0]);
    video_input_close(&in[1]);
    return err;
}
