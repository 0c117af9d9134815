/* The vif twin's kernels emulated on the CPU, no GPU needed: the steps of
 * src/feature/vif/cuda/vif_cuda_tile.h, which the kernels run, are run here
 * block by block and thread by thread on memory laid out by the twin's own
 * vif_cuda_layout(), in the kernels' integer formats, uninitialised memory
 * played by garbage. Each scale's sums must equal those of the CPU's stages
 * (vif_dsp.c), on random content of odd sizes, the smallest vif accepts and
 * a large one, at 8, 10, 12 and 16 bits, with and without the gain limit and
 * scale 0. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/vif/cuda/vif_cuda_tile.h"
#include "feature/vif/vif_common.h"
#include "feature/vif/vif_dsp.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

/* A reference/distorted luma pair with rows of stride bytes. */
typedef struct Pair {
    unsigned w, h, bpc;
    size_t stride;
    uint8_t *ref, *dis;
} Pair;

static void put(uint8_t *plane, const Pair *p, unsigned x, unsigned y, uint32_t v)
{
    uint8_t *row = plane + y * p->stride;
    if (p->bpc > 8)
        ((uint16_t *)row)[x] = (uint16_t)v;
    else
        row[x] = (uint8_t)v;
}

/* Blocks of content that take every branch of the accumulation: flat areas
 * (below the noise floor), noise, mild and strong distortion, inversion
 * (negative covariance), amplification (gains past any limit), extremes. */
static void fill_block(const Pair *p, unsigned x0, unsigned y0, unsigned bw, unsigned bh)
{
    const uint32_t max = (1u << p->bpc) - 1;
    const unsigned kind = emu_rng() % 7;
    const uint32_t base = emu_rng() % (max + 1), amp = emu_rng() % (max + 1) / (1 + emu_rng() % 16);
    for (unsigned y = y0; y < y0 + bh && y < p->h; y++) {
        for (unsigned x = x0; x < x0 + bw && x < p->w; x++) {
            const uint32_t noise = amp ? emu_rng() % (amp + 1) : 0;
            uint32_t r = emu_clip((int64_t)base + noise - amp / 2, max), d;
            switch (kind) {
            case 0: /* flat */
                r = base;
                d = emu_clip((int64_t)base + emu_rng() % 3 - 1, max);
                break;
            case 1: /* mild noise */
                d = emu_clip((int64_t)r + emu_rng() % (max / 64 + 2) - max / 128, max);
                break;
            case 2: /* inverted */
                d = max - r;
                break;
            case 3: /* amplified about the block's level */
                d = emu_clip(((int64_t)r - base) * 3 + base, max);
                break;
            case 4: /* extremes */
                r = (x + y) % 2 ? max : 0;
                d = emu_rng() % 2 ? max - r : r;
                break;
            case 5: /* a gradient against a flat picture */
                r = (uint32_t)((uint64_t)max * (x - x0 + y - y0) / (bw + bh));
                d = base;
                break;
            default: /* unrelated */
                d = emu_rng() % (max + 1);
            }
            put(p->ref, p, x, y, r);
            put(p->dis, p, x, y, d);
        }
    }
}

/* Blocks of 2 to max_block samples each way. */
static Pair make_pair(unsigned w, unsigned h, unsigned bpc, unsigned max_block)
{
    const unsigned bytes = bpc > 8 ? 2 : 1;
    Pair p = {.w = w, .h = h, .bpc = bpc, .stride = (size_t)w * bytes + bytes * (emu_rng() % 40)};
    p.ref = malloc(p.stride * h);
    p.dis = malloc(p.stride * h);
    memset(p.ref, GARBAGE, p.stride * h);
    memset(p.dis, GARBAGE, p.stride * h);
    const unsigned bw = 2 + emu_rng() % (max_block - 1), bh = 2 + emu_rng() % (max_block - 1);
    for (unsigned y = 0; y < h; y += bh)
        for (unsigned x = 0; x < w; x += bw)
            fill_block(&p, x, y, bw, bh);
    return p;
}

static void free_pair(Pair *p)
{
    free(p->ref);
    free(p->dis);
}

