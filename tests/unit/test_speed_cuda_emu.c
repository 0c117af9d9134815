/* The speed twins' kernels emulated on the CPU, no GPU needed: the steps of
 * src/feature/speed/cuda/speed_cuda_tile.h, which the kernels run, are run
 * here launch by launch and thread by thread (the QR phase by phase between
 * its barriers) on memory laid out by the twin's own speed_cuda_layout(),
 * filled with garbage first, and scored by the twin's host steps. Every
 * covariance element, pivot flag, block variance and entropy and the score
 * must be the CPU pipeline's bits, on random content of odd sizes, the
 * smallest plane SpEED accepts and 1080p, at 8, 10, 12 and 16 bits, for
 * plain planes (speed_chroma) and frame differences (speed_temporal, with
 * and without speed_use_ref_diff), with each resampler, kernel scale and
 * weighting, and on flat planes whose covariance is singular. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/speed/cuda/speed_cuda_tile.h"
#include "feature/speed/speed_linalg.h"
#include "feature/speed/speed_pipeline.h"
#include "libvmaf/picture.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

/* Content of the kinds SpEED meets: noise of random strength, gradients,
 * flat patches and hard edges, in blocks of random size; or, flat, one
 * value everywhere (a singular covariance). */
static void fill(VmafPicture *pic, bool flat)
{
    const uint32_t max = (1u << pic->bpc) - 1;
    const uint32_t level = emu_rng() % (max + 1);
    const unsigned bw = 3 + emu_rng() % 60, bh = 3 + emu_rng() % 60;
    for (unsigned y0 = 0; y0 < pic->h[0]; y0 += bh) {
        for (unsigned x0 = 0; x0 < pic->w[0]; x0 += bw) {
            const unsigned kind = flat ? 0 : 1 + emu_rng() % 4;
            const uint32_t base = emu_rng() % (max + 1),
                           amp = 1 + emu_rng() % (max / (1 + emu_rng() % 32) + 1);
            for (unsigned y = y0; y < y0 + bh && y < pic->h[0]; y++) {
                for (unsigned x = x0; x < x0 + bw && x < pic->w[0]; x++) {
                    int64_t v;
                    switch (kind) {
                    case 0:
                        v = level;
                        break;
                    case 1: /* noise */
                        v = (int64_t)base + emu_rng() % amp - amp / 2;
                        break;
                    case 2: /* a gradient */
                        v = (int64_t)base + (int64_t)amp * ((x - x0) + 2 * (y - y0)) / (bw + bh);
                        break;
                    case 3: /* a flat patch with a little noise */
                        v = (int64_t)base + emu_rng() % 3;
                        break;
                    default: /* an edge */
                        v = (x - x0) * 2 < bw ? base : max - base;
                    }
                    emu_put(pic, x, y, v < 0 ? 0 : v > max ? max : (uint32_t)v);
                }
            }
        }
    }
}

typedef struct Case {
    unsigned w, h, bpc;
    SpeedParams params;
    bool temporal, use_ref_diff;
    /* Which of the pictures (ref, dis; for temporal the earlier frame's) are
     * flat. */
    bool flat_ref, flat_dis;
} Case;

/* A score's pictures: ref and dis; for a temporal case the frame before
 * (ref, dis) and the current one (cur_ref, cur_dis). */
typedef struct Pictures {
    VmafPicture ref, dis, cur_ref, cur_dis;
} Pictures;

static void make_pictures(const Case *c, Pictures *pics)
{
    VmafPicture *all[4] = {&pics->ref, &pics->dis, &pics->cur_ref, &pics->cur_dis};
    for (unsigned i = 0; i < (c->temporal ? 4u : 2u); i++) {
        CHECK_EQ_INT(vmaf_picture_alloc(all[i], VMAF_PIX_FMT_YUV400P, c->bpc, c->w, c->h), 0);
        fill(all[i], (i == 0 && c->flat_ref) || (i == 1 && c->flat_dis));
    }
    /* A temporal flat case: the current frames equal the earlier ones. */
    if (c->temporal && c->flat_ref)
        memcpy(pics->cur_ref.data[0], pics->ref.data[0], (size_t)pics->ref.stride[0] * c->h);
    if (c->temporal && c->flat_dis)
        memcpy(pics->cur_dis.data[0], pics->dis.data[0], (size_t)pics->dis.stride[0] * c->h);
}

