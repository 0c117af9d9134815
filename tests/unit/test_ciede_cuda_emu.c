/* The ciede twin's kernels emulated on the CPU, no GPU needed: the steps of
 * src/feature/ciede/cuda/ciede_cuda_tile.h, which the pixel kernel runs,
 * are run here pixel by pixel on pitched planes with garbage past each row,
 * into memory laid out by ciede_cuda_layout() and filled with garbage
 * first; the running sum of the differences (the layout's job) is the
 * plain loop, which vmaf_serial_sums_enqueue() reproduces bit for bit
 * (unit.test_serial_sum), identical rows first included. On the
 * CPU the shared arithmetic (ciede_math.h) calls glibc, so the score, made
 * by the twin's host code (ciede_append()), must be the CPU extractor's bit
 * for bit: 4:2:0, 4:2:2 (with the reference's reads of the padding and the
 * next chroma row) and 4:4:4, 8, 10, 12 and 16 bits, from 1x1 to 1080p. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feature/ciede/ciede_common.h"
#include "feature/ciede/cuda/ciede_cuda_tile.h"
#include "emu_util.h"
#include "fex_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_ciede;

/* A smooth picture with noise (video-like: colours repeat, so the CPU's
 * caches hit), and a distorted one that differs from it by a few steps
 * except in its first identical_rows rows and where the noise is 0. */
static void fill_pair(FexRun *r, unsigned identical_rows)
{
    const unsigned max = (1u << r->ref.bpc) - 1, step = 1u << (r->ref.bpc - 8);
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < r->ref.h[p]; y++) {
            for (unsigned x = 0; x < r->ref.w[p]; x++) {
                const unsigned base = ((x * 3 + y * 5 + p * 60) % 200 + 16 + emu_rng() % 8) * step;
                const unsigned v = base > max ? max : base;
                set_sample(&r->ref, p, x, y, v);
                const unsigned luma_row = p && r->ref.pix_fmt == VMAF_PIX_FMT_YUV420P ? 2 * y : y;
                int d = (int)v;
                if (luma_row >= identical_rows)
                    d += ((int)(emu_rng() % 5) - 2) * (int)(emu_rng() % 3 ? step : 1);
                set_sample(&r->dist, p, x, y, d < 0 ? 0 : d > (int)max ? max : (unsigned)d);
            }
        }
    }
}

/* The twin's device memory, laid out once as its init does. */
typedef struct Emulator {
    CiedeCudaFrame frame;
    uint8_t *buf;
    double result; /* the result buffer */
} Emulator;

static int emulator_open(Emulator *e, enum VmafPixelFormat fmt, unsigned bpc, unsigned w,
                         unsigned h)
{
    CiedeGeometry geo;
    const int err = ciede_geometry(&geo, "ciede_cuda", fmt, bpc, w, h);
    if (err)
        return err;
    const size_t size = ciede_cuda_layout(&e->frame, &geo, NULL);
    e->buf = malloc(size);
    memset(e->buf, EMU_GARBAGE, size);
    ciede_cuda_layout(&e->frame, &geo, e->buf);
    return 0;
}

/* ciede_cuda_kernels.enqueue() on the CPU for frame index, then the host's score
 * into fc through ctx (ciede's names). */
