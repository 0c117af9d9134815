/* Where the start-up of a CUDA run goes: the phases of scoring a model with
 * the CUDA backend through the public API, each timed on its own, on
 * generated frames (no file reading). The driver and the device's context
 * are opened first by hand so that they are timed apart from the library.
 *
 * Usage: cuda_startup [WIDTH HEIGHT FRAMES POOL MODEL]
 *   defaults 1920 1080 100 26 vmaf_v0.6.1; VMAF_MODEL_DIR points at models. */
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_cuda.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double lap(const char *phase)
{
    static double last;
    const double t = now_ms(), d = last ? t - last : 0;
    if (phase)
        printf("%-34s %9.3f ms\n", phase, d);
    last = t;
    return d;
}

static void fill(VmafPicture *pic, unsigned frame, unsigned salt)
{
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            uint8_t *row = (uint8_t *)pic->data[p] + (size_t)y * pic->stride[p];
            for (unsigned x = 0; x < pic->w[p]; x++)
                row[x] = (uint8_t)((x * 7 + y * 5 + frame * 3 + (x * y + salt) % 13) & 0xff);
        }
    }
}

static int fail(const char *what, int err)
{
    fprintf(stderr, "cuda_startup: %s failed (%d)\n", what, err);
    return EXIT_FAILURE;
}

static int read_pair(VmafContext *vmaf, unsigned n)
{
    VmafPicture ref, dist;
    int err = vmaf_cuda_picture_fetch(vmaf, &ref);
    if (err)
        return err;
    if ((err = vmaf_cuda_picture_fetch(vmaf, &dist))) {
        vmaf_picture_unref(&ref);
        return err;
    }
    fill(&ref, n, 0);
    fill(&dist, n, 1);
    return vmaf_read_pictures(vmaf, &ref, &dist, n);
}

int main(int argc, char **argv)
{
    const unsigned w = argc > 1 ? atoi(argv[1]) : 1920, h = argc > 2 ? atoi(argv[2]) : 1080;
    const unsigned frames = argc > 3 ? atoi(argv[3]) : 100, pool = argc > 4 ? atoi(argv[4]) : 26;
    const char *version = argc > 5 ? argv[5] : "vmaf_v0.6.1";
    const unsigned least_pool = vmaf_cuda_pictures_held(0);
    if (pool < least_pool) {
        fprintf(stderr, "cuda_startup: a pool of %u pictures at least\n", least_pool);
        return EXIT_FAILURE;
    }
    int devices = 0, err;
    lap(NULL);
    if (cudaGetDeviceCount(&devices) != cudaSuccess || !devices)
        return fail("cudaGetDeviceCount", devices);
    lap("driver (cudaGetDeviceCount)");
    if (cudaSetDevice(0) != cudaSuccess || cudaFree(0) != cudaSuccess)
        return fail("cudaFree(0)", -1);
    lap("primary context (cudaFree(0))");

    VmafContext *vmaf;
    VmafCudaState *state;
    if ((err = vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_WARNING})))
        return fail("vmaf_init", err);
    if ((err = vmaf_cuda_state_init(&state, (VmafCudaConfiguration){0})) ||
        (err = vmaf_cuda_import_state(vmaf, state)))
        return fail("the CUDA state", err);
    vmaf_cuda_state_free(state);
    lap("vmaf_init, CUDA state");

    VmafModel *model;
    VmafModelConfig cfg = {0};
    if ((err = vmaf_model_load(&model, &cfg, version)))
        return fail("vmaf_model_load", err);
    if ((err = vmaf_use_features_from_model(vmaf, model)))
        return fail("vmaf_use_features_from_model", err);
    lap("model, features");

    VmafCudaPictureConfiguration pc = {
        .pic_params = {.w = w, .h = h, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
        .pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED,
        .pic_cnt = pool,
    };
    if ((err = vmaf_cuda_preallocate_pictures(vmaf, pc)))
        return fail("vmaf_cuda_preallocate_pictures", err);
    printf("(pool of %u pictures, %.1f MiB)\n", pool, pool * (w * h * 1.5) / (1 << 20));
    lap("pinned pool");

    if ((err = read_pair(vmaf, 0)))
        return fail("frame 0", err);
    lap("frame 0 (twins' init, first launches)");
    for (unsigned n = 1; n < frames; n++) {
        if ((err = read_pair(vmaf, n)))
            return fail("a frame", err);
    }
    const double steady = lap(NULL);
    VmafPicture a;
    if ((err = vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV420P, 8, w, h)))
        return fail("vmaf_picture_alloc", err);
    fill(&a, 0, 0);
    fill(&a, 1, 1);
    const double fill_ms = lap(NULL);
    vmaf_picture_unref(&a);
    printf("%-34s %9.3f ms (filling the pair %.3f of it)\n", "each further frame",
           frames > 1 ? steady / (frames - 1) : 0, fill_ms);
    lap(NULL);
    if ((err = vmaf_read_pictures(vmaf, NULL, NULL, 0)))
        return fail("the flush", err);
    lap("flush");
    double score;
    if ((err = vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_MEAN, &score, 0, frames - 1)))
        return fail("vmaf_score_pooled", err);
    lap("pooling");
    vmaf_close(vmaf);
    vmaf_model_destroy(model);
    lap("vmaf_close");
    printf("score %.6f\n", score);
    return EXIT_SUCCESS;
}
