/* The float_vif twin's kernel emulated on the CPU, no GPU needed: the steps
 * of src/feature/float_vif/cuda/float_vif_cuda_tile.h, which the kernel
 * runs, are run here block by block, chunk by chunk and thread by thread on
 * memory laid out by the twin's own float_vif_cuda_layout(), device and
 * shared memory filled with garbage first; the host's addition of the rows
 * is the twin's (float_vif_cuda_sums()). Each scale's num and den must be
 * the CPU extractor's floats, bit for bit (float_vif_cpu_sums()), on random
 * content of the smallest sizes the filters accept, odd sizes, sizes a
 * column past a chunk and 1080p, at 8, 10, 12 and 16 bits, under several
 * kernel scales, gain limits, noise variances and without scale 0; and a
 * changed sample or tap must show. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "feature/float_vif/cuda/float_vif_cuda_tile.h"
#include "feature/float_vif/float_vif_common.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

extern const VmafFeatureExtractor vmaf_fex_float_vif;

/* The options as both extractors parse them. */
typedef struct Parsed {
    FloatVifOptions opt;
} Parsed;

static const VmafOption parsed_options[] = {
    FLOAT_VIF_OPTIONS(Parsed, opt),
    {0},
};

/* The kernel's memory and the frame's result, as the twin sets them up. */
typedef struct Emulated {
    FloatVifCudaFrame frame;
    uint8_t *memory;
    float *result;
} Emulated;

static void emulated_init(Emulated *e, const FloatVifOptions *opt, unsigned w, unsigned h,
                          unsigned bpc)
{
    FloatVifSetup setup;
    CHECK_EQ_INT(float_vif_setup("float_vif_cuda", opt, bpc, w, h, &setup), 0);
    const size_t size = float_vif_cuda_layout(&e->frame, &setup, opt, bpc, NULL);
    e->memory = aligned_alloc(FLOAT_VIF_CUDA_ALIGN, size);
    memset(e->memory, GARBAGE, size);
    float_vif_cuda_layout(&e->frame, &setup, opt, bpc, e->memory);
    e->result = malloc(e->frame.result_size);
    memset(e->result, GARBAGE, e->frame.result_size);
    e->frame.result = e->result;
}

static void emulated_free(Emulated *e)
{
    free(e->memory);
    free(e->result);
}

/* One launch of float_vif_cuda.cu's kernel, a block at a time: its threads
 * step by step between the barriers, the lanes' row sums carried from
 * chunk to chunk. */
static void run_scale(const FloatVifCudaScale *s)
{
    static FloatVifTile tile;
    const bool stat = s->rows != NULL, decimate = s->next_ref != NULL;
    for (unsigned by = 0; by < s->blocks; by++) {
        float row_sum[FLOAT_VIF_TILE_LANES] = {0};
        for (unsigned chunk = 0; chunk < s->chunks; chunk++) {
            memset(&tile, GARBAGE, sizeof(tile));
            for (int t = 0; t < FLOAT_VIF_CUDA_THREADS; t++)
                float_vif_tile_column(s, s->kind, stat, decimate, by, chunk, t, &tile);
            for (unsigned i = 0; stat && i < FLOAT_VIF_CUDA_TILE_ROWS * s->cols; i++)
                float_vif_tile_statistic(&tile, s, by, chunk, i);
            for (unsigned i = 0; decimate && i < FLOAT_VIF_TILE_NEXT_ROWS * (s->cols / 2); i++)
                float_vif_tile_next(&tile, s, by, chunk, i);
            for (unsigned lane = 0; stat && lane < FLOAT_VIF_TILE_LANES; lane++)
                float_vif_tile_add_row(&tile, s, by, chunk, lane, &row_sum[lane]);
        }
        for (unsigned lane = 0; stat && lane < FLOAT_VIF_TILE_LANES; lane++)
            float_vif_tile_store_row(s, by, lane, row_sum[lane]);
    }
}

/* float_vif_cuda_kernels.enqueue() on the CPU, then the host's sums. */
static void emulate(Emulated *e, const VmafPicture *ref, const VmafPicture *dis,
                    FloatVifSums sums[FLOAT_VIF_SCALES])
{
    FloatVifCudaFrame *f = &e->frame;
    CHECK(ref->stride[0] == dis->stride[0]);
    f->scale[0].ref = ref->data[0];
    f->scale[0].dis = dis->data[0];
    f->scale[0].pitch = (size_t)ref->stride[0];
    for (unsigned scale = 0; scale < FLOAT_VIF_SCALES; scale++) {
        const FloatVifCudaScale s = float_vif_cuda_scale(f, scale);
        run_scale(&s);
    }
    float_vif_cuda_sums(f, e->result, sums);
}

/* Scales whose sums are not the CPU's bits; a skipped scale 0 is not
 * compared. */
static unsigned differences(const FloatVifSums emu[FLOAT_VIF_SCALES],
                            const FloatVifSums cpu[FLOAT_VIF_SCALES], bool skip_scale0,
                            const char *what)
{
    unsigned bad = 0;
    for (unsigned scale = skip_scale0 ? 1 : 0; scale < FLOAT_VIF_SCALES; scale++) {
        if (!memcmp(&emu[scale], &cpu[scale], sizeof(FloatVifSums)))
            continue;
        if (what)
            fprintf(stderr, "%s: scale %u: emulated %a %a, cpu %a %a\n", what, scale,
                    emu[scale].num, emu[scale].den, cpu[scale].num, cpu[scale].den);
        bad++;
    }
    return bad;
}

