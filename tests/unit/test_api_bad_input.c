/* Bad input through the API: every call fails with a negative errno and
 * leaves the context usable or closable, never a crash, a hang or a written
 * file. The CLI's side is tests/cli/bad_input.sh. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "test.h"
#include "model_test_util.h"

#include "libvmaf/libvmaf.h"

static VmafContext *context(unsigned n_threads)
{
    VmafContext *vmaf = NULL;
    VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = n_threads};
    CHECK_EQ_INT(vmaf_init(&vmaf, cfg), 0);
    return vmaf;
}

static int read_pair(VmafContext *vmaf, enum VmafPixelFormat fmt, unsigned bpc, unsigned w,
                     unsigned h, unsigned index)
{
    VmafPicture ref, dist;
    CHECK_EQ_INT(vmaf_picture_alloc(&ref, fmt, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(&dist, fmt, bpc, w, h), 0);
    return vmaf_read_pictures(vmaf, &ref, &dist, index);
}

static void test_picture_alloc(void)
{
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 7, 16, 16), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 17, 16, 16), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 0, 16), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 8, 16, 0), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_UNKNOWN, 8, 16, 16), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, (enum VmafPixelFormat)99, 8, 16, 16), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(NULL, VMAF_PIX_FMT_YUV420P, 8, 16, 16), -EINVAL);
    /* Sizes whose byte count wraps around: 2^32 x 2^31 16-bit samples is
     * exactly 2^64 bytes. A wrapped size would allocate a few bytes for a
     * picture that claims billions. */
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV400P, 16, 0xffffffe1u, 1u << 31),
                 -ENOMEM);
    CHECK_EQ_INT(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV444P, 16, 0xffffffffu, 0xffffffffu),
                 -ENOMEM);
    CHECK_EQ_INT(vmaf_picture_unref(NULL), -EINVAL);
}

static void test_picture_pool(void)
{
    VmafContext *vmaf = context(0);
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(vmaf, &pic), -EINVAL); /* no pool yet */
    VmafPictureConfiguration cfg = {
        .pic_params = {.w = 16, .h = 16, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
        .pic_cnt = 0,
    };
    CHECK_EQ_INT(vmaf_preallocate_pictures(vmaf, cfg), -EINVAL);
    cfg.pic_params.bpc = 5;
    cfg.pic_cnt = 2;
    CHECK(vmaf_preallocate_pictures(vmaf, cfg) < 0);
    cfg.pic_params = (VmafPictureConfiguration){0}.pic_params;
    cfg.pic_params.w = 0xffffffe1u;
    cfg.pic_params.h = 1u << 31;
    cfg.pic_params.bpc = 16;
    cfg.pic_params.pix_fmt = VMAF_PIX_FMT_YUV400P;
    CHECK(vmaf_preallocate_pictures(vmaf, cfg) < 0);
    cfg.pic_params = (VmafPictureConfiguration){0}.pic_params;
    cfg.pic_params.w = cfg.pic_params.h = 16;
    cfg.pic_params.bpc = 8;
    cfg.pic_params.pix_fmt = VMAF_PIX_FMT_YUV420P;
    CHECK_EQ_INT(vmaf_preallocate_pictures(vmaf, cfg), 0);
    CHECK_EQ_INT(vmaf_preallocate_pictures(vmaf, cfg), -EINVAL); /* once only */
    CHECK_EQ_INT(vmaf_preallocate_pictures_read(vmaf, cfg), -EINVAL);
    CHECK_EQ_INT(vmaf_preallocate_pictures_read(NULL, cfg), -EINVAL);
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(vmaf, NULL), -EINVAL);
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(vmaf, &pic), 0);
    vmaf_picture_unref(&pic);
    vmaf_close(vmaf);
    CHECK_EQ_INT(vmaf_close(NULL), -EINVAL);
}

static void test_stream_contract(void)
{
    VmafContext *vmaf = context(0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK_EQ_INT(read_pair(NULL, VMAF_PIX_FMT_YUV420P, 8, 16, 16, 0), -EINVAL);
    VmafPicture ref, dist;
    vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 16, 16);
    vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV420P, 10, 16, 16);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, &dist, 0), -EINVAL); /* depths differ */
    vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 16, 16);
    vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV444P, 8, 16, 16);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, &dist, 0), -EINVAL); /* formats differ */
    CHECK_EQ_INT(read_pair(vmaf, VMAF_PIX_FMT_YUV420P, 8, 16, 16, 0), 0);
    CHECK_EQ_INT(read_pair(vmaf, VMAF_PIX_FMT_YUV420P, 8, 18, 16, 1), -EINVAL); /* size changed */
    CHECK_EQ_INT(read_pair(vmaf, VMAF_PIX_FMT_YUV422P, 8, 16, 16, 1), -EINVAL);
    CHECK_EQ_INT(read_pair(vmaf, VMAF_PIX_FMT_YUV420P, 10, 16, 16, 1), -EINVAL);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "float_psnr", NULL), -EINVAL); /* after a frame */
    CHECK_EQ_INT(read_pair(vmaf, VMAF_PIX_FMT_YUV420P, 8, 16, 16, 1), 0);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, NULL, NULL, 0), 0);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, NULL, NULL, 0), -EINVAL); /* flushed twice */

    double s;
    CHECK_EQ_INT(vmaf_feature_score_at_index(vmaf, "psnr_y", &s, 0), 0);
    CHECK(vmaf_feature_score_at_index(vmaf, "psnr_y", &s, 2) < 0);
    CHECK(vmaf_feature_score_at_index(vmaf, "no_such_score", &s, 0) < 0);
    CHECK(vmaf_feature_score_pooled(vmaf, "psnr_y", VMAF_POOL_METHOD_MEAN, &s, 0, 2) < 0);
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "psnr_y", VMAF_POOL_METHOD_MEAN, &s, 1, 0),
                 -EINVAL);
    vmaf_close(vmaf);
}