static void free_pictures(const Case *c, Pictures *pics)
{
    vmaf_picture_unref(&pics->ref);
    vmaf_picture_unref(&pics->dis);
    if (c->temporal) {
        vmaf_picture_unref(&pics->cur_ref);
        vmaf_picture_unref(&pics->cur_dis);
    }
}

/* What one score leaves: the distorted plane's covariance matrix (the last
 * the CPU computes), both planes' blocks, the score. */
typedef struct Outcome {
    float cov[SPEED_TILE_MATRIX];
    float *entropy[2], *variance[2];
    bool singular;
    float score;
} Outcome;

static void outcome_alloc(Outcome *o, unsigned nb)
{
    for (unsigned i = 0; i < 2; i++) {
        o->entropy[i] = calloc(nb, sizeof(float));
        o->variance[i] = calloc(nb, sizeof(float));
    }
}

static void outcome_free(Outcome *o)
{
    for (unsigned i = 0; i < 2; i++) {
        free(o->entropy[i]);
        free(o->variance[i]);
    }
}

/* The CPU's pipeline, as speed_chroma and speed_temporal run it. */
static void cpu_score(const Case *c, const Pictures *pics, Outcome *o)
{
    SpeedPipeline s;
    CHECK_EQ_INT(speed_pipeline_init(&s, &c->params, c->w, c->h, c->bpc, 0), 0);
    float *ref = speed_plane_alloc(&s), *dis = speed_plane_alloc(&s);
    speed_plane_load(&s, ref, &pics->ref, 0);
    speed_plane_load(&s, dis, &pics->dis, 0);
    if (c->temporal) {
        float *cur = speed_plane_alloc(&s);
        speed_plane_load(&s, cur, &pics->cur_ref, 0);
        speed_plane_subtract(&s, ref, cur);
        if (!c->use_ref_diff)
            speed_plane_load(&s, cur, &pics->cur_dis, 0);
        speed_plane_subtract(&s, dis, cur);
        free(cur);
    }
    o->singular = speed_pipeline_score(&s, ref, dis, &o->score);
    memcpy(o->cov, s.cov, sizeof(o->cov));
    const SpeedBlocks *blocks[2] = {&s.ref, &s.dis};
    for (unsigned i = 0; i < 2; i++) {
        memcpy(o->entropy[i], blocks[i]->entropy, sizeof(float) * s.n_blocks);
        memcpy(o->variance[i], blocks[i]->variance, sizeof(float) * s.n_blocks);
    }
    free(ref);
    free(dis);
    speed_pipeline_close(&s);
}

/* A 2D launch of kernel step fn over every plane. */
typedef void (*PlaneStep)(const SpeedCudaFrame *f, unsigned p, unsigned a, unsigned b);

static void load_step(const SpeedCudaFrame *f, unsigned p, unsigned y, unsigned x)
{
    speed_tile_load(f, p, x, y);
}

static void resample_step(const SpeedCudaFrame *f, unsigned p, unsigned y, unsigned x)
{
    speed_tile_resample(f, p, x, y);
}

static void launch(const SpeedCudaFrame *f, PlaneStep fn, unsigned rows, unsigned cols)
{
    for (unsigned p = 0; p < f->planes; p++) {
        for (unsigned i = 0; i < rows; i++) {
            for (unsigned j = 0; j < cols; j++)
                fn(f, p, i, j);
        }
    }
}

/* householder_qr of speed_cuda.cu: every element's thread between two
 * barriers is one loop here. */
static void emulate_qr(const SpeedCudaPlane *pl)
{
    static SpeedQrTile t;
    memset(&t, GARBAGE, sizeof(t));
    speed_qr_serial(&t, pl);
}

