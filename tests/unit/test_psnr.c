/* Integer PSNR on pictures whose squared errors are known by construction. */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "core/feature_extractor.h"
#include "libvmaf/feature.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_psnr;

static void fill_plane(VmafPicture *pic, unsigned p, unsigned value)
{
    for (unsigned y = 0; y < pic->h[p]; y++) {
        uint8_t *row = (uint8_t *)pic->data[p] + y * pic->stride[p];
        for (unsigned x = 0; x < pic->w[p]; x++) {
            if (pic->bpc > 8)
                ((uint16_t *)row)[x] = (uint16_t)value;
            else
                row[x] = (uint8_t)value;
        }
    }
}

static void fill(VmafPicture *pic, unsigned value)
{
    for (unsigned p = 0; p < (pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1u : 3u); p++)
        fill_plane(pic, p, value);
}

static void add_to_first_row(VmafPicture *pic, const unsigned *delta, unsigned n)
{
    for (unsigned x = 0; x < n; x++) {
        if (pic->bpc > 8)
            ((uint16_t *)pic->data[0])[x] += (uint16_t)delta[x];
        else
            ((uint8_t *)pic->data[0])[x] += (uint8_t)delta[x];
    }
}

typedef struct Run {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    VmafPicture ref, dist;
} Run;

static int run_open(Run *r, const char *key, const char *val, enum VmafPixelFormat fmt,
                    unsigned bpc, unsigned w, unsigned h)
{
    VmafFeatureDictionary *opts = NULL;
    if (key)
        vmaf_feature_dictionary_set(&opts, key, val);
    int err = vmaf_fex_context_create(&r->ctx, &vmaf_fex_psnr, opts);
    vmaf_feature_dictionary_free(&opts);
    CHECK_EQ_INT(err, 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&r->fc), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->ref, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&r->dist, fmt, bpc, w, h), 0);
    return vmaf_fex_context_init(r->ctx, fmt, bpc, w, h);
}

static void run_close(Run *r)
{
    vmaf_fex_context_destroy(r->ctx);
    vmaf_feature_collector_destroy(r->fc);
    vmaf_picture_unref(&r->ref);
    vmaf_picture_unref(&r->dist);
}

static double score(Run *r, const char *name, unsigned index)
{
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(r->fc, name, &v, index), 0);
    return v;
}

static bool has_score(Run *r, const char *name)
{
    double v;
    return !vmaf_feature_collector_get_score(r->fc, name, &v, 0);
}

static void test_16bit_extremes(void)
{
    Run r;
    CHECK_EQ_INT(run_open(&r, "enable_mse", "true", VMAF_PIX_FMT_YUV420P, 16, 2, 2), 0);
    fill(&r.dist, 65535);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(score(&r, "psnr_y", 0) == 0.0);
    CHECK(score(&r, "psnr_cb", 0) == 0.0);
    CHECK(score(&r, "psnr_cr", 0) == 0.0);
    CHECK(score(&r, "mse_y", 0) == 65535.0 * 65535.0);
    CHECK(score(&r, "mse_cr", 0) == 65535.0 * 65535.0);
    run_close(&r);
}

static void test_8bit_known_sse(void)
{
    static const unsigned delta[4] = {1, 2, 3, 4}; /* sse 30 over 8 pixels */
    Run r;
    CHECK_EQ_INT(run_open(&r, "enable_mse", "true", VMAF_PIX_FMT_YUV400P, 8, 4, 2), 0);
    fill(&r.ref, 10);
    fill(&r.dist, 10);
    add_to_first_row(&r.dist, delta, 4);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(score(&r, "mse_y", 0) == 3.75);
    CHECK(score(&r, "psnr_y", 0) == 10.0 * log10(65025 / 3.75));
    CHECK_EQ_6(score(&r, "psnr_y", 0), 42.390491);
    CHECK(!has_score(&r, "psnr_cb"));
    run_close(&r);

    /* Differences of either sign count alike. */
    CHECK_EQ_INT(run_open(&r, NULL, NULL, VMAF_PIX_FMT_YUV420P, 8, 4, 2), 0);
    fill(&r.ref, 10);
    fill(&r.dist, 10);
    add_to_first_row(&r.ref, delta, 4);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(score(&r, "psnr_y", 0) == 10.0 * log10(65025 / 3.75));
    CHECK(score(&r, "psnr_cb", 0) == 60.0);
    CHECK(!has_score(&r, "mse_y"));
    run_close(&r);
}

static void test_identical_caps(void)
{
    static const unsigned depths[] = {8, 10, 12, 16};
    for (unsigned i = 0; i < 4; i++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, NULL, NULL, VMAF_PIX_FMT_YUV444P, depths[i], 3, 5), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
        CHECK(score(&r, "psnr_y", 0) == 6.0 * depths[i] + 12);
        CHECK(score(&r, "psnr_cr", 0) == 6.0 * depths[i] + 12);
        run_close(&r);
    }
}