static void emulate_frame(Emulator *e, const FexRun *r, VmafFexContext *ctx,
                          VmafFeatureCollector *fc, unsigned index)
{
    CiedeCudaFrame *f = &e->frame;
    EmuPlanes dev[2];
    emu_upload(&dev[0], &r->ref);
    emu_upload(&dev[1], &r->dist);
    memset(&e->result, EMU_GARBAGE, sizeof(e->result));
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned p = 0; p < 3; p++) {
            f->src[pic][p] = dev[pic].data[p];
            f->pitch[p] = dev[pic].pitch[p];
        }
    }
    f->sum = &e->result;

    const bool hbd = f->geo.bpc > 8;
    for (unsigned y = 0; y < f->geo.h; y++)
        for (unsigned x = 0; x < f->geo.w; x++)
            ciede_tile_pixel(f, x, y, hbd);

    /* The sum's job: the loop vmaf_serial_sums_enqueue() equals. */
    CHECK_EQ_INT(f->serial.count, 1);
    CHECK(f->serial.job[0].x == f->diff);
    CHECK_EQ_INT(f->serial.job[0].n, (size_t)f->geo.w * f->geo.h);
    double s = 0.0;
    for (size_t i = 0; i < f->serial.job[0].n; i++)
        s += f->diff[i];
    (&e->result)[f->serial.job[0].out] = s;

    CHECK_EQ_INT(ciede_append(ctx, fc, &f->geo, e->result, index), 0);
    emu_free_planes(&dev[0]);
    emu_free_planes(&dev[1]);
}

/* The CPU extractor and the emulation on r's pictures, frame index; returns
 * the CPU's score. */
static double compare_frame(FexRun *r, Emulator *e, VmafFeatureCollector *emu_fc, unsigned index)
{
    CHECK_EQ_INT(fex_run_extract(r, index), 0);
    emulate_frame(e, r, r->ctx, emu_fc, index);
    double cpu = NAN, emu = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, "ciede2000", &cpu, index), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(emu_fc, "ciede2000", &emu, index), 0);
    if (memcmp(&cpu, &emu, sizeof(cpu))) {
        fprintf(stderr, "%ux%u %s %u-bit, frame %u: cpu %a, emulated %a\n", r->ref.w[0],
                r->ref.h[0], emu_fmt_name(r->ref.pix_fmt), r->ref.bpc, index, cpu, emu);
        test_failures++;
    }
    return cpu;
}

/* Opens the CPU extractor and the emulator on the same input; false (both
 * refusing it, as they must) when ciede does not take it. */
static bool open_both(FexRun *r, Emulator *e, enum VmafPixelFormat fmt, unsigned bpc, unsigned w,
                      unsigned h)
{
    const int cpu = fex_run_open(r, &vmaf_fex_ciede, fmt, bpc, w, h);
    const int emu = emulator_open(e, fmt, bpc, w, h);
    CHECK_EQ_INT(cpu, emu);
    if (!cpu && !emu)
        return true;
    if (!emu)
        free(e->buf);
    fex_run_close(r);
    return false;
}

static void close_both(FexRun *r, Emulator *e)
{
    free(e->buf);
    fex_run_close(r);
}

/* frames frames of different content through the same device memory.
 * Returns whether ciede took the input. */
static bool compare(enum VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                    unsigned identical_rows, unsigned frames)
{
    FexRun r;
    Emulator e;
    if (!open_both(&r, &e, fmt, bpc, w, h))
        return false;
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    for (unsigned i = 0; i < frames; i++) {
        fill_pair(&r, i ? 0 : identical_rows);
        compare_frame(&r, &e, fc, i);
    }
    vmaf_feature_collector_destroy(fc);
    close_both(&r, &e);
    return true;
}

static const enum VmafPixelFormat formats[] = {VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P,
                                               VMAF_PIX_FMT_YUV444P};
static const unsigned depths[] = {8, 10, 12, 16};

static void test_sizes_formats_depths(void)
{
    /* The smallest, odd ones, a block's width and a pixel either side, the
     * reference's 32-sample chroma rows: 4:2:2 widths whose chroma runs
     * into the padding (24, 31, 65) and past it into the next row (72,
     * 130), 4:2:0 widths with a padded last chroma column (17, 33). */
    static const unsigned sizes[][2] = {
        {1, 1},  {2, 2},  {3, 3},  {17, 6},  {24, 16},  {31, 9},  {32, 8},
        {33, 4}, {65, 8}, {72, 4}, {130, 6}, {255, 10}, {66, 33}, {7, 130},
    };
    unsigned taken = 0;
    emu_rng_state = 0x2545f491u;
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
            for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
                taken +=
                    compare(formats[f], depths[d], sizes[i][0], sizes[i][1], sizes[i][1] / 3, 2);
        }
    }
    /* Most of them are taken: the comparisons ran. */
    CHECK(taken > sizeof(formats) / sizeof(formats[0]) * 4 * 10);
}

