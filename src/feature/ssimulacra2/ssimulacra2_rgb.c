/* YUV to RGB for SSIMULACRA 2 through zimg (ssimulacra2_rgb.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

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

#if VMAF_HAVE_ZIMG
#include <zimg.h>

/* zimg's buffers: 64-byte aligned rows. */
enum { RGB_ALIGN = 64 };

struct Ssimu2Rgb {
    zimg_filter_graph *graph;
    void *tmp;
    void *planes[3];
    ptrdiff_t stride;
    unsigned w, h, bits;
};

static void log_zimg_error(const char *what)
{
    char message[256];
    zimg_get_last_error(message, sizeof(message));
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: %s: %s", what, message);
}

static void *aligned(size_t size)
{
    return aligned_alloc(RGB_ALIGN, (size + RGB_ALIGN - 1) / RGB_ALIGN * RGB_ALIGN);
}

/* The chroma's subsampling, log2 each way, as the pictures lay it out. */
static int subsampling(enum VmafPixelFormat pix_fmt, unsigned *log2_w, unsigned *log2_h)
{
    if (pix_fmt == VMAF_PIX_FMT_YUV400P || pix_fmt == VMAF_PIX_FMT_UNKNOWN) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: needs colour; a 4:0:0 picture has none");
        return -EINVAL;
    }
    *log2_w = pix_fmt != VMAF_PIX_FMT_YUV444P;
    *log2_h = pix_fmt == VMAF_PIX_FMT_YUV420P;
    return 0;
}

static zimg_filter_graph *build_graph(const Ssimu2Colour *colour, unsigned log2_w, unsigned log2_h,
                                      unsigned bpc, unsigned w, unsigned h, unsigned bits)
{
    static const zimg_matrix_coefficients_e matrices[] = {
        [SSIMU2_MATRIX_BT709] = ZIMG_MATRIX_BT709,
        [SSIMU2_MATRIX_BT601] = ZIMG_MATRIX_BT470_BG,
        [SSIMU2_MATRIX_BT2020_NCL] = ZIMG_MATRIX_BT2020_NCL,
    };
    static const zimg_chroma_location_e sitings[] = {
        [SSIMU2_CHROMA_LEFT] = ZIMG_CHROMA_LEFT,
        [SSIMU2_CHROMA_CENTER] = ZIMG_CHROMA_CENTER,
        [SSIMU2_CHROMA_TOP_LEFT] = ZIMG_CHROMA_TOP_LEFT,
        [SSIMU2_CHROMA_TOP] = ZIMG_CHROMA_TOP,
        [SSIMU2_CHROMA_BOTTOM_LEFT] = ZIMG_CHROMA_BOTTOM_LEFT,
        [SSIMU2_CHROMA_BOTTOM] = ZIMG_CHROMA_BOTTOM,
    };
    zimg_image_format src, dst;
    zimg_image_format_default(&src, ZIMG_API_VERSION);
    src.width = w;
    src.height = h;
    src.pixel_type = bpc > 8 ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE;
    src.subsample_w = log2_w;
    src.subsample_h = log2_h;
    src.color_family = ZIMG_COLOR_YUV;
    src.matrix_coefficients = matrices[colour->matrix];
    src.depth = bpc;
    src.pixel_range = colour->full_range ? ZIMG_RANGE_FULL : ZIMG_RANGE_LIMITED;
    src.chroma_location = sitings[colour->siting];

    zimg_image_format_default(&dst, ZIMG_API_VERSION);
    dst.width = w;
    dst.height = h;
    dst.pixel_type = bits > 8 ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE;
    dst.color_family = ZIMG_COLOR_RGB;
    dst.matrix_coefficients = ZIMG_MATRIX_RGB;
    dst.depth = bits;
    dst.pixel_range = ZIMG_RANGE_FULL;

    zimg_graph_builder_params params;
    zimg_graph_builder_params_default(&params, ZIMG_API_VERSION);
    params.resample_filter_uv = ZIMG_RESIZE_BICUBIC;
    params.filter_param_a_uv = 0.0;
    params.filter_param_b_uv = 0.5;
    params.dither_type = ZIMG_DITHER_NONE;
    params.cpu_type = ZIMG_CPU_NONE;
    return zimg_filter_graph_build(&src, &dst, &params);
}

