/* ssimulacra2_rgb.c's YUV to RGB against zimg's C path, the conversion it
 * writes again: every sample equal, over random pictures of each
 * subsampling, depth, matrix, range and chroma siting, at sizes from the
 * smallest the metric takes to 1080p, with the C reference of its DSP
 * table and with this host's. zimg is only this test's oracle: a build
 * without it skips, saying so. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "feature/ssimulacra2/ssimulacra2_rgb.h"
#include "libvmaf/picture.h"
#include "test.h"

#if VMAF_HAVE_ZIMG
#include <zimg.h>

/* zimg's conversion of the same pictures: RGB of 8 bits for 8-bit YUV,
 * else 16, bicubic b = 0, c = 0.5 chroma, no dithering, its C code. */
typedef struct Oracle {
    zimg_filter_graph *graph;
    void *tmp;
    uint8_t *planes[3];
    ptrdiff_t stride;
} Oracle;

static int oracle_open(Oracle *o, const Ssimu2Colour *colour, enum VmafPixelFormat fmt,
                       unsigned bpc, unsigned w, unsigned h)
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
    const unsigned bits = bpc > 8 ? 16 : 8;
    zimg_image_format src, dst;
    zimg_image_format_default(&src, ZIMG_API_VERSION);
    src.width = w;
    src.height = h;
    src.pixel_type = bpc > 8 ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE;
    src.subsample_w = fmt != VMAF_PIX_FMT_YUV444P;
    src.subsample_h = fmt == VMAF_PIX_FMT_YUV420P;
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
    memset(o, 0, sizeof(*o));
    size_t tmp_size = 0;
    o->graph = zimg_filter_graph_build(&src, &dst, &params);
    if (!o->graph || zimg_filter_graph_get_tmp_size(o->graph, &tmp_size))
        return -1;
    o->stride = (ptrdiff_t)(w * bits / 8 + 63) / 64 * 64;
    o->tmp = aligned_alloc(64, (tmp_size + 63) / 64 * 64);
    for (unsigned p = 0; p < 3; p++)
        o->planes[p] = aligned_alloc(64, (size_t)o->stride * h);
    return o->tmp && o->planes[0] && o->planes[1] && o->planes[2] ? 0 : -1;
}

static int oracle_convert(Oracle *o, const VmafPicture *pic)
{
    zimg_image_buffer_const src = {.version = ZIMG_API_VERSION};
    zimg_image_buffer dst = {.version = ZIMG_API_VERSION};
    for (unsigned p = 0; p < 3; p++) {
        src.plane[p].data = pic->data[p];
        src.plane[p].stride = pic->stride[p];
        src.plane[p].mask = ZIMG_BUFFER_MAX;
        dst.plane[p].data = o->planes[p];
        dst.plane[p].stride = o->stride;
        dst.plane[p].mask = ZIMG_BUFFER_MAX;
    }
    return zimg_filter_graph_process(o->graph, &src, &dst, o->tmp, NULL, NULL, NULL, NULL);
}

static void oracle_close(Oracle *o)
{
    zimg_filter_graph_free(o->graph);
    free(o->tmp);
    for (unsigned p = 0; p < 3; p++)
        free(o->planes[p]);
}

/* Random samples of the picture's depth, a quarter of them a smooth ramp
 * so that the filters see edges and flats both. */
static void fill(VmafPicture *pic, uint32_t *state)
{
    const unsigned max = (1u << pic->bpc) - 1;
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            uint8_t *row = (uint8_t *)pic->data[p] + y * pic->stride[p];
            for (unsigned x = 0; x < pic->w[p]; x++) {
                unsigned v = test_next_random(state) & max;
                if (!(test_next_random(state) & 3))
                    v = ((x * 7 + y * 3 + p * 50) << (pic->bpc - 8)) & max;
                if (pic->bpc == 8)
                    row[x] = (uint8_t)v;
                else
                    ((uint16_t *)row)[x] = (uint16_t)v;
            }
        }
    }
}

