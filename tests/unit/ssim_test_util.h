/* Helpers of the SSIM-family tests (test_float_ssim.c, test_float_ms_ssim.c,
 * test_ssim.c): the synthetic pattern whose scores were computed with
 * libvmaf's own functions, and one extractor instance scoring it. */
#ifndef VMAF_TESTS_SSIM_TEST_UTIL_H
#define VMAF_TESTS_SSIM_TEST_UTIL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "libvmaf/feature.h"
#include "test.h"

/* A ramp with a product term, wrapping at 256; the low bits of deeper
 * samples carry their own ramp. */
static inline unsigned pattern_ref(unsigned x, unsigned y, unsigned bpc)
{
    const unsigned base = (x * 3 + y * 5 + x * y / 8) % 256;
    return base << (bpc - 8) | ((x + 2 * y) & ((1u << (bpc - 8)) - 1));
}

/* The reference plus a periodic error of up to 24 8-bit steps, clipped. */
static inline unsigned pattern_dis(unsigned x, unsigned y, unsigned bpc)
{
    const int err = ((int)((x * 13 + y * 7) % 17) - 8) * 3 * (1 << (bpc - 8));
    const int v = (int)pattern_ref(x, y, bpc) + err;
    const int max = (1 << bpc) - 1;
    return v < 0 ? 0 : v > max ? (unsigned)max : (unsigned)v;
}

static inline void fill_plane(VmafPicture *pic, unsigned p,
                              unsigned (*f)(unsigned x, unsigned y, unsigned bpc))
{
    for (unsigned y = 0; y < pic->h[p]; y++) {
        uint8_t *row = (uint8_t *)pic->data[p] + y * pic->stride[p];
        for (unsigned x = 0; x < pic->w[p]; x++) {
            if (pic->bpc > 8)
                ((uint16_t *)row)[x] = (uint16_t)f(x, y, pic->bpc);
            else
                row[x] = (uint8_t)f(x, y, pic->bpc);
        }
    }
}

typedef struct SsimRun {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    VmafPicture ref, dist;
} SsimRun;

/* An instance of fex with opts (key, value, ..., NULL; may be NULL) and a
 * pair whose luma holds the pattern (chroma flat). Returns init's result. */
static inline int ssim_run_open(SsimRun *r, const VmafFeatureExtractor *fex,
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
    fill_plane(&r->ref, 0, pattern_ref);
    fill_plane(&r->dist, 0, pattern_dis);
    return vmaf_fex_context_init(r->ctx, fmt, bpc, w, h);
}

static inline void ssim_run_close(SsimRun *r)
{
    vmaf_fex_context_destroy(r->ctx);
    vmaf_feature_collector_destroy(r->fc);
    vmaf_picture_unref(&r->ref);
    vmaf_picture_unref(&r->dist);
}

/* Scores ref against dist (or against itself) as frame 0. */
static inline int ssim_run_extract(SsimRun *r, bool identical)
{
    return vmaf_fex_context_extract(r->ctx, &r->ref, identical ? &r->ref : &r->dist, 0, r->fc);
}

/* The score of frame 0, or NAN (and a failed check) when there is none. */
static inline double ssim_run_score(SsimRun *r, const char *name)
{
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, name, &v, 0), 0);
    return v;
}

static inline bool ssim_run_has(SsimRun *r, const char *name)
{
    double v;
    return !vmaf_feature_collector_get_score(r->fc, name, &v, 0);
}

#endif
