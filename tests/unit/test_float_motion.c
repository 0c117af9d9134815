/* Float motion: the SAD stage against its definition, and the extractor's
 * frame bookkeeping (motion2 of frame n written when n + 1 is seen, motion3
 * of frame 0 from frame 1) on flat frames whose motion is known. */
#include <errno.h>
#include <stdlib.h>

#include "feature/float_common/float_plane.h"
#include "feature/float_motion/float_motion_dsp.h"
#include "float_test_util.h"

extern const VmafFeatureExtractor vmaf_fex_float_motion;

static void test_sad_matches_definition(void)
{
    FloatMotionDsp dsp;
    float_motion_dsp_init(&dsp, 0);
    FloatPlane a, b;
    CHECK_EQ_INT(float_plane_alloc(&a, 37, 11), 0);
    CHECK_EQ_INT(float_plane_alloc(&b, 37, 11), 0);
    for (unsigned i = 0; i < 11; i++) {
        for (unsigned j = 0; j < 37; j++) {
            a.data[i * a.stride + j] = test_random_float(-128.0f, 128.0f);
            b.data[i * b.stride + j] = test_random_float(-128.0f, 128.0f);
        }
    }
    float expected = 0;
    for (unsigned i = 0; i < 11; i++) {
        float row = 0;
        for (unsigned j = 0; j < 37; j++) {
            const double d = (double)(a.data[i * a.stride + j] - b.data[i * b.stride + j]);
            row = (float)(row + (d < 0 ? -d : d));
        }
        expected += row;
    }
    CHECK(dsp.sad(&a, &b) == expected);
    float_plane_free(&a);
    float_plane_free(&b);
}

static void fill_flat(VmafPicture *pic, unsigned value)
{
    const unsigned planes = pic->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++)
        for (unsigned y = 0; y < pic->h[p]; y++)
            for (unsigned x = 0; x < pic->w[p]; x++)
                set_sample(pic, p, x, y, p ? value / 2 : value);
}

/* Extracts flat frames of the given values, then flushes. */
static int run_flat(TestRun *r, const char *const *opts, enum VmafPixelFormat fmt,
                    const unsigned *values, unsigned n)
{
    int err = test_run_open(r, &vmaf_fex_float_motion, fmt, 8, 24, 16, opts);
    for (unsigned i = 0; !err && i < n; i++) {
        fill_flat(&r->ref, values[i]);
        err = vmaf_fex_context_extract(r->ctx, &r->ref, &r->ref, i, r->fc);
    }
    return err ? err : vmaf_fex_context_flush(r->ctx, r->fc);
}

static const unsigned frames[] = {10, 14, 13, 20, 20, 5};
#define N_FRAMES (sizeof(frames) / sizeof(frames[0]))

/* Motion of frame i of `frames`: the step from frame i - 1, times `scale`. */
static double step(unsigned i, double scale)
{
    return i ? abs((int)frames[i] - (int)frames[i - 1]) * scale : 0.0;
}

/* The scores are stored under libvmaf's short names plus the option suffix,
 * or under the full names when every option has its default. */
static void check_sequence(TestRun *r, const char *suffix, double scale)
{
    char m1[96], m2[96], m3[96];
    if (*suffix) {
        snprintf(m1, sizeof(m1), "motion%s", suffix);
        snprintf(m2, sizeof(m2), "motion2%s", suffix);
        snprintf(m3, sizeof(m3), "motion3%s", suffix);
    } else {
        snprintf(m1, sizeof(m1), "VMAF_feature_motion_score");
        snprintf(m2, sizeof(m2), "VMAF_feature_motion2_score");
        snprintf(m3, sizeof(m3), "VMAF_feature_motion3_score");
    }
    for (unsigned i = 0; i < N_FRAMES; i++) {
        const double expected2 =
            i == 0 ? 0.0
            : i + 1 < N_FRAMES
                ? (step(i, scale) < step(i + 1, scale) ? step(i, scale) : step(i + 1, scale))
                : step(i, scale);
        CHECK_NEAR(test_score(r, m1, i), step(i, scale), 1e-4);
        CHECK_NEAR(test_score(r, m2, i), expected2, 1e-4);
        CHECK_NEAR(test_score(r, m3, i), i ? expected2 : step(1, scale), 1e-4);
    }
    CHECK(!test_has_score(r, m2, N_FRAMES));
}