void ssimu2_rgb_close(Ssimu2Rgb *c)
{
    if (!c)
        return;
    zimg_filter_graph_free(c->graph);
    free(c->tmp);
    for (unsigned p = 0; p < 3; p++)
        free(c->planes[p]);
    free(c);
}

int ssimu2_rgb_open(Ssimu2Rgb **out, const Ssimu2Colour *colour, enum VmafPixelFormat pix_fmt,
                    unsigned bpc, unsigned w, unsigned h)
{
    *out = NULL;
    if (colour->matrix >= SSIMU2_MATRIX_RGB) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: RGB pictures need no conversion");
        return -EINVAL;
    }
    unsigned log2_w, log2_h;
    int err = subsampling(pix_fmt, &log2_w, &log2_h);
    if (err)
        return err;
    if (w % (1u << log2_w) || h % (1u << log2_h)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "ssimulacra2: %ux%u is not a whole number of chroma samples (%s needs an even "
                 "%s)",
                 w, h, log2_h ? "4:2:0" : "4:2:2", log2_h && w % 2 == 0 ? "height" : "width");
        return -EINVAL;
    }
    Ssimu2Rgb *c = calloc(1, sizeof(*c));
    if (!c)
        return -ENOMEM;
    c->w = w;
    c->h = h;
    c->bits = bpc > 8 ? 16 : 8;
    c->graph = build_graph(colour, log2_w, log2_h, bpc, w, h, c->bits);
    size_t tmp_size = 0;
    if (!c->graph || zimg_filter_graph_get_tmp_size(c->graph, &tmp_size)) {
        log_zimg_error("cannot convert this YUV to RGB");
        err = -EINVAL;
        goto fail;
    }
    const size_t bytes = c->bits / 8;
    c->stride = (ptrdiff_t)((w * bytes + RGB_ALIGN - 1) / RGB_ALIGN * RGB_ALIGN);
    c->tmp = aligned(tmp_size);
    err = c->tmp ? 0 : -ENOMEM;
    for (unsigned p = 0; !err && p < 3; p++)
        err = (c->planes[p] = aligned((size_t)c->stride * h)) ? 0 : -ENOMEM;
    if (err)
        goto fail;
    *out = c;
    return 0;
fail:
    ssimu2_rgb_close(c);
    return err;
}

int ssimu2_rgb_convert(Ssimu2Rgb *c, const VmafPicture *pic, Ssimu2Samples *rgb)
{
    zimg_image_buffer_const src;
    zimg_image_buffer dst;
    src.version = ZIMG_API_VERSION;
    dst.version = ZIMG_API_VERSION;
    for (unsigned p = 0; p < 3; p++) {
        src.plane[p].data = pic->data[p];
        src.plane[p].stride = pic->stride[p];
        src.plane[p].mask = ZIMG_BUFFER_MAX;
        dst.plane[p].data = c->planes[p];
        dst.plane[p].stride = c->stride;
        dst.plane[p].mask = ZIMG_BUFFER_MAX;
    }
    if (zimg_filter_graph_process(c->graph, &src, &dst, c->tmp, NULL, NULL, NULL, NULL)) {
        log_zimg_error("YUV to RGB failed");
        return -EIO;
    }
    *rgb = (Ssimu2Samples){.w = c->w, .h = c->h, .bits = c->bits};
    for (unsigned p = 0; p < 3; p++) {
        rgb->data[p] = c->planes[p];
        rgb->stride[p] = c->stride;
    }
    return 0;
}

#else

struct Ssimu2Rgb {
    int unused;
};

int ssimu2_rgb_open(Ssimu2Rgb **out, const Ssimu2Colour *colour, enum VmafPixelFormat pix_fmt,
                    unsigned bpc, unsigned w, unsigned h)
{
    (void)colour;
    (void)pix_fmt;
    (void)bpc;
    (void)w;
    (void)h;
    *out = NULL;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: this build has no zimg to convert YUV to RGB; "
                                   "rebuild with zimg (Debian: libzimg-dev)");
    return -ENOSYS;
}

int ssimu2_rgb_convert(Ssimu2Rgb *c, const VmafPicture *pic, Ssimu2Samples *rgb)
{
    (void)c;
    (void)pic;
    (void)rgb;
    return -ENOSYS;
}

void ssimu2_rgb_close(Ssimu2Rgb *c)
{
    (void)c;
}

#endif
