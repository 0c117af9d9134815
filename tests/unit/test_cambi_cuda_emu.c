/* The cambi twin's kernels emulated on the CPU, no GPU needed: the steps of
 * src/feature/cambi/cuda/cambi_cuda_tile.h, which the kernels run, are run
 * here block by block and thread by thread (lane by lane in the c-value
 * warps) on memory laid out by the twin's own cambi_cuda_layout(), with
 * uninitialised device and shared memory played by garbage. Every stage
 * (the loaded plane, the mask, each scale's planes including the columns
 * beyond its width that the windows read, its c-values and their totals,
 * the largest sample) must equal the CPU's stages (cambi_dsp.c), and the
 * scores the twin's host code makes of the result
 * (cambi_cuda_view_score()) must be the CPU extractor's doubles, on banded,
 * flat and noisy content of odd, narrow, the smallest and large sizes, 8 to
 * 16 bits, under the v1.0.16 models' options, full_ref and others; two
 * frames each, the second in the memory the first has left; and a
 * difference must be seen. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/feature_collector.h"
#include "core/feature_extractor.h"
#include "feature/cambi/cambi_common.h"
#include "feature/cambi/cuda/cambi_cuda_tile.h"
#include "libvmaf/feature.h"
#include "test.h"
#include "emu_util.h"

#define GARBAGE 0xa5

extern const VmafFeatureExtractor vmaf_fex_cambi;

/* What the cases reached: pooling from all c-values, columns beyond a
 * scale's width in its windows, non-zero c-values, an empty band. */
static struct {
    unsigned fetches, beyond_width, nonzero, empty_band;
} reached;

/* Blocks of content that take every path: flat areas, staircases of one to
 * a few 10-bit codes a step across, down and diagonally (banding: flat,
 * masked, with visible contrasts in the windows), dithered staircases,
 * noise, extremes and unrelated samples (unmasked); `banded` keeps to the
 * first five, so that most c-values are not zero. */
static void fill_block(VmafPicture *pic, unsigned x0, unsigned y0, unsigned bw, unsigned bh,
                       bool banded)
{
    const uint32_t max = (1u << pic->bpc) - 1;
    const uint32_t code = pic->bpc > 10 ? 1u << (pic->bpc - 10) : 1;
    const unsigned kind = emu_rng() % (banded ? 5 : 8);
    const uint32_t base = emu_rng() % (max + 1), step = code * (1 + emu_rng() % 4);
    const unsigned band = 2 + emu_rng() % 24;
    for (unsigned y = y0; y < y0 + bh && y < pic->h[0]; y++) {
        for (unsigned x = x0; x < x0 + bw && x < pic->w[0]; x++) {
            const unsigned dx = x - x0, dy = y - y0;
            int64_t v = base;
            switch (kind) {
            case 0:
                break;
            case 1:
                v += (int64_t)step * (dx / band);
                break;
            case 2:
                v -= (int64_t)step * (dy / band);
                break;
            case 3:
                v += (int64_t)step * ((dx + dy) / band);
                break;
            case 4:
                v += (int64_t)step * (dy / band) +
                     (emu_rng() % 8 ? 0 : code * (emu_rng() % 3) - code);
                break;
            case 5:
                v += emu_rng() % (step * 8 + 1);
                break;
            case 6:
                v = (x + y) % 2 ? max : 0;
                break;
            default:
                v = emu_rng() % (max + 1);
            }
            emu_put(pic, x, y, emu_clip(v, max));
        }
    }
}

