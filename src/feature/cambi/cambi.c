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

#include "cambi_dsp.h"
#include "cambi_heatmap.h"
#include "cambi_tools.h"
#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"

#define DEFAULT_TOPK 0.6
#define DEFAULT_EOTF "bt1886"
/* The encoding and the source size need a side at least this long. */
#define MIN_SIDE 216
#define ALIGN 64

/* One picture size CAMBI runs at: the encoding's, or the source's for the
 * reference picture of full_ref. */
typedef struct CambiView {
    unsigned w, h;
    unsigned window; /* adjusted to the size */
    unsigned mask_threshold;
    unsigned *grid_row, *grid_col; /* from the input picture */
    CambiCParams cp;
} CambiView;

typedef struct CambiState {
    /* Options, as given: they also name the scores. */
    double max_val;
    int enc_width, enc_height, enc_bitdepth;
    int src_width, src_height;
    int window_size;
    double topk, cambi_topk;
    double tvi_threshold;
    double vis_lum_threshold;
    int max_log_contrast;
    const char *heatmaps_path;
    bool full_ref;
    const char *eotf, *cambi_eotf;
    int high_res_speedup;

    unsigned bpc, in_w, in_h;
    bool speedup;     /* the first scale is decimated too */
    bool anti_dither; /* encoded below 10 bits */
    double pool_topk;
    CambiView dis, src;
    CambiPlane image, mask; /* allocated for the larger view */
    float *c_values;
    uint16_t *hist, *scratch;
    bool heatmaps;
    CambiHeatmaps heatmap_files;
    CambiDsp dsp;
    void *buffer; /* one allocation for all of the above */
} CambiState;

static const VmafOption cambi_options[] = {
    {
        .name = "cambi_max_val",
        .alias = "cmxv",
        .help = "largest score written; larger ones are clipped to it",
        .offset = offsetof(CambiState, max_val),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 1000.0,
        .min = 0.0,
        .max = 1000.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "enc_width",
        .alias = "encw",
        .help = "width the content was encoded at (default: the input width)",
        .offset = offsetof(CambiState, enc_width),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 180,
        .max = 7680,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "enc_height",
        .alias = "ench",
        .help = "height the content was encoded at (default: the input height)",
        .offset = offsetof(CambiState, enc_height),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 150,
        .max = 7680,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "enc_bitdepth",
        .alias = "encbd",
        .help = "bit depth the content was encoded at (default: the input's); below 10 the "
                "picture is anti-dithered",
        .offset = offsetof(CambiState, enc_bitdepth),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 6,
        .max = 16,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "src_width",
        .alias = "srcw",
        .help = "width the reference is scored at with full_ref (default: the input width)",
        .offset = offsetof(CambiState, src_width),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 320,
        .max = 7680,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "src_height",
        .alias = "srch",
        .help = "height the reference is scored at with full_ref (default: the input height)",
        .offset = offsetof(CambiState, src_height),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 200,
        .max = 4320,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "window_size",
        .alias = "ws",
        .help = "window side at 4K (about one degree); scaled to the picture size",
        .offset = offsetof(CambiState, window_size),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 65,
        .min = 15,
        .max = 127,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "topk",
        .help = "fraction of the largest c-values pooled into each scale's score; overrides "
                "cambi_topk when not 0.6",
        .offset = offsetof(CambiState, topk),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = DEFAULT_TOPK,
        .min = 0.0001,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "cambi_topk",
        .alias = "ctpk",
        .help = "fraction of the largest c-values pooled into each scale's score",
        .offset = offsetof(CambiState, cambi_topk),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = DEFAULT_TOPK,
        .min = 0.0001,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "tvi_threshold",
        .alias = "tvit",
        .help = "a luminance step is visible when it exceeds this fraction of the luminance",
        .offset = offsetof(CambiState, tvi_threshold),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.019,
        .min = 0.0001,
        .max = 1.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "cambi_vis_lum_threshold",
        .alias = "vlt",
        .help = "luminance (cd/m^2) below which banding is taken to be invisible",
        .offset = offsetof(CambiState, vis_lum_threshold),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 0.0,
        .min = 0.0,
        .max = 300.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "max_log_contrast",
        .alias = "mlc",
        .help = "contrasts of up to 2^max_log_contrast 10-bit codes are tested",
        .offset = offsetof(CambiState, max_log_contrast),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 2,
        .min = 0,
        .max = 5,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "heatmaps_path",
        .help = "directory the c-values of every scale are written to, as 16-bit gray video",
        .offset = offsetof(CambiState, heatmaps_path),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = NULL,
    },
    {
        .name = "full_ref",
        .help = "also score the reference and write cambi_source and cambi_full_reference",
        .offset = offsetof(CambiState, full_ref),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "eotf",
        .help = "display model of the visibility thresholds: bt1886 or pq",
        .offset = offsetof(CambiState, eotf),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = DEFAULT_EOTF,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "cambi_eotf",
        .alias = "ceot",
        .help = "display model of the visibility thresholds: bt1886 or pq; overrides eotf when "
                "not bt1886",
        .offset = offsetof(CambiState, cambi_eotf),
        .type = VMAF_OPT_TYPE_STRING,
        .default_val.s = DEFAULT_EOTF,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "cambi_high_res_speedup",
        .alias = "hrs",
        .help = "from this height on (1080, 1440 or 2160; 0: never) the first scale is "
                "decimated too, which is faster and slightly less accurate",
        .offset = offsetof(CambiState, high_res_speedup),
        .type = VMAF_OPT_TYPE_INT,
        .default_val.i = 0,
        .min = 0,
        .max = 2160,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const cambi_provided_features[] = {"Cambi_feature_cambi_score", NULL};

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

/* Whether the speed-up applies: it names the smallest resolution (as a
 * 16:9 pixel count) it is used at. */
static bool speedup_applies(int from, unsigned w, unsigned h)
{
    const unsigned pixels = w * h;
    switch (from) {
    case 1080:
        return pixels >= 1920 * 1080;
    case 1440:
        return pixels >= 2560 * 1440;
    case 2160:
        return pixels >= 3840 * 2160;
    default:
        return false;
    }
}

/* Every scale needs at least half a window of rows, and the first one half
 * a window of columns: the reference reads outside the picture otherwise. */
static int check_view_size(const CambiState *s, const CambiView *v, const char *what)
{
    const unsigned half = v->window / 2;
    if (v->w < half) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cambi: %s size %ux%u is narrower than half its %u-sample window", what, v->w,
                 v->h, v->window);
        return -EINVAL;
    }
    unsigned h = v->h;
    for (unsigned scale = 0; scale < CAMBI_SCALES; scale++) {
        if (scale > 0 || s->speedup)
            h = (h + 1) >> 1;
        if (h < half) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "cambi: %s size %ux%u is too flat for its %u-sample window: scale %u has "
                     "%u rows, fewer than half the window",
                     what, v->w, v->h, v->window, scale, h);
            return -EINVAL;
        }
    }
    return 0;
}