/* Parses spec into opt and makes an initialised CPU extractor of it. */
static VmafFexContext *cpu_extractor(const char *spec, unsigned w, unsigned h, unsigned bpc,
                                     FloatVifOptions *opt)
{
    VmafDictionary *d = emu_dictionary(spec);
    static Parsed parsed;
    CHECK_EQ_INT(vmaf_options_apply("float_vif", parsed_options, &parsed, d), 0);
    *opt = parsed.opt;
    VmafFexContext *ctx = NULL;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_float_vif, d), 0);
    ctx->cpu_flags = 0; /* the C stages */
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    vmaf_feature_dictionary_free(&d);
    return ctx;
}

typedef struct Case {
    unsigned w, h;
    unsigned bpc[4];
    const char *options;
} Case;

/* 16x16 is the smallest size the default filters accept (scale 3 is 2x2
 * with a 3-tap filter); 241 and 481 are a column past one and two chunks
 * of scale 0 (240 columns with 17 taps); kernel scale 360/97 has 65 taps
 * at scale 0 and needs 56 samples. */
static const Case cases[] = {
    {16, 16, {8, 10, 12, 16}, ""},
    {17, 19, {8, 16}, "vif_enhn_gain_limit=1.0"},
    {31, 16, {10, 12}, "vif_skip_scale0=true"},
    {241, 37, {8, 10, 12, 16}, ""},
    {481, 23, {8, 16}, "vif_sigma_nsq=0.5:vif_scale1_min_val=0.2"},
    {97, 255, {12}, "vif_kernelscale=0.5:vif_enhn_gain_limit=1.5"},
    {223, 61, {8, 10}, "vif_kernelscale=2.0"},
    {60, 56, {8, 16}, "vif_kernelscale=3.7113402:vif_skip_scale0=true"},
    {353, 287, {10}, "vif_kernelscale=1.5:vif_sigma_nsq=5"},
    {1920, 1080, {8, 10}, ""},
};

static void test_sums_equal(void)
{
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        for (int i = 0; i < 4 && cases[c].bpc[i]; i++) {
            const unsigned w = cases[c].w, h = cases[c].h, bpc = cases[c].bpc[i];
            emu_rng_state = 0x2545f491u ^ (uint32_t)(c * 131 + i);
            FloatVifOptions opt;
            VmafFexContext *cpu = cpu_extractor(cases[c].options, w, h, bpc, &opt);
            Emulated e;
            emulated_init(&e, &opt, w, h, bpc);
            char what[160];
            snprintf(what, sizeof(what), "%ux%u %u-bit \"%s\"", w, h, bpc, cases[c].options);
            /* Two frames: the second in memory the first has left. */
            for (int frame = 0; frame < 2; frame++) {
                VmafPicture ref, dis;
                emu_make_pair(&ref, &dis, w, h, bpc, w > 500 ? 150 : 30);
                FloatVifSums want[FLOAT_VIF_SCALES], got[FLOAT_VIF_SCALES];
                float_vif_cpu_sums(cpu, &ref, &dis, want);
                emulate(&e, &ref, &dis, got);
                CHECK_EQ_INT(differences(got, want, opt.skip_scale0, what), 0);
                vmaf_picture_unref(&ref);
                vmaf_picture_unref(&dis);
            }
            emulated_free(&e);
            vmaf_fex_context_destroy(cpu);
        }
    }
}

/* The comparison sees one changed sample and one changed tap. */
static void test_differences_seen(void)
{
    const unsigned w = 300, h = 64, bpc = 10;
    emu_rng_state = 12345;
    FloatVifOptions opt;
    VmafFexContext *cpu = cpu_extractor("", w, h, bpc, &opt);
    Emulated e;
    emulated_init(&e, &opt, w, h, bpc);
    VmafPicture ref, dis;
    emu_make_pair(&ref, &dis, w, h, bpc, 30);
    FloatVifSums want[FLOAT_VIF_SCALES], got[FLOAT_VIF_SCALES];
    float_vif_cpu_sums(cpu, &ref, &dis, want);
    emulate(&e, &ref, &dis, got);
    CHECK_EQ_INT(differences(got, want, false, "unchanged"), 0);

    uint16_t *centre = (uint16_t *)((uint8_t *)dis.data[0] + (h / 2) * dis.stride[0]) + w / 2;
    *centre = (uint16_t)(*centre ^ 0x1ff);
    emulate(&e, &ref, &dis, got);
    CHECK(differences(got, want, false, NULL) > 0);
    *centre = (uint16_t)(*centre ^ 0x1ff);

    e.frame.scale[1].next_taps[0] = nextafterf(e.frame.scale[1].next_taps[0], 1.0f);
    emulate(&e, &ref, &dis, got);
    CHECK(differences(got, want, false, NULL) > 0);

    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
    emulated_free(&e);
    vmaf_fex_context_destroy(cpu);
}

TEST_MAIN("float_vif_cuda_emu", {"sums_equal", test_sums_equal},
          {"differences_seen", test_differences_seen})
