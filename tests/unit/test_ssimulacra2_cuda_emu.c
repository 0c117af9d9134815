/* The ssimulacra2 twin's kernels emulated on the CPU, no GPU needed: the
 * steps of src/feature/ssimulacra2/cuda/ssimulacra2_cuda_tile.h, which the
 * kernels run, are run here in the kernels' order (the row blur through
 * the same tiles of columns, the column blur down each column) on pitched
 * planes with garbage past each row, into memory laid out by
 * ssimu2_cuda_layout() and filled with garbage first; each sum is the plain
 * loop, which vmaf_serial_sums_enqueue() reproduces bit for bit
 * (unit.test_serial_sum). The twin's host code then pools the sums, so the
 * score must be the CPU extractor's bit for bit: 4:2:0, 4:2:2, 4:4:4 and
 * RGB, 8 to 16 bits, every matrix, range and siting, from the 8x8 minimum
 * to 720p, odd sizes, with two scales to all six; and both refuse the same
 * inputs. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/feature_collector.h"
#include "feature/ssimulacra2/cuda/ssimulacra2_cuda_setup.h"
#include "feature/ssimulacra2/cuda/ssimulacra2_cuda_tile.h"
#include "feature/ssimulacra2/ssimulacra2_frame.h"
#include "feature/ssimulacra2/ssimulacra2_options.h"
#include "emu_util.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_ssimulacra2;

/* The twin's device memory, laid out as its init does. */
typedef struct Emulator {
    Ssimu2CudaFrame frame;
    uint8_t *buf, *constants;
    double sums[SSIMU2_SCALES][3][6];
} Emulator;

/* The twin's init on the CPU: the same checks, in the same order. */
static int emulator_open(Emulator *e, const char *const *opts, enum VmafPixelFormat fmt,
                         unsigned bpc, unsigned w, unsigned h)
{
    Ssimu2Options opt = {"auto", "auto", "auto", "", "", ""};
    for (; opts && *opts; opts += 2) {
        const char **field = !strcmp(opts[0], "matrix")  ? &opt.matrix
                             : !strcmp(opts[0], "range") ? &opt.range
                                                         : &opt.chroma_location;
        *field = opts[1];
    }
    Ssimu2CudaFrame *f = &e->frame;
    memset(f, 0, sizeof(*f));
    Ssimu2Colour colour;
    Ssimu2RgbSetup set = {.w = w, .h = h};
    int err = ssimu2_options_colour(&opt, fmt, w, h, &colour, &f->gbr);
    if (!err)
        err = ssimu2_check_size(w, h);
    if (!err && !f->gbr)
        err = ssimu2_rgb_setup_make(&set, &colour, fmt, bpc, w, h);
    if (err)
        return err;
    Ssimu2CudaConstants c;
    const size_t size = ssimu2_cuda_setup(f, &set, bpc, w, h, &c);
    e->buf = malloc(size);
    memset(e->buf, EMU_GARBAGE, size);
    e->constants = malloc(c.size);
    memset(e->constants, EMU_GARBAGE, c.size);
    Ssimulacra2Dsp dsp;
    ssimulacra2_dsp_init(&dsp, 0);
    /* The device's copy of the constants is the host's here. */
    ssimu2_cuda_place(f, &set, &dsp, e->buf, e->constants, e->constants, &c);
    ssimu2_rgb_setup_free(&set);
    return 0;
}

static void emulator_close(Emulator *e)
{
    free(e->buf);
    free(e->constants);
}

/* blur_rows: a thread per row and lane, tile by tile of SSIMU2_CUDA_ROWS
 * columns, reading the tile's XYB with zeros outside the picture. */
