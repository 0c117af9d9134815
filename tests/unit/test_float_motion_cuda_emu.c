/* The float_motion twin's kernels emulated on the CPU, no GPU needed: the
 * steps of src/feature/float_motion/cuda/float_motion_cuda_tile.h, which the
 * kernels run, are run here block by block and thread by thread on memory
 * laid out by the twin's own float_motion_cuda_layout(), device memory and
 * shared tiles filled with NaNs first, three frames through the two slots.
 * Every blurred plane, every second scale and every sum of |previous -
 * current| must be the CPU stages' bits (float_motion_dsp.h,
 * float_common_dsp.h), on random content of odd sizes, the smallest the
 * blurs accept and 1080p, at 8, 10, 12 and 16 bits, with each filter, with
 * chroma and the second scale. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/float_common/float_plane.h"
#include "feature/float_motion/cuda/float_motion_cuda_tile.h"
#include "feature/float_motion/float_motion_common.h"
#include "feature/float_motion/float_motion_dsp.h"
#include "test.h"
#include "emu_util.h"

/* Every float read before it was written becomes a NaN. */
#define GARBAGE 0xff
#define FRAMES 3

/* Blocks of flat, noisy, extreme and gradient content. */
static void fill(VmafPicture *pic)
{
    const uint32_t max = (1u << pic->bpc) - 1;
    const unsigned planes = pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++) {
        const unsigned bw = 1 + emu_rng() % 40, bh = 1 + emu_rng() % 40;
        for (unsigned y0 = 0; y0 < pic->h[p]; y0 += bh) {
            for (unsigned x0 = 0; x0 < pic->w[p]; x0 += bw) {
                const unsigned kind = emu_rng() % 4;
                const uint32_t base = emu_rng() % (max + 1), amp = 1 + emu_rng() % (max / 4 + 1);
                for (unsigned y = y0; y < y0 + bh && y < pic->h[p]; y++) {
                    uint8_t *row = (uint8_t *)pic->data[p] + (size_t)y * pic->stride[p];
                    for (unsigned x = x0; x < x0 + bw && x < pic->w[p]; x++) {
                        uint32_t v = kind == 0   ? base
                                     : kind == 1 ? (base + emu_rng() % amp) % (max + 1)
                                     : kind == 2 ? ((x + y) % 2 ? max : 0)
                                                 : (base + x * 7 + y * 3) % (max + 1);
                        if (pic->bpc > 8)
                            ((uint16_t *)row)[x] = (uint16_t)v;
                        else
                            row[x] = (uint8_t)v;
                    }
                }
            }
        }
    }
}

/* One frame as the CPU extractor's stages make it. */
typedef struct CpuFrame {
    FloatPlane blur[FLOAT_MOTION_MAX_PLANES], half[FLOAT_MOTION_MAX_PLANES];
} CpuFrame;

static void cpu_frame(const FloatMotionGeometry *g, bool scale1, const VmafPicture *pic,
                      CpuFrame *out)
{
    FloatMotionDsp dsp;
    float_motion_dsp_init(&dsp, 0);
    float *line = malloc(float_filter_line_size(g->w[0], g->n_taps) * sizeof(float));
    for (unsigned p = 0; p < g->planes; p++) {
        FloatPlane input;
        CHECK_EQ_INT(float_plane_alloc(&input, g->w[p], g->h[p]), 0);
        CHECK_EQ_INT(float_plane_alloc(&out->blur[p], g->w[p], g->h[p]), 0);
        float_plane_load(&dsp.common, &input, pic, p);
        dsp.common.filter(&out->blur[p], 0, &input, g->taps, g->n_taps, line);
        if (scale1) {
            CHECK_EQ_INT(float_plane_alloc(&out->half[p], g->half_w[p], g->half_h[p]), 0);
            dsp.common.resample[FLOAT_RESAMPLE_BILINEAR](&out->half[p], &out->blur[p]);
        }
        float_plane_free(&input);
    }
    free(line);
}

static void cpu_frame_free(CpuFrame *f)
{
    for (unsigned p = 0; p < FLOAT_MOTION_MAX_PLANES; p++) {
        float_plane_free(&f->blur[p]);
        float_plane_free(&f->half[p]);
    }
}

