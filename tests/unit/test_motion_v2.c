/* motion_v2 against the integer motion extractor, which it must equal: the
 * sad score per frame, and motion2_v2 / motion3_v2 against motion2 /
 * motion3, over sizes, depths and options; plus what motion_v2 refuses and
 * how its scores are named. */
#include <errno.h>
#include <string.h>

#include "core/feature_name.h"
#include "float_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_motion;
extern const VmafFeatureExtractor vmaf_fex_motion_v2;

#define FRAMES 6

typedef struct Instance {
    VmafFexContext *ctx;
    VmafFeatureCollector *fc;
} Instance;

static void instance_open(Instance *in, const VmafFeatureExtractor *fex, const char *const *opts)
{
    VmafFeatureDictionary *d = NULL;
    for (unsigned i = 0; opts && opts[i]; i += 2)
        vmaf_feature_dictionary_set(&d, opts[i], opts[i + 1]);
    CHECK_EQ_INT(vmaf_fex_context_create(&in->ctx, fex, d), 0);
    vmaf_feature_dictionary_free(&d);
    CHECK_EQ_INT(vmaf_feature_collector_init(&in->fc), 0);
}

static void instance_close(Instance *in)
{
    vmaf_fex_context_destroy(in->ctx);
    vmaf_feature_collector_destroy(in->fc);
}

/* Extracts every frame (the earlier references as the framework passes
 * them) and flushes. */
static void run(Instance *in, VmafPicture *pics, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        in->ctx->prev_ref = i > 0 ? &pics[i - 1] : NULL;
        in->ctx->prev_prev_ref = i > 1 ? &pics[i - 2] : NULL;
        CHECK_EQ_INT(vmaf_fex_context_extract(in->ctx, &pics[i], &pics[i], i, in->fc), 0);
    }
    CHECK_EQ_INT(vmaf_fex_context_flush(in->ctx, in->fc), 0);
}

static double stored(Instance *in, const char *feature, unsigned index)
{
    char name[256];
    CHECK_EQ_INT(vmaf_feature_name_from_state(name, sizeof(name), feature, in->ctx->fex->options,
                                              in->ctx->priv),
                 0);
    double v = NAN;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(in->fc, name, &v, index), 0);
    return v;
}