static void make_picture(VmafPicture *pic, unsigned w, unsigned h, unsigned bpc, bool banded)
{
    CHECK_EQ_INT(vmaf_picture_alloc(pic, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    const unsigned max_block = 8 + emu_rng() % 120;
    const unsigned bw = 4 + emu_rng() % max_block, bh = 4 + emu_rng() % max_block;
    for (unsigned y = 0; y < h; y += bh)
        for (unsigned x = 0; x < w; x += bw)
            fill_block(pic, x, y, bw, bh, banded);
}

/* The options as both extractors parse them. */
typedef struct Parsed {
    CambiOptions opt;
} Parsed;

static const VmafOption parsed_options[] = {
    CAMBI_OPTIONS(Parsed, opt),
    {0},
};

/* The kernels' memory and the frame's result. */
typedef struct Emulated {
    CambiOptions opt;
    CambiSetup setup;
    CambiCudaFrame frame;
    uint8_t *memory;
    CambiCudaResult result;
    float *pooled;                  /* what fetch_values() copies a scale's c-values to */
    VmafFeatureDictionary *options; /* owns the strings opt points to */
} Emulated;

static void emulated_init(Emulated *e, const char *spec, unsigned w, unsigned h, unsigned bpc)
{
    e->options = emu_dictionary(spec);
    Parsed parsed;
    CHECK_EQ_INT(vmaf_options_apply("cambi", parsed_options, &parsed, e->options), 0);
    e->opt = parsed.opt;
    CHECK_EQ_INT(cambi_setup(&e->opt, bpc, w, h, &e->setup), 0);
    const size_t size = cambi_cuda_layout(&e->frame, &e->setup, e->opt.full_ref, NULL);
    e->memory = aligned_alloc(CAMBI_CUDA_ALIGN, cambi_cuda_align(size));
    memset(e->memory, GARBAGE, size);
    cambi_cuda_layout(&e->frame, &e->setup, e->opt.full_ref, e->memory);
    cambi_cuda_constants(&e->frame, &e->setup);
    const CambiSetup *s = &e->setup;
    e->pooled = malloc((size_t)(s->dis.w * s->dis.h + s->src.w * s->src.h) * sizeof(float));
    memset(&e->result, GARBAGE, sizeof(e->result));
    e->frame.result = &e->result;
}

static void emulated_free(Emulated *e)
{
    free(e->memory);
    free(e->pooled);
    vmaf_feature_dictionary_free(&e->options);
}

static void run_max(const CambiCudaView *v)
{
    for (unsigned b = 0; b < v->max_blocks; b++) {
        unsigned max = 0;
        for (unsigned t = 0; t < CAMBI_CUDA_THREADS; t++) {
            const unsigned m = cambi_tile_row_max(v, b, t);
            max = m > max ? m : max;
        }
        v->max_partials[b] = max;
    }
}

static unsigned tiles_x(unsigned w)
{
    return (w + CAMBI_CUDA_TILE_W - 1) / CAMBI_CUDA_TILE_W;
}

static unsigned tiles_y(unsigned h)
{
    return (h + CAMBI_CUDA_TILE_H - 1) / CAMBI_CUDA_TILE_H;
}

/* The three pixel kernels, every thread of every block. */
static void run_load(const CambiCudaView *v)
{
    for (unsigned i = 0; i < tiles_y(v->h) * CAMBI_CUDA_TILE_H; i++)
        for (unsigned j = 0; j < tiles_x(v->w) * CAMBI_CUDA_TILE_W; j++)
            cambi_tile_load(v, i, j);
}

static void run_mask(const CambiCudaView *v)
{
    CambiFlatTile tile;
    for (unsigned by = 0; by < tiles_y(v->h); by++) {
        for (unsigned bx = 0; bx < tiles_x(v->w); bx++) {
            memset(&tile, GARBAGE, sizeof(tile));
            for (unsigned k = 0; k < CAMBI_FLAT_CNT; k++)
                cambi_tile_flat(v, bx, by, k, &tile);
            for (unsigned ty = 0; ty < CAMBI_CUDA_TILE_H; ty++)
                for (unsigned tx = 0; tx < CAMBI_CUDA_TILE_W; tx++)
                    cambi_tile_mask(v, bx, by, tx, ty, &tile);
        }
    }
}

static void run_mode(const CambiCudaView *v, unsigned scale)
{
    const CambiCudaScale *sc = &v->scale[scale];
    for (unsigned i = 0; i < tiles_y(sc->h) * CAMBI_CUDA_TILE_H; i++)
        for (unsigned j = 0; j < tiles_x(sc->cols) * CAMBI_CUDA_TILE_W; j++)
            cambi_tile_mode(v, scale, i, j);
}

/* One lane after the other between the warp's barriers. */
static void segment_all(const CambiCudaView *v, unsigned scale, unsigned bx, int y, bool counted,
                        uint16_t *seg)
{
    for (unsigned lane = 0; lane < CAMBI_CUDA_LANES; lane++)
        cambi_tile_segment(v, scale, bx, y, counted, lane, seg);
}

static void count_all(const CambiCudaView *v, unsigned scale, unsigned bx,
                      const CambiCountTile *tile, uint16_t *counts)
{
    for (unsigned lane = 0; lane < CAMBI_CUDA_LANES; lane++)
        cambi_tile_count(v, scale, bx, lane, tile, counts);
}

/* The c-value warps, in c_value_kernel()'s order. */
static void run_c_values(const CambiCudaView *v, unsigned scale, unsigned slot)
{
    const CambiCudaScale *sc = &v->scale[scale];
    const size_t counts_size = cambi_cuda_counts_size(v->band_size);
    uint16_t *counts = malloc(counts_size + 1);
    CambiCountTile tile;
    const unsigned r = v->half_window;
    for (unsigned by = 0; by < sc->blocks_y; by++) {
        for (unsigned bx = 0; bx < sc->blocks_x; bx++) {
            memset(counts, GARBAGE, counts_size);
            memset(&tile, GARBAGE, sizeof(tile));
            unsigned lo, first, end;
            cambi_tile_strip(v, scale, by, &lo, &first, &end);
            for (unsigned lane = 0; lane < CAMBI_CUDA_LANES; lane++)
                cambi_tile_clear(v, lane, counts);
            segment_all(v, scale, bx, 0, false, tile.seg[1]);
            const unsigned counted_end = first + r < sc->h ? first + r : sc->h;
            for (unsigned y = lo; y < counted_end; y++) {
                segment_all(v, scale, bx, (int)y, true, tile.seg[0]);
                count_all(v, scale, bx, &tile, counts);
            }
            CambiCudaTotals acc[CAMBI_CUDA_LANES] = {{0}};
            for (unsigned i = first; i < end; i++) {
                const int out = (int)i - (int)r - 1;
                segment_all(v, scale, bx, (int)(i + r), i + r < sc->h, tile.seg[0]);
                segment_all(v, scale, bx, out, out >= (int)lo, tile.seg[1]);
                count_all(v, scale, bx, &tile, counts);
                for (unsigned lane = 0; lane < CAMBI_CUDA_LANES; lane++)
                    cambi_tile_c_value(v, scale, slot, bx, i, lane, counts, &acc[lane]);
            }
            CambiCudaTotals sum = {0};
            for (unsigned lane = 0; lane < CAMBI_CUDA_LANES; lane++) {
                sum.sum += acc[lane].sum;
                sum.nonzero += acc[lane].nonzero;
            }
            sc->partials[by * sc->blocks_x + bx] = sum;
        }
    }
    free(counts);
}

static void run_reduce(const CambiCudaFrame *f)
{
    for (unsigned vi = 0; vi < f->views; vi++) {
        const CambiCudaView *v = &f->view[vi];
        for (unsigned scale = 0; scale < CAMBI_CUDA_SCALES; scale++) {
            const CambiCudaScale *sc = &v->scale[scale];
            CambiCudaTotals t = {0};
            for (unsigned b = 0; b < sc->blocks_x * sc->blocks_y; b++) {
                t.sum += sc->partials[b].sum;
                t.nonzero += sc->partials[b].nonzero;
            }
            f->result->totals[vi][scale] = t;
        }
        unsigned max = 0;
        for (unsigned b = 0; v->max_partials && b < v->max_blocks; b++)
            max = v->max_partials[b] > max ? v->max_partials[b] : max;
        f->result->max_sample[vi] = max;
    }
}

/* The order of cambi_cuda_kernels.enqueue(). */
static void emulate(Emulated *e, const VmafPicture *ref, const VmafPicture *dis, unsigned slot)
{
    CambiCudaFrame *f = &e->frame;
    f->slot = slot;
    for (unsigned vi = 0; vi < f->views; vi++) {
        const VmafPicture *pic = vi ? ref : dis;
        CambiCudaView *v = &f->view[vi];
        v->src = pic->data[0];
        v->src_pitch = (size_t)pic->stride[0];
        if (v->max_partials)
            run_max(v);
        run_load(v);
        run_mask(v);
        for (unsigned scale = 0; scale < CAMBI_CUDA_SCALES; scale++) {
            run_mode(v, scale);
            run_c_values(v, scale, slot);
        }
    }
    run_reduce(f);
}

/* A stage's first few differences, counted. */
typedef struct Diffs {
    const char *what;
    unsigned cnt;
} Diffs;

static void differ(Diffs *d, const char *stage, unsigned scale, unsigned i, unsigned j, double cpu,
                   double emulated)
{
    if (d->what && d->cnt < 4)
        fprintf(stderr, "%s: %s (scale %u) at %u,%u: cpu %.17g, emulated %.17g\n", d->what, stage,
                scale, i, j, cpu, emulated);
    d->cnt++;
}

static void compare_plane(Diffs *d, const char *stage, unsigned scale, const CambiPlane *cpu,
                          unsigned cols, const void *emulated, size_t pitch, bool bytes)
{
    for (unsigned i = 0; i < cpu->h; i++) {
        for (unsigned j = 0; j < cols; j++) {
            const unsigned a = cpu->data[(size_t)i * cpu->stride + j];
            const unsigned b = bytes ? ((const uint8_t *)emulated)[(size_t)i * pitch + j]
                                     : ((const uint16_t *)emulated)[(size_t)i * pitch + j];
            if (a != b)
                differ(d, stage, scale, i, j, a, b);
        }
    }
}

/* The CPU's stages of view vi, in the order of cambi.c's score_picture(),
 * each against the emulated memory and result. */
static void compare_view(Diffs *d, const Emulated *e, unsigned vi, const VmafPicture *pic)
{
    const CambiSetup *s = &e->setup;
    const CambiView *cv = vi ? &s->src : &s->dis;
    const CambiCudaView *v = &e->frame.view[vi];
    const CambiCudaResult *r = &e->result;
    CambiDsp dsp;
    cambi_dsp_init(&dsp, 0);
    unsigned *rows = malloc((cv->h + cv->w) * sizeof(unsigned));
    cambi_nearest_grid(rows, s->in_h, cv->h);
    cambi_nearest_grid(rows + cv->h, s->in_w, cv->w);
    const CambiGrid grid = {rows, rows + cv->h, cv->w == s->in_w};
    CambiPlane img = {calloc((size_t)cv->w * cv->h, 2), cv->w, cv->w, cv->h};
    CambiPlane mask = {calloc((size_t)cv->w * cv->h, 2), cv->w, cv->w, cv->h};
    uint16_t *scratch =
        malloc(2 * (CAMBI_SCRATCH(cv->w) + CAMBI_C_SCRATCH(cv->w, cv->cp.half_window)));
    uint16_t *hist = malloc((size_t)cv->cp.band_size * cv->w * 2 + 2);
    float *c = malloc((size_t)cv->w * cv->h * sizeof(float));

    if (s->bpc == 8) {
        dsp.load_8(pic->data[0], pic->stride[0], &grid, &img);
    } else {
        const unsigned max = dsp.max_16(pic->data[0], pic->stride[0], s->in_w, s->in_h);
        if (cambi_depth_checked(s->bpc) && max != r->max_sample[vi])
            differ(d, "largest sample", 0, 0, 0, max, r->max_sample[vi]);
        dsp.load_16(pic->data[0], pic->stride[0], s->bpc, &grid, &img);
    }
    if (s->anti_dither)
        dsp.anti_dither(&img);
    compare_plane(d, "loaded", 0, &img, cv->w, v->loaded, v->loaded_pitch, false);
    dsp.spatial_mask(&img, &mask, cv->mask_threshold, scratch);
    compare_plane(d, "mask", 0, &mask, cv->w, v->mask, v->mask_pitch, true);

    for (unsigned scale = 0; scale < CAMBI_SCALES; scale++) {
        const CambiCudaScale *sc = &v->scale[scale];
        if (cambi_scale_decimated(s, scale)) {
            const unsigned w = (img.w + 1) >> 1, h = (img.h + 1) >> 1;
            dsp.decimate(&img, w, h);
            dsp.decimate(&mask, w, h);
            img.w = mask.w = w;
            img.h = mask.h = h;
        }
        dsp.mode_filter(&img, scratch);
        CHECK(sc->w == img.w && sc->h == img.h);
        compare_plane(d, "image", scale, &img, sc->cols, sc->img, sc->img_pitch, false);
        compare_plane(d, "scale mask", scale, &mask, sc->cols, sc->mask, sc->mask_pitch, true);
        CambiCTotals want;
        dsp.c_values(&img, &mask, &cv->cp, hist, scratch, c, &want);
        const float *got = sc->c_values[e->frame.slot];
        for (size_t k = 0; k < (size_t)img.w * img.h; k++) {
            if (memcmp(&c[k], &got[k], sizeof(float)))
                differ(d, "c-value", scale, (unsigned)(k / img.w), (unsigned)(k % img.w), c[k],
                       got[k]);
        }
        const CambiCTotals totals = cambi_cuda_totals(&r->totals[vi][scale]);
        reached.nonzero += totals.nonzero;
        reached.beyond_width += sc->cols > sc->w;
        reached.empty_band += !v->band_size;
        if (totals.nonzero != want.nonzero)
            differ(d, "non-zero c-values", scale, 0, 0, want.nonzero, totals.nonzero);
        /* The CPU's sum is exact below 2^29, as ours is always. */
        if (want.sum < 536870912.0 ? totals.sum != want.sum : totals.sum < 536870912.0)
            differ(d, "c-value sum", scale, 0, 0, want.sum, totals.sum);
    }
    free(rows);
    free(img.data);
    free(mask.data);
    free(scratch);
    free(hist);
    free(c);
}

static int fetch_values(void *opaque, const CambiCudaScale *sc, unsigned slot, float **values)
{
    Emulated *e = opaque;
    reached.fetches++;
    memcpy(e->pooled, sc->c_values[slot], (size_t)sc->w * sc->h * sizeof(float));
    *values = e->pooled;
    return 0;
}

/* The twin's host scoring of the emulated result, appended as the CPU
 * extractor `cpu` names its scores. */
static int emulated_scores(Emulated *e, VmafFexContext *cpu, VmafFeatureCollector *fc,
                           unsigned index)
{
    double dis, src;
    int err = cambi_cuda_view_score(&e->frame, &e->setup, 0, &e->result, e->frame.slot,
                                    fetch_values, e, &dis);
    if (!err)
        err = cambi_append_score(cpu, fc, &e->opt, dis, index);
    if (!err && e->opt.full_ref)
        err = cambi_cuda_view_score(&e->frame, &e->setup, 1, &e->result, e->frame.slot,
                                    fetch_values, e, &src);
    if (!err && e->opt.full_ref)
        err = cambi_append_full_reference(fc, &e->opt, dis, src, index);
    return err;
}

/* Every score of a against b's, as the same double. */
static void compare_scores(Diffs *d, VmafFeatureCollector *a, VmafFeatureCollector *b)
{
    CHECK_EQ_INT(a->cnt, b->cnt);
    for (unsigned i = 0; i < a->cnt && i < b->cnt; i++) {
        const FeatureVector *fa = a->feature_vector[i], *fb = b->feature_vector[i];
        CHECK(!strcmp(fa->name, fb->name));
        for (unsigned n = 0; n < fa->capacity; n++) {
            if (!fa->score[n].written)
                continue;
            double v = NAN;
            vmaf_feature_collector_get_score(b, fa->name, &v, n);
            if (memcmp(&v, &fa->score[n].value, sizeof(v)))
                differ(d, fa->name, 0, n, 0, fa->score[n].value, v);
        }
    }
}

typedef struct Case {
    unsigned w, h;
    unsigned bpc[4];
    const char *options;
    bool banded;
} Case;

static const Case cases[] = {
    {216, 3, {8, 10}, "", false},
    {3, 300, {10}, "", true},
    {353, 287, {8, 10, 12, 16}, "", false},
    {400, 300, {10, 9}, "", true},
    {40, 1080, {10}, "", true},
    {16, 2000, {8}, "", false},
    {640, 360, {10}, "full_ref=true:enc_bitdepth=8", true},
    {640,
     360,
     {8},
     "full_ref=true:src_width=480:src_height=270:enc_width=320:enc_height=180",
     false},
    {352, 288, {12}, "max_log_contrast=3:window_size=31:tvi_threshold=0.01:cambi_topk=0.3", true},
    {320, 240, {16, 11}, "cambi_eotf=pq:max_log_contrast=5:topk=0.9", true},
    {500, 300, {10}, "cambi_topk=0.01:max_log_contrast=0", false},
    {300, 216, {10}, "cambi_vis_lum_threshold=300", true},
    {2400, 700, {8}, "window_size=127", true},
    {1920,
     1080,
     {8, 10},
     "cambi_high_res_speedup=1080:cambi_vis_lum_threshold=0.06:cambi_max_val=17",
     false},
    {1920, 1080, {10}, "", true},
};

/* The CPU extractor of spec, on the C stages (the only ones cambi has). */
static VmafFexContext *cpu_extractor(const char *spec, unsigned w, unsigned h, unsigned bpc)
{
    VmafFeatureDictionary *d = emu_dictionary(spec);
    VmafFexContext *ctx = NULL;
    CHECK_EQ_INT(vmaf_fex_context_create(&ctx, &vmaf_fex_cambi, d), 0);
    CHECK_EQ_INT(vmaf_fex_context_init(ctx, VMAF_PIX_FMT_YUV420P, bpc, w, h), 0);
    vmaf_feature_dictionary_free(&d);
    return ctx;
}

/* Both frames of a case: the differences seen. */
static unsigned run_case(const Case *c, unsigned bpc, const char *what)
{
    Emulated e;
    emulated_init(&e, c->options, c->w, c->h, bpc);
    VmafFexContext *cpu = cpu_extractor(c->options, c->w, c->h, bpc);
    VmafFeatureCollector *fc_cpu, *fc_emu;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_cpu), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc_emu), 0);
    Diffs d = {what, 0};
    for (unsigned frame = 0; frame < 2; frame++) {
        VmafPicture ref, dis;
        make_picture(&ref, c->w, c->h, bpc, c->banded);
        make_picture(&dis, c->w, c->h, bpc, c->banded);
        emulate(&e, &ref, &dis, frame % CAMBI_CUDA_SLOTS);
        compare_view(&d, &e, 0, &dis);
        if (e.opt.full_ref)
            compare_view(&d, &e, 1, &ref);
        CHECK_EQ_INT(emulated_scores(&e, cpu, fc_emu, frame), 0);
        CHECK_EQ_INT(vmaf_fex_context_extract(cpu, &ref, &dis, frame, fc_cpu), 0);
        vmaf_picture_unref(&ref);
        vmaf_picture_unref(&dis);
    }
    compare_scores(&d, fc_cpu, fc_emu);
    vmaf_feature_collector_destroy(fc_cpu);
    vmaf_feature_collector_destroy(fc_emu);
    vmaf_fex_context_destroy(cpu);
    emulated_free(&e);
    return d.cnt;
}

