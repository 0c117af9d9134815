/* YUV to RGB for SSIMULACRA 2 (ssimulacra2_rgb.h), the arithmetic of
 * zimg's C path (3.0.4, ZIMG_CPU_NONE) written again, so that the samples
 * are zimg's without linking it:
 * - luma to float: sample * scale + offset, the range's scale and offset
 *   rounded to float from double;
 * - chroma the same, then, when subsampled, upsampled in float by bicubic
 *   (b = 0, c = 0.5) filters whose taps zimg computes in double and rounds
 *   to float with the rounding error carried to the next tap: horizontally
 *   first, each output the sum of its taps' products from the left;
 * - the matrix, the inverse of the RGB to YUV matrix in double rounded to
 *   float, each output (m0 * y + m1 * u) + m2 * v;
 * - to 8 or 16 bits: value * (2^bits - 1), clamped, rounded to even.
 * Every float operation rounds on its own (no fused multiply-adds), as
 * zimg's build for any x86-64 does. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "ssimulacra2_rgb.h"

const char *const ssimu2_matrix_names[SSIMU2_MATRIX_RGB + 1] = {
    [SSIMU2_MATRIX_BT709] = "bt709",
    [SSIMU2_MATRIX_BT601] = "bt601",
    [SSIMU2_MATRIX_BT2020_NCL] = "bt2020nc",
    [SSIMU2_MATRIX_RGB] = "rgb",
};

const char *const ssimu2_siting_names[SSIMU2_CHROMA_BOTTOM + 1] = {
    [SSIMU2_CHROMA_LEFT] = "left",
    [SSIMU2_CHROMA_CENTER] = "center",
    [SSIMU2_CHROMA_TOP_LEFT] = "topleft",
    [SSIMU2_CHROMA_TOP] = "top",
    [SSIMU2_CHROMA_BOTTOM_LEFT] = "bottomleft",
    [SSIMU2_CHROMA_BOTTOM] = "bottom",
};

/* Rows of the horizontally upsampled chroma kept for the vertical filter. */
enum { CHROMA_RING = 8 };

struct Ssimu2Rgb {
    Ssimulacra2Dsp dsp;
    Ssimu2RgbSetup set;
    float *chroma_in;            /* a chroma row as float, before upsampling */
    float *ring[2][CHROMA_RING]; /* U and V rows, upsampled across */
    int ring_row[CHROMA_RING];   /* the chroma row each slot holds, -1: none (each frame) */
    float *row[3];               /* Y, U and V of the output row */
    void *planes[3];             /* R, G, B */
    ptrdiff_t stride;
};

static double bicubic(double x)
{
    /* b = 0, c = 0.5 (Catmull-Rom), zimg's polynomial form. */
    const double b = 0.0, c = 0.5;
    const double p0 = (6.0 - 2.0 * b) / 6.0, p2 = (-18.0 + 12.0 * b + 6.0 * c) / 6.0,
                 p3 = (12.0 - 9.0 * b - 6.0 * c) / 6.0;
    const double q0 = (8.0 * b + 24.0 * c) / 6.0, q1 = (-12.0 * b - 48.0 * c) / 6.0,
                 q2 = (6.0 * b + 30.0 * c) / 6.0, q3 = (-b - 6.0 * c) / 6.0;
    x = fabs(x);
    if (x < 1.0)
        return p0 + x * (0.0 + x * (p2 + x * p3));
    if (x < 2.0)
        return q0 + x * (q1 + x * (q2 + x * q3));
    return 0.0;
}

static double round_halfup(double x)
{
    return x < 0 ? floor(x + 0.5) : floor(x + 0.49999999999999994);
}

/* One output's taps as zimg's sparse row holds them: the span of entries
 * ever changed, [left, right), over a window of source positions. */
enum { TAPS = 4, WINDOW = 16 };
typedef struct TapRow {
    unsigned base; /* the window's first source position */
    double v[WINDOW];
    unsigned left, right; /* right == left: nothing held */
} TapRow;

static double tap_value(const TapRow *r, unsigned idx)
{
    return idx >= r->left && idx < r->right ? r->v[idx - r->base] : 0.0;
}

/* Entry idx set to val; the span grows only when the value changes. */
static void tap_set(TapRow *r, unsigned idx, double val)
{
    if (tap_value(r, idx) == val)
        return;
    if (r->left == r->right) {
        r->left = idx;
        r->right = idx + 1;
    } else if (idx < r->left) {
        r->left = idx;
    } else if (idx >= r->right) {
        r->right = idx + 1;
    }
    r->v[idx - r->base] = val;
}

/* Upsampling src_dim samples twice over (dst_dim = 2 src_dim) with the
 * chroma at shift source samples from the centre, as zimg's compute_filter
 * and matrix_to_filter make it. */
