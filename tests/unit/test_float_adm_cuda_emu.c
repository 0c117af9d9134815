/* The float_adm twin's kernels emulated on the CPU, no GPU needed: the steps
 * of src/feature/float_adm/cuda/float_adm_cuda_tile.h, which the kernels
 * run, are run here launch by launch, block by block and thread by thread
 * on memory laid out by the twin's own float_adm_cuda_layout() (device
 * memory and result filled with garbage first, the reciprocal table copied
 * in as the twin uploads it); the host's addition of the rows is the
 * twin's (float_adm_cuda_sums()). Every level's sums must be the CPU
 * extractor's floats (float_adm_cpu_sums()) and every score the CPU
 * extractor's double, bit for bit, on random content of the smallest size
 * float_adm accepts, odd sizes and 1080p, at 8, 10, 12 and 16 bits, under
 * several option sets; and a changed sample must show. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/feature_collector.h"
#include "core/feature_extractor.h"
#include "feature/float_adm/cuda/float_adm_cuda_tile.h"
#include "feature/float_adm/float_adm_common.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

extern const VmafFeatureExtractor vmaf_fex_float_adm;

/* The options as the CPU extractor parses them. */
typedef struct Parsed {
    FloatAdmOptions opt;
} Parsed;

static const VmafOption parsed_options[] = {
    FLOAT_ADM_OPTIONS(Parsed, opt),
    {0},
};

/* The kernels' memory and the frame's result, as the twin sets them up. */
typedef struct Emulated {
    FloatAdmCudaFrame frame;
    uint8_t *memory;
    float *result;
} Emulated;

static void emulated_init(Emulated *e, const FloatAdmOptions *opt, unsigned w, unsigned h,
                          unsigned bpc)
{
    CHECK_EQ_INT(float_adm_check_input("float_adm_cuda", bpc, w, h), 0);
    FloatAdmCudaParams params = {
        .gain_limit = opt->gain_limit,
        .cos_sq = float_adm_cos_1deg_sq(),
        .bypass_cm = opt->bypass_cm,
        .skip_scale0 = opt->skip_scale0,
#if defined(FLOAT_ADM_RCP_DIVISION)
        .rcp = true,
#endif
    };
    float_adm_rfactors(opt, params.rfactor);
    const size_t size = float_adm_cuda_layout(&e->frame, &params, w, h, bpc, NULL);
    e->memory = aligned_alloc(FLOAT_ADM_CUDA_ALIGN, size);
    CHECK(e->memory != NULL);
    memset(e->memory, GARBAGE, size);
    float_adm_cuda_layout(&e->frame, &params, w, h, bpc, e->memory);
#if defined(FLOAT_ADM_RCP_DIVISION)
    CHECK_EQ_INT(float_adm_rcp_table("float_adm_cuda", (float *)e->memory), 0);
    CHECK(e->frame.level[0].rcp == (const float *)e->memory);
#endif
    e->result = malloc(e->frame.result_size);
    memset(e->result, GARBAGE, e->frame.result_size);
    e->frame.rows.result = e->result;
}

static void emulated_free(Emulated *e)
{
    free(e->memory);
    free(e->result);
}

/* float_adm_cuda_kernels.enqueue() on the CPU, then the host's sums: per level the
 * wavelet launch and (unless skipped) the masking launch, then the row
 * launch, each a grid of blocks of threads. */
static void emulate(Emulated *e, const VmafPicture *ref, const VmafPicture *dis,
                    FloatAdmLevelSums sums[FLOAT_ADM_SCALES])
{
    FloatAdmCudaFrame *f = &e->frame;
    CHECK(ref->stride[0] == dis->stride[0]);
    float_adm_cuda_set_source(f, ref->data[0], dis->data[0], (size_t)ref->stride[0]);
    for (int s = 0; s < FLOAT_ADM_SCALES; s++) {
        const FloatAdmCudaLevel *l = &f->level[s];
        for (unsigned by = 0; by < l->grid_h; by++)
            for (unsigned bx = 0; bx < l->grid_w; bx++)
                for (unsigned ty = 0; ty < FLOAT_ADM_CUDA_TILE_H; ty++)
                    for (unsigned tx = 0; tx < FLOAT_ADM_CUDA_TILE_W; tx++)
                        float_adm_cuda_dwt_thread(l, l->src_kind, bx, by, tx, ty);
        if (!l->details)
            continue;
        for (unsigned by = 0; by < l->mask_grid_h; by++)
            for (unsigned bx = 0; bx < l->mask_grid_w; bx++)
                for (unsigned ty = 0; ty < FLOAT_ADM_CUDA_TILE_H; ty++)
                    for (unsigned tx = 0; tx < FLOAT_ADM_CUDA_TILE_W; tx++)
                        float_adm_cuda_mask_thread(l, bx, by, tx, ty);
    }
    for (unsigned bx = 0; bx < f->rows.blocks_at[FLOAT_ADM_SCALES]; bx++)
        for (unsigned t = 0; t < FLOAT_ADM_CUDA_ROW_THREADS; t++)
            float_adm_cuda_row_thread(&f->rows, bx, t);
    float_adm_cuda_sums(f, e->result, sums);
}

