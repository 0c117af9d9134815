/* The float_psnr twin's kernel emulated on the CPU, no GPU needed: the step
 * of src/feature/float_psnr/cuda/float_psnr_cuda_tile.h, which the kernel
 * runs, is run here block by block and thread by thread on pitched planes
 * with garbage past each row, into a row buffer filled with garbage first;
 * the host's sum must be the double of the CPU's stage (float_psnr_dsp.c),
 * bit for bit, at 8, 10, 12 and 16 bits, from 1x1 to 1080p, up to the
 * largest squared errors at 2^21 16-bit pixels. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/float_psnr/cuda/float_psnr_cuda_tile.h"
#include "feature/float_psnr/float_psnr_dsp.h"
#include "luma_pair_util.h"
#include "test.h"

static double cpu_sse(const LumaPair *p)
{
    FloatPsnrDsp dsp;
    float_psnr_dsp_init(&dsp, 0);
    if (p->bpc == 8)
        return dsp.sse_8(p->ref, (ptrdiff_t)p->stride, p->dis, (ptrdiff_t)p->stride, p->w, p->h);
    return dsp.sse_16((const uint16_t *)p->ref, (ptrdiff_t)p->stride, (const uint16_t *)p->dis,
                      (ptrdiff_t)p->stride, p->w, p->h, luma_pair_divisor(p));
}

/* float_psnr_cuda_kernels.enqueue() on the CPU, then the host's sum. */
static double emulated_sse(const LumaPair *p)
{
    uint64_t *row_sse = malloc(p->h * sizeof(*row_sse));
    memset(row_sse, LUMA_PAIR_GARBAGE, p->h * sizeof(*row_sse));
    const FloatPsnrCudaFrame f = {
        .ref = p->ref,
        .dis = p->dis,
        .pitch = p->stride,
        .w = p->w,
        .h = p->h,
        .bpc = p->bpc,
        .divisor = luma_pair_divisor(p),
        .row_sse = row_sse,
    };
    for (unsigned y = 0; y < f.h; y++) {
        uint64_t block = 0;
        for (unsigned t = 0; t < FLOAT_PSNR_CUDA_THREADS; t++)
            block += float_psnr_cuda_thread_sse(&f, y, t, f.bpc > 8);
        f.row_sse[y] = block;
    }
    const double sse = float_psnr_cuda_sse(row_sse, f.h, f.divisor);
    free(row_sse);
    return sse;
}

/* Returns the CPU's sum for the caller's checks. */
static double compare(const LumaPair *p)
{
    const double cpu = cpu_sse(p), emu = emulated_sse(p);
    if (memcmp(&cpu, &emu, sizeof(cpu))) {
        fprintf(stderr, "%ux%u %u-bit: cpu %.17g, emulated %.17g\n", p->w, p->h, p->bpc, cpu, emu);
        test_failures++;
    }
    return cpu;
}

static void test_sizes_and_depths(void)
{
    /* The smallest, odd ones, a block's width and a pixel either side, a
     * tall strip. */
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

/* The bound of the twin's exactness at 16 bits: 2^21 pixels of the largest
 * squared errors and the finest steps, whose counts sum to just below 2^53. */
static void test_largest_16_bit_sums(void)
{
    LumaPair p = luma_pair_make(2048, 1024, 16, 1);
    for (unsigned y = 0; y < p.h; y++) {
        for (unsigned x = 0; x < p.w; x++) {
            const bool fine = (x + y) % 1024 == 0;
            luma_pair_put(&p, p.ref, x, y, fine ? 1 : (x + y) % 2 ? 65535 : 0);
            luma_pair_put(&p, p.dis, x, y, fine ? 0 : (x + y) % 2 ? 0 : 65535);
        }
    }
    CHECK(compare(&p) > 0x1p36);
    luma_pair_free(&p);
}

TEST_MAIN("float_psnr_cuda_emu", {"sizes_and_depths", test_sizes_and_depths}, {"large", test_large},
          {"largest_16_bit_sums", test_largest_16_bit_sums})