static void blur_rows(const Ssimu2CudaFrame *f, const Ssimu2CudaScale *sc)
{
    enum { TILE_IN = SSIMU2_CUDA_ROWS + SSIMU2_BLUR_BEFORE + SSIMU2_BLUR_AFTER };
    const int w = (int)sc->w;
    const size_t pixels = (size_t)sc->w * sc->h;
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned l = 0; l < sc->lanes[c]; l++) {
            const unsigned map = ssimu2_tile_lane_map(sc->lanes[c], l);
            for (unsigned y = 0; y < sc->h; y++) {
                Ssimu2LaneBlur st = {{0, 0, 0}, {0, 0, 0}};
                for (int x0 = 0; x0 < w; x0 += SSIMU2_CUDA_ROWS) {
                    const int origin = x0 - SSIMU2_BLUR_BEFORE;
                    float in[2][TILE_IN], out[SSIMU2_CUDA_ROWS];
                    for (unsigned p = 0; p < 2; p++)
                        for (int i = 0; i < TILE_IN; i++)
                            in[p][i] = origin + i >= 0 && origin + i < w
                                           ? f->xyb[p][c][(size_t)y * sc->w + origin + i]
                                           : 0.0f;
                    const int end = x0 + SSIMU2_CUDA_ROWS < w ? x0 + SSIMU2_CUDA_ROWS : w;
                    ssimu2_tile_blur_lane(&st, &f->gauss, in[0], in[1], origin, map, w,
                                          x0 ? x0 : SSIMU2_BLUR_FIRST, end, out, x0);
                    for (int x = x0; x < end; x++)
                        f->row_blurred[(sc->slot[c] + l) * pixels + (size_t)y * sc->w + x] =
                            out[x - x0];
                }
            }
        }
    }
}

/* blur_columns: a thread per column and slot, down the rows. */
static void blur_columns(const Ssimu2CudaFrame *f, const Ssimu2CudaScale *sc)
{
    const int h = (int)sc->h;
    const size_t pixels = (size_t)sc->w * sc->h;
    for (unsigned slot = 0; slot < sc->slots; slot++) {
        for (unsigned x = 0; x < sc->w; x++) {
            const float *src = f->row_blurred + slot * pixels + x;
            float *dst = f->blurred + slot * pixels + x;
            Ssimu2LaneColumn st = {{0, 0, 0}, {0, 0, 0}};
            for (int n = SSIMU2_BLUR_FIRST; n < h; n++) {
                const int t = n - SSIMU2_BLUR_BEFORE, b = n + SSIMU2_BLUR_AFTER;
                const float v = ssimu2_tile_column_step(
                    &st, &f->gauss, t >= 0, t >= 0 ? src[(size_t)t * sc->w] : 0.0f, b < h,
                    b < h ? src[(size_t)b * sc->w] : 0.0f);
                if (n >= 0)
                    dst[(size_t)n * sc->w] = v;
            }
        }
    }
}

static void emulate_scale(Ssimu2CudaFrame *f, unsigned s)
{
    const Ssimu2CudaScale *sc = &f->scale[s];
    const size_t pixels = (size_t)sc->w * sc->h;
    if (s) {
        const Ssimu2CudaScale *up = &f->scale[s - 1];
        for (unsigned p = 0; p < 2; p++)
            for (unsigned c = 0; c < 3; c++)
                for (unsigned y = 0; y < sc->h; y++)
                    for (unsigned x = 0; x < sc->w; x++)
                        sc->linear[p][c][(size_t)y * sc->w + x] =
                            ssimu2_tile_downsample(up->linear[p][c], up->w, up->h, x, y);
    }
    if (!sc->slots)
        return;
    for (unsigned p = 0; p < 2; p++)
        for (size_t i = 0; i < pixels; i++)
            ssimu2_tile_xyb_pixel(f, s, p, i);
    blur_rows(f, sc);
    blur_columns(f, sc);
    for (unsigned c = 0; c < 3; c++)
        for (size_t i = 0; i < pixels; i++)
            ssimu2_tile_maps(f, s, c, i);
}

