/* What the CUDA twins' emulation tests share: a xorshift generator, samples
 * written to a picture's luma, planes laid out as the shared frame's, option dictionaries from
 * "key=value:..." specs, and pairs of pictures filled block by block with content that takes every
 * branch of the wavelet and masking metrics. */
#ifndef VMAF_TESTS_EMU_UTIL_H
#define VMAF_TESTS_EMU_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libvmaf/feature.h"
#include "libvmaf/picture.h"
#include "test.h"

static uint32_t emu_rng_state;

static inline uint32_t emu_rng(void)
{
    emu_rng_state ^= emu_rng_state << 13;
    emu_rng_state ^= emu_rng_state >> 17;
    emu_rng_state ^= emu_rng_state << 5;
    return emu_rng_state;
}

static inline void emu_put(VmafPicture *pic, unsigned x, unsigned y, uint32_t v)
{
    uint8_t *row = (uint8_t *)pic->data[0] + (size_t)y * pic->stride[0];
    if (pic->bpc > 8)
        ((uint16_t *)row)[x] = (uint16_t)v;
    else
        row[x] = (uint8_t)v;
}

/* Garbage bytes device memory is filled with before a kernel's emulation,
 * and after each row of a plane as the shared frame holds it. */
enum { EMU_GARBAGE = 0xa5, EMU_ROW_GARBAGE = 64 };

/* A picture's planes as the shared frame holds them: rows packed at a pitch
 * with garbage past each row's samples. */
typedef struct EmuPlanes {
    uint8_t *data[3];
    size_t pitch[3];
} EmuPlanes;

/* pic's three planes into d (emu_free_planes() frees them). */
static inline void emu_upload(EmuPlanes *d, const VmafPicture *pic)
{
    const size_t bytes = pic->bpc > 8 ? 2 : 1;
    for (unsigned p = 0; p < 3; p++) {
        d->pitch[p] = pic->w[p] * bytes + EMU_ROW_GARBAGE;
        d->data[p] = malloc(d->pitch[p] * pic->h[p] + 1);
        memset(d->data[p], EMU_GARBAGE, d->pitch[p] * pic->h[p] + 1);
        for (unsigned y = 0; y < pic->h[p]; y++)
            memcpy(d->data[p] + y * d->pitch[p], (const uint8_t *)pic->data[p] + y * pic->stride[p],
                   pic->w[p] * bytes);
    }
}

static inline void emu_free_planes(EmuPlanes *d)
{
    for (unsigned p = 0; p < 3; p++)
        free(d->data[p]);
}

static inline const char *emu_fmt_name(enum VmafPixelFormat fmt)
{
    return fmt == VMAF_PIX_FMT_YUV420P   ? "4:2:0"
           : fmt == VMAF_PIX_FMT_YUV422P ? "4:2:2"
           : fmt == VMAF_PIX_FMT_YUV444P ? "4:4:4"
                                         : "4:0:0";
}

static inline uint32_t emu_clip(int64_t v, uint32_t max)
{
    return v < 0 ? 0 : v > max ? max : (uint32_t)v;
}

/* "key=value:key=value" as a dictionary; the caller frees it. */
static inline VmafFeatureDictionary *emu_dictionary(const char *spec)
{
    VmafFeatureDictionary *d = NULL;
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", spec);
    for (char *rest = buf, *item; (item = strsep(&rest, ":")) && *item;) {
        char *eq = strchr(item, '=');
        *eq = '\0';
        CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, item, eq + 1), 0);
    }
    return d;
}

/* Blocks of content that take every branch of the statistic: flat (below
 * the noise floor, zero variances), mild noise, inversion (negative
 * covariance), amplification (gains past the limit), extremes, a gradient
 * against a flat picture, and unrelated content. */
static inline void emu_fill_block(VmafPicture *ref, VmafPicture *dis, unsigned x0, unsigned y0,
                                  unsigned bw, unsigned bh)
{
    const uint32_t max = (1u << ref->bpc) - 1;
    const unsigned kind = emu_rng() % 7;
    const uint32_t base = emu_rng() % (max + 1), amp = emu_rng() % (max + 1) / (1 + emu_rng() % 16);
    for (unsigned y = y0; y < y0 + bh && y < ref->h[0]; y++) {
        for (unsigned x = x0; x < x0 + bw && x < ref->w[0]; x++) {
            const uint32_t noise = amp ? emu_rng() % (amp + 1) : 0;
            uint32_t r = emu_clip((int64_t)base + noise - amp / 2, max), d;
            switch (kind) {
            case 0:
                r = base;
                d = emu_rng() % 8 ? base : emu_clip((int64_t)base + emu_rng() % 3 - 1, max);
                break;
            case 1:
                d = emu_clip((int64_t)r + emu_rng() % (max / 64 + 2) - max / 128, max);
                break;
            case 2:
                d = max - r;
                break;
            case 3:
                d = emu_clip(((int64_t)r - base) * 3 + base, max);
                break;
            case 4:
                r = (x + y) % 2 ? max : 0;
                d = emu_rng() % 2 ? max - r : r;
                break;
            case 5:
                r = (uint32_t)((uint64_t)max * (x - x0 + y - y0) / (bw + bh));
                d = base;
                break;
            default:
                d = emu_rng() % (max + 1);
            }
            emu_put(ref, x, y, r);
            emu_put(dis, x, y, d);
        }
    }
}

/* Blocks of 2 to max_block samples each way. */
static inline void emu_make_pair(VmafPicture *ref, VmafPicture *dis, unsigned w, unsigned h,
                                 unsigned bpc, unsigned max_block)
{
    CHECK_EQ_INT(vmaf_picture_alloc(ref, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(dis, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    const unsigned bw = 2 + emu_rng() % (max_block - 1), bh = 2 + emu_rng() % (max_block - 1);
    for (unsigned y = 0; y < h; y += bh)
        for (unsigned x = 0; x < w; x += bw)
            emu_fill_block(ref, dis, x, y, bw, bh);
}

#endif
