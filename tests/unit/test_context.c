/* Collector, pooling and the output writers, through the public API; what
 * each context keeps for itself (log level, cpumask); scores of a video
 * scored in pieces brought together. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture_util.h"
#include "core/context.h"
#include "core/cpu.h"
#include "core/picture.h"
#include "test.h"

#include "libvmaf/libvmaf.h"

static VmafContext *context_with(unsigned n_subsample, const double *s, unsigned n)
{
    VmafContext *vmaf = NULL;
    VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_subsample = n_subsample};
    if (vmaf_init(&vmaf, cfg))
        return NULL;
    for (unsigned i = 0; i < n; i++)
        vmaf_import_feature_score(vmaf, "x", s[i], i);
    return vmaf;
}

static void test_pooling(void)
{
    const double s[] = {1.0, 3.0, 2.0, 6.0};
    VmafContext *vmaf = context_with(0, s, 4);
    double v;
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MEAN, &v, 0, 3), 0);
    CHECK(v == 3.0);
    vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MIN, &v, 0, 3);
    CHECK(v == 1.0);
    vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MAX, &v, 1, 3);
    CHECK(v == 6.0);
    vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_HARMONIC_MEAN, &v, 0, 3);
    CHECK_NEAR(v, 4.0 / (1 / 2. + 1 / 4. + 1 / 3. + 1 / 7.) - 1.0, 0);
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MEAN, &v, 0, 4), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "y", VMAF_POOL_METHOD_MEAN, &v, 0, 3), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_NB, &v, 0, 3), -EINVAL);
    /* A score is written once. */
    CHECK_EQ_INT(vmaf_import_feature_score(vmaf, "x", 1.0, 2), -EINVAL);
    vmaf_close(vmaf);
}

static void test_pooling_subsampled(void)
{
    const double s[] = {1.0, 100.0, 2.0, 100.0, 3.0};
    VmafContext *vmaf = context_with(2, s, 5);
    double v;
    CHECK_EQ_INT(vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MEAN, &v, 0, 4), 0);
    CHECK(v == 2.0);
    /* libvmaf seeds min/max at index_low even when it is subsampled out. */
    vmaf_feature_score_pooled(vmaf, "x", VMAF_POOL_METHOD_MIN, &v, 1, 4);
    CHECK(v == 0.0);
    vmaf_close(vmaf);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* vmaf's output in format, read back (slurp's buffer: valid until the next
 * call); NULL when writing it failed. */
static const char *output_of(VmafContext *vmaf, enum VmafOutputFormat format)
{
    char path[] = "/tmp/vmaf_test_outXXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    close(fd);
    const char *text = vmaf_write_output(vmaf, path, format) ? NULL : slurp(path);
    unlink(path);
    return text;
}

static void test_number_format(void)
{
    /* %.6f, or %.16f when more than six zeros follow the point. */
    const double s[] = {30.0000001, 30.000001, 42.0, 0.5};
    VmafContext *vmaf = context_with(0, s, 4);
    const char *csv = output_of(vmaf, VMAF_OUTPUT_FORMAT_CSV);
    CHECK(csv && strstr(csv, "Frame,x,\n0,30.0000001000000012,\n1,30.000001,\n2,42.000000,\n"
                             "3,0.500000,\n"));
    const char *sub = output_of(vmaf, VMAF_OUTPUT_FORMAT_SUB);
    CHECK(sub && strstr(sub, "{1}{2}frame: 1|x: 30.000001|\n"));
    const char *json = output_of(vmaf, VMAF_OUTPUT_FORMAT_JSON);
    CHECK(json &&
          strstr(json, "\"frameNum\": 3,\n      \"metrics\": {\n        \"x\": 0.500000\n"));
    CHECK(json && strstr(json, "\"x\": {\n      \"min\": 0.500000,\n      \"max\": 42.000000,"));
    const char *xml = output_of(vmaf, VMAF_OUTPUT_FORMAT_XML);
    CHECK(xml && strstr(xml, "<frame frameNum=\"2\" x=\"42.000000\" />"));
    /* An unwritable place fails and leaves nothing behind. */
    CHECK(vmaf_write_output(vmaf, "/nonexistent-dir/out.xml", VMAF_OUTPUT_FORMAT_XML) < 0);
    vmaf_close(vmaf);
}