/* ssimulacra2_cuda_kernels.enqueue() on the CPU for r's pair, then the host's score. */
static double emulate_frame(Emulator *e, const FexRun *r)
{
    Ssimu2CudaFrame *f = &e->frame;
    EmuPlanes dev[2];
    emu_upload(&dev[0], &r->ref);
    emu_upload(&dev[1], &r->dist);
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned p = 0; p < 3; p++) {
            f->src[pic][p] = dev[pic].data[p];
            f->pitch[p] = dev[pic].pitch[p];
        }
    }
    /* The memset of the result. */
    memset(e->sums, 0, sizeof(e->sums));
    const Ssimu2CudaScale *sc0 = &f->scale[0];
    const bool hbd = f->bpc > 8;
    if (!f->gbr && f->log2_w)
        for (unsigned pic = 0; pic < 2; pic++)
            for (unsigned p = 1; p < 3; p++)
                for (unsigned r = 0; r < sc0->h >> f->log2_h; r++)
                    for (unsigned x = 0; x < sc0->w; x++)
                        f->chroma[pic][p - 1][(size_t)r * sc0->w + x] =
                            ssimu2_tile_chroma_row(f, pic, p, r, x, hbd);
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned y = 0; y < sc0->h; y++) {
            for (unsigned x = 0; x < sc0->w; x++)
                ssimu2_tile_linear_pixel(f, pic, x, y, hbd);
        }
    }
    for (unsigned s = 0; s < f->scales; s++)
        emulate_scale(f, s);
    /* The sums' jobs, each the loop vmaf_serial_sums_enqueue() equals. */
    for (unsigned j = 0; j < f->serial.count; j++) {
        const VmafSerialSumJob *job = &f->serial.job[j];
        double sum = 0.0;
        for (size_t i = 0; i < job->n; i++)
            sum += job->x[i];
        CHECK(job->out < SSIMU2_SCALES * 3 * 6);
        (&e->sums[0][0][0])[job->out] = sum;
    }
    Ssimu2Norms norms[SSIMU2_SCALES];
    for (unsigned s = 0; s < f->scales; s++)
        ssimu2_scale_norms(&norms[s], (const double(*)[6])e->sums[s], f->scale[s].w, f->scale[s].h);
    emu_free_planes(&dev[0]);
    emu_free_planes(&dev[1]);
    return ssimu2_pool(norms, f->scales);
}

/* Smooth colours with noise, and a distorted picture that departs from it
 * by a few steps, by a block of extremes in frame 1, or not at all where
 * the noise is 0. */
static void fill_pair(FexRun *r, unsigned frame)
{
    const unsigned max = (1u << r->ref.bpc) - 1, step = 1u << (r->ref.bpc - 8);
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < r->ref.h[p]; y++) {
            for (unsigned x = 0; x < r->ref.w[p]; x++) {
                const unsigned base =
                    ((x * 3 + y * 5 + p * 60 + frame * 17) % 200 + 16 + emu_rng() % 8) * step;
                const unsigned v = base > max ? max : base;
                set_sample(&r->ref, p, x, y, v);
                int d = (int)v + ((int)(emu_rng() % 5) - 2) * (int)(emu_rng() % 3 ? step : 1);
                if (frame == 1 && x < r->ref.w[p] / 3 && y < r->ref.h[p] / 3)
                    d = (x + y) % 2 ? 0 : (int)max;
                set_sample(&r->dist, p, x, y, d < 0 ? 0 : d > (int)max ? max : (unsigned)d);
            }
        }
    }
}

typedef struct Case {
    enum VmafPixelFormat fmt;
    unsigned bpc, w, h;
    const char *opts[7]; /* key, value, ..., NULL */
    int expect;          /* what both inits return */
} Case;

static void compare(const Case *k)
{
    FexRun r;
    Emulator e;
    const int cpu =
        fex_run_open_with(&r, &vmaf_fex_ssimulacra2, k->opts, k->fmt, k->bpc, k->w, k->h);
    const int emu = emulator_open(&e, k->opts, k->fmt, k->bpc, k->w, k->h);
    CHECK_EQ_INT(cpu, k->expect);
    CHECK_EQ_INT(emu, k->expect);
    if (!emu) {
        for (unsigned frame = 0; frame < 2; frame++) {
            fill_pair(&r, frame);
            CHECK_EQ_INT(fex_run_extract(&r, frame), 0);
            /* The one feature, named with its options. */
            CHECK_EQ_INT(r.fc->cnt, 1);
            const double want = fex_score(&r, r.fc->feature_vector[0]->name, frame);
            const double got = emulate_frame(&e, &r);
            if (memcmp(&want, &got, sizeof(want))) {
                fprintf(stderr, "%ux%u %s %u-bit %s, frame %u: cpu %.17g, emulated %.17g\n", k->w,
                        k->h, emu_fmt_name(k->fmt), k->bpc, k->opts[0] ? k->opts[1] : "", frame,
                        want, got);
                test_failures++;
            }
        }
        emulator_close(&e);
    }
    fex_run_close(&r);
}

