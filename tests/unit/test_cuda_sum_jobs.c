/* The running sums the CUDA twins queue through serial_sums.h, as their
 * layouts describe them (no GPU needed): every job's terms lie inside the
 * twin's buffer, apart from every other job's and from the segments'
 * scratch, which holds count x segments of the longest job; each result
 * index is written once; and the jobs are the sums the twin reads back
 * (ciede's one, float_ssim's four terms, float_ms_ssim's l, c and s of
 * every plane's scales, ssimulacra2's 52). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/ciede/cuda/ciede_cuda.h"
#include "feature/float_ms_ssim/cuda/float_ms_ssim_cuda.h"
#include "feature/float_ssim/cuda/float_ssim_cuda.h"
#include "feature/ssimulacra2/cuda/ssimulacra2_cuda.h"
#include "test.h"

/* s's jobs in buf (size bytes), results 0..outs - 1. */
static void check_jobs(const VmafSerialSums *s, const uint8_t *buf, size_t size, unsigned outs,
                       const char *what)
{
    CHECK(s->count >= 1 && s->count <= VMAF_SERIAL_SUMS_MAX);
    const uint8_t *seg = (const uint8_t *)s->segments;
    const size_t seg_bytes =
        sizeof(SerialSumSegment) * s->count * serial_sum_segment_count(s->max_n);
    CHECK(seg >= buf && seg + seg_bytes <= buf + size);
    bool seen[3 * 6 * SSIMU2_SCALES] = {false};
    CHECK(outs <= sizeof(seen));
    size_t longest = 0;
    for (unsigned j = 0; j < s->count; j++) {
        const VmafSerialSumJob *job = &s->job[j];
        const uint8_t *lo = (const uint8_t *)job->x, *hi = lo + sizeof(double) * job->n;
        if (!(job->n && lo >= buf && hi <= buf + size && (hi <= seg || lo >= seg + seg_bytes) &&
              job->out < outs && !seen[job->out])) {
            fprintf(stderr, "%s: job %u (%zu terms, result %u) misplaced\n", what, j, job->n,
                    job->out);
            test_failures++;
            continue;
        }
        seen[job->out] = true;
        longest = job->n > longest ? job->n : longest;
        for (unsigned k = 0; k < j; k++) {
            const uint8_t *klo = (const uint8_t *)s->job[k].x;
            CHECK(klo + sizeof(double) * s->job[k].n <= lo || klo >= hi);
        }
    }
    CHECK_EQ_INT(s->max_n, longest);
}

static void test_ciede(void)
{
    CiedeGeometry g;
    CHECK_EQ_INT(ciede_geometry(&g, "ciede", VMAF_PIX_FMT_YUV420P, 8, 64, 48), 0);
    CiedeCudaFrame f;
    const size_t size = ciede_cuda_layout(&f, &g, NULL);
    uint8_t *buf = malloc(size);
    ciede_cuda_layout(&f, &g, buf);
    check_jobs(&f.serial, buf, size, 1, "ciede");
    CHECK(f.serial.job[0].x == f.diff && f.serial.job[0].n == 64 * 48);
    free(buf);
}

static void test_float_ssim(void)
{
    FloatSsimCudaFrame f;
    const size_t size = float_ssim_cuda_layout(&f, 8, 64, 48, 2, 32, 24, NULL);
    uint8_t *buf = malloc(size);
    float_ssim_cuda_layout(&f, 8, 64, 48, 2, 32, 24, buf);
    check_jobs(&f.serial, buf, size, SSIM_TERMS, "float_ssim");
    CHECK_EQ_INT(f.serial.count, SSIM_TERMS);
    /* The terms of the window positions of the decimated pictures. */
    CHECK_EQ_INT(f.serial.max_n, (32 - (SSIM_WINDOW - 1)) * (24 - (SSIM_WINDOW - 1)));
    free(buf);
}

static void test_float_ms_ssim(void)
{
    /* Luma 352x352 and chroma 176x176: every scale at least the window. */
    MsSsimGeometry g = {.planes = 3};
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
            g.w[p][i] = (p ? 176u : 352u) >> i;
            g.h[p][i] = (p ? 176u : 352u) >> i;
        }
    }
    MsSsimCudaFrame f;
    const size_t size = ms_ssim_cuda_layout(&f, &g, 8, NULL);
    uint8_t *buf = malloc(size);
    ms_ssim_cuda_layout(&f, &g, 8, buf);
    const unsigned outs = 3 * MS_SSIM_SCALES * MS_SSIM_CUDA_SUMS;
    check_jobs(&f.serial, buf, size, outs, "float_ms_ssim");
    CHECK_EQ_INT(f.serial.count, outs);
    /* Result i: plane, scale, then l, c and s, the terms the pass writes
     * after SSIM_TERM_LCS. */
    for (unsigned j = 0; j < f.serial.count; j++) {
        const unsigned out = f.serial.job[j].out, pass = out / MS_SSIM_CUDA_SUMS;
        const MsSsimCudaPlane *pl = &f.plane[pass / MS_SSIM_SCALES];
        const unsigned scale = pass % MS_SSIM_SCALES;
        const size_t n =
            (size_t)(pl->w[scale] - (SSIM_WINDOW - 1)) * (pl->h[scale] - (SSIM_WINDOW - 1));
        CHECK(f.serial.job[j].x == pl->terms[scale] + (SSIM_TERM_L + out % MS_SSIM_CUDA_SUMS) * n);
    }
    free(buf);
}

static void test_ssimulacra2(void)
{
    Ssimu2CudaFrame f = {0};
    f.log2_w = f.log2_h = 1;
    const size_t size = ssimu2_cuda_layout(&f, 200, 100, NULL);
    uint8_t *buf = malloc(size);
    ssimu2_cuda_layout(&f, 200, 100, buf);
    check_jobs(&f.serial, buf, size, 3 * 6 * SSIMU2_SCALES, "ssimulacra2");
    CHECK_EQ_INT(f.scales, 5);
    for (unsigned j = 0; j < f.serial.count; j++) {
        const unsigned out = f.serial.job[j].out, s = out / 18, c = out / 6 % 3, k = out % 6;
        CHECK(s < f.scales && f.scale[s].sums[c] >> k & 1);
        CHECK(f.serial.job[j].x == f.scale[s].terms[c][k]);
    }
    free(buf);
}

TEST_MAIN("cuda_sum_jobs", {"ciede", test_ciede}, {"float_ssim", test_float_ssim},
          {"float_ms_ssim", test_float_ms_ssim}, {"ssimulacra2", test_ssimulacra2})