/* speed_cuda_kernels.enqueue() on the CPU. */
static void emulate_frame(const SpeedCudaFrame *f)
{
    launch(f, load_step, f->h, f->w);
    if (f->resize)
        launch(f, resample_step, f->scaled_h, f->scaled_w);
    launch(f, speed_tile_antialias_rows, f->small_h, f->scaled_w);
    launch(f, speed_tile_antialias_cols, f->small_h, f->small_w);
    launch(f, speed_tile_local_mean_rows, f->small_h, f->small_w);
    launch(f, speed_tile_centre, f->small_h, f->small_w);
    for (unsigned p = 0; p < f->planes; p++) {
        for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
            speed_tile_mean(f, p, k);
    }
    for (unsigned p = 0; p < f->planes; p++) {
        for (int a = 0; a < SPEED_BLOCK_ELEMS; a++) {
            for (int b = 0; b <= a; b++)
                speed_tile_covariance(f, p, a, b);
        }
    }
    for (unsigned p = 0; p < f->planes; p++)
        emulate_qr(&f->plane[p]);
    for (unsigned p = 0; p < f->planes; p++) {
        /* solve_blocks: Q' and R copied into shared memory first. */
        float qt[SPEED_TILE_MATRIX], r[SPEED_TILE_MATRIX];
        memcpy(qt, f->plane[p].qt, sizeof(qt));
        memcpy(r, f->plane[p].r, sizeof(r));
        for (unsigned b = 0; b < f->n_blocks; b++)
            speed_tile_solve(f, p, qt, r, b);
    }
}

static SpeedCudaInput input_of(const VmafPicture *plane, const VmafPicture *sub)
{
    return (SpeedCudaInput){
        .plane = plane->data[0],
        .sub = sub ? sub->data[0] : NULL,
        .plane_pitch = (size_t)plane->stride[0],
        .sub_pitch = sub ? (size_t)sub->stride[0] : 0,
    };
}

/* The twin on the CPU: its layout, its kernels' steps, its host scoring
 * (speed_cuda.c's fit_plane() and score_collected()). */
static void emulated_score(const Case *c, const Pictures *pics, Outcome *o)
{
    SpeedPipeline s;
    CHECK_EQ_INT(speed_pipeline_setup(&s, &c->params, c->w, c->h, c->bpc, 0), 0);
    CHECK(!s.mem);
    /* speed_chroma_cuda's four planes: the pair, then the pair swapped,
     * whose results must be the first two's swapped. */
    const unsigned planes = c->temporal ? 2 : 4;
    SpeedCudaFrame f;
    const size_t size = speed_cuda_layout(&f, &s, planes, c->bpc, NULL);
    uint8_t *buf = aligned_alloc(SPEED_CUDA_ALIGN, size);
    memset(buf, GARBAGE, size);
    speed_cuda_layout(&f, &s, planes, c->bpc, buf);
    speed_cuda_resize_tables(&s, buf);
    const size_t plane_size = speed_cuda_result_plane_size(s.n_blocks);
    const size_t result_size = planes * plane_size;
    uint8_t *result = aligned_alloc(SPEED_CUDA_ALIGN, result_size);
    memset(result, GARBAGE, result_size);
    speed_cuda_set_result(&f, result);
    if (c->temporal) {
        f.plane[0].input = input_of(&pics->ref, &pics->cur_ref);
        f.plane[1].input = input_of(&pics->dis, c->use_ref_diff ? &pics->cur_ref : &pics->cur_dis);
    } else {
        f.plane[0].input = f.plane[3].input = input_of(&pics->ref, NULL);
        f.plane[1].input = f.plane[2].input = input_of(&pics->dis, NULL);
    }
    emulate_frame(&f);
    for (unsigned p = 2; p < planes; p++)
        CHECK(!memcmp(result + p * plane_size, result + (3 - p) * plane_size, plane_size));

    float eig[SPEED_BLOCK_ELEMS], scratch[SPEED_EIGEN_SCRATCH(SPEED_BLOCK_ELEMS)];
    bool singular[2];
    SpeedBlocks blocks[2];
    for (unsigned p = 0; p < 2; p++) {
        blocks[p] = (SpeedBlocks){.entropy = o->entropy[p], .variance = o->variance[p]};
        singular[p] =
            speed_covariance_singular(speed_cuda_result_cov(result, s.n_blocks, p), eig, scratch) ||
            speed_cuda_result_pivot(result, s.n_blocks, p);
        if (!singular[p])
            memcpy(blocks[p].variance, speed_cuda_result_variance(result, s.n_blocks, p),
                   sizeof(float) * s.n_blocks);
        speed_blocks_finish(&s, eig, singular[p], &blocks[p]);
    }
    o->score = speed_pair_score(&s, singular[0], singular[1], &blocks[0], &blocks[1]);
    o->singular = singular[0] || singular[1];
    memcpy(o->cov, speed_cuda_result_cov(result, s.n_blocks, 1), sizeof(o->cov));
    free(result);
    free(buf);
}

