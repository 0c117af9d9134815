/* Feature options, as --feature and model files hand them to the library:
 * line 1 is "<extractor> [<w>x<h> <420|422|444|400> <bpc>]", every further
 * line one "key=value". Whatever the option parser accepts is then scored
 * on three small frames, so that accepted values are safe in init, extract
 * and flush too. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "libvmaf/libvmaf.h"

/* Large enough for every extractor's minimum (cambi's 216), small enough
 * for thousands of inputs a second. */
#define FUZZ_MAX_SIDE 256u
#define FRAMES 3

typedef struct FrameFormat {
    unsigned w, h, bpc;
    enum VmafPixelFormat pix_fmt;
} FrameFormat;

static bool parse_pix_fmt(const char *s, enum VmafPixelFormat *pix_fmt)
{
    static const struct {
        const char *name;
        enum VmafPixelFormat pix_fmt;
    } formats[] = {
        {"420", VMAF_PIX_FMT_YUV420P},
        {"422", VMAF_PIX_FMT_YUV422P},
        {"444", VMAF_PIX_FMT_YUV444P},
        {"400", VMAF_PIX_FMT_YUV400P},
    };
    for (size_t i = 0; i < sizeof(formats) / sizeof(*formats); i++) {
        if (!strcmp(s, formats[i].name)) {
            *pix_fmt = formats[i].pix_fmt;
            return true;
        }
    }
    return false;
}

/* "<w>x<h> <fmt> <bpc>", each in range; the default is 64x64 4:2:0 8-bit. */
static bool parse_format(char *spec, FrameFormat *f)
{
    *f = (FrameFormat){.w = 64, .h = 64, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P};
    if (!spec)
        return true;
    char *size = strsep(&spec, " "), *fmt = strsep(&spec, " "), *bpc = spec, *end;
    if (!fmt || !bpc)
        return false;
    f->w = (unsigned)strtoul(size, &end, 10);
    if (*end != 'x')
        return false;
    f->h = (unsigned)strtoul(end + 1, &end, 10);
    if (*end || !parse_pix_fmt(fmt, &f->pix_fmt))
        return false;
    f->bpc = (unsigned)strtoul(bpc, &end, 10);
    return !*end && f->w && f->h && f->w <= FUZZ_MAX_SIDE && f->h <= FUZZ_MAX_SIDE && f->bpc >= 8 &&
           f->bpc <= 16;
}

/* Deterministic content that differs between reference and distorted and
 * from frame to frame. */
static void fill(VmafPicture *pic, uint32_t seed)
{
    const unsigned max = (1u << pic->bpc) - 1;
    for (unsigned p = 0; p < 3 && pic->data[p]; p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            unsigned char *row = (unsigned char *)pic->data[p] + y * pic->stride[p];
            for (unsigned x = 0; x < pic->w[p]; x++) {
                seed = seed * 1664525u + 1013904223u;
                const unsigned v = (x * 7 + y * 13 + (seed >> 28)) & max;
                if (pic->bpc == 8)
                    row[x] = (unsigned char)v;
                else
                    ((uint16_t *)row)[x] = (uint16_t)v;
            }
        }
    }
}

static int score_frames(VmafContext *vmaf, const FrameFormat *f)
{
    for (unsigned i = 0; i < FRAMES; i++) {
        VmafPicture ref, dist;
        if (vmaf_picture_alloc(&ref, f->pix_fmt, f->bpc, f->w, f->h) ||
            vmaf_picture_alloc(&dist, f->pix_fmt, f->bpc, f->w, f->h))
            abort();
        fill(&ref, i);
        fill(&dist, i + 100);
        int err = vmaf_read_pictures(vmaf, &ref, &dist, i);
        if (err)
            return err;
    }
    return vmaf_read_pictures(vmaf, NULL, NULL, 0);
}

static void run(char *text)
{
    char *first = strsep(&text, "\n");
    char *name = strsep(&first, " ");
    FrameFormat format;
    if (!parse_format(first, &format))
        return;

    VmafFeatureDictionary *opts = NULL;
    for (char *line; (line = strsep(&text, "\n"));) {
        char *key = strsep(&line, "=");
        /* cambi writes heatmap files there: the fuzzer must not. */
        if (!line || !strcmp(key, "heatmaps_path"))
            continue;
        if (vmaf_feature_dictionary_set(&opts, key, line))
            break;
    }
    VmafContext *vmaf;
    if (vmaf_init(&vmaf, (VmafConfiguration){.log_level = VMAF_LOG_LEVEL_NONE}))
        abort();
    if (!vmaf_use_feature(vmaf, name, opts) && !score_frames(vmaf, &format))
        vmaf_write_output(vmaf, "/dev/null", VMAF_OUTPUT_FORMAT_JSON);
    vmaf_close(vmaf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_silence_log();
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    run(text);
    free(text);
    return 0;
}