/* The blur kernel, a block at a time. */
static void run_blur(const FloatMotionCudaFrame *f)
{
    static FloatMotionTile tile;
    const unsigned n = f->n_taps;
    for (unsigned b = 0; b < f->tiles; b++) {
        memset(&tile, GARBAGE, sizeof(tile));
        const FloatMotionTileAt at = float_motion_tile_at(f, b);
        for (unsigned i = 0;
             i < (FLOAT_MOTION_CUDA_TILE_H + n - 1) * (FLOAT_MOTION_CUDA_TILE_W + n - 1); i++)
            float_motion_tile_load(f, at, n, i, &tile);
        for (unsigned i = 0; i < FLOAT_MOTION_CUDA_TILE_H * (FLOAT_MOTION_CUDA_TILE_W + n - 1); i++)
            float_motion_tile_vertical(f, n, i, &tile);
        for (unsigned i = 0; i < FLOAT_MOTION_CUDA_TILE_H * FLOAT_MOTION_CUDA_TILE_W; i++)
            float_motion_tile_horizontal(f, at, n, i, &tile);
    }
}

static void run_half(const FloatMotionCudaFrame *f)
{
    for (unsigned b = 0; b < f->half_blocks; b++) {
        const unsigned p = float_motion_half_plane(f, b);
        for (unsigned t = 0; t < FLOAT_MOTION_CUDA_THREADS; t++)
            float_motion_half_sample(
                f, p, (b - f->plane[p].first_half_block) * FLOAT_MOTION_CUDA_THREADS + t);
    }
}

/* The sums' kernel: the loaders' chunk c + 1 goes to the buffer the adders
 * are not reading, so running the adders first changes nothing. */
static void run_sad(const FloatMotionCudaFrame *f)
{
    static FloatMotionSadTile tile;
    for (unsigned b = 0; b < f->sad_blocks; b++) {
        memset(&tile, GARBAGE, sizeof(tile));
        unsigned row0;
        const FloatMotionCudaSurface *s =
            float_motion_cuda_surface(f, float_motion_sad_surface(f, b, &row0));
        const unsigned chunks = float_motion_sad_chunks(s);
        float sum[FLOAT_MOTION_CUDA_SAD_ROWS] = {0};
        for (unsigned l = 0; l < FLOAT_MOTION_SAD_LOADERS; l++)
            float_motion_sad_load(f, s, row0, 0, l, &tile);
        for (unsigned c = 0; c < chunks; c++) {
            for (unsigned r = 0; r < FLOAT_MOTION_CUDA_SAD_ROWS; r++)
                sum[r] = float_motion_sad_add(s, c, r, &tile, sum[r]);
            for (unsigned l = 0; c + 1 < chunks && l < FLOAT_MOTION_SAD_LOADERS; l++)
                float_motion_sad_load(f, s, row0, c + 1, l, &tile);
        }
        for (unsigned r = 0; r < FLOAT_MOTION_CUDA_SAD_ROWS; r++)
            float_motion_sad_store(f, s, row0, r, sum[r]);
    }
}

static bool same_plane(const FloatPlane *cpu, const float *dev, size_t stride)
{
    for (unsigned y = 0; y < cpu->h; y++)
        if (memcmp(cpu->data + y * cpu->stride, dev + y * stride, cpu->w * sizeof(float)))
            return false;
    return true;
}

typedef struct Case {
    enum VmafPixelFormat pix_fmt;
    unsigned w, h;
    FloatMotionOptions opt;
} Case;

static void report(const Case *c, unsigned bpc, unsigned frame, const char *what, unsigned p)
{
    fprintf(stderr, "%ux%u fmt %d %u-bit mfs %d%s%s frame %u: %s of plane %u differs\n", c->w, c->h,
            c->pix_fmt, bpc, c->opt.filter_size, c->opt.add_uv ? " uv" : "",
            c->opt.add_scale1 ? " scale1" : "", frame, what, p);
    test_failures++;
}

/* Frame n's planes and, past frame 0, its sums against frame n - 1. */
static void compare_frame(const Case *c, unsigned bpc, const FloatMotionGeometry *g,
                          const FloatMotionCudaFrame *f, const CpuFrame cpu[FRAMES], unsigned n)
{
    FloatMotionDsp dsp;
    float_motion_dsp_init(&dsp, 0);
    for (unsigned p = 0; p < g->planes; p++) {
        const FloatMotionCudaPlane *pl = &f->plane[p];
        if (!same_plane(&cpu[n].blur[p], pl->blur.slot[f->cur], pl->blur.stride))
            report(c, bpc, n, "the blur", p);
        if (f->scale1 && !same_plane(&cpu[n].half[p], pl->half.slot[f->cur], pl->half.stride))
            report(c, bpc, n, "the second scale", p);
        if (!n)
            continue;
        const float sad = dsp.sad(&cpu[n - 1].blur[p], &cpu[n].blur[p]);
        if (float_motion_cuda_sad(f->row_sad, &pl->blur) != sad)
            report(c, bpc, n, "the sum", p);
        if (f->scale1 && float_motion_cuda_sad(f->row_sad, &pl->half) !=
                             dsp.sad(&cpu[n - 1].half[p], &cpu[n].half[p]))
            report(c, bpc, n, "the second scale's sum", p);
    }
}