static int make_filter(Ssimu2Filter *f, unsigned src_dim, unsigned dst_dim, double shift)
{
    TapRow *rows = calloc(dst_dim, sizeof(*rows));
    f->left = malloc(sizeof(*f->left) * dst_dim);
    if (!rows || !f->left) {
        free(rows);
        return -ENOMEM;
    }
    /* The bicubic reaches 2 source samples each side at this scale. */
    const double scale = (double)dst_dim / src_dim;
    const unsigned size = TAPS;
    const double last = nextafter((double)src_dim, -INFINITY);
    unsigned width = 0;
    for (unsigned i = 0; i < dst_dim; i++) {
        TapRow *r = &rows[i];
        const double pos = (i + 0.5) / scale + shift;
        const double begin = round_halfup(pos - size / 2.0) + 0.5;
        double total = 0.0;
        for (unsigned j = 0; j < size; j++)
            total += bicubic(begin + j - pos);
        unsigned idx[TAPS], lowest = UINT32_MAX;
        for (unsigned j = 0; j < size; j++) {
            const double x = begin + j;
            double real = x < 0.0 ? -x : x >= src_dim ? 2.0 * src_dim - x : x;
            real = fmin(fmax(real, 0.0), last);
            idx[j] = (unsigned)floor(real);
            lowest = idx[j] < lowest ? idx[j] : lowest;
        }
        r->base = lowest;
        for (unsigned j = 0; j < size; j++)
            tap_set(r, idx[j], tap_value(r, idx[j]) + bicubic(begin + j - pos) / total);
        /* zimg allocates the lowest position even for a zero tap. */
        if (tap_value(r, lowest) == 0.0) {
            tap_set(r, lowest, DBL_EPSILON);
            tap_set(r, lowest, 0.0);
        }
        width = r->right - r->left > width ? r->right - r->left : width;
    }
    f->width = width;
    f->coeff = malloc(sizeof(*f->coeff) * dst_dim * width);
    if (!f->coeff) {
        free(rows);
        return -ENOMEM;
    }
    for (unsigned i = 0; i < dst_dim; i++) {
        const TapRow *r = &rows[i];
        const unsigned left = r->left < src_dim - width ? r->left : src_dim - width;
        double err = 0.0;
        for (unsigned j = 0; j < width; j++) {
            const double expected = tap_value(r, left + j) - err;
            const float c = (float)expected;
            err = (double)c - expected;
            f->coeff[i * width + j] = c;
        }
        f->left[i] = left;
    }
    free(rows);
    return 0;
}

static void free_filter(Ssimu2Filter *f)
{
    free(f->left);
    free(f->coeff);
    *f = (Ssimu2Filter){0};
}

static double det2(double a00, double a01, double a10, double a11)
{
    return a00 * a11 - a01 * a10;
}

/* zimg's YUV to RGB matrix: the RGB to YUV matrix of kr and kb inverted by
 * cofactors, rounded to float. */
static void yuv_to_rgb_matrix(Ssimu2Matrix matrix, float out[3][3])
{
    static const double k[][2] = {
        [SSIMU2_MATRIX_BT709] = {0.2126, 0.0722},
        [SSIMU2_MATRIX_BT601] = {0.299, 0.114},
        [SSIMU2_MATRIX_BT2020_NCL] = {0.2627, 0.0593},
    };
    const double kr = k[matrix][0], kb = k[matrix][1], kg = 1.0 - kr - kb;
    const double us = 1.0 / (2.0 - 2.0 * kb), vs = 1.0 / (2.0 - 2.0 * kr);
    const double m[3][3] = {
        {kr, kg, kb},
        {-kr * us, -kg * us, (1.0 - kb) * us},
        {(1.0 - kr) * vs, -kg * vs, -kb * vs},
    };
    double det = 0;
    det += m[0][0] * det2(m[1][1], m[1][2], m[2][1], m[2][2]);
    det -= m[0][1] * det2(m[1][0], m[1][2], m[2][0], m[2][2]);
    det += m[0][2] * det2(m[1][0], m[1][1], m[2][0], m[2][1]);
    const double inv[3][3] = {
        {det2(m[1][1], m[1][2], m[2][1], m[2][2]) / det,
         det2(m[0][2], m[0][1], m[2][2], m[2][1]) / det,
         det2(m[0][1], m[0][2], m[1][1], m[1][2]) / det},
        {det2(m[1][2], m[1][0], m[2][2], m[2][0]) / det,
         det2(m[0][0], m[0][2], m[2][0], m[2][2]) / det,
         det2(m[0][2], m[0][0], m[1][2], m[1][0]) / det},
        {det2(m[1][0], m[1][1], m[2][0], m[2][1]) / det,
         det2(m[0][1], m[0][0], m[2][1], m[2][0]) / det,
         det2(m[0][0], m[0][1], m[1][0], m[1][1]) / det},
    };
    for (unsigned i = 0; i < 3; i++)
        for (unsigned j = 0; j < 3; j++)
            out[i][j] = (float)inv[i][j];
}

