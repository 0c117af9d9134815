/* The psnr_hvs twin's kernel emulated on the CPU, no GPU needed: the step of
 * src/feature/psnr_hvs/cuda/psnr_hvs_cuda_tile.h, which the kernel runs, is
 * run here block by block and thread by thread, on pitched device-like planes
 * with garbage past each row, into terms laid out by the twin's
 * psnr_hvs_cuda_layout() and filled with garbage (NaNs) first; the host's
 * sums and scores must be the CPU extractor's doubles, bit for bit, on random
 * content from no block at all to 1080p, 8/10/12 bits, 4:2:0/4:2:2/4:4:4
 * (psnr_hvs refuses 16 bits and 4:0:0, and the twin checks with its code). A
 * changed sample must show. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/psnr_hvs/cuda/psnr_hvs_cuda_tile.h"
#include "feature/psnr_hvs/psnr_hvs_common.h"
#include "emu_util.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_psnr_hvs;

static const char *const names[4] = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"};

enum { GARBAGE = 0xa5 };

/* Random content with flat, smooth, noisy and saturated regions, and
 * distortions from none to large, so that AC errors fall below, at and above
 * their masking thresholds. */
static void fill_random(VmafPicture *ref, VmafPicture *dist)
{
    const int max = (1 << ref->bpc) - 1, step = 1 << (ref->bpc - 8);
    static const int noise[4] = {0, 2, 24, 255}, delta[4] = {0, 1, 6, 80};
    for (unsigned p = 0; p < 3; p++) {
        const int base = (int)(emu_rng() % (unsigned)(max + 1));
        for (unsigned y = 0; y < ref->h[p]; y++) {
            for (unsigned x = 0; x < ref->w[p]; x++) {
                const unsigned region = (x / 11 + (y / 13) * 3 + p) % 4;
                int v = base + (int)(x * 3 + y) * step;
                v += ((int)(emu_rng() % (2 * noise[region] + 1)) - noise[region]) * step;
                v = v < 0 ? 0 : v > max ? max : v;
                const unsigned d = (x * 7 + y * 5) % 4;
                int u = v + ((int)(emu_rng() % (2 * delta[d] + 1)) - delta[d]) * step;
                if (emu_rng() % 64 == 0)
                    u = (int)(emu_rng() % (unsigned)(max + 1));
                u = u < 0 ? 0 : u > max ? max : u;
                set_sample(ref, p, x, y, (unsigned)v);
                set_sample(dist, p, x, y, (unsigned)u);
            }
        }
    }
}

/* A picture as the shared frame holds it on the device: rows at a pitch
 * wider than the row, the rest garbage. */
typedef struct DevicePicture {
    uint8_t *data[3];
    size_t pitch[3];
} DevicePicture;

static void upload(DevicePicture *d, const VmafPicture *pic)
{
    const size_t bytes = pic->bpc > 8 ? 2 : 1;
    for (unsigned p = 0; p < 3; p++) {
        const size_t row = pic->w[p] * bytes;
        d->pitch[p] = (row + 255) / 256 * 256 + 256;
        const size_t size = d->pitch[p] * (pic->h[p] + 1);
        d->data[p] = malloc(size);
        memset(d->data[p], GARBAGE, size);
        for (unsigned y = 0; y < pic->h[p]; y++)
            memcpy(d->data[p] + y * d->pitch[p], (const uint8_t *)pic->data[p] + y * pic->stride[p],
                   row);
    }
}

static void device_picture_free(DevicePicture *d)
{
    for (unsigned p = 0; p < 3; p++)
        free(d->data[p]);
}

/* psnr_hvs_cuda_kernels.enqueue() on the CPU: every thread of every CUDA block of
 * the grid, then the host's scoring of the terms. */
static void emulate(double score[3], PsnrHvsCudaFrame *f, const DevicePicture *ref,
                    const DevicePicture *dis)
{
    for (unsigned p = 0; p < 3; p++) {
        f->plane[p].src[0] = ref->data[p];
        f->plane[p].src[1] = dis->data[p];
        f->plane[p].pitch = ref->pitch[p];
        CHECK(ref->pitch[p] == dis->pitch[p]);
    }
    const unsigned grid = (f->blocks + PSNR_HVS_CUDA_THREADS - 1) / PSNR_HVS_CUDA_THREADS;
    for (unsigned b = 0; b < grid; b++) {
        for (unsigned t = 0; t < PSNR_HVS_CUDA_THREADS; t++)
            psnr_hvs_cuda_thread_block(f, b * PSNR_HVS_CUDA_THREADS + t, f->bpc > 8);
    }
    psnr_hvs_cuda_scores(score, f->terms, f);
}

