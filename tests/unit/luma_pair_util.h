/* Random luma pairs for the CUDA twins' emulation tests: a reference and a
 * distorted plane of any size and depth, rows of a padded stride whose
 * padding holds garbage, filled block by block with content that reaches
 * the extremes: flat areas, noise, small and large distortions, inversion,
 * the depth's limits and unrelated pictures. */
#ifndef VMAF_TESTS_LUMA_PAIR_UTIL_H
#define VMAF_TESTS_LUMA_PAIR_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LUMA_PAIR_GARBAGE 0xa5

static uint32_t luma_pair_rng_state = 0x2545f491u;

static inline uint32_t luma_pair_rng(void)
{
    luma_pair_rng_state ^= luma_pair_rng_state << 13;
    luma_pair_rng_state ^= luma_pair_rng_state >> 17;
    luma_pair_rng_state ^= luma_pair_rng_state << 5;
    return luma_pair_rng_state;
}

typedef struct LumaPair {
    unsigned w, h, bpc;
    size_t stride; /* bytes */
    uint8_t *ref, *dis;
} LumaPair;

static inline void luma_pair_put(const LumaPair *p, uint8_t *plane, unsigned x, unsigned y,
                                 uint32_t v)
{
    uint8_t *row = plane + y * p->stride;
    if (p->bpc > 8)
        ((uint16_t *)row)[x] = (uint16_t)v;
    else
        row[x] = (uint8_t)v;
}

static inline uint32_t luma_pair_clip(int64_t v, uint32_t max)
{
    return v < 0 ? 0 : v > max ? max : (uint32_t)v;
}

static inline void luma_pair_fill_block(const LumaPair *p, unsigned x0, unsigned y0, unsigned bw,
                                        unsigned bh)
{
    const uint32_t max = (1u << p->bpc) - 1;
    const unsigned kind = luma_pair_rng() % 7;
    const uint32_t base = luma_pair_rng() % (max + 1);
    for (unsigned y = y0; y < y0 + bh && y < p->h; y++) {
        for (unsigned x = x0; x < x0 + bw && x < p->w; x++) {
            uint32_t r = luma_pair_rng() % (max + 1), d;
            switch (kind) {
            case 0: /* flat and identical */
                r = d = base;
                break;
            case 1: /* mild noise */
                d = luma_pair_clip((int64_t)r + luma_pair_rng() % (max / 64 + 3) - max / 128 - 1,
                                   max);
                break;
            case 2: /* inverted */
                d = max - r;
                break;
            case 3: /* the limits, opposite */
                r = (x + y) % 2 ? max : 0;
                d = max - r;
                break;
            case 4: /* the largest samples */
                r = max;
                d = max - luma_pair_rng() % 2;
                break;
            case 5: /* small samples, small errors: the finest steps */
                r = luma_pair_rng() % 4;
                d = luma_pair_rng() % 4;
                break;
            default: /* unrelated */
                d = luma_pair_rng() % (max + 1);
            }
            luma_pair_put(p, p->ref, x, y, r);
            luma_pair_put(p, p->dis, x, y, d);
        }
    }
}

/* Blocks of 1 to max_block samples each way. */
static inline LumaPair luma_pair_make(unsigned w, unsigned h, unsigned bpc, unsigned max_block)
{
    const unsigned bytes = bpc > 8 ? 2 : 1;
    LumaPair p = {.w = w, .h = h, .bpc = bpc};
    p.stride = (size_t)w * bytes + bytes * (luma_pair_rng() % 40);
    p.ref = malloc(p.stride * h);
    p.dis = malloc(p.stride * h);
    memset(p.ref, LUMA_PAIR_GARBAGE, p.stride * h);
    memset(p.dis, LUMA_PAIR_GARBAGE, p.stride * h);
    const unsigned bw = 1 + luma_pair_rng() % max_block, bh = 1 + luma_pair_rng() % max_block;
    for (unsigned y = 0; y < h; y += bh)
        for (unsigned x = 0; x < w; x += bw)
            luma_pair_fill_block(&p, x, y, bw, bh);
    return p;
}

static inline void luma_pair_free(LumaPair *p)
{
    free(p->ref);
    free(p->dis);
}

/* 2^(bpc - 8), the divisor that brings samples to 8-bit scale. */
static inline float luma_pair_divisor(const LumaPair *p)
{
    return (float)(1u << (p->bpc - 8));
}

#endif
