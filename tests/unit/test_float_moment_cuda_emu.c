/* The float_moment twin's kernel emulated on the CPU, no GPU needed: the
 * step of src/feature/float_moment/cuda/float_moment_cuda_tile.h, which the
 * kernel runs, is run here block by block and thread by thread on pitched
 * planes with garbage past each row, into a row buffer filled with garbage
 * first; the host's sums must be the doubles of the CPU's stage
 * (float_moment_dsp.c), bit for bit, for both pictures, at 8, 10, 12 and 16
 * bits, from 1x1 to 1080p, up to the largest squares at 2^21 16-bit
 * pixels. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/float_moment/cuda/float_moment_cuda_tile.h"
#include "feature/float_moment/float_moment_dsp.h"
#include "luma_pair_util.h"
#include "test.h"

static void cpu_sums(const LumaPair *p, const uint8_t *plane, double sum[2])
{
    FloatMomentDsp dsp;
    float_moment_dsp_init(&dsp, 0);
    if (p->bpc == 8)
        dsp.sums_8(plane, (ptrdiff_t)p->stride, p->w, p->h, sum);
    else
        dsp.sums_16((const uint16_t *)plane, (ptrdiff_t)p->stride, p->w, p->h, luma_pair_divisor(p),
                    sum);
}

/* float_moment_cuda_kernels.enqueue() on the CPU, then the host's sums. */
static void emulated_sums(const LumaPair *p, double sum[2][2])
{
    const size_t size = 2 * p->h * sizeof(FloatMomentCudaSums);
    FloatMomentCudaSums *rows = malloc(size);
    memset(rows, LUMA_PAIR_GARBAGE, size);
    const FloatMomentCudaFrame f = {
        .pic = {p->ref, p->dis},
        .pitch = p->stride,
        .w = p->w,
        .h = p->h,
        .bpc = p->bpc,
        .divisor = luma_pair_divisor(p),
        .rows = rows,
    };
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned y = 0; y < f.h; y++) {
            FloatMomentCudaSums block = {0, 0};
            for (unsigned t = 0; t < FLOAT_MOMENT_CUDA_THREADS; t++) {
                const FloatMomentCudaSums s =
                    float_moment_cuda_thread_sums(&f, pic, y, t, f.bpc > 8);
                block.samples += s.samples;
                block.squares += s.squares;
            }
            f.rows[pic * f.h + y] = block;
        }
    }
    for (unsigned pic = 0; pic < 2; pic++)
        float_moment_cuda_picture_sums(rows + pic * f.h, f.h, f.divisor, sum[pic]);
    free(rows);
}

/* Returns the CPU's sum of the reference's squares. */
static double compare(const LumaPair *p)
{
    double cpu[2][2], emu[2][2];
    cpu_sums(p, p->ref, cpu[0]);
    cpu_sums(p, p->dis, cpu[1]);
    emulated_sums(p, emu);
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned k = 0; k < 2; k++) {
            if (!memcmp(&cpu[pic][k], &emu[pic][k], sizeof(double)))
                continue;
            fprintf(stderr, "%ux%u %u-bit picture %u sum %u: cpu %.17g, emulated %.17g\n", p->w,
                    p->h, p->bpc, pic, k, cpu[pic][k], emu[pic][k]);
            test_failures++;
        }
    }
    return cpu[0][1];
}

static void test_sizes_and_depths(void)
{
    static const unsigned sizes[][2] = {
        {1, 1}, {3, 3}, {17, 5}, {255, 3}, {256, 2}, {257, 7}, {1023, 1}, {5, 513}, {4099, 24},
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

/* The bound of the twin's exactness at 16 bits: 2^21 pixels, nearly all of
 * the largest sample, a few of the finest steps, whose squares' counts sum
 * to just below 2^53. */
static void test_largest_16_bit_sums(void)
{
    LumaPair p = luma_pair_make(2048, 1024, 16, 1);
    for (unsigned y = 0; y < p.h; y++) {
        for (unsigned x = 0; x < p.w; x++) {
            const bool fine = (x + y) % 1024 == 0;
            luma_pair_put(&p, p.ref, x, y, fine ? 1 : 65535);
            luma_pair_put(&p, p.dis, x, y, fine ? 3 : 65534);
        }
    }
    CHECK(compare(&p) > 0x1p36);
    luma_pair_free(&p);
}

TEST_MAIN("float_moment_cuda_emu", {"sizes_and_depths", test_sizes_and_depths},
          {"large", test_large}, {"largest_16_bit_sums", test_largest_16_bit_sums})