static bool same(double a, double b)
{
    return !memcmp(&a, &b, sizeof(a));
}

/* Scores the twin would append, through psnr_hvs's own appending on the CPU
 * instance's context, into a collector of their own. */
static void emulated_features(double out[4], FexRun *r, const double score[3])
{
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    CHECK_EQ_INT(psnr_hvs_append_scores(r->ctx, fc, score, 0), 0);
    for (unsigned i = 0; i < 4; i++) {
        out[i] = NAN;
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, names[i], &out[i], 0), 0);
    }
    vmaf_feature_collector_destroy(fc);
}

/* Two frames of random content, through the same terms; then single changed
 * samples of the distorted picture, which must change the plane's score. */
static void compare(enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h)
{
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, fmt, bpc, w, h), 0);
    unsigned pw[3], ph[3];
    psnr_hvs_cuda_plane_size(fmt, w, h, pw, ph);
    for (unsigned p = 0; p < 3; p++) {
        CHECK_EQ_INT(pw[p], r.ref.w[p]);
        CHECK_EQ_INT(ph[p], r.ref.h[p]);
    }
    PsnrHvsCudaFrame f;
    memset(&f, GARBAGE, sizeof(f));
    const size_t size = psnr_hvs_cuda_layout(&f, pw, ph, bpc);
    CHECK(size > 0 && size % (PSNR_HVS_CUDA_GROUP * PSNR_HVS_BLOCK * sizeof(float)) == 0);
    f.terms = malloc(size);
    memset(f.terms, 0xff, size);

    DevicePicture ref, dis;
    for (unsigned frame = 0; frame < 2; frame++) {
        fill_random(&r.ref, &r.dist);
        CHECK_EQ_INT(fex_run_extract(&r, frame), 0);
        double cpu[4], emu[4], score[3];
        for (unsigned i = 0; i < 4; i++)
            cpu[i] = fex_score(&r, names[i], frame);
        /* A plane without blocks scores 0 / 0, as in the reference. */
        for (unsigned p = 0; p < 3; p++)
            CHECK(isnan(cpu[p]) == !psnr_hvs_cuda_plane_blocks(&f, p));
        upload(&ref, &r.ref);
        upload(&dis, &r.dist);
        emulate(score, &f, &ref, &dis);
        emulated_features(emu, &r, score);
        for (unsigned i = 0; i < 4; i++) {
            if (!same(cpu[i], emu[i])) {
                fprintf(stderr, "fmt %d %ux%u %u-bit frame %u %s: cpu %.17g, emulated %.17g\n",
                        (int)fmt, w, h, bpc, frame, names[i], cpu[i], emu[i]);
                test_failures++;
            }
        }
        if (frame == 1) {
            /* The first sample of each plane's first block and the last
             * sample of its last, inverted. */
            const size_t bytes = bpc > 8 ? 2 : 1;
            const unsigned max = (1u << bpc) - 1;
            for (unsigned p = 0; p < 3; p++) {
                const PsnrHvsCudaPlane *pl = &f.plane[p];
                if (!pl->across || !pl->down)
                    continue;
                const unsigned xs[2] = {0, (pl->across - 1) * PSNR_HVS_STEP + 7};
                const unsigned ys[2] = {0, (pl->down - 1) * PSNR_HVS_STEP + 7};
                for (unsigned c = 0; c < 2; c++) {
                    uint8_t *px = dis.data[p] + ys[c] * dis.pitch[p] + xs[c] * bytes;
                    const unsigned v = get_sample(&r.dist, p, xs[c], ys[c]);
                    const unsigned changed = v < max / 2 ? max : 0;
                    if (bytes == 2)
                        *(uint16_t *)px = (uint16_t)changed;
                    else
                        *px = (uint8_t)changed;
                    emulate(score, &f, &ref, &dis);
                    emulated_features(emu, &r, score);
                    CHECK(!same(cpu[p], emu[p]));
                    if (bytes == 2)
                        *(uint16_t *)px = (uint16_t)v;
                    else
                        *px = (uint8_t)v;
                }
            }
            /* Restored: the same scores again. */
            emulate(score, &f, &ref, &dis);
            emulated_features(emu, &r, score);
            for (unsigned i = 0; i < 4; i++)
                CHECK(same(cpu[i], emu[i]));
        }
        device_picture_free(&ref);
        device_picture_free(&dis);
    }
    free(f.terms);
    fex_run_close(&r);
}

