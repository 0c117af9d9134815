/* The kernel of the integer motion twins (motion_v2_cuda and motion_cuda)
 * emulated on the CPU, no GPU needed: the steps of
 * src/feature/motion_common/cuda/motion_cuda_tile.h, which the kernel runs, are run
 * here block by block and thread by thread, the frame before in a buffer of
 * the twin's pitch as its device-to-device copy leaves it, the shared
 * memory and the columns filled with garbage first. Every row's sum must equal the CPU
 * stages' (motion_dsp.h, C reference), and the frame's score the CPU
 * extractor's (motion_common.h, with SIMD where the CPU has it), on random
 * content of odd sizes, the smallest motion accepts, a chunk's width and a
 * strip's height and one past each, and 1080p, at 8 to 16 bits. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/motion_common/cuda/motion_cuda_tile.h"
#include "core/cpu.h"
#include "feature/motion_common/motion_common.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5
#define PITCH_ALIGN 256

/* Blocks of flat, noisy and extreme (0 / max checkerboard) luma, so that the
 * blurred difference takes both signs and its largest magnitudes. */
static void fill(VmafPicture *pic)
{
    const uint32_t max = (1u << pic->bpc) - 1;
    const unsigned bw = 1 + emu_rng() % 48, bh = 1 + emu_rng() % 48;
    for (unsigned y0 = 0; y0 < pic->h[0]; y0 += bh) {
        for (unsigned x0 = 0; x0 < pic->w[0]; x0 += bw) {
            const unsigned kind = emu_rng() % 3;
            const uint32_t base = emu_rng() % (max + 1);
            for (unsigned y = y0; y < y0 + bh && y < pic->h[0]; y++)
                for (unsigned x = x0; x < x0 + bw && x < pic->w[0]; x++)
                    emu_put(pic, x, y,
                            kind == 0   ? base
                            : kind == 1 ? emu_rng() % (max + 1)
                                        : ((x + y + base) % 2 ? max : 0));
        }
    }
}

/* A luma plane copied at a pitch of the device's kind, garbage past each
 * row. */
static uint8_t *device_copy(const VmafPicture *pic, size_t *pitch)
{
    const size_t row_bytes = (size_t)pic->w[0] * (pic->bpc > 8 ? 2 : 1);
    *pitch = (row_bytes + PITCH_ALIGN - 1) / PITCH_ALIGN * PITCH_ALIGN;
    uint8_t *plane = malloc(*pitch * pic->h[0]);
    memset(plane, GARBAGE, *pitch * pic->h[0]);
    for (unsigned y = 0; y < pic->h[0]; y++)
        memcpy(plane + y * *pitch, (const uint8_t *)pic->data[0] + y * pic->stride[0], row_bytes);
    return plane;
}

/* The CPU's C stages, row by row, as motion_common.c runs them. */
static uint32_t cpu_row_sad(const MotionDsp *dsp, const VmafPicture *prev, const VmafPicture *cur,
                            unsigned y, int32_t *blurred_row)
{
    MotionRows rows;
    for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
        const unsigned src_y = motion_mirror_index((int)y - MOTION_RADIUS + k, cur->h[0]);
        rows.prev[k] = (const uint8_t *)prev->data[0] + (size_t)src_y * prev->stride[0];
        rows.cur[k] = (const uint8_t *)cur->data[0] + (size_t)src_y * cur->stride[0];
    }
    if (cur->bpc > 8)
        dsp->diff_blur_vertical_16(blurred_row, &rows, cur->w[0], cur->bpc);
    else
        dsp->diff_blur_vertical_8(blurred_row, &rows, cur->w[0], cur->bpc);
    return dsp->blur_horizontal_abs_sum(blurred_row, cur->w[0]);
}

/* motion_cuda_row_sad() on the CPU into row_sad: block by block, each
 * step thread by thread, between the kernel's barriers. */
