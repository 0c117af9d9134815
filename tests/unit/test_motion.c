/* Integer motion: the blurred-difference SAD against a direct 2-D evaluation
 * of its definition, the option handling, and the motion2/motion3 rules. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "core/feature_name.h"
#include "libvmaf/feature.h"
#include "test.h"

extern const VmafFeatureExtractor vmaf_fex_motion;

#define SAD "VMAF_integer_feature_motion_sad_score"
#define MOTION2 "VMAF_integer_feature_motion2_score"
#define MOTION3 "VMAF_integer_feature_motion3_score"

static const int64_t taps[5] = {3571, 16004, 26386, 16004, 3571};

static uint32_t rng_state = 12345;

static unsigned next_random(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* Reflection about both ends, written as repeated folding. */
static int fold(int i, int n)
{
    while (i < 0 || i >= n)
        i = i < 0 ? -i : 2 * (n - 1) - i;
    return i;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static unsigned sample(const VmafPicture *pic, int x, int y)
{
    const uint8_t *row = (const uint8_t *)pic->data[0] + y * pic->stride[0];
    return pic->bpc > 8 ? ((const uint16_t *)row)[x] : row[x];
}

static void put_sample(VmafPicture *pic, int x, int y, unsigned v)
{
    uint8_t *row = (uint8_t *)pic->data[0] + y * pic->stride[0];
    if (pic->bpc > 8)
        ((uint16_t *)row)[x] = (uint16_t)v;
    else
        row[x] = (uint8_t)v;
}

/* The sad score straight from its definition: vertical pass over the whole
 * difference image, then horizontal pass, each rounded to nearest (ties up). */
static double expected_sad_score(const VmafPicture *prev, const VmafPicture *cur)
{
    const int w = (int)cur->w[0], h = (int)cur->h[0], bpc = (int)cur->bpc;
    int64_t *vert = calloc((size_t)w * h, sizeof(*vert));
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int64_t acc = 0;
            for (int k = 0; k < 5; k++) {
                const int sy = fold(y + k - 2, h);
                acc += taps[k] * ((int64_t)sample(prev, x, sy) - (int64_t)sample(cur, x, sy));
            }
            vert[y * w + x] = floor_div(acc + (INT64_C(1) << (bpc - 1)), INT64_C(1) << bpc);
        }
    }
    uint64_t sad = 0;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int64_t acc = 0;
            for (int k = 0; k < 5; k++)
                acc += taps[k] * vert[y * w + fold(x + k - 2, w)];
            const int64_t v = floor_div(acc + 32768, 65536);
            sad += (uint64_t)(v < 0 ? -v : v);
        }
    }
    free(vert);
    return (double)sad / 256.0 / (w * h);
}

static VmafDictionary *options(const char *key, const char *val)
{
    VmafFeatureDictionary *d = NULL;
    if (key)
        vmaf_feature_dictionary_set(&d, key, val);
    return d;
}

static void stored_name(char *buf, size_t n, VmafFexContext *ctx, const char *feature)
{
    int err = vmaf_feature_name_from_state(buf, n, feature, ctx->fex->options, ctx->priv);
    CHECK_EQ_INT(err, 0);
}

/* Scores two random pictures (bit depth bpc, every sample of the given
 * amplitude range) and compares with the direct evaluation. */
static void check_random_pair(unsigned w, unsigned h, unsigned bpc, unsigned amplitude)
{
    VmafPicture prev, cur, dist;
    CHECK_EQ_INT(vmaf_picture_alloc(&prev, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&cur, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    const unsigned max = (1u << bpc) - 1;
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            const unsigned base = next_random() % (max + 1);
            put_sample(&prev, x, y, base);
            const int delta = (int)(next_random() % (2 * amplitude + 1)) - (int)amplitude;
            const int v = (int)base + delta;
            put_sample(&cur, x, y, v < 0 ? 0 : v > (int)max ? max : (unsigned)v);
        }
    }

    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, NULL), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(ctx, &prev, &dist, 0, fc), 0);
    ctx->prev_ref = &prev;
    CHECK_EQ_INT(vmaf_fex_context_extract(ctx, &cur, &dist, 1, fc), 0);
    double first = -1, score = -1;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, SAD, &first, 0), 0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, SAD, &score, 1), 0);
    CHECK(first == 0.0);
    const double expected = expected_sad_score(&prev, &cur);
    if (score != expected)
        fprintf(stderr, "  %ux%u %u-bit amplitude %u\n", w, h, bpc, amplitude);
    CHECK(score == expected);

    vmaf_fex_context_destroy(ctx);
    vmaf_feature_collector_destroy(fc);
    vmaf_picture_unref(&prev);
    vmaf_picture_unref(&cur);
    vmaf_picture_unref(&dist);
}

