/* The adm twin's kernels emulated on the CPU, no GPU needed: the steps of
 * src/feature/adm/cuda/adm_cuda_tile.h, which the kernels run, are run here
 * block by block and thread by thread on memory laid out by the twin's own
 * adm_cuda_layout(), in the kernels' integer formats, with uninitialised
 * device and shared memory played by garbage. Every sum of every band and
 * scale (reference cubes, masked restored and additive cubes) must equal
 * the CPU extractor's (adm_cpu_sums()) on random content of odd sizes, the
 * smallest adm accepts and a large one, at 8, 10, 12 and 16 bits, under
 * several option sets; and a difference must be seen. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "feature/adm/adm_common.h"
#include "feature/adm/cuda/adm_cuda_tile.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

extern const VmafFeatureExtractor vmaf_fex_adm;

/* Blocks of content that take every branch of decoupling and masking:
 * identical (restored fully, enhanced to the gain limit), flat (no detail,
 * zero reference bands), noise, amplified detail (enhancement past the
 * limit), inverted (opposite signs, nothing restored), extremes (the int16
 * bands at their limits) and unrelated content. */
static void fill_block(VmafPicture *ref, VmafPicture *dis, unsigned x0, unsigned y0, unsigned bw,
                       unsigned bh)
{
    const uint32_t max = (1u << ref->bpc) - 1;
    const unsigned kind = emu_rng() % 7;
    const uint32_t base = emu_rng() % (max + 1), amp = emu_rng() % (max + 1) / (1 + emu_rng() % 16);
    for (unsigned y = y0; y < y0 + bh && y < ref->h[0]; y++) {
        for (unsigned x = x0; x < x0 + bw && x < ref->w[0]; x++) {
            const uint32_t noise = amp ? emu_rng() % (amp + 1) : 0;
            uint32_t r = emu_clip((int64_t)base + noise - amp / 2, max), d;
            switch (kind) {
            case 0:
                d = r;
                break;
            case 1:
                r = base;
                d = emu_clip((int64_t)base + emu_rng() % 3 - 1, max);
                break;
            case 2:
                d = emu_clip((int64_t)r + emu_rng() % (max / 64 + 2) - max / 128, max);
                break;
            case 3:
                d = emu_clip(((int64_t)r - base) * 3 / 2 + base, max);
                break;
            case 4:
                d = max - r;
                break;
            case 5:
                r = (x / (1 + kind % 2) + y) % 2 ? max : 0;
                d = emu_rng() % 4 ? r : max - r;
                break;
            default:
                d = emu_rng() % (max + 1);
            }
            emu_put(ref, x, y, r);
            emu_put(dis, x, y, d);
        }
    }
}

