/* A client of the installed library, written against its headers alone and
 * calling it as FFmpeg's libvmaf filter does: a built-in model by version,
 * an extra feature with options, pictures allocated by the library and filled
 * row by row, a flush, the pooled score and the log file.
 *
 * Usage: client REF.yuv DIS.yuv W H BPC MODEL_VERSION N_THREADS OUT.json
 * (4:2:0 raw YUV). Prints "VMAF score: %f" (the pooled mean) as FFmpeg does.
 * Built by tests/install/install.sh with `pkg-config --cflags --libs
 * libvmaf`, and with --static. */
#include <errno.h>
#include <libvmaf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads one frame of the 4:2:0 file into a new picture; 1 at the end. */
static int read_frame(FILE *f, unsigned w, unsigned h, unsigned bpc, VmafPicture *pic)
{
    if (vmaf_picture_alloc(pic, VMAF_PIX_FMT_YUV420P, bpc, w, h))
        return -ENOMEM;
    const size_t bytes = bpc > 8 ? 2 : 1;
    for (unsigned p = 0; p < 3; p++) {
        unsigned char *row = pic->data[p];
        for (unsigned y = 0; y < pic->h[p]; y++, row += pic->stride[p]) {
            if (fread(row, bytes, pic->w[p], f) != pic->w[p]) {
                vmaf_picture_unref(pic);
                return p || y ? -EIO : 1;
            }
        }
    }
    return 0;
}

static int score(FILE *ref, FILE *dis, unsigned w, unsigned h, unsigned bpc, const char *version,
                 unsigned n_threads, const char *out)
{
    VmafConfiguration cfg = {
        .log_level = VMAF_LOG_LEVEL_INFO, .n_threads = n_threads, .n_subsample = 1};
    VmafContext *vmaf = NULL;
    VmafModel *model = NULL;
    VmafModelConfig model_cfg = {.name = "vmaf", .flags = VMAF_MODEL_FLAGS_DEFAULT};
    VmafFeatureDictionary *opts = NULL;
    unsigned n = 0;
    int err;
    if ((err = vmaf_init(&vmaf, cfg)) || (err = vmaf_model_load(&model, &model_cfg, version)) ||
        (err = vmaf_use_features_from_model(vmaf, model)) ||
        (err = vmaf_feature_dictionary_set(&opts, "enable_chroma", "false")) ||
        (err = vmaf_use_feature(vmaf, "psnr", opts)))
        goto end;
    for (;;) {
        VmafPicture r, d;
        if ((err = read_frame(ref, w, h, bpc, &r)))
            break;
        if ((err = read_frame(dis, w, h, bpc, &d))) {
            vmaf_picture_unref(&r);
            break;
        }
        if ((err = vmaf_read_pictures(vmaf, &r, &d, n++)))
            goto end;
    }
    if (err < 0 || !n || (err = vmaf_read_pictures(vmaf, NULL, NULL, 0)))
        goto end;
    double mean;
    if ((err = vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_MEAN, &mean, 0, n - 1)))
        goto end;
    printf("VMAF score: %f\n", mean);
    err = vmaf_write_output(vmaf, out, VMAF_OUTPUT_FORMAT_JSON);
end:
    vmaf_model_destroy(model);
    if (vmaf)
        vmaf_close(vmaf);
    return err ? err : n ? 0 : -EINVAL;
}

int main(int argc, char **argv)
{
    if (argc != 9) {
        fprintf(stderr, "usage: %s REF DIS W H BPC MODEL_VERSION N_THREADS OUT.json\n", argv[0]);
        return 2;
    }
    FILE *ref = fopen(argv[1], "rb"), *dis = fopen(argv[2], "rb");
    int err = ref && dis ? score(ref, dis, atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6],
                                 atoi(argv[7]), argv[8])
                         : -errno;
    if (ref)
        fclose(ref);
    if (dis)
        fclose(dis);
    if (err)
        fprintf(stderr, "client (libvmaf %s): failed: %s\n", vmaf_version(), strerror(-err));
    return err ? 1 : 0;
}
