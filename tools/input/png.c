/* PNG images through libpng: one frame of 8- or 16-bit RGB or grey (palette
 * and low-depth grey expanded to 8 bits), sRGB as libjxl's ssimulacra2
 * tool takes an untagged PNG. An alpha channel or a colour profile other
 * than sRGB is refused: the tool would blend or convert them, and scoring
 * them as plain sRGB would give another number. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* Claimed in every build, so that one without libpng says why rather than
 * handing the file to FFmpeg's reader. */
static int png_file_probe(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)raw;
    return len >= sizeof(png_signature) && !memcmp(head, png_signature, sizeof(png_signature)) ? 2
                                                                                               : 0;
}

#if VMAF_HAVE_PNG
#include <png.h>
#include <setjmp.h>

typedef struct PngState {
    png_structp png;
    png_infop info;
    unsigned channels;
    char message[160]; /* libpng's last error */
} PngState;

static void read_bytes(png_structp png, png_bytep data, size_t size)
{
    VideoInput *in = png_get_io_ptr(png);
    if (video_input_fread(in, data, size) != size)
        png_error(png, "the file ends early");
}

static void on_error(png_structp png, png_const_charp message)
{
    PngState *s = png_get_error_ptr(png);
    snprintf(s->message, sizeof(s->message), "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message;
}

/* Refuses what would make the image other than plain sRGB samples. */
static int check_colour(VideoInput *in, PngState *s)
{
    const int type = png_get_color_type(s->png, s->info);
    if ((type & PNG_COLOR_MASK_ALPHA) || png_get_valid(s->png, s->info, PNG_INFO_tRNS))
        return video_input_fail(in, -EINVAL,
                                "the PNG has transparency (an alpha channel or tRNS); only opaque "
                                "images are read");
    if (png_get_valid(s->png, s->info, PNG_INFO_iCCP))
        return video_input_fail(in, -EINVAL,
                                "the PNG carries an ICC profile; only sRGB images are read");
    double gamma;
    if (!png_get_valid(s->png, s->info, PNG_INFO_sRGB) && png_get_gAMA(s->png, s->info, &gamma) &&
        (gamma < 0.4545 || gamma > 0.4546))
        return video_input_fail(
            in, -EINVAL, "the PNG's gamma is %.5f, not sRGB's; only sRGB images are read", gamma);
    return 0;
}

static int png_file_open(VideoInput *in, const VideoInfo *raw)
{
    PngState *s = calloc(1, sizeof(*s));
    if (!s)
        return video_input_fail(in, -ENOMEM, "out of memory");
    in->priv = s;
    s->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, on_error, on_warning);
    s->info = s->png ? png_create_info_struct(s->png) : NULL;
    if (!s->info)
        return video_input_fail(in, -ENOMEM, "out of memory");
    if (setjmp(png_jmpbuf(s->png)))
        return video_input_fail(in, -EINVAL, "bad PNG: %s", s->message);
    png_set_read_fn(s->png, in, read_bytes);
    png_read_info(s->png, s->info);
    int err = check_colour(in, s);
    if (err)
        return err;
    const int type = png_get_color_type(s->png, s->info);
    unsigned bits = png_get_bit_depth(s->png, s->info);
    if (type == PNG_COLOR_TYPE_PALETTE)
        png_set_palette_to_rgb(s->png);
    if (type == PNG_COLOR_TYPE_GRAY && bits < 8)
        png_set_expand_gray_1_2_4_to_8(s->png);
    png_set_interlace_handling(s->png);
    png_read_update_info(s->png, s->info);
    s->channels = png_get_channels(s->png, s->info);
    bits = png_get_bit_depth(s->png, s->info);
    return video_image_info(in, raw, "PNG", png_get_image_width(s->png, s->info),
                            png_get_image_height(s->png, s->info), bits);
}

static int png_file_read(VideoInput *in, VmafPicture *pic)
{
    if (in->frame_index) {
        const int next = video_image_next(in);
        if (next <= 0)
            return next;
    }
    /* The next image's, after video_image_next(). */
    PngState *s = in->priv;
    const size_t row_bytes = png_get_rowbytes(s->png, s->info);
    unsigned char *image = malloc(row_bytes * in->info.h);
    png_bytep *rows = malloc(sizeof(*rows) * in->info.h);
    int err = image && rows ? 0 : video_input_fail(in, -ENOMEM, "out of memory");
    if (!err) {
        for (unsigned y = 0; y < in->info.h; y++)
            rows[y] = image + row_bytes * y;
        if (setjmp(png_jmpbuf(s->png)))
            err = video_input_fail(in, -EIO, "bad PNG: %s", s->message);
        else
            png_read_image(s->png, rows);
    }
    for (unsigned y = 0; !err && y < in->info.h; y++)
        video_image_store_row(pic, y, rows[y], s->channels, in->info.bpc);
    free(rows);
    free(image);
    return err ? err : 1;
}

static void png_file_close(VideoInput *in)
{
    PngState *s = in->priv;
    if (s)
        png_destroy_read_struct(&s->png, &s->info, NULL);
    free(s);
    in->priv = NULL;
}

#else

static int png_file_open(VideoInput *in, const VideoInfo *raw)
{
    (void)raw;
    return video_input_fail(in, -ENOTSUP,
                            "is a PNG image, and this build reads none (libpng was not found "
                            "when it was built); PNM images (P6) are read in any build");
}

static int png_file_read(VideoInput *in, VmafPicture *pic)
{
    (void)pic;
    return video_input_fail(in, -ENOTSUP, "PNG images are not read by this build");
}

static void png_file_close(VideoInput *in)
{
    (void)in;
}

#endif

const VideoReader video_reader_png = {
    .name = "png",
    .probe = png_file_probe,
    .open = png_file_open,
    .read = png_file_read,
    .close = png_file_close,
};