static unsigned blocks_of(const Case *c)
{
    SpeedPipeline s;
    CHECK_EQ_INT(speed_pipeline_setup(&s, &c->params, c->w, c->h, c->bpc, 0), 0);
    return s.n_blocks;
}

static bool same_floats(const float *a, const float *b, size_t n)
{
    return !memcmp(a, b, sizeof(float) * n);
}

/* Returns the CPU's outcome's singular flag and score for the caller. */
static bool compare(const Case *c, float *score)
{
    Pictures pics;
    make_pictures(c, &pics);
    const unsigned nb = blocks_of(c);
    Outcome cpu, emu;
    outcome_alloc(&cpu, nb);
    outcome_alloc(&emu, nb);
    cpu_score(c, &pics, &cpu);
    emulated_score(c, &pics, &emu);
    const bool same = same_floats(cpu.cov, emu.cov, SPEED_TILE_MATRIX) &&
                      same_floats(cpu.variance[0], emu.variance[0], nb) &&
                      same_floats(cpu.variance[1], emu.variance[1], nb) &&
                      same_floats(cpu.entropy[0], emu.entropy[0], nb) &&
                      same_floats(cpu.entropy[1], emu.entropy[1], nb) &&
                      cpu.singular == emu.singular && same_floats(&cpu.score, &emu.score, 1);
    if (!same) {
        fprintf(stderr,
                "%ux%u %u-bit%s%s ks %g prescale %g %s wvm %d: cpu %a%s, emulated %a%s (cov %s, "
                "variances %s, entropies %s)\n",
                c->w, c->h, c->bpc, c->temporal ? " temporal" : "", c->use_ref_diff ? " urd" : "",
                c->params.kernelscale, c->params.prescale, c->params.prescale_method,
                c->params.weight_var_mode, cpu.score, cpu.singular ? " singular" : "", emu.score,
                emu.singular ? " singular" : "",
                same_floats(cpu.cov, emu.cov, SPEED_TILE_MATRIX) ? "equal" : "differ",
                same_floats(cpu.variance[0], emu.variance[0], nb) &&
                        same_floats(cpu.variance[1], emu.variance[1], nb)
                    ? "equal"
                    : "differ",
                same_floats(cpu.entropy[0], emu.entropy[0], nb) &&
                        same_floats(cpu.entropy[1], emu.entropy[1], nb)
                    ? "equal"
                    : "differ");
        test_failures++;
    }
    *score = cpu.score;
    const bool singular = cpu.singular;
    outcome_free(&cpu);
    outcome_free(&emu);
    free_pictures(c, &pics);
    return singular;
}

static const SpeedParams defaults = {1.0, 1.0, "nearest", 0.29, 0.0, 0};
static const SpeedParams v16 = {1.0, 1.0, "nearest", 0.19, 0.1, 5};