/* FRAMES frames through the emulated kernels, in one buffer. */
static void run_case(const Case *c, unsigned bpc)
{
    FloatMotionGeometry g;
    CHECK_EQ_INT(float_motion_geometry(&g, "test", &c->opt, c->pix_fmt, bpc, c->w, c->h), 0);
    VmafPicture pic[FRAMES];
    CpuFrame cpu[FRAMES] = {0};
    for (unsigned n = 0; n < FRAMES; n++) {
        CHECK_EQ_INT(vmaf_picture_alloc(&pic[n], c->pix_fmt, bpc, c->w, c->h), 0);
        fill(&pic[n]);
        cpu_frame(&g, c->opt.add_scale1, &pic[n], &cpu[n]);
    }

    FloatMotionCudaFrame f = {0};
    const size_t size = float_motion_cuda_layout(&f, &g, c->opt.add_scale1, bpc, NULL);
    uint8_t *buf = aligned_alloc(FLOAT_MOTION_CUDA_ALIGN, size);
    memset(buf, GARBAGE, size);
    float_motion_cuda_layout(&f, &g, c->opt.add_scale1, bpc, buf);
    if (c->opt.add_scale1)
        float_motion_cuda_fill_taps(&g, (FloatBilinearTap *)buf);
    float *result = malloc(f.rows * sizeof(float));

    for (unsigned n = 0; n < FRAMES; n++) {
        for (unsigned p = 0; p < g.planes; p++) {
            f.plane[p].src = pic[n].data[p];
            f.plane[p].src_pitch = (size_t)pic[n].stride[p];
        }
        f.cur = n % 2;
        f.row_sad = n ? result : NULL;
        memset(result, GARBAGE, f.rows * sizeof(float));
        run_blur(&f);
        if (f.scale1)
            run_half(&f);
        if (f.row_sad)
            run_sad(&f);
        compare_frame(c, bpc, &g, &f, cpu, n);
    }

    free(result);
    free(buf);
    for (unsigned n = 0; n < FRAMES; n++) {
        vmaf_picture_unref(&pic[n]);
        cpu_frame_free(&cpu[n]);
    }
}

static FloatMotionOptions options(int filter_size, bool add_uv, bool add_scale1)
{
    return (FloatMotionOptions){
        .filter_size = filter_size, .add_uv = add_uv, .add_scale1 = add_scale1};
}

static void test_sizes_depths_and_options(void)
{
    static const Case cases[] = {
        /* The smallest each blur accepts, luma and chroma. */
        {VMAF_PIX_FMT_YUV400P, 3, 3, {.filter_size = 5}},
        {VMAF_PIX_FMT_YUV444P, 2, 2, {.filter_size = 3, .add_uv = true, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV444P, 3, 3, {.filter_size = 1, .add_uv = true, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV420P, 6, 6, {.filter_size = 5, .add_uv = true, .add_scale1 = true}},
        /* Odd sizes, a sample past a tile or a chunk, narrow strips. */
        {VMAF_PIX_FMT_YUV420P, 17, 19, {.filter_size = 5, .add_uv = true}},
        {VMAF_PIX_FMT_YUV422P, 65, 17, {.filter_size = 3, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV444P, 64, 16, {.filter_size = 5, .add_uv = true, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV422P, 129, 33, {.filter_size = 5, .add_uv = true, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV420P, 353, 287, {.filter_size = 5, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV420P, 257, 3, {.filter_size = 1}},
        {VMAF_PIX_FMT_YUV444P, 3, 70, {.filter_size = 5, .add_uv = true, .add_scale1 = true}},
        {VMAF_PIX_FMT_YUV420P, 300, 131, {.filter_size = 0, .add_uv = true, .add_scale1 = true}},
    };
    static const unsigned depths[] = {8, 10, 12, 16};
    emu_rng_state = 0x2545f491u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++)
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
            run_case(&cases[i], depths[d]);
}

static void test_1080p(void)
{
    emu_rng_state = 0x9e3779b9u;
    const Case plain = {VMAF_PIX_FMT_YUV420P, 1920, 1080, options(5, false, false)};
    const Case all = {VMAF_PIX_FMT_YUV420P, 1920, 1080, options(5, true, true)};
    run_case(&plain, 8);
    run_case(&all, 10);
}

TEST_MAIN("float_motion_cuda_emu", {"sizes_depths_and_options", test_sizes_depths_and_options},
          {"1080p", test_1080p})