static const enum VmafPixelFormat formats[] = {VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P,
                                               VMAF_PIX_FMT_YUV444P};
static const unsigned depths[] = {8, 10, 12};
static const unsigned all_depths[] = {8, 9, 10, 11, 12};

static void test_sizes_formats_depths(void)
{
    /* No block at all, one luma block and no chroma block, block edges and a
     * sample either side, odd sizes, several CUDA blocks and groups. */
    static const unsigned sizes[][2] = {
        {7, 7},   {8, 8},   {9, 17},   {15, 15},  {16, 16}, {17, 9},  {22, 23},
        {33, 17}, {64, 64}, {121, 67}, {255, 31}, {8, 300}, {300, 8}, {577, 41},
    };
    emu_rng_state = 0x2545f491u;
    for (size_t fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
        for (size_t d = 0; d < sizeof(all_depths) / sizeof(all_depths[0]); d++) {
            for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
                compare(formats[fi], all_depths[d], sizes[i][0], sizes[i][1]);
        }
    }
}

static void test_1080p(void)
{
    emu_rng_state = 0x9e3779b9u;
    for (size_t fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
        for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++)
            compare(formats[fi], depths[d], 1920, 1080);
    }
}

/* What psnr_hvs refuses the twin refuses: it checks with the same code. */
static void test_refusals(void)
{
    CHECK_EQ_INT(psnr_hvs_check_format("psnr_hvs_cuda", VMAF_PIX_FMT_YUV420P, 16), -EINVAL);
    CHECK_EQ_INT(psnr_hvs_check_format("psnr_hvs_cuda", VMAF_PIX_FMT_YUV400P, 8), -EINVAL);
    CHECK_EQ_INT(psnr_hvs_check_format("psnr_hvs_cuda", VMAF_PIX_FMT_YUV444P, 12), 0);
    FexRun r;
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV400P, 8, 64, 64), -EINVAL);
    fex_run_close(&r);
    CHECK_EQ_INT(fex_run_open(&r, &vmaf_fex_psnr_hvs, VMAF_PIX_FMT_YUV420P, 16, 64, 64), -EINVAL);
    fex_run_close(&r);
}

/* The layout: planes start at whole groups, in order, and the terms of a
 * group are coefficient-major. */
static void test_layout(void)
{
    PsnrHvsCudaFrame f;
    const unsigned w[3] = {1920, 960, 960}, h[3] = {1080, 540, 540};
    const size_t size = psnr_hvs_cuda_layout(&f, w, h, 8);
    CHECK_EQ_INT(f.plane[0].across, 274);
    CHECK_EQ_INT(f.plane[0].down, 154);
    CHECK_EQ_INT(f.plane[0].first, 0);
    CHECK_EQ_INT(f.plane[1].first % PSNR_HVS_CUDA_GROUP, 0);
    CHECK(f.plane[1].first >= 274 * 154 && f.plane[1].first < 274 * 154 + PSNR_HVS_CUDA_GROUP);
    CHECK_EQ_INT(size, (size_t)f.blocks * PSNR_HVS_BLOCK * sizeof(float));
    CHECK_EQ_INT(psnr_hvs_cuda_term_index(33, 2),
                 PSNR_HVS_BLOCK * PSNR_HVS_CUDA_GROUP + 2 * 32 + 1);
    const unsigned none[3] = {0, 0, 0};
    CHECK(psnr_hvs_cuda_layout(&f, none, none, 8) > 0);
}

TEST_MAIN("psnr_hvs_cuda_emu", {"layout", test_layout}, {"refusals", test_refusals},
          {"sizes_formats_depths", test_sizes_formats_depths}, {"1080p", test_1080p})