static void test_sizes_and_depths(void)
{
    /* The smallest planes (too few blocks for a full-rank covariance: the
     * CPU scores them singular, and so must the twin), odd sizes, 4:2:0 and
     * 4:2:2 chroma of 1080p. */
    static const unsigned sizes[][2] = {{80, 80}, {97, 83}, {353, 287}, {960, 540}, {176, 1080}};
    static const unsigned depths[] = {8, 10, 12, 16};
    emu_rng_state = 0x2545f491u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            for (unsigned temporal = 0; temporal < 2; temporal++) {
                const Case c = {.w = sizes[i][0],
                                .h = sizes[i][1],
                                .bpc = depths[d],
                                .params = i % 2 ? v16 : defaults,
                                .temporal = temporal,
                                .use_ref_diff = temporal && d % 2};
                float score;
                const bool singular = compare(&c, &score);
                CHECK(singular == (sizes[i][0] < 100));
                CHECK(singular ? score == 0 : score > 0);
            }
        }
    }
}

/* 1080p luma, as speed_temporal and 4:4:4 chroma read it. */
static void test_large(void)
{
    emu_rng_state = 0x9e3779b9u;
    for (unsigned bpc = 8; bpc <= 16; bpc += 8) {
        for (unsigned temporal = 0; temporal < 2; temporal++) {
            const Case c = {.w = 1920, .h = 1080, .bpc = bpc, .params = v16, .temporal = temporal};
            float score;
            CHECK(!compare(&c, &score));
            CHECK(score > 0);
        }
    }
}

/* Every resampler up and down, the kernel scales' filter widths, the
 * weightings of the variances. */
static void test_options(void)
{
    static const struct {
        double ks, prescale;
        const char *method;
        int wvm;
    } opts[] = {
        {1, 0.5, "bilinear", 5},    {1, 0.6, "bilinear", 0}, {1, 1.5, "bilinear", 3},
        {1, 0.5, "nearest", 1},     {1, 2.0, "nearest", 2},  {1, 0.75, "bicubic", 4},
        {1, 1.3, "bicubic", 6},     {1, 0.8, "lanczos4", 5}, {1, 1.25, "lanczos4", 0},
        {0.5, 1, "nearest", 0},     {2, 1, "nearest", 5},    {1.5, 0.7, "bilinear", 3},
        {2.0 / 3, 1, "nearest", 6}, {3, 1.1, "bicubic", 0},  {1, 1.0005, "lanczos4", 1},
    };
    emu_rng_state = 0x12345678u;
    unsigned scored = 0;
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
        const SpeedParams p = {opts[i].ks,     opts[i].prescale,
                               opts[i].method, 0.19 + 0.05 * (i % 3),
                               0.1 * (i % 4),  opts[i].wvm};
        const Case c = {.w = 257 + 13 * (unsigned)i,
                        .h = 197 + 7 * (unsigned)i,
                        .bpc = 8 + 2 * (i % 3),
                        .params = p,
                        .temporal = i % 3 == 2,
                        .use_ref_diff = i % 2};
        float score;
        if (!compare(&c, &score))
            scored++;
    }
    /* The downscaling options leave some planes too small to be full rank;
     * most must reach the solver. */
    CHECK(scored * 2 > sizeof(opts) / sizeof(opts[0]));
}

/* Flat planes: one side singular scores 0, both the noise floor's blocks. */
static void test_singular(void)
{
    emu_rng_state = 0xdeadbeefu;
    for (unsigned bpc = 8; bpc <= 16; bpc += 8) {
        for (unsigned temporal = 0; temporal < 2; temporal++) {
            float score;
            Case c = {160, 96, bpc, v16, temporal, false, true, false};
            CHECK(compare(&c, &score));
            CHECK(score == 0);
            c.flat_ref = false;
            c.flat_dis = true;
            CHECK(compare(&c, &score));
            CHECK(score == 0);
            c.flat_ref = true;
            CHECK(compare(&c, &score));
        }
    }
}

TEST_MAIN("speed_cuda_emu", {"sizes_and_depths", test_sizes_and_depths}, {"large", test_large},
          {"options", test_options}, {"singular", test_singular})