static void check_equal_to_motion(unsigned w, unsigned h, unsigned bpc, const char *const *opts,
                                  unsigned n)
{
    VmafPicture pics[FRAMES];
    const unsigned noise = (bpc > 8 ? 3u << (bpc - 8) : 3u) * (1 + w % 5);
    for (unsigned i = 0; i < n; i++) {
        CHECK_EQ_INT(vmaf_picture_alloc(&pics[i], VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
        test_fill_picture(&pics[i], noise, (int)(i * 7 % 5) << (bpc - 8));
    }
    Instance motion, v2;
    instance_open(&motion, &vmaf_fex_motion, opts);
    instance_open(&v2, &vmaf_fex_motion_v2, opts);
    run(&motion, pics, n);
    run(&v2, pics, n);

    static const char *const pairs[][2] = {
        {"VMAF_integer_feature_motion_sad_score", "VMAF_integer_feature_motion_v2_sad_score"},
        {"VMAF_integer_feature_motion2_score", "VMAF_integer_feature_motion2_v2_score"},
        {"VMAF_integer_feature_motion3_score", "VMAF_integer_feature_motion3_v2_score"},
    };
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < 3; k++)
            bad += stored(&motion, pairs[k][0], i) != stored(&v2, pairs[k][1], i);
    if (bad)
        fprintf(stderr, "  %ux%u %u-bit, %u frames, %s: %u scores differ\n", w, h, bpc, n,
                opts ? opts[0] : "defaults", bad);
    CHECK_EQ_INT(bad, 0);
    CHECK(n < 2 || stored(&v2, "VMAF_integer_feature_motion_v2_sad_score", 1) > 0 ||
          (opts && !strcmp(opts[0], "motion_force_zero")));

    instance_close(&motion);
    instance_close(&v2);
    for (unsigned i = 0; i < n; i++)
        vmaf_picture_unref(&pics[i]);
}

static void test_equals_integer_motion(void)
{
    static const unsigned sizes[][2] = {{3, 3}, {5, 4}, {17, 9}, {64, 33}, {65, 37}};
    static const unsigned depths[] = {8, 10, 12, 16};
    for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
        for (unsigned d = 0; d < sizeof(depths) / sizeof(depths[0]); d++)
            check_equal_to_motion(sizes[s][0], sizes[s][1], depths[d], NULL, FRAMES);
}

static void test_equals_integer_motion_with_options(void)
{
    static const char *const sets[][7] = {
        {"motion_fps_weight", "2", NULL},
        {"motion_max_val", "1.5", NULL},
        {"motion_blend_factor", "0.5", "motion_blend_offset", "1", NULL},
        {"motion_moving_average", "true", "motion_max_val", "18", NULL},
        {"motion_force_zero", "true", NULL},
    };
    for (unsigned i = 0; i < sizeof(sets) / sizeof(sets[0]); i++)
        check_equal_to_motion(48, 30, 10, sets[i], FRAMES);
    /* One and two frames: motion2 of the first is 0, and the last keeps
     * its own sad. */
    check_equal_to_motion(20, 20, 8, NULL, 1);
    check_equal_to_motion(20, 20, 8, NULL, 2);
}

static void test_refusals(void)
{
    Instance in;
    static const char *const ffw[] = {"motion_five_frame_window", "true", NULL};
    instance_open(&in, &vmaf_fex_motion_v2, ffw);
    CHECK_EQ_INT(vmaf_fex_context_init(in.ctx, VMAF_PIX_FMT_YUV420P, 8, 64, 64), -ENOTSUP);
    instance_close(&in);
    static const unsigned sizes[][2] = {{2, 8}, {8, 2}};
    for (unsigned i = 0; i < 2; i++) {
        instance_open(&in, &vmaf_fex_motion_v2, NULL);
        CHECK_EQ_INT(
            vmaf_fex_context_init(in.ctx, VMAF_PIX_FMT_YUV420P, 8, sizes[i][0], sizes[i][1]),
            -EINVAL);
        instance_close(&in);
    }
    /* Frame 1 needs the previous reference. */
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV400P, 8, 8, 8), 0);
    instance_open(&in, &vmaf_fex_motion_v2, NULL);
    CHECK(vmaf_fex_context_extract(in.ctx, &pic, &pic, 1, in.fc) < 0);
    instance_close(&in);
    vmaf_picture_unref(&pic);
}

static void test_names(void)
{
    /* No alias: option suffixes go on the full names. */
    static const char *const opts[] = {"motion_max_val", "18", "motion_moving_average", "true",
                                       NULL};
    Instance in;
    instance_open(&in, &vmaf_fex_motion_v2, opts);
    char name[256];
    CHECK_EQ_INT(vmaf_feature_name_from_state(name, sizeof(name),
                                              "VMAF_integer_feature_motion2_v2_score",
                                              in.ctx->fex->options, in.ctx->priv),
                 0);
    CHECK(!strcmp(name, "VMAF_integer_feature_motion2_v2_score_mmxv_18_mma"));
    instance_close(&in);
    CHECK(vmaf_get_feature_extractor_by_feature_name("VMAF_integer_feature_motion_v2_sad_score",
                                                     0) == &vmaf_fex_motion_v2);
    CHECK(vmaf_get_feature_extractor_by_name("motion_v2") == &vmaf_fex_motion_v2);
}

TEST_MAIN("motion_v2", {"equals_integer_motion", test_equals_integer_motion},
          {"equals_integer_motion_with_options", test_equals_integer_motion_with_options},
          {"refusals", test_refusals}, {"names", test_names})