/* zimg's integer to float: sample * scale + offset of the format's range. */
static void range_to_float(unsigned bpc, int full, int chroma, float *scale, float *offset)
{
    const int32_t range = full     ? (int32_t)((1u << bpc) - 1)
                          : chroma ? 224 << (bpc - 8)
                                   : 219 << (bpc - 8);
    const int32_t off = chroma ? 1 << (bpc - 1) : full ? 0 : 16 << (bpc - 8);
    *scale = (float)(1.0 / range);
    *offset = (float)(-off * (1.0 / range));
}

/* zimg's chroma offsets for a 2:1 subsampled direction: left and top
 * siting a quarter of a luma sample before the centre, bottom after. */
static void siting_shift(Ssimu2ChromaSiting siting, double *shift_w, double *shift_h)
{
    const int left = siting == SSIMU2_CHROMA_LEFT || siting == SSIMU2_CHROMA_TOP_LEFT ||
                     siting == SSIMU2_CHROMA_BOTTOM_LEFT;
    const int top = siting == SSIMU2_CHROMA_TOP_LEFT || siting == SSIMU2_CHROMA_TOP;
    const int bottom = siting == SSIMU2_CHROMA_BOTTOM_LEFT || siting == SSIMU2_CHROMA_BOTTOM;
    /* The plane's active region moves by minus the offset; the filter's
     * shift is that move. */
    *shift_w = left ? -(-0.5 + 0.5 * 0.5) : 0.0;
    *shift_h = top ? -(-0.5 + 0.5 * 0.5) : bottom ? -(0.5 - 0.5 * 0.5) : 0.0;
}

void ssimu2_rgb_setup_free(Ssimu2RgbSetup *set)
{
    free_filter(&set->horizontal);
    free_filter(&set->vertical);
}

int ssimu2_rgb_setup_make(Ssimu2RgbSetup *set, const Ssimu2Colour *colour,
                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h)
{
    *set = (Ssimu2RgbSetup){0};
    if (colour->matrix >= SSIMU2_MATRIX_RGB) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: RGB pictures need no conversion");
        return -EINVAL;
    }
    if (pix_fmt == VMAF_PIX_FMT_YUV400P || pix_fmt == VMAF_PIX_FMT_UNKNOWN) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: needs colour; a 4:0:0 picture has none");
        return -EINVAL;
    }
    const unsigned log2_w = pix_fmt != VMAF_PIX_FMT_YUV444P;
    const unsigned log2_h = pix_fmt == VMAF_PIX_FMT_YUV420P;
    if (w % (1u << log2_w) || h % (1u << log2_h)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "ssimulacra2: %ux%u is not a whole number of chroma samples (%s needs an even "
                 "%s)",
                 w, h, log2_h ? "4:2:0" : "4:2:2", log2_h && w % 2 == 0 ? "height" : "width");
        return -EINVAL;
    }
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: %u-bit pictures are not supported (8..16)",
                 bpc);
        return -EINVAL;
    }
    *set = (Ssimu2RgbSetup){
        .w = w, .h = h, .bits = bpc > 8 ? 16 : 8, .bpc = bpc, .log2_w = log2_w, .log2_h = log2_h};
    range_to_float(bpc, colour->full_range, 0, &set->luma_scale, &set->luma_offset);
    range_to_float(bpc, colour->full_range, 1, &set->chroma_scale, &set->chroma_offset);
    yuv_to_rgb_matrix(colour->matrix, set->matrix);
    double shift_w, shift_h;
    siting_shift(colour->siting, &shift_w, &shift_h);
    int err = 0;
    if (log2_w)
        err = make_filter(&set->horizontal, w / 2, w, shift_w);
    if (!err && log2_h)
        err = make_filter(&set->vertical, h / 2, h, shift_h);
    if (err)
        ssimu2_rgb_setup_free(set);
    return err;
}

void ssimu2_rgb_close(Ssimu2Rgb *c)
{
    if (!c)
        return;
    ssimu2_rgb_setup_free(&c->set);
    free(c->chroma_in);
    for (unsigned p = 0; p < 2; p++)
        for (unsigned i = 0; i < CHROMA_RING; i++)
            free(c->ring[p][i]);
    for (unsigned p = 0; p < 3; p++) {
        free(c->row[p]);
        free(c->planes[p]);
    }
    free(c);
}

