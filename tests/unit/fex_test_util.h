/* Helpers of the extractor tests: one extractor instance scoring a pair of
 * pictures, and the test pattern whose scores were measured with libvmaf. */
#ifndef VMAF_TESTS_FEX_TEST_UTIL_H
#define VMAF_TESTS_FEX_TEST_UTIL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "libvmaf/feature.h"
#include "test.h"

typedef struct FexRun {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    VmafPicture ref, dist;
} FexRun;

/* Creates the instance with opts (key, value, ..., NULL; may be NULL) and
 * the zeroed pictures; returns what init() does. */
static inline int fex_run_open_with(FexRun *r, const VmafFeatureExtractor *fex,
                                    const char *const *opts, enum VmafPixelFormat fmt, unsigned bpc,
                                    unsigned w, unsigned h)
{
    VmafFeatureDictionary *d = NULL;
    for (; opts && *opts; opts += 2)
        vmaf_feature_dictionary_set(&d, opts[0], opts[1]);
    CHECK_EQ_INT(vmaf_fex_context_create(&r->ctx, fex, d), 0);
    vmaf_feature_dictionary_free(&d);
    CHECK_EQ_INT(vmaf_feature_collector_init(&r->fc), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->ref, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->dist, fmt, bpc, w, h), 0);
    return vmaf_fex_context_init(r->ctx, fmt, bpc, w, h);
}

/* Creates the instance with default options; returns what init() does. */
static inline int fex_run_open(FexRun *r, const VmafFeatureExtractor *fex, enum VmafPixelFormat fmt,
                               unsigned bpc, unsigned w, unsigned h)
{
    return fex_run_open_with(r, fex, NULL, fmt, bpc, w, h);
}

static inline void fex_run_close(FexRun *r)
{
    vmaf_fex_context_destroy(r->ctx);
    vmaf_feature_collector_destroy(r->fc);
    vmaf_picture_unref(&r->ref);
    vmaf_picture_unref(&r->dist);
}

static inline int fex_run_extract(FexRun *r, unsigned index)
{
    return vmaf_fex_context_extract(r->ctx, &r->ref, &r->dist, index, r->fc);
}

/* The score, or NAN (and a failed check) when there is none. */
static inline double fex_score(FexRun *r, const char *name, unsigned index)
{
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, name, &v, index), 0);
    return v;
}

static inline void set_sample(VmafPicture *pic, unsigned p, unsigned x, unsigned y, unsigned v)
{
    uint8_t *row = (uint8_t *)pic->data[p] + y * pic->stride[p];
    if (pic->bpc > 8)
        ((uint16_t *)row)[x] = (uint16_t)v;
    else
        row[x] = (uint8_t)v;
}

static inline unsigned get_sample(const VmafPicture *pic, unsigned p, unsigned x, unsigned y)
{
    const uint8_t *row = (const uint8_t *)pic->data[p] + y * pic->stride[p];
    return pic->bpc > 8 ? ((const uint16_t *)row)[x] : row[x];
}

static inline unsigned plane_count(const VmafPicture *pic)
{
    return pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
}

static inline void fill_value(VmafPicture *pic, unsigned v)
{
    for (unsigned p = 0; p < plane_count(pic); p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            for (unsigned x = 0; x < pic->w[p]; x++)
                set_sample(pic, p, x, y, v);
        }
    }
}

/* The pattern the expected scores of the tests were measured on: diagonal
 * ramps, and for the distorted picture errors of -2..2 steps of 8-bit size. */
static inline void fill_pattern(VmafPicture *pic, bool distorted)
{
    const unsigned step = 1u << (pic->bpc - 8), max = (1u << pic->bpc) - 1;
    for (unsigned p = 0; p < plane_count(pic); p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            for (unsigned x = 0; x < pic->w[p]; x++) {
                int v = (int)(((x * 13 + y * 7 + p * 50) * step) & max);
                if (distorted)
                    v += ((int)((x * y + p) % 5) - 2) * (int)step;
                set_sample(pic, p, x, y, v < 0 ? 0 : v > (int)max ? max : (unsigned)v);
            }
        }
    }
}

/* Opens r on the pattern pair; returns what init() does. */
static inline int fex_run_pattern(FexRun *r, const VmafFeatureExtractor *fex,
                                  enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h)
{
    const int err = fex_run_open(r, fex, fmt, bpc, w, h);
    fill_pattern(&r->ref, false);
    fill_pattern(&r->dist, true);
    return err;
}

#endif