static int init_view(CambiState *s, CambiView *v, unsigned w, unsigned h, const uint16_t *tvi,
                     unsigned vlt_luma, const char *what)
{
    const unsigned num_diffs = 1u << s->max_log_contrast;
    v->w = w;
    v->h = h;
    v->window = cambi_adjust_window((unsigned)s->window_size, w, h, s->speedup);
    v->mask_threshold = cambi_mask_threshold(w, h, CAMBI_MASK_SIZE);
    if (v->window * v->window >= CAMBI_RECIPROCAL_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cambi: window_size %d becomes %u at %s size %ux%u, more than the largest "
                 "window (65)",
                 s->window_size, v->window, what, w, h);
        return -EINVAL;
    }

    cambi_c_params_init(&v->cp, v->window / 2, num_diffs, tvi, vlt_luma);
    return 0;
}

/* The thresholds all views share: the largest sample at which each contrast
 * is visible, and the luminance floor. */
static int visibility(const CambiState *s, uint16_t *tvi, unsigned *vlt_luma)
{
    /* eotf counts unless cambi_eotf is given something else than the
     * default. */
    const char *name = strcmp(s->cambi_eotf, DEFAULT_EOTF) ? s->cambi_eotf : s->eotf;
    const CambiEotf eotf = cambi_eotf_by_name(name);
    if (!eotf) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: unknown EOTF \"%s\" (bt1886 or pq)", name);
        return -EINVAL;
    }
    const unsigned num_diffs = 1u << s->max_log_contrast;
    for (unsigned d = 0; d < num_diffs; d++)
        tvi[d] = (uint16_t)cambi_tvi_for_diff((int)d + 1, s->tvi_threshold, eotf);
    *vlt_luma = cambi_vlt_luma(s->vis_lum_threshold, eotf);
    return 0;
}