static void test_min_sse_caps(void)
{
    /* ceil(10 log10(255^2 / (0.5 / pixels))): 16 luma pixels, 4 (4:2:0),
     * 8 (4:2:2) or 16 (4:4:4) chroma pixels. */
    static const struct {
        enum VmafPixelFormat fmt;
        double chroma_cap;
    } cases[] = {
        {VMAF_PIX_FMT_YUV420P, 58},
        {VMAF_PIX_FMT_YUV422P, 61},
        {VMAF_PIX_FMT_YUV444P, 64},
    };
    for (unsigned i = 0; i < 3; i++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, "min_sse", "0.5", cases[i].fmt, 8, 4, 4), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
        CHECK(score(&r, "psnr_y", 0) == 64.0);
        CHECK(score(&r, "psnr_cb", 0) == cases[i].chroma_cap);
        CHECK(score(&r, "psnr_cr", 0) == cases[i].chroma_cap);
        run_close(&r);
    }
}

static void test_reduced_hbd_peak(void)
{
    static const unsigned delta[4] = {4, 8, 12, 16}; /* sse 480 over 8 pixels */
    const char *val[2] = {"false", "true"};
    const double peak[2] = {1023, 1020};
    for (unsigned i = 0; i < 2; i++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, "reduced_hbd_peak", val[i], VMAF_PIX_FMT_YUV400P, 10, 4, 2), 0);
        add_to_first_row(&r.dist, delta, 4);
        CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
        CHECK(score(&r, "psnr_y", 0) == 10.0 * log10(peak[i] * peak[i] / 60.0));
        run_close(&r);
    }
}

static void test_unsupported_depths_fail(void)
{
    static const unsigned depths[] = {9, 11, 14, 15};
    for (unsigned i = 0; i < 4; i++) {
        Run r;
        CHECK_EQ_INT(run_open(&r, NULL, NULL, VMAF_PIX_FMT_YUV420P, depths[i], 4, 4), -EINVAL);
        run_close(&r);
    }
}

static void test_chroma_disabled(void)
{
    Run r;
    CHECK_EQ_INT(run_open(&r, "enable_chroma", "false", VMAF_PIX_FMT_YUV420P, 8, 4, 4), 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK(has_score(&r, "psnr_y"));
    CHECK(!has_score(&r, "psnr_cb") && !has_score(&r, "psnr_cr"));
    run_close(&r);
}

static void test_apsnr(void)
{
    static const unsigned delta[4] = {1, 2, 3, 4};
    Run r;
    CHECK_EQ_INT(run_open(&r, "enable_apsnr", "true", VMAF_PIX_FMT_YUV400P, 8, 4, 2), 0);
    add_to_first_row(&r.dist, delta, 4);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    fill(&r.dist, 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 1, r.fc), 0);
    CHECK_EQ_INT(vmaf_fex_context_flush(r.ctx, r.fc), 0);

    double y = 0, cb = 0, cr = 0;
    CHECK_EQ_INT(vmaf_feature_collector_get_aggregate(r.fc, "apsnr_y", &y), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_aggregate(r.fc, "apsnr_cb", &cb), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_aggregate(r.fc, "apsnr_cr", &cr), 0);
    /* 30 squared error over 16 pixels; 4:0:0 has no chroma to pool. */
    CHECK(y == 10.0 * (log10(65025.0) + log10(16.0) - log10(30.0)));
    CHECK(isinf(cb) && cb < 0 && isinf(cr) && cr < 0);
    run_close(&r);

    /* No error at all: the cap, ceil(10 log10(255^2 * pixels * 2)). */
    CHECK_EQ_INT(run_open(&r, "enable_apsnr", "true", VMAF_PIX_FMT_YUV444P, 8, 4, 2), 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(r.ctx, &r.ref, &r.dist, 0, r.fc), 0);
    CHECK_EQ_INT(vmaf_fex_context_flush(r.ctx, r.fc), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_aggregate(r.fc, "apsnr_cr", &cr), 0);
    CHECK(cr == ceil(10.0 * log10(65025.0 * 8 * 2)));
    run_close(&r);
}

TEST_MAIN("psnr", {"16bit_extremes", test_16bit_extremes}, {"8bit_known_sse", test_8bit_known_sse},
          {"identical_caps", test_identical_caps}, {"min_sse_caps", test_min_sse_caps},
          {"reduced_hbd_peak", test_reduced_hbd_peak},
          {"unsupported_depths_fail", test_unsupported_depths_fail},
          {"chroma_disabled", test_chroma_disabled}, {"apsnr", test_apsnr})
