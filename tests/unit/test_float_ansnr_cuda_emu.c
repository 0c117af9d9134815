/* The float_ansnr twin's kernel emulated on the CPU, no GPU needed: the
 * steps of src/feature/float_ansnr/cuda/float_ansnr_cuda_tile.h, which the
 * kernel runs, are run here block by block, chunk by chunk and thread by
 * thread on pitched planes with garbage past each row, the shared tile and
 * the row buffer filled with garbage first. Every filtered sample must be
 * the CPU stage's (float_ansnr_dsp.c, after float_common's conversion) and
 * the host's energies the CPU's, bit for bit, at 8, 10, 12 and 16 bits,
 * from the smallest size ANSNR takes (3x3) to 1080p, with widths about a
 * chunk's. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/float_ansnr/cuda/float_ansnr_cuda_tile.h"
#include "feature/float_ansnr/float_ansnr_common.h"
#include "feature/float_ansnr/float_ansnr_dsp.h"
#include "feature/float_common/float_plane.h"
#include "luma_pair_util.h"
#include "test.h"

/* The filtered planes and the energies of a pair. */
typedef struct Stages {
    FloatPlane ref_filtered, dis_filtered;
    FloatAnsnrEnergy energy;
} Stages;

static void alloc_stages(Stages *s, const LumaPair *p)
{
    CHECK_EQ_INT(float_plane_alloc(&s->ref_filtered, p->w, p->h), 0);
    CHECK_EQ_INT(float_plane_alloc(&s->dis_filtered, p->w, p->h), 0);
}

static void free_stages(Stages *s)
{
    float_plane_free(&s->ref_filtered);
    float_plane_free(&s->dis_filtered);
}

static void cpu_load(const FloatCommonDsp *common, const FloatPlane *dst, const LumaPair *p,
                     const uint8_t *plane)
{
    if (p->bpc == 8)
        common->load_8(dst, plane, (ptrdiff_t)p->stride);
    else
        common->load_16(dst, (const uint16_t *)plane, (ptrdiff_t)p->stride, luma_pair_divisor(p));
}

/* float_ansnr's stages, in its order. */
static void cpu_stages(const LumaPair *p, const FloatAnsnrKernels *k, Stages *out)
{
    FloatCommonDsp common;
    FloatAnsnrDsp dsp;
    float_common_dsp_init(&common, 0);
    float_ansnr_dsp_init(&dsp, 0);
    FloatPlane ref, dis;
    CHECK_EQ_INT(float_plane_alloc(&ref, p->w, p->h), 0);
    CHECK_EQ_INT(float_plane_alloc(&dis, p->w, p->h), 0);
    cpu_load(&common, &ref, p, p->ref);
    cpu_load(&common, &dis, p, p->dis);
    dsp.filter(&out->ref_filtered, &ref, k->ref, FLOAT_ANSNR_REF_TAPS);
    dsp.filter(&out->dis_filtered, &dis, k->dis, FLOAT_ANSNR_DIS_TAPS);
    dsp.energies(&out->ref_filtered, &out->dis_filtered, &out->energy);
    float_plane_free(&ref);
    float_plane_free(&dis);
}

/* float_ansnr_cuda_kernels.enqueue() on the CPU, then the host's total; the
 * filtered samples each chunk held are kept for the comparison. */