/* An extractor that refuses the frame size fails the frame, on the
 * caller's thread or a worker's, and the context still closes cleanly. */
static void test_extractor_refuses(unsigned n_threads)
{
    VmafContext *vmaf = context(n_threads);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "adm", NULL), 0);
    int err = 0;
    for (unsigned i = 0; i < 4 && !err; i++)
        err = read_pair(vmaf, VMAF_PIX_FMT_YUV420P, 8, 8, 8, i);
    if (!err)
        err = vmaf_read_pictures(vmaf, NULL, NULL, 0);
    CHECK_EQ_INT(err, -EINVAL);
    vmaf_close(vmaf);
}

static void test_extractor_refuses_inline(void)
{
    test_extractor_refuses(0);
}

static void test_extractor_refuses_threaded(void)
{
    test_extractor_refuses(2);
}

static void test_model_with_missing_feature(void)
{
    TinyModel t = tiny_model;
    t.feature_names = "[\"VMAF_feature_nosuch_score\", \"VMAF_integer_feature_adm2_score\"]";
    VmafModel *model = NULL;
    VmafModelConfig cfg = {.name = "vmaf"};
    CHECK_EQ_INT(load_tiny_model(&t, &cfg, &model), 0);
    VmafContext *vmaf = context(0);
    CHECK_EQ_INT(vmaf_use_features_from_model(vmaf, model), -EINVAL);
    double s;
    CHECK_EQ_INT(vmaf_score_at_index(vmaf, model, &s, 0), -EINVAL);
    CHECK_EQ_INT(vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_MEAN, &s, 0, 0), -EINVAL);
    vmaf_close(vmaf);
    vmaf_model_destroy(model);
}

static void test_feature_options(void)
{
    VmafContext *vmaf = context(0);
    VmafFeatureDictionary *d = NULL;
    CHECK_EQ_INT(vmaf_feature_dictionary_set(NULL, "k", "v"), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, NULL, "v"), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "k", NULL), -EINVAL);
    const char *const bad[][2] = {
        {"vif_enhn_gain_limit", "1e308"}, {"vif_enhn_gain_limit", "nan"},
        {"vif_enhn_gain_limit", "0.5"},   {"vif_enhn_gain_limit", ""},
        {"vif_enhn_gain_limit", "1x"},    {"debug", "yes"},
        {"no_such_option", "1"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
        d = NULL;
        CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, bad[i][0], bad[i][1]), 0);
        CHECK_EQ_INT(vmaf_use_feature(vmaf, "vif", d), -EINVAL);
    }
    CHECK_EQ_INT(vmaf_use_feature(vmaf, NULL, NULL), -EINVAL);
    CHECK_EQ_INT(vmaf_use_feature(NULL, "vif", NULL), -EINVAL);
    vmaf_close(vmaf);
}

static void test_write_output(void)
{
    VmafContext *vmaf = context(0);
    CHECK_EQ_INT(vmaf_import_feature_score(vmaf, "x", 1.0, 0), 0);
    const char *path = "/nonexistent-dir/out.json";
    CHECK(vmaf_write_output(vmaf, path, VMAF_OUTPUT_FORMAT_JSON) < 0);
    CHECK(access(path, F_OK) != 0);
    char tmp[] = "/tmp/vmaf-test-output-XXXXXX";
    CHECK(mkdtemp(tmp) != NULL);
    char out[64];
    snprintf(out, sizeof(out), "%s/out", tmp);
    CHECK_EQ_INT(vmaf_write_output(vmaf, out, VMAF_OUTPUT_FORMAT_NONE), -EINVAL);
    CHECK_EQ_INT(vmaf_write_output(vmaf, out, (enum VmafOutputFormat)99), -EINVAL);
    CHECK(access(out, F_OK) != 0);
    CHECK_EQ_INT(rmdir(tmp), 0); /* empty: no temporary file left behind either */
    vmaf_close(vmaf);
}

TEST_MAIN("api_bad_input", {"picture_alloc", test_picture_alloc},
          {"picture_pool", test_picture_pool}, {"stream_contract", test_stream_contract},
          {"extractor_refuses_inline", test_extractor_refuses_inline},
          {"extractor_refuses_threaded", test_extractor_refuses_threaded},
          {"model_with_missing_feature", test_model_with_missing_feature},
          {"feature_options", test_feature_options}, {"write_output", test_write_output})