/* The output's lifecycle through the API: opened early, a temporary file
 * beside the destination until written, removed when closed unwritten; one
 * write each; bad arguments refused. */
static void test_output_lifecycle(void)
{
    const double s[] = {1.0, 2.0};
    VmafContext *vmaf = context_with(0, s, 2);
    char dir[] = "/tmp/vmaf_test_dirXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[64];
    snprintf(path, sizeof(path), "%s/out.csv", dir);

    VmafOutput *out = (VmafOutput *)1;
    CHECK_EQ_INT(vmaf_output_open(&out, NULL), -EINVAL);
    CHECK(out == NULL);
    CHECK_EQ_INT(vmaf_output_open(&out, path), 0);
    const char *tmp = vmaf_output_temporary_path(out);
    CHECK(tmp && !strncmp(tmp, dir, strlen(dir)) && access(tmp, F_OK) == 0);
    CHECK(access(path, F_OK) != 0);
    char kept[64];
    snprintf(kept, sizeof(kept), "%s", tmp ? tmp : "");
    vmaf_output_close(&out); /* unwritten: nothing left */
    CHECK(out == NULL && access(kept, F_OK) != 0 && access(path, F_OK) != 0);

    CHECK_EQ_INT(vmaf_output_open(&out, path), 0);
    CHECK_EQ_INT(vmaf_output_write(out, vmaf, VMAF_OUTPUT_FORMAT_NONE), -EINVAL);
    CHECK_EQ_INT(vmaf_output_write(out, vmaf, VMAF_OUTPUT_FORMAT_CSV), 0);
    CHECK_EQ_INT(vmaf_output_write(out, vmaf, VMAF_OUTPUT_FORMAT_CSV), -EINVAL);
    vmaf_output_close(&out);
    const char *csv = slurp(path);
    CHECK(csv && strstr(csv, "0,1.000000,\n1,2.000000,\n"));

    CHECK_EQ_INT(vmaf_output_open(&out, "/dev/null"), 0);
    CHECK(vmaf_output_temporary_path(out) == NULL); /* a device: written directly */
    vmaf_output_close(&out);
    vmaf_output_close(NULL);
    unlink(path);
    rmdir(dir);
    vmaf_close(vmaf);
}

/* Every score name, in the outputs' order, with the name they print; then
 * the end; bad arguments. */
static void test_feature_names(void)
{
    const double s[] = {1.0, 2.0};
    VmafContext *vmaf = context_with(0, s, 2);
    vmaf_import_feature_score(vmaf, "VMAF_integer_feature_adm2_score", 3.0, 0);
    const char *name = NULL, *printed = NULL;
    CHECK_EQ_INT(vmaf_feature_name_at(vmaf, 0, &name, &printed), 0);
    CHECK(name && !strcmp(name, "x") && printed && !strcmp(printed, "x"));
    CHECK_EQ_INT(vmaf_feature_name_at(vmaf, 1, &name, &printed), 0);
    CHECK(name && !strcmp(name, "VMAF_integer_feature_adm2_score"));
    CHECK(printed && !strcmp(printed, "integer_adm2")); /* as the outputs print it */
    CHECK_EQ_INT(vmaf_feature_name_at(vmaf, 1, &name, NULL), 0);
    CHECK_EQ_INT(vmaf_feature_name_at(vmaf, 2, &name, NULL), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_name_at(vmaf, 0, NULL, NULL), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_name_at(NULL, 0, &name, NULL), -EINVAL);
    vmaf_close(vmaf);
}

static void write_hello(FILE *f, void *opaque)
{
    fprintf(f, "hello %s\n", (const char *)opaque);
}