/* Levels whose sums are not the CPU's bits. */
static unsigned sum_differences(const FloatAdmLevelSums emu[FLOAT_ADM_SCALES],
                                const FloatAdmLevelSums cpu[FLOAT_ADM_SCALES], const char *what)
{
    unsigned bad = 0;
    for (int s = 0; s < FLOAT_ADM_SCALES; s++) {
        if (!memcmp(&emu[s], &cpu[s], sizeof(FloatAdmLevelSums)))
            continue;
        if (what) {
            fprintf(stderr, "%s: level %d:", what, s);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                fprintf(stderr, " den %a/%a num %a/%a aim %a/%a", emu[s].den[b], cpu[s].den[b],
                        emu[s].num[b], cpu[s].num[b], emu[s].aim[b], cpu[s].aim[b]);
            fprintf(stderr, " (emulated/cpu)\n");
        }
        bad++;
    }
    return bad;
}

/* Features of frame index that differ between the collectors: by name, in
 * order, and by the bits of the score. */
static unsigned score_differences(const VmafFeatureCollector *emu, const VmafFeatureCollector *cpu,
                                  unsigned index, const char *what)
{
    if (emu->cnt != cpu->cnt) {
        fprintf(stderr, "%s: %u features emulated, %u by the cpu\n", what, emu->cnt, cpu->cnt);
        return 1;
    }
    unsigned bad = 0;
    for (unsigned k = 0; k < cpu->cnt; k++) {
        const FeatureVector *e = emu->feature_vector[k], *c = cpu->feature_vector[k];
        const bool written = index < e->capacity && index < c->capacity &&
                             e->score[index].written && c->score[index].written;
        if (strcmp(e->name, c->name) || !written ||
            memcmp(&e->score[index].value, &c->score[index].value, sizeof(double))) {
            fprintf(stderr, "%s: %s %.17g, cpu %s %.17g\n", what, e->name,
                    written ? e->score[index].value : 0.0, c->name,
                    written ? c->score[index].value : 0.0);
            bad++;
        }
    }
    return bad;
}

/* Parses spec into opt and makes an initialised CPU extractor of it. */
static VmafFexContext *cpu_extractor(const char *spec, unsigned w, unsigned h, unsigned bpc,
                                     FloatAdmOptions *opt)
{
    VmafDictionary *d = emu_dictionary(spec);
    static Parsed parsed;
    memset(&parsed, 0, sizeof(parsed));
    CHECK_EQ_INT(vmaf_options_apply("float_adm", parsed_options, &parsed, d), 0);
    *opt = parsed.opt;
    VmafFexContext *ctx = NULL;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_float_adm, d), 0);
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

/* 17x17 is the smallest size float_adm accepts (level 3 is 2x2); odd sizes
 * make odd levels, whose last column and row are mirrored. */
static const Case cases[] = {
    {17, 17, {8, 10, 12, 16}, ""},
    {18, 17, {8, 16}, "adm_enhn_gain_limit=1.0"},
    {17, 35, {10, 12}, "adm_skip_scale0=true"},
    {33, 19, {8, 10, 12, 16}, "debug=true"},
    {97, 61, {8, 16}, "adm_csf_mode=1:adm_csf_scale=2.5:adm_csf_diag_scale=0.5"},
    {131, 77, {12}, "adm_csf_mode=2:adm_norm_view_dist=1.5:adm_ref_display_height=720"},
    {65, 47, {8, 10}, "adm_bypass_cm=1:adm_enhn_gain_limit=1.2"},
    {211, 123, {10, 16}, "adm_skip_scale0=true:adm_skip_aim_scale=1:adm_adm3_apply_hm=true"},
    {160,
     90,
     {8, 12},
     "debug=true:adm_f1s0=0.5:adm_f2s3=1.25:adm_noise_weight=0.5:adm_min_val=0.1:"
     "adm_dlm_weight=0.25"},
    {353, 287, {10}, "adm_skip_aim_scale=0:adm_noise_weight=0"},
    {1920, 1080, {8, 10}, ""},
};

/* One frame of both paths: sums and scores must agree. */
static void compare_frame(VmafFexContext *cpu, Emulated *e, const FloatAdmOptions *opt, unsigned w,
                          unsigned h, unsigned bpc, unsigned index, VmafFeatureCollector *fc_cpu,
                          VmafFeatureCollector *fc_emu, const char *what)
{
    VmafPicture ref, dis;
    emu_make_pair(&ref, &dis, w, h, bpc, w > 500 ? 150 : 30);
    FloatAdmLevelSums want[FLOAT_ADM_SCALES], got[FLOAT_ADM_SCALES];
    float_adm_cpu_sums(cpu, &ref, &dis, want);
    emulate(e, &ref, &dis, got);
    CHECK_EQ_INT(sum_differences(got, want, what), 0);
    CHECK_EQ_INT(vmaf_fex_context_extract(cpu, &ref, &dis, index, fc_cpu), 0);
    CHECK_EQ_INT(float_adm_append_scores(cpu, fc_emu, opt, got, w, h, index), 0);
    CHECK_EQ_INT(score_differences(fc_emu, fc_cpu, index, what), 0);
    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
}

