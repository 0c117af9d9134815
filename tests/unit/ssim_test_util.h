/* Helpers of the SSIM-family tests (test_float_ssim.c, test_float_ms_ssim.c,
 * test_ssim.c): the synthetic pattern whose scores were computed with
 * libvmaf's own functions, and one extractor instance scoring it. */
#ifndef VMAF_TESTS_SSIM_TEST_UTIL_H
#define VMAF_TESTS_SSIM_TEST_UTIL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "fex_test_util.h"

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
        for (unsigned x = 0; x < pic->w[p]; x++)
            set_sample(pic, p, x, y, f(x, y, pic->bpc));
    }
}

typedef FexRun SsimRun;

/* An instance of fex with opts (key, value, ..., NULL; may be NULL) and a
 * pair whose luma holds the pattern (chroma flat). Returns init's result. */
static inline int ssim_run_open(SsimRun *r, const VmafFeatureExtractor *fex,
                                const char *const *opts, enum VmafPixelFormat fmt, unsigned bpc,
                                unsigned w, unsigned h)
{
    const int err = fex_run_open_with(r, fex, opts, fmt, bpc, w, h);
    fill_plane(&r->ref, 0, pattern_ref);
    fill_plane(&r->dist, 0, pattern_dis);
    return err;
}

static inline void ssim_run_close(SsimRun *r)
{
    fex_run_close(r);
}

/* Scores ref against dist (or against itself) as frame 0. */
static inline int ssim_run_extract(SsimRun *r, bool identical)
{
    return vmaf_fex_context_extract(r->ctx, &r->ref, identical ? &r->ref : &r->dist, 0, r->fc);
}

/* The score of frame 0, or NAN (and a failed check) when there is none. */
static inline double ssim_run_score(SsimRun *r, const char *name)
{
    return fex_score(r, name, 0);
}

static inline bool ssim_run_has(SsimRun *r, const char *name)
{
    double v;
    return !vmaf_feature_collector_get_score(r->fc, name, &v, 0);
}

#endif