/* A document of the caller's own, completed as the outputs are: once. */
static void test_output_write_stream(void)
{
    char dir[] = "/tmp/vmaf_test_dirXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[64];
    snprintf(path, sizeof(path), "%s/doc.txt", dir);
    VmafOutput *out = NULL;
    CHECK_EQ_INT(vmaf_output_open(&out, path), 0);
    CHECK_EQ_INT(vmaf_output_write_stream(out, NULL, NULL), -EINVAL);
    CHECK(access(path, F_OK) != 0);
    CHECK_EQ_INT(vmaf_output_write_stream(out, write_hello, "report"), 0);
    CHECK_EQ_INT(vmaf_output_write_stream(out, write_hello, "again"), -EINVAL);
    vmaf_output_close(&out);
    const char *text = slurp(path);
    CHECK(text && !strcmp(text, "hello report\n"));
    CHECK_EQ_INT(vmaf_output_write_stream(NULL, write_hello, NULL), -EINVAL);
    unlink(path);
    rmdir(dir);
}

static void test_number_format_huge(void)
{
    /* Past INT_MAX libvmaf's int truncation leaves no fraction to count:
     * %.6f, also for a magnitude no int can hold (once undefined here). */
    const double s[] = {-4.95182e52, 3000000000.0000005};
    VmafContext *vmaf = context_with(0, s, 2);
    const char *csv = output_of(vmaf, VMAF_OUTPUT_FORMAT_CSV);
    CHECK(csv && strstr(csv, "\n0,-49518200000000002316389277836838116081702017641218048.000000,\n"
                             "1,3000000000.000000,\n"));
    vmaf_close(vmaf);
}

static void test_read_pictures_contract(void)
{
    VmafContext *vmaf = context_with(0, NULL, 0);
    VmafPicture ref, dist;
    vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
    vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV420P, 8, 32, 64);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, &dist, 0), -EINVAL); /* sizes differ */
    CHECK(ref.ref == NULL && dist.ref == NULL); /* ownership was taken anyway */
    vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, NULL, 0), -EINVAL);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, NULL, NULL, 0), 0);
    vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
    vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, &dist, 0), -EINVAL); /* after flush */
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "no_such_feature", NULL), -EINVAL);
    vmaf_close(vmaf);
}

/* Two contexts of one process (two FFmpeg filters): each logs at its own
 * level and runs the instruction sets its own cpumask leaves, whichever
 * was initialised last. */
static void test_contexts_keep_their_settings(void)
{
    VmafContext *quiet = NULL, *loud = NULL;
    VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .cpumask = UINT64_MAX};
    CHECK_EQ_INT(vmaf_init(&quiet, cfg), 0);
    cfg = (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_INFO, .cpumask = 0};
    CHECK_EQ_INT(vmaf_init(&loud, cfg), 0);
    if (!quiet || !loud)
        return;

    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_use_feature(quiet, "no_such_feature_q", NULL), -EINVAL);
    CHECK_EQ_INT(vmaf_use_feature(loud, "no_such_feature_l", NULL), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(!strstr(log, "no_such_feature_q"));
    CHECK(strstr(log, "no_such_feature_l"));
    free(log);

    CHECK_EQ_INT(vmaf_use_feature(quiet, "psnr", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(loud, "psnr", NULL), 0);
    CHECK_EQ_INT(quiet->fex[0].inline_ctx->cpu_flags, 0);
    CHECK_EQ_INT(loud->fex[0].inline_ctx->cpu_flags, vmaf_get_cpu_flags());
    vmaf_close(quiet);
    vmaf_close(loud);
}

static void *heap_as_device(void *opaque, size_t size)
{
    return calloc(1, size);
}

static void free_heap_as_device(void *opaque, void *buf)
{
    free(buf);
}

/* A device picture (a CUDA context's) given to a context without that
 * backend is an error, not a read of device memory by the CPU. */
static void test_device_pictures_refused_on_the_cpu(void)
{
    VmafContext *vmaf = NULL;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_ERROR}), 0);
    if (!vmaf)
        return;
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    const VmafPictureAllocator device = {
        .alloc = heap_as_device, .free = free_heap_as_device, .device = true, .luma_only = true};
    VmafPicturePool *pool;
    CHECK_EQ_INT(
        vmaf_picture_pool_init_with_allocator(&pool, 2, VMAF_PIX_FMT_YUV420P, 8, 64, 64, &device),
        0);
    VmafPicture ref, dist;
    CHECK_EQ_INT(vmaf_picture_pool_fetch(pool, &ref), 0);
    CHECK(vmaf_picture_in_device_memory(&ref) && ref.data[0] && !ref.data[1]);
    vmaf_picture_alloc(&dist, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
    CHECK(!vmaf_picture_in_device_memory(&dist));
    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_read_pictures(vmaf, &ref, &dist, 0), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(strstr(log, "device memory"));
    free(log);
    CHECK(ref.ref == NULL && dist.ref == NULL);
    /* No frame was taken: the context is still at its start. */
    CHECK(!vmaf->pic_params.set);
    vmaf_close(vmaf);
    vmaf_picture_pool_destroy(pool);
}