/* The first sample that differs, or -1. */
static long first_difference(const Ssimu2Samples *ours, const Oracle *o)
{
    const unsigned bytes = ours->bits > 8 ? 2 : 1;
    for (unsigned c = 0; c < 3; c++)
        for (unsigned y = 0; y < ours->h; y++)
            if (memcmp((const uint8_t *)ours->data[c] + y * ours->stride[c],
                       o->planes[c] + y * o->stride, (size_t)ours->w * bytes))
                return (long)c * ours->h + y;
    return -1;
}

static void compare(enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                    const Ssimu2Colour *colour, unsigned cpu_flags, uint32_t *state)
{
    VmafPicture pic;
    Ssimu2Rgb *ours = NULL;
    Oracle o;
    Ssimu2Samples rgb;
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, fmt, bpc, w, h), 0);
    fill(&pic, state);
    CHECK_EQ_INT(oracle_open(&o, colour, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(ssimu2_rgb_open(&ours, colour, fmt, bpc, w, h, cpu_flags), 0);
    CHECK_EQ_INT(oracle_convert(&o, &pic), 0);
    CHECK_EQ_INT(ssimu2_rgb_convert(ours, &pic, &rgb), 0);
    const long row = first_difference(&rgb, &o);
    if (row >= 0) {
        fprintf(stderr,
                "%ux%u format %d, %u-bit, matrix %d, full %d, siting %d, cpu flags %#x: plane "
                "%ld row %ld differs from zimg's\n",
                w, h, (int)fmt, bpc, (int)colour->matrix, colour->full_range, (int)colour->siting,
                cpu_flags, row / h, row % h);
        test_failures++;
    }
    ssimu2_rgb_close(ours);
    oracle_close(&o);
    vmaf_picture_unref(&pic);
}

static void test_equal_to_zimg(void)
{
    static const enum VmafPixelFormat formats[] = {VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P,
                                                   VMAF_PIX_FMT_YUV444P};
    static const unsigned depths[] = {8, 10, 12, 16};
    static const unsigned sizes[][2] = {{8, 8}, {10, 14}, {64, 48}, {250, 142}, {34, 130}};
    const unsigned tables[] = {0, vmaf_get_cpu_flags()};
    uint32_t state = 1;
    for (unsigned t = 0; t < 2; t++)
        for (unsigned f = 0; f < 3; f++)
            for (unsigned d = 0; d < 4; d++)
                for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
                    for (unsigned m = 0; m < SSIMU2_MATRIX_RGB; m++)
                        for (int full = 0; full < 2; full++)
                            for (unsigned at = 0; at <= SSIMU2_CHROMA_BOTTOM; at++) {
                                const Ssimu2Colour colour = {(Ssimu2Matrix)m, full,
                                                             (Ssimu2ChromaSiting)at};
                                compare(formats[f], depths[d], sizes[s][0], sizes[s][1], &colour,
                                        tables[t], &state);
                            }
    /* Whole HD frames, the size the metric is timed at. */
    const Ssimu2Colour hd = {SSIMU2_MATRIX_BT709, 0, SSIMU2_CHROMA_LEFT};
    for (unsigned t = 0; t < 2; t++) {
        compare(VMAF_PIX_FMT_YUV420P, 8, 1920, 1080, &hd, tables[t], &state);
        compare(VMAF_PIX_FMT_YUV420P, 10, 1920, 1080, &hd, tables[t], &state);
    }
}

int main(void)
{
    static const struct test_case tests[] = {
        {"equal_to_zimg", test_equal_to_zimg},
        {NULL, NULL},
    };
    return run_tests("ssimulacra2_rgb", tests);
}

#else

int main(void)
{
    printf("SKIP: ssimulacra2_rgb: this build has no zimg, the oracle the conversion is checked "
           "against\n");
    return 77;
}

#endif