static void test_blur_matches_definition(void)
{
    static const unsigned sizes[][2] = {{3, 3}, {3, 7}, {8, 3}, {5, 4}, {17, 9}, {64, 33}};
    static const unsigned depths[] = {8, 9, 10, 12, 16};
    for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        for (unsigned d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
            const unsigned max = (1u << depths[d]) - 1;
            check_random_pair(sizes[s][0], sizes[s][1], depths[d], 3);
            check_random_pair(sizes[s][0], sizes[s][1], depths[d], max);
        }
    }
}

static void test_bad_sizes_fail(void)
{
    static const unsigned sizes[][2] = {{2, 8}, {8, 2}, {1, 1}};
    for (unsigned i = 0; i < 3; i++) {
        VmafFexContext *ctx;
        CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, NULL), 0);
        CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 8, sizes[i][0], sizes[i][1]),
                     -EINVAL);
        vmaf_fex_context_destroy(ctx);
    } /* force_zero reads no sample, so it takes any size. */
    VmafDictionary *opts = options("motion_force_zero", "true");
    VmafFexContext *ctx;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, opts), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 8, 1, 2), 0);
    vmaf_fex_context_destroy(ctx);
    vmaf_feature_dictionary_free(&opts);
}

/* Extracts frame 1 (or 2) of a pair with the given options. */
static int extract_second(VmafDictionary *opts, bool give_prev, double *sad, double *debug)
{
    VmafPicture a, b;
    vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV400P, 8, 8, 8);
    vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV400P, 8, 8, 8);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            put_sample(&b, x, y, (x * 37 + y * 11) & 255);

    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    vmaf_fex_context_create(&ctx, &vmaf_fex_motion, opts);
    vmaf_feature_collector_init(&fc);
    ctx->prev_ref = give_prev ? &a : NULL;
    ctx->prev_prev_ref = give_prev ? &a : NULL;
    int err = vmaf_fex_context_extract(ctx, &b, &b, 2, fc);
    if (!err) {
        char name[256];
        stored_name(name, sizeof(name), ctx, SAD);
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, name, sad, 2), 0);
        *debug = -1;
        vmaf_feature_collector_get_score(fc, "VMAF_integer_feature_motion_score", debug, 2);
    }
    vmaf_fex_context_destroy(ctx);
    vmaf_feature_collector_destroy(fc);
    vmaf_picture_unref(&a);
    vmaf_picture_unref(&b);
    vmaf_feature_dictionary_free(&opts);
    return err;
}

static void test_options_of_extract(void)
{
    double plain, value, debug;
    CHECK_EQ_INT(extract_second(NULL, true, &plain, &debug), 0);
    CHECK(plain > 1.0);
    CHECK(debug == -1);

    CHECK_EQ_INT(extract_second(options("debug", "true"), true, &value, &debug), 0);
    CHECK(value == plain && debug == plain);
    CHECK_EQ_INT(extract_second(options("motion_force_zero", "true"), false, &value, &debug), 0);
    CHECK(value == 0.0);
    CHECK_EQ_INT(extract_second(options("motion_max_val", "1"), true, &value, &debug), 0);
    CHECK(value == 1.0);
    CHECK_EQ_INT(extract_second(options("motion_fps_weight", "2"), true, &value, &debug), 0);
    CHECK(value == plain * 2);
    CHECK_EQ_INT(extract_second(options("motion_five_frame_window", "true"), true, &value, &debug),
                 0);
    CHECK(value == plain);
    /* The earlier reference is required from frame 1 (2) on. */
    CHECK(extract_second(NULL, false, &value, &debug) < 0);
}