static void test_refused(void)
{
    FexRun r;
    Emulator e;
    /* 4:0:0, a depth ciede does not take, and 4:2:0 sizes whose reads the
     * reference makes past its chroma planes. */
    CHECK(!open_both(&r, &e, VMAF_PIX_FMT_YUV400P, 8, 16, 16));
    CHECK(!open_both(&r, &e, VMAF_PIX_FMT_YUV444P, 9, 16, 16));
    CHECK(!open_both(&r, &e, VMAF_PIX_FMT_YUV420P, 8, 16, 15));
    CHECK(!open_both(&r, &e, VMAF_PIX_FMT_YUV420P, 8, 65, 16));
    CHECK(!open_both(&r, &e, VMAF_PIX_FMT_YUV422P, 8, 1, 4));
}

static void test_1080p(void)
{
    emu_rng_state = 0x9e3779b9u;
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
            /* One depth of each format at full size, the others at a
             * quarter. */
            const bool full = d == f;
            CHECK(compare(formats[f], depths[d], full ? 1920 : 480, full ? 1080 : 270, 100,
                          full ? 1 : 2));
        }
    }
}

/* Identical pictures: no pixel differs, the sum is 0 and the score
 * infinite; then one differing pixel, the last, alone in the sum. */
static void test_identical_and_last_pixel(void)
{
    FexRun r;
    Emulator e;
    CHECK(open_both(&r, &e, VMAF_PIX_FMT_YUV422P, 10, 72, 8));
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    emu_rng_state = 0x12345u;
    fill_pair(&r, 8);
    const double v = compare_frame(&r, &e, fc, 0);
    CHECK(isinf(v) && v > 0);
    set_sample(&r.dist, 0, 71, 7, get_sample(&r.dist, 0, 71, 7) ^ 1);
    CHECK(isfinite(compare_frame(&r, &e, fc, 1)));
    vmaf_feature_collector_destroy(fc);
    close_both(&r, &e);
}

/* A changed sample changes the emulated score, and still as the CPU's:
 * luma, a chroma sample read twice over (4:2:0) and one the 4:2:2 reads
 * take from the next chroma row. */
static void test_changed_sample(void)
{
    static const struct {
        enum VmafPixelFormat fmt;
        unsigned plane, x, y;
    } changes[] = {
        {VMAF_PIX_FMT_YUV420P, 0, 40, 3},
        {VMAF_PIX_FMT_YUV420P, 2, 17, 1},
        {VMAF_PIX_FMT_YUV422P, 1, 5, 2},
    };
    for (size_t i = 0; i < sizeof(changes) / sizeof(changes[0]); i++) {
        FexRun r;
        Emulator e;
        CHECK(open_both(&r, &e, changes[i].fmt, 8, 72, 4));
        VmafFeatureCollector *fc;
        CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
        emu_rng_state = 0x5eed + (uint32_t)i;
        fill_pair(&r, 0);
        const double before = compare_frame(&r, &e, fc, 0);
        const unsigned p = changes[i].plane, x = changes[i].x, y = changes[i].y;
        set_sample(&r.dist, p, x, y, get_sample(&r.dist, p, x, y) ^ 0x40);
        const double after = compare_frame(&r, &e, fc, 1);
        CHECK(before != after);
        vmaf_feature_collector_destroy(fc);
        close_both(&r, &e);
    }
}

TEST_MAIN("ciede_cuda_emu", {"sizes_formats_depths", test_sizes_formats_depths},
          {"refused", test_refused}, {"1080p", test_1080p},
          {"identical_and_last_pixel", test_identical_and_last_pixel},
          {"changed_sample", test_changed_sample})