static void emulated_stages(const LumaPair *p, const FloatAnsnrKernels *k, Stages *out)
{
    static FloatAnsnrTile tile;
    FloatAnsnrEnergy *rows = malloc(p->h * sizeof(*rows));
    memset(rows, LUMA_PAIR_GARBAGE, p->h * sizeof(*rows));
    const FloatAnsnrCudaFrame f = {
        .ref = p->ref,
        .dis = p->dis,
        .pitch = p->stride,
        .w = p->w,
        .h = p->h,
        .bpc = p->bpc,
        .divisor = luma_pair_divisor(p),
        .kernels = *k,
        .rows = rows,
    };
    for (unsigned y = 0; y < f.h; y++) {
        FloatAnsnrEnergy row = {0, 0};
        for (unsigned c0 = 0; c0 < f.w; c0 += FLOAT_ANSNR_CUDA_CHUNK) {
            memset(&tile, LUMA_PAIR_GARBAGE, sizeof(tile));
            for (unsigned q = 0; q < FLOAT_ANSNR_CUDA_SPAN; q++)
                float_ansnr_tile_load(&f, y, c0, q, f.bpc > 8, &tile);
            for (unsigned t = 0; t < FLOAT_ANSNR_CUDA_THREADS; t++)
                float_ansnr_tile_filter(&f, c0, t, &tile);
            float_ansnr_tile_energies(&f, c0, &tile, &row);
            for (unsigned t = 0; t < FLOAT_ANSNR_CUDA_CHUNK && c0 + t < f.w; t++) {
                out->ref_filtered.data[y * out->ref_filtered.stride + c0 + t] =
                    tile.ref_filtered[t];
                out->dis_filtered.data[y * out->dis_filtered.stride + c0 + t] =
                    tile.dis_filtered[t];
            }
        }
        f.rows[y] = row;
    }
    out->energy = float_ansnr_cuda_total(rows, f.h);
    free(rows);
}

/* The first sample of a that differs from b's, reported; 0 when none. */
static unsigned differing(const char *what, const LumaPair *p, const FloatPlane *a,
                          const FloatPlane *b)
{
    for (unsigned y = 0; y < p->h; y++) {
        for (unsigned x = 0; x < p->w; x++) {
            const float va = a->data[y * a->stride + x], vb = b->data[y * b->stride + x];
            if (memcmp(&va, &vb, sizeof(va))) {
                fprintf(stderr, "%ux%u %u-bit: %s (%u, %u): cpu %.9g, emulated %.9g\n", p->w, p->h,
                        p->bpc, what, x, y, va, vb);
                return 1;
            }
        }
    }
    return 0;
}

/* Returns the CPU's noise for the caller's checks. */
static float compare(const LumaPair *p)
{
    FloatAnsnrKernels k;
    float_ansnr_kernels(&k);
    Stages cpu, emu;
    alloc_stages(&cpu, p);
    alloc_stages(&emu, p);
    cpu_stages(p, &k, &cpu);
    emulated_stages(p, &k, &emu);
    test_failures += differing("filtered reference", p, &cpu.ref_filtered, &emu.ref_filtered);
    test_failures += differing("filtered distorted", p, &cpu.dis_filtered, &emu.dis_filtered);
    if (memcmp(&cpu.energy, &emu.energy, sizeof(cpu.energy))) {
        fprintf(stderr, "%ux%u %u-bit: cpu signal %.9g noise %.9g, emulated %.9g %.9g\n", p->w,
                p->h, p->bpc, cpu.energy.signal, cpu.energy.noise, emu.energy.signal,
                emu.energy.noise);
        test_failures++;
    }
    free_stages(&cpu);
    free_stages(&emu);
    return cpu.energy.noise;
}

static void test_sizes_and_depths(void)
{
    /* The smallest, odd ones, widths about a chunk's and two, a tall
     * strip. */
    static const unsigned sizes[][2] = {
        {3, 3},   {4, 3},   {3, 5},   {17, 6},  {255, 3},  {256, 4},
        {257, 5}, {258, 9}, {513, 7}, {5, 301}, {4099, 4},
    };
    static const unsigned depths[] = {8, 10, 12, 16};
    luma_pair_rng_state = 0x2545f491u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            LumaPair p = luma_pair_make(sizes[i][0], sizes[i][1], depths[d], 40);
            compare(&p);
            luma_pair_free(&p);
        }
    }
}

static void test_large(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    luma_pair_rng_state = 0x9e3779b9u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
        LumaPair p = luma_pair_make(1920, 1080, depths[d], 200);
        CHECK(compare(&p) > 0);
        luma_pair_free(&p);
    }
}

TEST_MAIN("float_ansnr_cuda_emu", {"sizes_and_depths", test_sizes_and_depths},
          {"large", test_large})