static void test_scores(void)
{
    static const Case cases[] = {
        {VMAF_PIX_FMT_YUV420P, 8, 320, 180, {NULL}, 0},
        {VMAF_PIX_FMT_YUV420P, 8, 1280, 720, {NULL}, 0},
        {VMAF_PIX_FMT_YUV420P, 8, 8, 8, {NULL}, 0},
        {VMAF_PIX_FMT_YUV420P, 16, 200, 112, {"chroma_location", "topleft", NULL}, 0},
        {VMAF_PIX_FMT_YUV420P,
         10,
         66,
         30,
         {"matrix", "bt2020nc", "range", "full", "chroma_location", "center", NULL},
         0},
        {VMAF_PIX_FMT_YUV420P, 12, 176, 144, {"chroma_location", "bottom", NULL}, 0},
        {VMAF_PIX_FMT_YUV422P, 10, 96, 64, {"matrix", "bt601", "range", "full", NULL}, 0},
        {VMAF_PIX_FMT_YUV422P, 8, 514, 37, {"chroma_location", "bottomleft", NULL}, 0},
        {VMAF_PIX_FMT_YUV444P, 12, 37, 29, {NULL}, 0},
        {VMAF_PIX_FMT_YUV444P, 8, 9, 300, {"chroma_location", "top", NULL}, 0},
        {VMAF_PIX_FMT_YUV444P, 8, 64, 48, {"matrix", "rgb", NULL}, 0},
        {VMAF_PIX_FMT_YUV444P, 16, 33, 130, {"matrix", "rgb", NULL}, 0},
        {VMAF_PIX_FMT_YUV444P, 10, 250, 141, {"matrix", "rgb", "range", "full", NULL}, 0},
        /* Refused alike. */
        {VMAF_PIX_FMT_YUV420P, 8, 8, 6, {NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV444P, 8, 7, 64, {NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV400P, 8, 64, 64, {NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV422P, 8, 65, 64, {NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 8, 64, 64, {"matrix", "rgb", NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV444P, 8, 64, 64, {"matrix", "rgb", "range", "limited", NULL}, -EINVAL},
        {VMAF_PIX_FMT_YUV420P, 8, 64, 64, {"matrix", "bt2021", NULL}, -EINVAL},
    };
    emu_rng_state = 2463534242u;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        compare(&cases[i]);
}

/* Every scale's sums and lanes: the ones the weights need, and no more. */
static void test_layout(void)
{
    Ssimu2CudaFrame f = {0};
    ssimu2_cuda_layout(&f, 1920, 1080, NULL);
    CHECK_EQ_INT(f.scales, 6);
    unsigned made = 0;
    for (unsigned s = 0; s < f.scales; s++) {
        unsigned slots = 0;
        for (unsigned c = 0; c < 3; c++) {
            CHECK_EQ_INT(f.scale[s].sums[c], ssimu2_sum_mask(6, s, c));
            CHECK_EQ_INT(f.scale[s].slot[c], slots);
            slots += f.scale[s].lanes[c];
            made += (unsigned)__builtin_popcount(f.scale[s].sums[c]);
        }
        CHECK_EQ_INT(f.scale[s].slots, slots);
    }
    CHECK_EQ_INT(f.serial.count, made);
    /* libjxl's weights: 52 of the 108 norms weigh in at six scales; scale
     * 0 needs five sums and the means of X and B-Y. */
    CHECK_EQ_INT(made, 52);
    CHECK_EQ_INT(f.scale[0].slots, 2 + SSIMU2_MAPS + 2);
    /* Every scale count's sums fit a VmafSerialSums. */
    for (unsigned side = 8, scales = 2; scales <= SSIMU2_SCALES; side *= 2, scales++) {
        ssimu2_cuda_layout(&f, side, side, NULL);
        CHECK_EQ_INT(f.scales, scales);
        CHECK(f.serial.count && f.serial.count <= VMAF_SERIAL_SUMS_MAX);
    }
    /* A scale is made while the one before is at least 8x8. */
    ssimu2_cuda_layout(&f, 8, 300, NULL);
    CHECK_EQ_INT(f.scales, 2);
    ssimu2_cuda_layout(&f, 16, 300, NULL);
    CHECK_EQ_INT(f.scales, 3);
}

int main(void)
{
    static const struct test_case cases[] = {
        {"layout", test_layout},
        {"scores", test_scores},
        {NULL, NULL},
    };
    return run_tests("ssimulacra2_cuda_emu", cases);
}