/* The CPU's stages in vif.c's order: the reference. */
static void cpu_sums(const Pair *p, double gain_limit, bool skip_scale0, VifSums sums[VIF_SCALES])
{
    VifDsp dsp;
    vif_dsp_init(&dsp, 0);
    uint32_t *mem = malloc(5 * (p->w + 2 * VIF_LINE_PAD) * sizeof(uint32_t));
    uint32_t *line[5];
    for (unsigned i = 0; i < 5; i++)
        line[i] = mem + i * (p->w + 2 * VIF_LINE_PAD) + VIF_LINE_PAD;
    const VifLines lines = {line[0], line[1], line[2], line[3], line[4]};
    uint16_t *scaled[VIF_SCALES] = {NULL};

    VifPlanes cur = {p->ref, p->dis, (ptrdiff_t)p->stride, (ptrdiff_t)p->stride, p->w, p->h};
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        sums[scale] = (VifSums){0};
        if (scale > 0) {
            const unsigned w = cur.w / 2, h = cur.h / 2;
            scaled[scale] = malloc(2 * sizeof(uint16_t) * w * h);
            const VifDecimated dst = {scaled[scale], scaled[scale] + w * h,
                                      (ptrdiff_t)(w * sizeof(uint16_t))};
            const unsigned v_shift = vif_decimate_shift(scale, p->bpc);
            if (scale == 1 && p->bpc == 8)
                dsp.decimate_8(&cur, scale, v_shift, &lines, &dst);
            else
                dsp.decimate_16(&cur, scale, v_shift, &lines, &dst);
            cur = (VifPlanes){dst.ref, dst.dis, dst.stride, dst.stride, w, h};
        } else if (skip_scale0) {
            continue;
        }
        const VifStatParams params = {
            .scale = scale,
            .mu_shift = vif_mu_shift(scale, p->bpc),
            .sq_shift = vif_sq_shift(scale, p->bpc),
            .log2_table = vif_log2_table(),
            .gain_limit = gain_limit,
        };
        if (scale == 0 && p->bpc == 8)
            dsp.statistic_8(&cur, &params, &lines, &sums[scale]);
        else
            dsp.statistic_16(&cur, &params, &lines, &sums[scale]);
    }
    free(mem);
    for (unsigned scale = 0; scale < VIF_SCALES; scale++)
        free(scaled[scale]);
}

/* One kernel launch of vif_cuda.cu, a block at a time. */
static void run_scale(const VifCudaFrame *f, int scale, bool stat, bool decimate)
{
    static VifTile tile;
    const VifCudaScale *s = &f->scale[scale];
    const bool hbd = scale > 0 || f->bpc > 8;
    for (unsigned by = 0; by < s->blocks_y; by++) {
        for (unsigned bx = 0; bx < s->blocks_x; bx++) {
            memset(&tile, GARBAGE, sizeof(tile));
            for (int t = 0; t < VIF_CUDA_THREADS; t++)
                vif_tile_column(s, scale, vif_filter, hbd, stat, decimate, bx, by, t, &tile);
            if (stat) {
                VifSums sums = {0};
                for (unsigned i = 0; i < VIF_TILE_RUNS(scale); i++)
                    vif_tile_statistic(&tile, s, scale, vif_filter[scale], bx, by, i, f->log2_table,
                                       f->gain_limit, &sums);
                s->partials[by * s->blocks_x + bx] = sums;
            }
            for (unsigned i = 0;
                 decimate && i < VIF_CUDA_TILE_COLS(scale) / 2 * VIF_TILE_NEXT_ROWS(scale); i++)
                vif_tile_next(&tile, s, scale, vif_filter[scale + 1], bx, by, i);
        }
    }
}

/* vif_cuda_kernels.enqueue() on the CPU: the four scale kernels, then the sum of
 * each scale's partials. */