static void test_stages_equal(void)
{
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        for (int i = 0; i < 4 && cases[c].bpc[i]; i++) {
            emu_rng_state = 0x9e3779b9u ^ (uint32_t)(c * 131 + i);
            char what[200];
            snprintf(what, sizeof(what), "%ux%u %u-bit \"%s\"", cases[c].w, cases[c].h,
                     cases[c].bpc[i], cases[c].options);
            CHECK_EQ_INT(run_case(&cases[c], cases[c].bpc[i], what), 0);
        }
    }
    CHECK(reached.fetches && reached.beyond_width && reached.nonzero && reached.empty_band);
}

/* The comparisons see a changed sample, a changed threshold and a changed
 * window. */
static void test_differences_seen(void)
{
    const Case c = {400, 300, {10}, "", true};
    emu_rng_state = 4242;
    for (int change = 0; change < 4; change++) {
        Emulated e;
        emulated_init(&e, c.options, c.w, c.h, 10);
        VmafPicture ref, dis;
        make_picture(&ref, c.w, c.h, 10, c.banded);
        make_picture(&dis, c.w, c.h, 10, c.banded);
        CambiCudaView *v = &e.frame.view[0];
        if (change == 1)
            v->mask_threshold++;
        if (change == 2)
            v->half_window--;
        if (change == 3)
            v->weight[1]++;
        emulate(&e, &ref, &dis, 0);
        uint16_t *centre =
            (uint16_t *)((uint8_t *)dis.data[0] + (c.h / 2) * dis.stride[0]) + c.w / 2;
        if (!change)
            *centre = (uint16_t)(*centre ^ 0x20);
        Diffs d = {NULL, 0};
        compare_view(&d, &e, 0, &dis);
        CHECK(d.cnt > 0);
        vmaf_picture_unref(&ref);
        vmaf_picture_unref(&dis);
        emulated_free(&e);
    }
}

TEST_MAIN("cambi_cuda_emu", {"stages_equal", test_stages_equal},
          {"differences_seen", test_differences_seen})