static void make_pair(VmafPicture *ref, VmafPicture *dis, unsigned w, unsigned h, unsigned bpc)
{
    CHECK_EQ_INT(vmaf_picture_alloc(ref, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    CHECK_EQ_INT(vmaf_picture_alloc(dis, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    const unsigned max_block = 4 + emu_rng() % 60;
    const unsigned bw = 2 + emu_rng() % max_block, bh = 2 + emu_rng() % max_block;
    for (unsigned y = 0; y < h; y += bh)
        for (unsigned x = 0; x < w; x += bw)
            fill_block(ref, dis, x, y, bw, bh);
}

/* The options as both extractors parse them. */
typedef struct Parsed {
    AdmOptions opt;
} Parsed;

static const VmafOption parsed_options[] = {
    ADM_OPTIONS(Parsed, opt),
    {0},
};

/* The kernels' memory and the frame's result. */
typedef struct Emulated {
    AdmScale scale[ADM_SCALES];
    AdmCudaFrame frame;
    uint8_t *memory;
    uint64_t sums[ADM_SCALES * ADM_CUDA_SUMS];
} Emulated;

static void emulated_init(Emulated *e, const AdmOptions *opt, unsigned w, unsigned h, unsigned bpc,
                          unsigned cpu_flags)
{
    adm_setup(opt, w, h, e->scale);
    const AdmCudaParams params = {
        .gain_limit = opt->enhn_gain_limit,
        .cos_sq = adm_cos_1deg_sq(),
        .skip_scale0 = opt->skip_scale0,
        .skip_aim = opt->skip_aim,
        .quirks = adm_default_quirks(&e->scale[0], cpu_flags),
    };
    const size_t size = adm_cuda_layout(&e->frame, e->scale, &params, w, h, bpc, NULL);
    e->memory = aligned_alloc(ADM_CUDA_ALIGN, size);
    memset(e->memory, GARBAGE, size);
    adm_cuda_layout(&e->frame, e->scale, &params, w, h, bpc, e->memory);
    memcpy(e->memory, adm_reciprocal_table() - ADM_RECIP_RANGE, ADM_CUDA_RECIP_SIZE);
    memset(e->sums, GARBAGE, sizeof(e->sums));
    e->frame.sums = e->sums;
}

static void run_dwt(const AdmCudaDwt *d)
{
    AdmDwtTile tile;
    for (int img = 0; img < 2; img++) {
        for (int by = 0; by < (int)adm_cuda_dwt_blocks_y(d); by++) {
            for (int bx = 0; bx < (int)adm_cuda_dwt_blocks_x(d); bx++) {
                memset(&tile, GARBAGE, sizeof(tile));
                for (int i = 0; i < ADM_CUDA_DWT_TILE_H * ADM_TILE_SLOTS; i++)
                    adm_tile_dwt_vertical(d, d->src_kind, d->scale, img, bx, by, i, &tile);
                for (int i = 0; i < ADM_CUDA_THREADS; i++)
                    adm_tile_dwt_horizontal(d, d->scale, img, bx, by, i, &tile);
            }
        }
    }
}

/* A warp per tile row: its lanes' sums added, written by lane 0. */
static void run_mask(const AdmCudaMask *m)
{
    AdmMaskTile tile;
    for (int by = 0; by < (int)adm_cuda_mask_blocks_y(m); by++) {
        for (int bx = 0; bx < (int)m->tiles; bx++) {
            memset(&tile, GARBAGE, sizeof(tile));
            for (int k = 0; k < ADM_TILE_RING; k++)
                adm_tile_decouple(m, m->scale0, m->aim, bx, by, k, &tile);
            for (int ty = 0; ty < ADM_CUDA_MASK_TILE_H; ty++) {
                uint64_t row[ADM_CUDA_SUMS] = {0}, lane[ADM_CUDA_SUMS];
                for (int tx = 0; tx < ADM_CUDA_MASK_TILE_W; tx++) {
                    adm_tile_sums(m, m->scale0, m->aim, bx, by, tx, ty, &tile, lane);
                    for (int q = 0; q < ADM_CUDA_SUMS; q++)
                        row[q] += lane[q];
                }
                const unsigned y = (unsigned)(by * ADM_CUDA_MASK_TILE_H + ty);
                for (int q = 0; y < m->rows && q < ADM_CUDA_SUMS; q++)
                    m->partials[adm_cuda_partial(m, (unsigned)q, (unsigned)bx, y)] = row[q];
            }
        }
    }
}

static void run_reduce(const AdmCudaFrame *f)
{
    for (int s = 0; s < ADM_SCALES; s++) {
        const AdmCudaMask *m = &f->mask[s];
        for (int q = 0; q < ADM_CUDA_SUMS; q++) {
            uint64_t acc = 0;
            for (unsigned row = 0; m->partials && row < m->rows; row++)
                acc += adm_cuda_row_sum(m, q, row);
            f->sums[s * ADM_CUDA_SUMS + q] = acc;
        }
    }
}

/* The order of adm_cuda_kernels.enqueue(). */
static void emulate(Emulated *e, const VmafPicture *ref, const VmafPicture *dis)
{
    AdmCudaFrame *f = &e->frame;
    f->dwt[0].src[0] = ref->data[0];
    f->dwt[0].src[1] = dis->data[0];
    f->dwt[0].src_pitch = (size_t)ref->stride[0];
    CHECK(ref->stride[0] == dis->stride[0]);
    for (int s = 0; s < ADM_SCALES; s++) {
        run_dwt(&f->dwt[s]);
        if (f->mask[s].partials)
            run_mask(&f->mask[s]);
    }
    run_reduce(f);
}

/* Sums that differ from the CPU's; those the options skip must be 0. */
static unsigned differences(const Emulated *e, const AdmOptions *opt, const AdmSums cpu[ADM_SCALES],
                            const char *what)
{
    unsigned bad = 0;
    for (int s = 0; s < ADM_SCALES; s++) {
        const uint64_t *g = &e->sums[s * ADM_CUDA_SUMS];
        const bool scale = !(s == 0 && opt->skip_scale0), aim = scale && !opt->skip_aim;
        for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
            const uint64_t want[3] = {scale ? cpu[s].den[b] : 0, scale ? (uint64_t)cpu[s].cm[b] : 0,
                                      aim ? (uint64_t)cpu[s].aim[b] : 0};
            const uint64_t got[3] = {g[ADM_CUDA_DEN + b], g[ADM_CUDA_CM + b], g[ADM_CUDA_AIM + b]};
            for (int k = 0; k < 3; k++) {
                if (got[k] == want[k])
                    continue;
                if (what && bad < 4)
                    fprintf(stderr, "%s: scale %d band %d %s: emulated %lld, cpu %lld\n", what, s,
                            b, (const char *[]){"den", "cm", "aim"}[k], (long long)got[k],
                            (long long)want[k]);
                bad++;
            }
        }
    }
    return bad;
}

typedef struct Case {
    unsigned w, h;
    unsigned bpc[4];
    const char *options;
} Case;

static const Case cases[] = {
    {33, 33, {8, 10, 12, 16}, ""},
    {33, 33, {8, 16}, "adm_enhn_gain_limit=1.2:adm_csf_mode=1"},
    {353, 287, {8, 10, 12, 16}, ""},
    {353, 287, {10, 16}, "adm_enhn_gain_limit=1:adm_skip_aim=true"},
    {67, 35, {8, 12}, "adm_skip_scale0=true:adm_csf_mode=3"},
    {34, 61, {16}, "adm_csf_mode=1:adm_csf_scale=3:adm_csf_diag_scale=0.5:adm_enhn_gain_limit=2.5"},
    {720, 61, {12}, "adm_norm_view_dist=5:adm_ref_display_height=2160:adm_csf_mode=2"},
    {1920, 1080, {8, 10}, ""},
};

/* CPU masks: libvmaf's C paths (every set bit), its AVX2 paths (AVX-512
 * masked) and its default on this CPU; each gives the quirks both sides
 * take (AdmQuirks). */
static const uint64_t masks[] = {UINT64_MAX, VMAF_X86_CPU_FLAG_AVX512 | VMAF_X86_CPU_FLAG_AVX512ICL,
                                 0};

/* Parses spec into opt and makes an initialised CPU extractor of it under
 * mask, which also decides the quirks emulated_init() then takes. Its stages
 * are C where mask is all ones; else its vector sums or, where the quirks
 * can change a sum, its C references with them (checkasm holds the SIMD
 * variants to C). */
static VmafFexContext *cpu_extractor(const char *spec, unsigned w, unsigned h, unsigned bpc,
                                     uint64_t mask, AdmOptions *opt)
{
    VmafDictionary *d = emu_dictionary(spec);
    Parsed parsed;
    CHECK_EQ_INT(vmaf_options_apply("adm", parsed_options, &parsed, d), 0);
    *opt = parsed.opt;
    VmafFexContext *ctx = NULL;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_adm, d), 0);
    ctx->cpu_flags = vmaf_cpu_flags_masked(mask);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    vmaf_feature_dictionary_free(&d);
    return ctx;
}

static void test_sums_equal(void)
{
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        for (int i = 0; i < 4 && cases[c].bpc[i]; i++) {
            const unsigned w = cases[c].w, h = cases[c].h, bpc = cases[c].bpc[i];
            const uint64_t mask = masks[(c + (size_t)i) % (sizeof(masks) / sizeof(masks[0]))];
            emu_rng_state = 0x9e3779b9u ^ (uint32_t)(c * 131 + i);
            AdmOptions opt;
            VmafFexContext *cpu = cpu_extractor(cases[c].options, w, h, bpc, mask, &opt);
            Emulated e;
            emulated_init(&e, &opt, w, h, bpc, cpu->cpu_flags);
            char what[160];
            snprintf(what, sizeof(what), "%ux%u %u-bit \"%s\" cpumask %#llx", w, h, bpc,
                     cases[c].options, (unsigned long long)mask);
            /* Two frames: the second in memory the first has left. */
            for (int frame = 0; frame < 2; frame++) {
                VmafPicture ref, dis;
                make_pair(&ref, &dis, w, h, bpc);
                AdmSums want[ADM_SCALES];
                CHECK_EQ_INT(adm_cpu_sums(cpu, &ref, &dis, want), 0);
                emulate(&e, &ref, &dis);
                CHECK_EQ_INT(differences(&e, &opt, want, what), 0);
                vmaf_picture_unref(&ref);
                vmaf_picture_unref(&dis);
            }
            free(e.memory);
            vmaf_fex_context_destroy(cpu);
        }
    }
}