/* psnr of frame 0 of a 64x64 4:2:0 pair from pool pictures of vmaf, whose
 * luma rows are ramps and whose chroma, where the pictures hold it, is
 * noise no luma feature may read. */
static double luma_psnr_of_pool_pair(VmafContext *vmaf)
{
    VmafPicture pic[2];
    for (unsigned k = 0; k < 2; k++) {
        if (vmaf_fetch_preallocated_picture(vmaf, &pic[k]))
            return -1;
        for (unsigned y = 0; y < 64; y++)
            for (unsigned x = 0; x < 64; x++)
                ((uint8_t *)pic[k].data[0])[y * pic[k].stride[0] + x] =
                    (uint8_t)(x * 3 + y + k * (x % 5));
        for (unsigned p = 1; p < 3; p++)
            if (pic[k].data[p])
                memset(pic[k].data[p], (int)(p * 77 + k * 31),
                       (size_t)pic[k].stride[p] * pic[k].h[p]);
    }
    double score = -1;
    if (vmaf_read_pictures(vmaf, &pic[0], &pic[1], 0) || vmaf_read_pictures(vmaf, NULL, NULL, 0) ||
        vmaf_feature_score_at_index(vmaf, "psnr_y", &score, 0))
        return -1;
    return score;
}

static VmafContext *context_with_psnr(bool chroma, bool luma_pool)
{
    VmafContext *vmaf = NULL;
    if (vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_ERROR}))
        return NULL;
    VmafFeatureDictionary *opts = NULL;
    vmaf_feature_dictionary_set(&opts, "enable_chroma", chroma ? "true" : "false");
    const VmafPictureConfiguration cfg = {
        .pic_params = {.w = 64, .h = 64, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P}, .pic_cnt = 3};
    if (vmaf_use_feature(vmaf, "psnr", opts) || vmaf_use_feature(vmaf, "motion", NULL) ||
        (luma_pool ? vmaf_preallocate_pictures_read(vmaf, cfg)
                   : vmaf_preallocate_pictures(vmaf, cfg))) {
        vmaf_close(vmaf);
        return NULL;
    }
    return vmaf;
}

/* vmaf_preallocate_pictures_read(): luma alone for features that read no
 * chroma, with the scores of whole pictures; every plane for one that reads
 * chroma; a chroma feature used afterwards is refused, naming it. */