static void emulated_sums(const Pair *p, double gain_limit, bool skip_scale0,
                          VifSums sums[VIF_SCALES])
{
    VifCudaFrame f = {.bpc = p->bpc, .gain_limit = gain_limit};
    const size_t size = vif_cuda_layout(&f, p->bpc, p->w, p->h, skip_scale0, NULL);
    uint8_t *buf = aligned_alloc(VIF_CUDA_ALIGN, size);
    memset(buf, GARBAGE, size);
    vif_cuda_layout(&f, p->bpc, p->w, p->h, skip_scale0, buf);
    memcpy(buf, vif_log2_table(), VIF_CUDA_LOG2_TABLE_SIZE);
    f.scale[0].ref = p->ref;
    f.scale[0].dis = p->dis;
    f.scale[0].ref_pitch = f.scale[0].dis_pitch = p->stride;

    for (int scale = 0; scale < VIF_SCALES; scale++)
        run_scale(&f, scale, f.scale[scale].partials != NULL, scale + 1 < VIF_SCALES);
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        const VifCudaScale *s = &f.scale[scale];
        VifSums acc = {0};
        for (unsigned i = 0; s->partials && i < s->blocks_x * s->blocks_y; i++) {
            acc.num_log += s->partials[i].num_log;
            acc.den_log += s->partials[i].den_log;
            acc.num_non_log += s->partials[i].num_non_log;
            acc.den_non_log += s->partials[i].den_non_log;
        }
        sums[scale] = acc;
    }
    free(buf);
}

static bool same_sums(const VifSums *a, const VifSums *b)
{
    return a->num_log == b->num_log && a->den_log == b->den_log &&
           a->num_non_log == b->num_non_log && a->den_non_log == b->den_non_log;
}

/* Compares every scale; returns the CPU's sums for the caller's checks. */
static void compare(const Pair *p, double gain_limit, bool skip_scale0, VifSums cpu[VIF_SCALES])
{
    VifSums emu[VIF_SCALES];
    cpu_sums(p, gain_limit, skip_scale0, cpu);
    emulated_sums(p, gain_limit, skip_scale0, emu);
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        if (same_sums(&cpu[scale], &emu[scale]))
            continue;
        fprintf(stderr,
                "%ux%u %u-bit egl %g%s scale %u: cpu %lld %lld %lld %lld, emulated %lld %lld "
                "%lld %lld\n",
                p->w, p->h, p->bpc, gain_limit, skip_scale0 ? " skip0" : "", scale,
                (long long)cpu[scale].num_log, (long long)cpu[scale].den_log,
                (long long)cpu[scale].num_non_log, (long long)cpu[scale].den_non_log,
                (long long)emu[scale].num_log, (long long)emu[scale].den_log,
                (long long)emu[scale].num_non_log, (long long)emu[scale].den_non_log);
        test_failures++;
    }
}

static void test_sizes_and_depths(void)
{
    /* The smallest, odd ones, ones a pixel past a tile's width or height at
     * some scale, and a wide strip. */
    static const unsigned sizes[][2] = {
        {16, 16}, {17, 19}, {31, 16}, {16, 45}, {241, 17}, {481, 24}, {97, 255}, {1923, 16},
    };
    static const unsigned depths[] = {8, 10, 12, 16};
    emu_rng_state = 0x2545f491u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            Pair p = make_pair(sizes[i][0], sizes[i][1], depths[d], 30);
            VifSums cpu[VIF_SCALES];
            compare(&p, 100.0, false, cpu);
            compare(&p, 1.0, i % 2, cpu);
            free_pair(&p);
        }
    }
}

/* 1080p at each depth, with blocks large enough that the content reaches
 * every branch at every scale: pixels below the noise floor and above it,
 * and gains the limit clips. */
static void test_large(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    emu_rng_state = 0x9e3779b9u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
        Pair p = make_pair(1920, 1080, depths[d], 150);
        VifSums unlimited[VIF_SCALES], limited[VIF_SCALES];
        compare(&p, 100.0, false, unlimited);
        compare(&p, 1.0, false, limited);
        for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
            CHECK(unlimited[scale].den_non_log > 0 && unlimited[scale].den_log > 0);
            CHECK(unlimited[scale].num_non_log > 0 && unlimited[scale].num_log > 0);
            CHECK(limited[scale].num_log < unlimited[scale].num_log);
        }
        free_pair(&p);
    }
}

TEST_MAIN("vif_cuda_emu", {"sizes_and_depths", test_sizes_and_depths}, {"large", test_large})
