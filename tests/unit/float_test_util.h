/* Helpers of the float extractor tests (test_float_*.c, test_motion_v2.c):
 * deterministic random content, and one extractor instance with its
 * collector and a reference/distorted picture pair. */
#ifndef VMAF_TESTS_FLOAT_TEST_UTIL_H
#define VMAF_TESTS_FLOAT_TEST_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fex_test_util.h"

static uint32_t test_rng = 2463534242u;

static inline unsigned test_random(void)
{
    test_rng ^= test_rng << 13;
    test_rng ^= test_rng >> 17;
    test_rng ^= test_rng << 5;
    return test_rng;
}

/* A float in [lo, hi). */
static inline float test_random_float(float lo, float hi)
{
    return lo + (hi - lo) * (float)(test_random() >> 8) / (float)(1u << 24);
}

/* Every plane: a smooth gradient plus noise of the given amplitude, plus
 * `offset`, clipped to the bit depth. */
static inline void test_fill_picture(VmafPicture *pic, unsigned amplitude, int offset)
{
    const int max = (1 << pic->bpc) - 1;
    const unsigned planes = pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            for (unsigned x = 0; x < pic->w[p]; x++) {
                int v = (int)((x * 7 + y * 5) * (unsigned)(max + 1) / 512) % (max + 1);
                v += (int)(test_random() % (2 * amplitude + 1)) - (int)amplitude + offset;
                set_sample(pic, p, x, y, (unsigned)(v < 0 ? 0 : v > max ? max : v));
            }
        }
    }
}

typedef struct TestRun {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    VmafPicture ref, dist;
} TestRun;

/* An instance of fex with options "k1", "v1", "k2", "v2", ... (NULL
 * terminated) and a w x h picture pair; returns what init returned. */
static inline int test_run_open(TestRun *r, const VmafFeatureExtractor *fex,
                                enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                                const char *const *opts)
{
    VmafFeatureDictionary *d = NULL;
    for (unsigned i = 0; opts && opts[i]; i += 2)
        vmaf_feature_dictionary_set(&d, opts[i], opts[i + 1]);
    int err = vmaf_fex_context_create(&r->ctx, fex, d);
    vmaf_feature_dictionary_free(&d);
    if (err)
        return err;
    CHECK_EQ_INT(vmaf_feature_collector_init(&r->fc), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->ref, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->dist, fmt, bpc, w, h), 0);
    return vmaf_fex_context_init(r->ctx, fmt, bpc, w, h);
}

static inline void test_run_close(TestRun *r)
{
    vmaf_fex_context_destroy(r->ctx);
    vmaf_feature_collector_destroy(r->fc);
    vmaf_picture_unref(&r->ref);
    vmaf_picture_unref(&r->dist);
}

/* The score stored under name at index, NAN (and a failed check) when none. */
static inline double test_score(TestRun *r, const char *name, unsigned index)
{
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, name, &v, index), 0);
    return v;
}

static inline int test_has_score(TestRun *r, const char *name, unsigned index)
{
    double v;
    return !vmaf_feature_collector_get_score(r->fc, name, &v, index);
}

#endif
