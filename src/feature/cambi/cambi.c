/* CAMBI (contrast-aware multiscale banding index), a no-reference banding
 * score of the distorted luma; full_ref also scores the reference and
 * reports how much banding the distortion added.
 *
 * The picture is brought to 10 bits at the encoding size, flat areas are
 * found with a 7x7 mask, and at each of five scales (halved each time, after
 * a 3-tap mode filter) every flat pixel gets a c-value: how strongly a window
 * around it splits into two populations one to num_diffs codes apart whose
 * step is visible on the display model. The mean of the largest c-values of
 * each scale, weighted towards the finest scale, gives the score. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cambi_common.h"
#include "cambi_dsp.h"
#include "cambi_heatmap.h"
#include "cambi_tools.h"
#include "core/feature_extractor.h"
#include "core/log.h"

#define ALIGN 64

typedef struct CambiState {
    CambiOptions opt;
    const char *heatmaps_path;

    CambiSetup setup;
    /* The input position of each view's working samples (cambi_nearest_grid()):
     * rows, then columns; [0] the encoding's, [1] the source's. */
    unsigned *grid[2];
    CambiPlane image, mask; /* allocated for the larger view */
    float *c_values;
    uint16_t *hist, *scratch;
    bool heatmaps;
    CambiHeatmaps heatmap_files;
    CambiDsp dsp;
    void *buffer; /* one allocation for all of the above */
} CambiState;

static const VmafOption cambi_options[] = {
    CAMBI_OPTIONS(CambiState, opt),
    {
        .name = "heatmaps_path",
        .help = "directory the c-values of every scale are written to, as 16-bit gray video",
        .offset = offsetof(CambiState, heatmaps_path),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = NULL,
    },
    {0},
};

static unsigned max_u(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

/* Carves planes, c-values, histograms, scratch and the sampling grids out of
 * one block. */
static int allocate_buffers(CambiState *s)
{
    const CambiSetup *su = &s->setup;
    const bool full_ref = s->opt.full_ref;
    const unsigned view_cnt = full_ref ? 2 : 1;
    const unsigned w = full_ref ? max_u(su->dis.w, su->src.w) : su->dis.w;
    const unsigned h = full_ref ? max_u(su->dis.h, su->src.h) : su->dis.h;
    const unsigned band = su->dis.cp.band_size; /* the views differ in size only */
    const ptrdiff_t stride = (ptrdiff_t)align_up(w, ALIGN / sizeof(uint16_t));
    const size_t plane = align_up((size_t)stride * h * sizeof(uint16_t), ALIGN);
    const size_t c_values = align_up((size_t)w * h * sizeof(float), ALIGN);
    const size_t hist = align_up(((size_t)band * w + CAMBI_HIST_SPARE) * sizeof(uint16_t), ALIGN);
    /* Every view's window fits its first scale (cambi_setup()). */
    const unsigned half =
        full_ref ? max_u(su->dis.cp.half_window, su->src.cp.half_window) : su->dis.cp.half_window;
    const size_t scratch_cnt = max_size(CAMBI_SCRATCH(w), CAMBI_C_SCRATCH(w, half));
    const size_t scratch = align_up(scratch_cnt * sizeof(uint16_t), ALIGN);
    const size_t grid = align_up(
        (size_t)(su->dis.w + su->dis.h + (full_ref ? su->src.w + su->src.h : 0)) * sizeof(unsigned),
        ALIGN);

    uint8_t *buf = aligned_alloc(ALIGN, 2 * plane + c_values + hist + scratch + grid);
    if (!buf)
        return -ENOMEM;
    s->buffer = buf;
    s->image = (CambiPlane){(uint16_t *)buf, stride, w, h};
    s->mask = (CambiPlane){(uint16_t *)(buf + plane), stride, w, h};
    buf += 2 * plane;
    s->c_values = (float *)buf;
    s->hist = (uint16_t *)(buf + c_values);
    s->scratch = (uint16_t *)(buf + c_values + hist);
    unsigned *map = (unsigned *)(buf + c_values + hist + scratch);
    const CambiView *views[2] = {&su->dis, &su->src};
    for (unsigned i = 0; i < view_cnt; i++) {
        s->grid[i] = map;
        cambi_nearest_grid(map, su->in_h, views[i]->h);
        cambi_nearest_grid(map + views[i]->h, su->in_w, views[i]->w);
        map += views[i]->h + views[i]->w;
    }
    return 0;
}

static int cambi_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                      unsigned h)
{
    CambiState *s = ctx->priv;
    (void)pix_fmt; /* luma only */
    int err = cambi_setup(&s->opt, bpc, w, h, &s->setup);
    if (!err)
        err = allocate_buffers(s);
    if (err)
        return err;
    s->heatmaps = s->heatmaps_path != NULL;
    if (s->heatmaps) {
        const CambiView *v = &s->setup.dis;
        int max_weight = 0;
        for (unsigned d = 0; d < v->cp.num_diffs; d++)
            max_weight = v->cp.weight[d] > max_weight ? v->cp.weight[d] : max_weight;
        err = cambi_heatmaps_open(&s->heatmap_files, s->heatmaps_path, v->w, v->h, max_weight,
                                  v->window);
        if (err) {
            free(s->buffer);
            return err;
        }
    }
    cambi_dsp_init(&s->dsp, ctx->cpu_flags);
    return 0;
}

