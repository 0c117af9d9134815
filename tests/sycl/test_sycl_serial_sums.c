/* The SYCL backend's running double sums (src/sycl/serial_sums_sycl.cpp) on
 * its first device: every sum the plain loop's `s += x[i]` bit for bit, on
 * sums that grow, shrink, cross zero, hold zeros and huge terms, end
 * anywhere in a segment, and many at once (the twins of ssim, float_ssim,
 * float_ms_ssim, ciede and ssimulacra2 score with them). Prints "SKIP: no
 * SYCL device" and returns 77 without a device. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sycl/serial_sums_sycl.h"
#include "sycl/sycl_api.h"
#include "test.h"
#include "xorshift.h"

/* Sequence kind k of n terms into x. */
static void fill(double *x, size_t n, unsigned k)
{
    for (size_t i = 0; i < n; i++) {
        switch (k % 5) {
        case 0: /* positive, growing: the maps apply */
            x[i] = uniform();
            break;
        case 1: /* both signs, hovering about zero */
            x[i] = uniform() - 0.5;
            break;
        case 2: /* zeros with a few terms */
            x[i] = i % 1000 == 7 ? uniform() * 1e-3 : (i % 2 ? -0.0 : 0.0);
            break;
        case 3: /* a huge term among small ones */
            x[i] = i == n / 3 ? 1e300 : uniform() * 1e-6;
            break;
        default: /* spread over binades */
            x[i] = ldexp(uniform(), (int)(rng() % 40) - 20);
        }
    }
}

static double loop_sum(const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

static void test_sums_equal_the_loop(void)
{
    rng_state = 0x9e3779b97f4a7c15u;
    VmafCudaDevice dev;
    CHECK_EQ_INT(vmaf_sycl_runtime_probe(0, &dev), 0);
    const VmafCudaApi *api = dev.api;
    CHECK_EQ_INT(api->bind(dev.index, NULL), 0);
    /* Lengths that end anywhere in a segment, beside several segments. */
    static const size_t lengths[] = {
        1,     7,     SERIAL_SUM_CHUNK - 1, SERIAL_SUM_CHUNK + 3, 5 * SERIAL_SUM_CHUNK + 1234,
        40000, 123457};
    enum { JOBS = sizeof(lengths) / sizeof(lengths[0]) * 5 };
    VmafSerialSums s = {0};
    double *host[JOBS], *device[JOBS], *out, want[JOBS], got[JOBS];
    VmafCudaStream stream;
    CHECK_EQ_INT(api->stream_create(&stream), 0);
    for (unsigned j = 0; j < JOBS; j++) {
        const size_t n = lengths[j / 5];
        host[j] = malloc(n * sizeof(double));
        fill(host[j], n, j);
        want[j] = loop_sum(host[j], n);
        CHECK_EQ_INT(api->malloc_device((void **)&device[j], n * sizeof(double)), 0);
        CHECK_EQ_INT(api->copy_2d_async(device[j], n * sizeof(double), host[j], n * sizeof(double),
                                        n * sizeof(double), 1, VMAF_CUDA_HOST_TO_DEVICE, stream),
                     0);
        s.job[s.count++] = (VmafSerialSumJob){.x = device[j], .n = n, .out = j};
        s.max_n = n > s.max_n ? n : s.max_n;
    }
    const size_t segments = s.count * serial_sum_segment_count(s.max_n);
    CHECK_EQ_INT(api->malloc_device((void **)&s.segments, segments * sizeof(SerialSumSegment)), 0);
    CHECK_EQ_INT(api->malloc_device((void **)&out, JOBS * sizeof(double)), 0);
    CHECK_EQ_INT(vmaf_sycl_serial_sums_enqueue(&s, out, stream), 0);
    CHECK_EQ_INT(api->copy_2d_async(got, sizeof(got), out, sizeof(got), sizeof(got), 1,
                                    VMAF_CUDA_DEVICE_TO_HOST, stream),
                 0);
    CHECK_EQ_INT(api->stream_synchronize(stream), 0);
    for (unsigned j = 0; j < JOBS; j++) {
        if (memcmp(&got[j], &want[j], sizeof(double))) {
            fprintf(stderr, "sum %u (%zu terms, kind %u): %.17g, the loop %.17g\n", j,
                    lengths[j / 5], j % 5, got[j], want[j]);
            test_failures++;
        }
        api->free_device(device[j]);
        free(host[j]);
    }
    api->free_device(s.segments);
    api->free_device(out);
    api->stream_destroy(stream);
    api->unbind(NULL);
}

int main(void)
{
    VmafCudaDevice dev;
    if (vmaf_sycl_runtime_probe(0, &dev) == -ENODEV) {
        printf("SKIP: no SYCL device\n");
        return 77;
    }
    static const struct test_case cases[] = {
        {"sums_equal_the_loop", test_sums_equal_the_loop},
        {NULL, NULL},
    };
    return run_tests("sycl_serial_sums", cases);
}
