/* The device stage of one SSIM evaluation of a float plane pair (what
 * ssim_pass() computes on the CPU, for float_ssim's twin and any scale of
 * float_ms_ssim's): every window position's luminance, contrast and
 * structure terms, written in raster order as four sequences of doubles
 * that the CPU's running sums add up (SsimSums: lcs, l, c, s). The sums
 * themselves are the caller's. */
#ifndef VMAF_FEATURE_SSIM_PASS_CUDA_SSIM_PASS_CUDA_H
#define VMAF_FEATURE_SSIM_PASS_CUDA_SSIM_PASS_CUDA_H

#include <stddef.h>

#include "core/hd.h"
#include "cuda/cuda_api.h"
#include "cuda/serial_sums.h"
#include "feature/ssim_pass/float_ssim_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block of SSIM_PASS_CUDA_THREADS threads scores a tile of
 * SSIM_PASS_CUDA_TILE_H x SSIM_PASS_CUDA_TILE_W window positions. */
enum {
    SSIM_PASS_CUDA_THREADS = 256,
    SSIM_PASS_CUDA_TILE_W = 32,
    SSIM_PASS_CUDA_TILE_H = 16,
    SSIM_PASS_CUDA_MAX = 16, /* passes in one launch */
};

/* The terms' sequences, in the order of SsimSums' fields. */
enum { SSIM_TERM_LCS, SSIM_TERM_L, SSIM_TERM_C, SSIM_TERM_S, SSIM_TERMS };

typedef struct SsimPassCuda {
    const float *ref, *dis; /* device planes, w x h, stride floats a row */
    size_t stride;
    unsigned w, h; /* at least SSIM_WINDOW each */
    /* SSIM_TERMS sequences of (w - 10) x (h - 10) doubles, one after the
     * other, on the device. */
    double *terms;
} SsimPassCuda;

static inline VMAF_HD unsigned ssim_pass_cuda_out_w(const SsimPassCuda *p)
{
    return p->w - (SSIM_WINDOW - 1);
}

static inline VMAF_HD unsigned ssim_pass_cuda_out_h(const SsimPassCuda *p)
{
    return p->h - (SSIM_WINDOW - 1);
}

/* Doubles of p's terms. */
static inline size_t ssim_pass_cuda_terms_size(unsigned w, unsigned h)
{
    return (size_t)SSIM_TERMS * (w - (SSIM_WINDOW - 1)) * (h - (SSIM_WINDOW - 1));
}

/* Adds the running sums of p's terms first to last (SSIM_TERM_*) to s as
 * jobs, their results out, out + 1, ...; p's terms laid out already. */
static inline void ssim_pass_cuda_sum_jobs(const SsimPassCuda *p, unsigned first, unsigned last,
                                           unsigned out, VmafSerialSums *s)
{
    const size_t n = (size_t)ssim_pass_cuda_out_w(p) * ssim_pass_cuda_out_h(p);
    for (unsigned t = first; t <= last; t++) {
        VmafSerialSumJob *job = &s->job[s->count++];
        job->x = p->terms + t * n;
        job->n = n;
        job->out = out++;
        s->max_n = n > s->max_n ? n : s->max_n;
    }
}

/* Queues the terms of count (1 to SSIM_PASS_CUDA_MAX) passes, one launch;
 * c1, c2, c3: float_ssim_c1, _c2, _c3. No host wait, no allocation. On a
 * CUDA stream, or (ssim_pass_sycl_terms(), ../sycl/ssim_pass_sycl.cpp) a
 * SYCL one. */
int ssim_pass_cuda_terms(const SsimPassCuda *pass, unsigned count, float c1, float c2, float c3,
                         VmafCudaStream stream);
int ssim_pass_sycl_terms(const SsimPassCuda *pass, unsigned count, float c1, float c2, float c3,
                         VmafCudaStream stream);

#ifdef __cplusplus
}
#endif

#endif