static void test_scores_equal(void)
{
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        for (int i = 0; i < 4 && cases[c].bpc[i]; i++) {
            const unsigned w = cases[c].w, h = cases[c].h, bpc = cases[c].bpc[i];
            emu_rng_state = 0x2545f491u ^ (uint32_t)(c * 131 + i);
            FloatAdmOptions opt;
            VmafFexContext *cpu = cpu_extractor(cases[c].options, w, h, bpc, &opt);
            VmafFeatureCollector *fc_cpu = NULL, *fc_emu = NULL;
            CHECK_EQ_INT(vmaf_feature_collector_init(&fc_cpu), 0);
            CHECK_EQ_INT(vmaf_feature_collector_init(&fc_emu), 0);
            Emulated e;
            emulated_init(&e, &opt, w, h, bpc);
            char what[200];
            snprintf(what, sizeof(what), "%ux%u %u-bit \"%s\"", w, h, bpc, cases[c].options);
            /* Two frames: the second in memory the first has left. */
            for (unsigned frame = 0; frame < 2; frame++)
                compare_frame(cpu, &e, &opt, w, h, bpc, frame, fc_cpu, fc_emu, what);
            emulated_free(&e);
            vmaf_feature_collector_destroy(fc_cpu);
            vmaf_feature_collector_destroy(fc_emu);
            vmaf_fex_context_destroy(cpu);
        }
    }
}

/* The comparison sees one changed sample, in the sums and in the scores. */
static void test_differences_seen(void)
{
    const unsigned w = 300, h = 64, bpc = 10;
    emu_rng_state = 12345;
    FloatAdmOptions opt;
    VmafFexContext *cpu = cpu_extractor("", w, h, bpc, &opt);
    VmafFeatureCollector *fc_cpu = NULL, *fc_emu = NULL;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_cpu), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_emu), 0);
    Emulated e;
    emulated_init(&e, &opt, w, h, bpc);
    VmafPicture ref, dis;
    emu_make_pair(&ref, &dis, w, h, bpc, 30);
    FloatAdmLevelSums want[FLOAT_ADM_SCALES], got[FLOAT_ADM_SCALES];
    float_adm_cpu_sums(cpu, &ref, &dis, want);
    CHECK_EQ_INT(vmaf_fex_context_extract(cpu, &ref, &dis, 0, fc_cpu), 0);
    emulate(&e, &ref, &dis, got);
    CHECK_EQ_INT(sum_differences(got, want, "unchanged"), 0);

    uint16_t *centre = (uint16_t *)((uint8_t *)dis.data[0] + (h / 2) * dis.stride[0]) + w / 2;
    *centre = (uint16_t)(*centre ^ 0x1ff);
    emulate(&e, &ref, &dis, got);
    CHECK(sum_differences(got, want, NULL) > 0);
    CHECK_EQ_INT(float_adm_append_scores(cpu, fc_emu, &opt, got, w, h, 0), 0);
    fprintf(stderr, "(differences expected below)\n");
    CHECK(score_differences(fc_emu, fc_cpu, 0, "changed sample") > 0);

    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
    emulated_free(&e);
    vmaf_feature_collector_destroy(fc_cpu);
    vmaf_feature_collector_destroy(fc_emu);
    vmaf_fex_context_destroy(cpu);
}

#ifdef VMAF_HAVE_CUDA
extern const VmafFeatureExtractor vmaf_fex_float_adm_cuda;

/* The twin refuses what the CPU extractor refuses, before it looks for a
 * device (so this needs none). */
static void test_refusals(void)
{
    static const struct {
        unsigned w, h, bpc;
    } bad[] = {{16, 17, 8}, {17, 16, 10}, {1, 1, 8}, {64, 64, 9}, {64, 64, 14}};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const VmafFeatureExtractor *fex[2] = {&vmaf_fex_float_adm, &vmaf_fex_float_adm_cuda};
        int err[2];
        for (int k = 0; k < 2; k++) {
            VmafFexContext *ctx = NULL;
            CHECK_EQ_INT(vmaf_fex_context_create(&ctx, fex[k], NULL), 0);
            err[k] =
                vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, bad[i].bpc, bad[i].w, bad[i].h);
            vmaf_fex_context_destroy(ctx);
        }
        CHECK(err[0] < 0);
        CHECK_EQ_INT(err[1], err[0]);
    }
}
#endif

#ifdef VMAF_HAVE_CUDA
TEST_MAIN("float_adm_cuda_emu", {"scores_equal", test_scores_equal},
          {"differences_seen", test_differences_seen}, {"refusals", test_refusals})
#else
TEST_MAIN("float_adm_cuda_emu", {"scores_equal", test_scores_equal},
          {"differences_seen", test_differences_seen})
#endif