/* Carves planes, c-values, histograms, scratch and the sampling grids out of
 * one block. */
static int allocate_buffers(CambiState *s)
{
    const unsigned view_cnt = s->full_ref ? 2 : 1;
    const unsigned w = s->full_ref ? max_u(s->dis.w, s->src.w) : s->dis.w;
    const unsigned h = s->full_ref ? max_u(s->dis.h, s->src.h) : s->dis.h;
    const unsigned band = s->dis.cp.band_size; /* the views differ in size only */
    const ptrdiff_t stride = (ptrdiff_t)align_up(w, ALIGN / sizeof(uint16_t));
    const size_t plane = align_up((size_t)stride * h * sizeof(uint16_t), ALIGN);
    const size_t c_values = align_up((size_t)w * h * sizeof(float), ALIGN);
    const size_t hist = align_up((size_t)band * w * sizeof(uint16_t), ALIGN);
    /* Every view's window fits its first scale (check_view_size()). */
    const unsigned half =
        s->full_ref ? max_u(s->dis.cp.half_window, s->src.cp.half_window) : s->dis.cp.half_window;
    const size_t scratch_cnt = max_size(CAMBI_SCRATCH(w), CAMBI_C_SCRATCH(w, half));
    const size_t scratch = align_up(scratch_cnt * sizeof(uint16_t), ALIGN);
    const size_t grid = align_up(
        (size_t)(s->dis.w + s->dis.h + (s->full_ref ? s->src.w + s->src.h : 0)) * sizeof(unsigned),
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
    CambiView *views[2] = {&s->dis, &s->src};
    for (unsigned i = 0; i < view_cnt; i++) {
        views[i]->grid_row = map;
        views[i]->grid_col = map + views[i]->h;
        map += views[i]->h + views[i]->w;
        cambi_nearest_grid(views[i]->grid_row, s->in_h, views[i]->h);
        cambi_nearest_grid(views[i]->grid_col, s->in_w, views[i]->w);
    }
    return 0;
}

/* The encoding and source sizes, defaulted and checked as the reference
 * does. */
static int resolve_sizes(const CambiState *s, unsigned w, unsigned h, unsigned size[2][2])
{
    unsigned *enc = size[0], *src = size[1];
    enc[0] = s->enc_width && s->enc_height ? (unsigned)s->enc_width : w;
    enc[1] = s->enc_width && s->enc_height ? (unsigned)s->enc_height : h;
    src[0] = s->src_width && s->src_height ? (unsigned)s->src_width : w;
    src[1] = s->src_width && s->src_height ? (unsigned)s->src_height : h;
    /* A downscaled encode is scored at its own size, never upscaled back. */
    if (enc[0] > w || enc[1] > h) {
        enc[0] = w;
        enc[1] = h;
    }
    if (enc[0] < MIN_SIDE && enc[1] < MIN_SIDE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: encoding size %ux%u: a side must be at least %u",
                 enc[0], enc[1], MIN_SIDE);
        return -EINVAL;
    }
    if (src[0] < MIN_SIDE && src[1] < MIN_SIDE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: source size %ux%u: a side must be at least %u",
                 src[0], src[1], MIN_SIDE);
        return -EINVAL;
    }
    if ((src[0] > enc[0] && src[1] < enc[1]) || (src[0] < enc[0] && src[1] > enc[1])) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cambi: source size %ux%u and encoding size %ux%u: one must not be wider and "
                 "the other taller",
                 src[0], src[1], enc[0], enc[1]);
        return -EINVAL;
    }
    return 0;
}