/* The comparison sees one sample and one shift. */
static void test_differences_seen(void)
{
    const unsigned w = 96, h = 64, bpc = 10;
    emu_rng_state = 12345;
    AdmOptions opt;
    VmafFexContext *cpu = cpu_extractor("", w, h, bpc, UINT64_MAX, &opt);
    Emulated e;
    emulated_init(&e, &opt, w, h, bpc, cpu->cpu_flags);
    VmafPicture ref, dis;
    make_pair(&ref, &dis, w, h, bpc);
    AdmSums want[ADM_SCALES];
    CHECK_EQ_INT(adm_cpu_sums(cpu, &ref, &dis, want), 0);
    emulate(&e, &ref, &dis);
    CHECK_EQ_INT(differences(&e, &opt, want, "unchanged"), 0);
    CHECK(want[0].den[0] && want[0].cm[0] && want[1].aim[2]);

    uint16_t *centre = (uint16_t *)((uint8_t *)dis.data[0] + (h / 2) * dis.stride[0]) + w / 2;
    *centre = (uint16_t)(*centre ^ 0x1ff);
    emulate(&e, &ref, &dis);
    CHECK(differences(&e, &opt, want, NULL) > 0);
    *centre = (uint16_t)(*centre ^ 0x1ff);

    e.frame.mask[2].cube_shift[ADM_BAND_V]++;
    emulate(&e, &ref, &dis);
    CHECK(differences(&e, &opt, want, NULL) > 0);

    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
    free(e.memory);
    vmaf_fex_context_destroy(cpu);
}

TEST_MAIN("adm_cuda_emu", {"sums_equal", test_sums_equal},
          {"differences_seen", test_differences_seen})