static void test_pictures_of_the_planes_read(void)
{
    VmafContext *luma = context_with_psnr(false, true), *whole = context_with_psnr(false, false);
    VmafContext *chroma = context_with_psnr(true, true);
    CHECK(luma && whole && chroma);
    if (!luma || !whole || !chroma)
        return;
    VmafPicture pic;
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(luma, &pic), 0);
    CHECK(pic.data[0] && !pic.data[1] && !pic.data[2] && pic.w[1] == 32 && pic.h[1] == 32);
    vmaf_picture_unref(&pic);
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(chroma, &pic), 0);
    CHECK(pic.data[0] && pic.data[1] && pic.data[2]);
    vmaf_picture_unref(&pic);

    const double a = luma_psnr_of_pool_pair(luma), b = luma_psnr_of_pool_pair(whole);
    CHECK(a > 0 && a == b);

    VmafContext *late = context_with_psnr(false, true);
    CHECK_EQ_INT(vmaf_use_feature(late, "ciede", NULL), 0);
    VmafPicture ref, dist;
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(late, &ref), 0);
    CHECK_EQ_INT(vmaf_fetch_preallocated_picture(late, &dist), 0);
    CapturedStderr cap;
    capture_stderr(&cap);
    CHECK_EQ_INT(vmaf_read_pictures(late, &ref, &dist, 0), -EINVAL);
    char *log = end_capture(&cap);
    CHECK(strstr(log, "ciede reads chroma"));
    free(log);
    CHECK(!late->pic_params.set);
    vmaf_close(late);
    vmaf_close(luma);
    vmaf_close(whole);
    vmaf_close(chroma);
}

/* A piece's frames land where they belong, the overlaps left out; a frame
 * imported twice is refused. */
static void test_import_scores(void)
{
    const double s[] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
    VmafContext *piece = context_with(0, s, 6);
    VmafContext *whole = NULL;
    CHECK_EQ_INT(vmaf_init(&whole, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_NONE}), 0);
    if (!piece || !whole)
        return;
    vmaf_import_feature_score(piece, "y", 9.0, 3);
    CHECK_EQ_INT(vmaf_import_scores(whole, piece, 2, 3, 100), 0);
    double v = 0;
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ_INT(vmaf_feature_score_at_index(whole, "x", &v, 100 + i), 0);
        CHECK(v == s[2 + i]);
    }
    CHECK_EQ_INT(vmaf_feature_score_at_index(whole, "x", &v, 99), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_score_at_index(whole, "x", &v, 103), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_score_at_index(whole, "y", &v, 101), 0);
    CHECK(v == 9.0);
    CHECK_EQ_INT(vmaf_import_scores(whole, piece, 4, 1, 102), -EINVAL);
    CHECK_EQ_INT(vmaf_import_scores(whole, whole, 0, 1, 0), -EINVAL);
    CHECK_EQ_INT(vmaf_import_scores(NULL, piece, 0, 1, 0), -EINVAL);
    vmaf_close(piece);
    vmaf_close(whole);
}

/* psnr's apsnr totals over every frame: pieces cannot make it. */
static void test_scores_splittable(void)
{
    VmafContext *vmaf = NULL;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_NONE}), 0);
    if (!vmaf)
        return;
    CHECK_EQ_INT(vmaf_scores_splittable(vmaf), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", NULL), 0);
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "motion", NULL), 0);
    CHECK_EQ_INT(vmaf_scores_splittable(vmaf), 0);
    vmaf_close(vmaf);
    vmaf = NULL;
    CHECK_EQ_INT(vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_NONE}), 0);
    if (!vmaf)
        return;
    VmafFeatureDictionary *opts = NULL;
    vmaf_feature_dictionary_set(&opts, "enable_apsnr", "true");
    CHECK_EQ_INT(vmaf_use_feature(vmaf, "psnr", opts), 0);
    CHECK_EQ_INT(vmaf_scores_splittable(vmaf), -ENOTSUP);
    CHECK_EQ_INT(vmaf_scores_splittable(NULL), -EINVAL);
    vmaf_close(vmaf);
}

TEST_MAIN("context", {"contexts_keep_their_settings", test_contexts_keep_their_settings},
          {"pooling", test_pooling}, {"pooling_subsampled", test_pooling_subsampled},
          {"number_format", test_number_format}, {"number_format_huge", test_number_format_huge},
          {"output_lifecycle", test_output_lifecycle}, {"feature_names", test_feature_names},
          {"output_write_stream", test_output_write_stream},
          {"read_pictures_contract", test_read_pictures_contract},
          {"device_pictures_refused_on_the_cpu", test_device_pictures_refused_on_the_cpu},
          {"import_scores", test_import_scores}, {"scores_splittable", test_scores_splittable},
          {"pictures_of_the_planes_read", test_pictures_of_the_planes_read})