int ssimu2_rgb_open(Ssimu2Rgb **out, const Ssimu2Colour *colour, enum VmafPixelFormat pix_fmt,
                    unsigned bpc, unsigned w, unsigned h, unsigned cpu_flags)
{
    *out = NULL;
    Ssimu2Rgb *c = calloc(1, sizeof(*c));
    if (!c)
        return -ENOMEM;
    int err = ssimu2_rgb_setup_make(&c->set, colour, pix_fmt, bpc, w, h);
    if (err) {
        free(c);
        return err;
    }
    ssimulacra2_dsp_init(&c->dsp, cpu_flags);
    err = (c->chroma_in = malloc(sizeof(float) * w)) ? 0 : -ENOMEM;
    for (unsigned p = 0; !err && p < 2; p++)
        for (unsigned i = 0; !err && i < CHROMA_RING; i++)
            err = (c->ring[p][i] = malloc(sizeof(float) * w)) ? 0 : -ENOMEM;
    const size_t bytes = c->set.bits / 8;
    c->stride = (ptrdiff_t)(w * bytes);
    for (unsigned p = 0; !err && p < 3; p++) {
        err = (c->row[p] = malloc(sizeof(float) * w)) ? 0 : -ENOMEM;
        err = err ? err : (c->planes[p] = malloc((size_t)c->stride * h)) ? 0 : -ENOMEM;
    }
    if (err) {
        ssimu2_rgb_close(c);
        return err;
    }
    *out = c;
    return 0;
}

static const void *row_of_plane(const VmafPicture *pic, unsigned p, unsigned y)
{
    return (const uint8_t *)pic->data[p] + (ptrdiff_t)y * pic->stride[p];
}

/* Chroma plane p's row y (of the chroma plane) as float at full width. */
static void chroma_row(Ssimu2Rgb *c, const VmafPicture *pic, unsigned p, unsigned y, float *dst)
{
    const void *src = row_of_plane(pic, 1 + p, y);
    if (!c->set.log2_w) {
        c->dsp.yuv_to_float(dst, src, c->set.w, c->set.bpc, c->set.chroma_scale,
                            c->set.chroma_offset);
        return;
    }
    const Ssimu2Filter *f = &c->set.horizontal;
    c->dsp.yuv_to_float(c->chroma_in, src, c->set.w / 2, c->set.bpc, c->set.chroma_scale,
                        c->set.chroma_offset);
    c->dsp.resize_row(dst, c->chroma_in, f->left, f->coeff, f->width, c->set.w);
}

/* The ring slot holding chroma row r of both planes, made when missing. */
static unsigned ring_slot(Ssimu2Rgb *c, const VmafPicture *pic, unsigned r)
{
    const unsigned slot = r % CHROMA_RING;
    if (c->ring_row[slot] != (int)r) {
        for (unsigned p = 0; p < 2; p++)
            chroma_row(c, pic, p, r, c->ring[p][slot]);
        c->ring_row[slot] = (int)r;
    }
    return slot;
}

/* Output row y's U and V at full size. */
static void chroma_at(Ssimu2Rgb *c, const VmafPicture *pic, unsigned y)
{
    if (!c->set.log2_h) {
        for (unsigned p = 0; p < 2; p++)
            chroma_row(c, pic, p, y, c->row[1 + p]);
        return;
    }
    const Ssimu2Filter *f = &c->set.vertical;
    unsigned slot[WINDOW];
    for (unsigned k = 0; k < f->width; k++)
        slot[k] = ring_slot(c, pic, f->left[y] + k);
    for (unsigned p = 0; p < 2; p++) {
        const float *rows[WINDOW];
        for (unsigned k = 0; k < f->width; k++)
            rows[k] = c->ring[p][slot[k]];
        c->dsp.resize_column(c->row[1 + p], rows, f->coeff + (size_t)y * f->width, f->width,
                             c->set.w);
    }
}

int ssimu2_rgb_convert(Ssimu2Rgb *c, const VmafPicture *pic, Ssimu2Samples *rgb)
{
    for (unsigned i = 0; i < CHROMA_RING; i++)
        c->ring_row[i] = -1;
    for (unsigned y = 0; y < c->set.h; y++) {
        c->dsp.yuv_to_float(c->row[0], row_of_plane(pic, 0, y), c->set.w, c->set.bpc,
                            c->set.luma_scale, c->set.luma_offset);
        chroma_at(c, pic, y);
        void *rgb_rows[3];
        for (unsigned p = 0; p < 3; p++)
            rgb_rows[p] = (uint8_t *)c->planes[p] + (ptrdiff_t)y * c->stride;
        c->dsp.rgb_row(rgb_rows, (const float *const *)c->row, (const float(*)[3])c->set.matrix,
                       c->set.bits, c->set.w);
    }
    *rgb = (Ssimu2Samples){.w = c->set.w, .h = c->set.h, .bits = c->set.bits};
    for (unsigned p = 0; p < 3; p++) {
        rgb->data[p] = c->planes[p];
        rgb->stride[p] = c->stride;
    }
    return 0;
}