static void test_flat_sequence(void)
{
    TestRun r;
    /* The identity filter keeps flat frames exact. */
    static const char *const identity[] = {"motion_filter_size", "1", NULL};
    CHECK_EQ_INT(run_flat(&r, identity, VMAF_PIX_FMT_YUV420P, frames, N_FRAMES), 0);
    check_sequence(&r, "_mfs_1", 1.0);
    CHECK(test_score(&r, "motion_mfs_1", 3) == 7.0);
    test_run_close(&r);

    CHECK_EQ_INT(run_flat(&r, NULL, VMAF_PIX_FMT_YUV420P, frames, N_FRAMES), 0);
    check_sequence(&r, "", 1.0);
    test_run_close(&r);

    /* The second scale of a flat frame is the same frame, which doubles
     * each plane's motion; the chroma planes hold half the luma value. */
    static const char *const both[] = {"motion_add_scale1", "true", "motion_add_uv", "true", NULL};
    CHECK_EQ_INT(run_flat(&r, both, VMAF_PIX_FMT_YUV444P, frames, N_FRAMES), 0);
    CHECK_NEAR(test_score(&r, "motion_mdc_mau", 1), 2 * 4.0 + 2 * 2 * 2.0, 1e-4);
    test_run_close(&r);
}

static void test_weights_and_limits(void)
{
    TestRun r;
    static const char *const opts[] = {
        "motion_fps_weight", "2", "motion_max_val", "10", "motion_filter_size", "1", NULL};
    CHECK_EQ_INT(run_flat(&r, opts, VMAF_PIX_FMT_YUV420P, frames, N_FRAMES), 0);
    CHECK(test_score(&r, "motion_mfs_1_mfw_2_mmxv_10", 1) == 8.0);
    CHECK(test_score(&r, "motion_mfs_1_mfw_2_mmxv_10", 5) == 10.0); /* 30, clipped */
    CHECK(test_score(&r, "motion2_mfs_1_mfw_2_mmxv_10", 4) == 0.0);
    CHECK(test_score(&r, "motion3_mfs_1_mfw_2_mmxv_10", 0) == 8.0);
    test_run_close(&r);

    /* blend(x) = x f + (1 - f) min(offset, x): 0.5 * 15 + 0.5 * 3 = 9. */
    static const char *const blend[] = {"motion_blend_factor",
                                        "0.5",
                                        "motion_blend_offset",
                                        "3",
                                        "motion_filter_size",
                                        "1",
                                        "debug",
                                        "false",
                                        NULL};
    CHECK_EQ_INT(run_flat(&r, blend, VMAF_PIX_FMT_YUV420P, frames, N_FRAMES), 0);
    CHECK(test_score(&r, "motion3_mbf_0.5_mbo_3_mfs_1", 5) == 9.0);
    CHECK(test_score(&r, "motion2_mbf_0.5_mbo_3_mfs_1", 3) == 0.0);
    CHECK(!test_has_score(&r, "motion_mbf_0.5_mbo_3_mfs_1", 1));
    test_run_close(&r);
}

static void test_force_zero_and_single_frame(void)
{
    TestRun r;
    static const char *const zero[] = {"motion_force_zero", "true", NULL};
    CHECK_EQ_INT(run_flat(&r, zero, VMAF_PIX_FMT_YUV420P, frames, N_FRAMES), 0);
    for (unsigned i = 0; i < N_FRAMES; i++) {
        CHECK(test_score(&r, "motion_force_0", i) == 0.0);
        CHECK(test_score(&r, "motion2_force_0", i) == 0.0);
        CHECK(test_score(&r, "motion3_force_0", i) == 0.0);
    }
    test_run_close(&r);

    CHECK_EQ_INT(run_flat(&r, NULL, VMAF_PIX_FMT_YUV420P, frames, 1), 0);
    CHECK(test_score(&r, "VMAF_feature_motion_score", 0) == 0.0);
    CHECK(test_score(&r, "VMAF_feature_motion2_score", 0) == 0.0);
    CHECK(test_score(&r, "VMAF_feature_motion3_score", 0) == 0.0);
    test_run_close(&r);
}

static void test_rejected_setups(void)
{
    TestRun r;
    static const char *const uv[] = {"motion_add_uv", "true", NULL};
    CHECK_EQ_INT(test_run_open(&r, &vmaf_fex_float_motion, VMAF_PIX_FMT_YUV400P, 8, 16, 16, uv),
                 -EINVAL);
    test_run_close(&r);
    /* 4:2:0 chroma of 4x4 luma is 2x2, too small for the 5-tap blur. */
    CHECK_EQ_INT(test_run_open(&r, &vmaf_fex_float_motion, VMAF_PIX_FMT_YUV420P, 8, 4, 4, uv),
                 -EINVAL);
    test_run_close(&r);
    CHECK_EQ_INT(test_run_open(&r, &vmaf_fex_float_motion, VMAF_PIX_FMT_YUV420P, 8, 3, 3, NULL), 0);
    test_run_close(&r);
    CHECK_EQ_INT(test_run_open(&r, &vmaf_fex_float_motion, VMAF_PIX_FMT_YUV420P, 8, 2, 9, NULL),
                 -EINVAL);
    test_run_close(&r);
}

TEST_MAIN("float_motion", {"sad_matches_definition", test_sad_matches_definition},
          {"flat_sequence", test_flat_sequence}, {"weights_and_limits", test_weights_and_limits},
          {"force_zero_and_single_frame", test_force_zero_and_single_frame},
          {"rejected_setups", test_rejected_setups})