static void test_option_table(void)
{
    VmafFexContext *ctx;
    static const char *const out_of_range[][2] = {
        {"motion_blend_factor", "1.5"}, {"motion_blend_offset", "1001"},
        {"motion_fps_weight", "5.5"},   {"motion_max_val", "10001"},
        {"motion_max_val", "-1"},
    };
    for (unsigned i = 0; i < sizeof(out_of_range) / sizeof(out_of_range[0]); i++) {
        VmafDictionary *opts = options(out_of_range[i][0], out_of_range[i][1]);
        CHECK(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, opts) < 0);
        vmaf_feature_dictionary_free(&opts);
    }

    VmafDictionary *opts = options("motion_max_val", "18");
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, opts), 0);
    vmaf_feature_dictionary_free(&opts);
    char name[256];
    stored_name(name, sizeof(name), ctx, MOTION3);
    CHECK(!strcmp(name, "integer_motion3_mmxv_18"));
    stored_name(name, sizeof(name), ctx, SAD);
    CHECK(!strcmp(name, "VMAF_integer_feature_motion_sad_score_mmxv_18"));
    vmaf_fex_context_destroy(ctx);
}

/* Stores the sad scores, flushes, and compares motion2 and motion3. */
static void check_flush(VmafDictionary *opts, const double *sad, const double *motion2,
                        const double *motion3, unsigned n)
{
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_motion, opts), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
    for (unsigned i = 0; i < n; i++)
        CHECK_EQ_INT(vmaf_fex_append(ctx, fc, SAD, sad[i], i), 0);
    CHECK_EQ_INT(vmaf_fex_context_flush(ctx, fc), 0);

    char name2[256], name3[256];
    stored_name(name2, sizeof(name2), ctx, MOTION2);
    stored_name(name3, sizeof(name3), ctx, MOTION3);
    for (unsigned i = 0; i < n; i++) {
        double m2 = -1, m3 = -1;
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, name2, &m2, i), 0);
        CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, name3, &m3, i), 0);
        CHECK_NEAR(m2, motion2[i], 0);
        CHECK_NEAR(m3, motion3[i], 0);
    }
    double beyond;
    CHECK(vmaf_feature_collector_get_score(fc, name2, &beyond, n) < 0);
    vmaf_fex_context_destroy(ctx);
    vmaf_feature_collector_destroy(fc);
    vmaf_feature_dictionary_free(&opts);
}

static void test_blend(void)
{
    /* blend(50, .5, 40) = 45 and blend(40, .5, 50) = 40, seen through
     * motion3; frame 0 takes frame 1's value. */
    const double sad_a[] = {0, 50, 50}, m3_a[] = {45, 45, 45};
    check_flush(options("motion_blend_factor", "0.5"), sad_a, sad_a, m3_a, 3);

    VmafFeatureDictionary *d = options("motion_blend_factor", "0.5");
    vmaf_feature_dictionary_set(&d, "motion_blend_offset", "50");
    const double sad_b[] = {0, 40, 40}, m3_b[] = {40, 40, 40};
    check_flush(d, sad_b, sad_b, m3_b, 3);
}

static void test_motion2_motion3(void)
{
    const double sad[] = {0, 3, 1, 4, 2};
    const double m2[] = {0, 1, 1, 2, 2};
    const double m3[] = {3, 1, 1, 2, 2};
    check_flush(NULL, sad, m2, m3, 5);

    const double m3_avg[] = {3, 2, 1, 1.5, 2};
    check_flush(options("motion_moving_average", "true"), sad, m2, m3_avg, 5);

    const double m3_clipped[] = {2, 1, 1, 2, 2};
    check_flush(options("motion_max_val", "2"), sad, m2, m3_clipped, 5);

    const double one[] = {0};
    check_flush(NULL, one, one, one, 1);
}

static void test_five_frame_window(void)
{
    const double sad[] = {0, 0, 5, 3, 7, 1, 6};
    const double m2[] = {0, 0, 3, 5, 1, 6, 6};
    const double m3[] = {5, 5, 3, 5, 1, 6, 6};
    check_flush(options("motion_five_frame_window", "true"), sad, m2, m3, 7);

    VmafFeatureDictionary *d = options("motion_five_frame_window", "true");
    vmaf_feature_dictionary_set(&d, "motion_moving_average", "true");
    const double m3_avg[] = {5, 5, 4, 4, 3, 3.5, 6};
    check_flush(d, sad, m2, m3_avg, 7);

    /* Too short to have a scored frame: everything is 0. */
    const double zeros[] = {0, 0};
    check_flush(options("motion_five_frame_window", "true"), zeros, zeros, zeros, 2);
}

TEST_MAIN("motion", {"blur_matches_definition", test_blur_matches_definition},
          {"bad_sizes_fail", test_bad_sizes_fail}, {"options_of_extract", test_options_of_extract},
          {"option_table", test_option_table}, {"blend", test_blend},
          {"motion2_motion3", test_motion2_motion3}, {"five_frame_window", test_five_frame_window})