static int cambi_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                      unsigned h)
{
    CambiState *s = ctx->priv;
    (void)pix_fmt; /* luma only */
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: %u-bit input is not supported (8 to 16)", bpc);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->in_w = w;
    s->in_h = h;
    s->anti_dither = (s->enc_bitdepth ? (unsigned)s->enc_bitdepth : bpc) < 10;
    /* topk counts unless it is left at its default. */
    s->pool_topk = s->topk != DEFAULT_TOPK ? s->topk : s->cambi_topk;

    unsigned size[2][2];
    int err = resolve_sizes(s, w, h, size);
    if (err)
        return err;
    s->speedup = speedup_applies(s->high_res_speedup, size[0][0], size[0][1]);

    uint16_t tvi[CAMBI_MAX_DIFFS];
    unsigned vlt_luma;
    err = visibility(s, tvi, &vlt_luma);
    if (!err)
        err = init_view(s, &s->dis, size[0][0], size[0][1], tvi, vlt_luma, "encoding");
    /* The reference checks the source view's window even without full_ref. */
    if (!err)
        err = init_view(s, &s->src, size[1][0], size[1][1], tvi, vlt_luma, "source");
    if (!err)
        err = check_view_size(s, &s->dis, "encoding");
    if (!err && s->full_ref)
        err = check_view_size(s, &s->src, "source");
    if (err)
        return err;

    err = allocate_buffers(s);
    if (err)
        return err;
    s->heatmaps = s->heatmaps_path != NULL;
    if (s->heatmaps) {
        int max_weight = 0;
        for (unsigned d = 0; d < s->dis.cp.num_diffs; d++)
            max_weight = s->dis.cp.weight[d] > max_weight ? s->dis.cp.weight[d] : max_weight;
        err = cambi_heatmaps_open(&s->heatmap_files, s->heatmaps_path, s->dis.w, s->dis.h,
                                  max_weight, s->dis.window);
        if (err) {
            free(s->buffer);
            return err;
        }
    }
    cambi_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return 0;
}

/* The input luma at the view's size and 10 bits, in s->image. */
static int load_picture(CambiState *s, const VmafPicture *pic, const CambiView *v)
{
    const CambiPlane dst = {s->image.data, s->image.stride, v->w, v->h};
    const CambiGrid grid = {v->grid_row, v->grid_col, v->w == s->in_w};
    if (s->bpc == 8) {
        s->dsp.load_8(pic->data[0], pic->stride[0], &grid, &dst);
    } else {
        /* Samples beyond the depth are refused, as the reference does (not
         * at 16 bits, where none can be). */
        const uint16_t max = (uint16_t)((1u << s->bpc) - 1);
        if (s->bpc < 16 && s->dsp.max_16(pic->data[0], pic->stride[0], s->in_w, s->in_h) > max) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "cambi: the input has samples above %u, the largest %u-bit value", max,
                     s->bpc);
            return -EINVAL;
        }
        s->dsp.load_16(pic->data[0], pic->stride[0], s->bpc, &grid, &dst);
    }
    if (s->anti_dither)
        s->dsp.anti_dither(&dst);
    return 0;
}

static int score_picture(CambiState *s, const VmafPicture *pic, const CambiView *v, bool heatmaps,
                         unsigned index, double *score)
{
    int err = load_picture(s, pic, v);
    if (err)
        return err;

    CambiPlane img = {s->image.data, s->image.stride, v->w, v->h};
    CambiPlane mask = {s->mask.data, s->mask.stride, v->w, v->h};
    s->dsp.spatial_mask(&img, &mask, v->mask_threshold, s->scratch);

    double scale_score[CAMBI_SCALES];
    for (unsigned scale = 0; scale < CAMBI_SCALES; scale++) {
        if (scale > 0 || s->speedup) {
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
        scale_score[scale] = cambi_pool_topk(s->c_values, img.w * img.h, s->pool_topk, &totals);
    }
    *score = cambi_combine_scales(scale_score, v->window);
    return 0;
}

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

static int cambi_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                         VmafFeatureCollector *fc)
{
    CambiState *s = ctx->priv;
    double dis_score, src_score;
    int err = score_picture(s, dist, &s->dis, s->heatmaps, index, &dis_score);
    if (!err)
        err = vmaf_fex_append(ctx, fc, "Cambi_feature_cambi_score", min_of(dis_score, s->max_val),
                              index);
    if (err || !s->full_ref)
        return err;

    /* These two are not provided features: libvmaf writes them under their
     * bare names, whatever the options. */
    err = score_picture(s, ref, &s->src, false, index, &src_score);
    if (!err)
        err =
            vmaf_feature_collector_append(fc, "cambi_source", min_of(src_score, s->max_val), index);
    if (!err) {
        /* Banding the encode added; none when it has less than the source. */
        const double added = dis_score > src_score ? dis_score - src_score : 0.0;
        err = vmaf_feature_collector_append(fc, "cambi_full_reference", min_of(added, s->max_val),
                                            index);
    }
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
    .close = cambi_close,
};