/* The input luma at the view's size and 10 bits, in s->image. */
static int load_picture(CambiState *s, const VmafPicture *pic, const CambiView *v,
                        const unsigned *grid)
{
    const CambiSetup *su = &s->setup;
    const CambiPlane dst = {s->image.data, s->image.stride, v->w, v->h};
    const CambiGrid g = {grid, grid + v->h, v->w == su->in_w};
    if (su->bpc == 8) {
        s->dsp.load_8(pic->data[0], pic->stride[0], &g, &dst);
    } else {
        if (cambi_depth_checked(su->bpc)) {
            const int err = cambi_check_samples(
                su->bpc, s->dsp.max_16(pic->data[0], pic->stride[0], su->in_w, su->in_h));
            if (err)
                return err;
        }
        s->dsp.load_16(pic->data[0], pic->stride[0], su->bpc, &g, &dst);
    }
    if (su->anti_dither)
        s->dsp.anti_dither(&dst);
    return 0;
}

static int score_picture(CambiState *s, const VmafPicture *pic, const CambiView *v,
                         const unsigned *grid, bool heatmaps, unsigned index, double *score)
{
    int err = load_picture(s, pic, v, grid);
    if (err)
        return err;

    CambiPlane img = {s->image.data, s->image.stride, v->w, v->h};
    CambiPlane mask = {s->mask.data, s->mask.stride, v->w, v->h};
    s->dsp.spatial_mask(&img, &mask, v->mask_threshold, s->scratch);

    double scale_score[CAMBI_SCALES];
    for (unsigned scale = 0; scale < CAMBI_SCALES; scale++) {
        if (cambi_scale_decimated(&s->setup, scale)) {
            const unsigned w = (img.w + 1) >> 1, h = (img.h + 1) >> 1;
            s->dsp.decimate(&img, w, h);
            s->dsp.decimate(&mask, w, h);
            img.w = mask.w = w;
            img.h = mask.h = h;
        }
        s->dsp.mode_filter(&img, s->scratch);
        CambiCTotals totals;
        s->dsp.c_values(&img, &mask, &v->cp, s->hist, s->scratch, s->c_values, &totals);
        if (heatmaps) {
            err = cambi_heatmaps_write(&s->heatmap_files, scale, index, s->c_values, img.w, img.h);
            if (err)
                return err;
        }
        scale_score[scale] =
            cambi_pool_topk(s->c_values, img.w * img.h, s->setup.pool_topk, &totals);
    }
    *score = cambi_combine_scales(scale_score, v->window);
    return 0;
}

static int cambi_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                         VmafFeatureCollector *fc)
{
    CambiState *s = ctx->priv;
    double dis_score, src_score;
    int err = score_picture(s, dist, &s->setup.dis, s->grid[0], s->heatmaps, index, &dis_score);
    if (!err)
        err = cambi_append_score(ctx, fc, &s->opt, dis_score, index);
    if (err || !s->opt.full_ref)
        return err;
    err = score_picture(s, ref, &s->setup.src, s->grid[1], false, index, &src_score);
    if (!err)
        err = cambi_append_full_reference(fc, &s->opt, dis_score, src_score, index);
    return err;
}

static void cambi_close(VmafFexContext *ctx)
{
    CambiState *s = ctx->priv;
    if (s->heatmaps)
        cambi_heatmaps_close(&s->heatmap_files);
    free(s->buffer);
}

const VmafFeatureExtractor vmaf_fex_cambi = {
    .name = "cambi",
    .options = cambi_options,
    .priv_size = sizeof(CambiState),
    .provided_features = cambi_provided_features,
    .init = cambi_init,
    .extract = cambi_extract,
    .planes = vmaf_fex_planes_luma,
    .close = cambi_close,
};