static void emulated_row_sad(const MotionCudaRows *a, uint32_t *row_sad)
{
    static const int32_t filter[MOTION_FILTER_TAPS] = MOTION_FILTER_COEFFICIENTS;
    enum { T = MOTION_CUDA_THREADS };
    const bool hbd = a->bpc > 8;
    int32_t blurred[MOTION_TILE_SPAN];
    static MotionColumn column[2][T];
    memset(row_sad, 0, a->h * sizeof(*row_sad)); /* the launcher's memset */
    for (unsigned y0 = 0; y0 < a->h; y0 += MOTION_STRIP_ROWS) {
        const unsigned rows = a->h - y0 < MOTION_STRIP_ROWS ? a->h - y0 : MOTION_STRIP_ROWS;
        for (unsigned x0 = 0; x0 < a->w; x0 += T) {
            const unsigned span = motion_tile_span(a, x0);
            memset(blurred, GARBAGE, sizeof(blurred));
            memset(column, GARBAGE, sizeof(column));
            for (unsigned j = 0; j < span; j++)
                motion_column_start(a, hbd, x0, j, y0, &column[j / T][j % T]);
            for (unsigned r = 0; r < rows; r++) {
                for (unsigned j = 0; j < span; j++)
                    motion_column_step(a, filter, hbd, x0, j, y0 + r, &column[j / T][j % T],
                                       blurred);
                for (unsigned t = 0; t < T; t++)
                    row_sad[y0 + r] += motion_tile_abs(a, filter, x0, t, blurred);
            }
        }
    }
}

static void compare(unsigned w, unsigned h, unsigned bpc)
{
    VmafPicture prev, cur;
    CHECK_EQ_INT(vmaf_picture_alloc(&prev, VMAF_PIX_FMT_YUV400P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&cur, VMAF_PIX_FMT_YUV400P, bpc, w, h), 0);
    fill(&prev);
    fill(&cur);
    MotionCudaRows a = {.w = w, .h = h, .bpc = bpc};
    uint8_t *kept = device_copy(&prev, &a.prev_pitch);
    uint8_t *shared = device_copy(&cur, &a.cur_pitch);
    a.prev = kept;
    a.cur = shared;

    MotionDsp dsp;
    motion_dsp_init(&dsp, 0);
    int32_t *blurred_row = malloc(w * sizeof(*blurred_row));
    uint32_t *row_sad = malloc(h * sizeof(*row_sad));
    emulated_row_sad(&a, row_sad);
    uint64_t sad = 0;
    unsigned bad = 0;
    for (unsigned y = 0; y < h; y++) {
        bad += row_sad[y] != cpu_row_sad(&dsp, &prev, &cur, y, blurred_row);
        sad += row_sad[y];
    }
    if (bad) {
        fprintf(stderr, "%ux%u %u-bit: %u rows differ\n", w, h, bpc, bad);
        test_failures++;
    }

    /* The twins' host arithmetic against the CPU extractor's. */
    const MotionScoring opt = {.fps_weight = 1.5, .max_val = 10000.0};
    MotionSad m;
    CHECK_EQ_INT(motion_sad_init(&m, w, h, bpc, vmaf_get_cpu_flags()), 0);
    const double cpu = motion_sad_score(&m, &opt, &prev, &cur);
    const double twin = motion_score_of_sad(&opt, sad, w, h);
    CHECK(!memcmp(&cpu, &twin, sizeof(cpu)));
    CHECK(cpu > 0);
    motion_sad_close(&m);

    free(row_sad);
    free(blurred_row);
    free(kept);
    free(shared);
    vmaf_picture_unref(&prev);
    vmaf_picture_unref(&cur);
}

static void test_sizes_and_depths(void)
{
    static const unsigned sizes[][2] = {
        {3, 3},   {4, 3},    {3, 7},     {17, 19}, {255, 5}, {256, 3},
        {257, 4}, {513, 33}, {1023, 31}, {20, 16}, {20, 17}, {258, 15},
    };
    static const unsigned depths[] = {8, 9, 10, 12, 15, 16};
    emu_rng_state = 0x2545f491u;
    for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++)
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
            compare(sizes[i][0], sizes[i][1], depths[d]);
}

static void test_1080p(void)
{
    emu_rng_state = 0x9e3779b9u;
    compare(1920, 1080, 8);
    compare(1920, 1080, 10);
}

TEST_MAIN("motion_v2_cuda_emu", {"sizes_and_depths", test_sizes_and_depths}, {"1080p", test_1080p})
