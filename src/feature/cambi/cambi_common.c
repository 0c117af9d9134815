#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "cambi_common.h"
#include "core/log.h"

/* The encoding and the source size need a side at least this long. */
#define MIN_SIDE 216

const char *const cambi_provided_features[] = {"Cambi_feature_cambi_score", NULL};

static double min_of(double a, double b)
{
    return a < b ? a : b;
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
static int check_view_size(const CambiSetup *s, const CambiView *v, const char *what)
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
        if (cambi_scale_decimated(s, scale))
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

static int init_view(const CambiOptions *opt, const CambiSetup *s, CambiView *v, unsigned w,
                     unsigned h, const uint16_t *tvi, unsigned vlt_luma, const char *what)
{
    const unsigned num_diffs = 1u << opt->max_log_contrast;
    v->w = w;
    v->h = h;
    v->window = cambi_adjust_window((unsigned)opt->window_size, w, h, s->speedup);
    v->mask_threshold = cambi_mask_threshold(w, h, CAMBI_MASK_SIZE);
    if (v->window * v->window >= CAMBI_RECIPROCAL_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "cambi: window_size %d becomes %u at %s size %ux%u, more than the largest "
                 "window (65)",
                 opt->window_size, v->window, what, w, h);
        return -EINVAL;
    }

    cambi_c_params_init(&v->cp, v->window / 2, num_diffs, tvi, vlt_luma);
    return 0;
}

/* The thresholds all views share: the largest sample at which each contrast
 * is visible, and the luminance floor. */
static int visibility(const CambiOptions *opt, uint16_t *tvi, unsigned *vlt_luma)
{
    /* eotf counts unless cambi_eotf is given something else than the
     * default. */
    const char *name = strcmp(opt->cambi_eotf, CAMBI_DEFAULT_EOTF) ? opt->cambi_eotf : opt->eotf;
    const CambiEotf eotf = cambi_eotf_by_name(name);
    if (!eotf) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: unknown EOTF \"%s\" (bt1886 or pq)", name);
        return -EINVAL;
    }
    const unsigned num_diffs = 1u << opt->max_log_contrast;
    for (unsigned d = 0; d < num_diffs; d++)
        tvi[d] = (uint16_t)cambi_tvi_for_diff((int)d + 1, opt->tvi_threshold, eotf);
    *vlt_luma = cambi_vlt_luma(opt->vis_lum_threshold, eotf);
    return 0;
}

/* The encoding and source sizes, defaulted and checked as the reference
 * does. */
static int resolve_sizes(const CambiOptions *opt, unsigned w, unsigned h, unsigned size[2][2])
{
    unsigned *enc = size[0], *src = size[1];
    const bool enc_given = opt->enc_width && opt->enc_height;
    const bool src_given = opt->src_width && opt->src_height;
    enc[0] = enc_given ? (unsigned)opt->enc_width : w;
    enc[1] = enc_given ? (unsigned)opt->enc_height : h;
    src[0] = src_given ? (unsigned)opt->src_width : w;
    src[1] = src_given ? (unsigned)opt->src_height : h;
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

int cambi_setup(const CambiOptions *opt, unsigned bpc, unsigned w, unsigned h, CambiSetup *s)
{
    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: %u-bit input is not supported (8 to 16)", bpc);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->in_w = w;
    s->in_h = h;
    s->anti_dither = (opt->enc_bitdepth ? (unsigned)opt->enc_bitdepth : bpc) < 10;
    /* topk counts unless it is left at its default. */
    s->pool_topk = opt->topk != CAMBI_DEFAULT_TOPK ? opt->topk : opt->cambi_topk;

    unsigned size[2][2];
    int err = resolve_sizes(opt, w, h, size);
    if (err)
        return err;
    s->speedup = speedup_applies(opt->high_res_speedup, size[0][0], size[0][1]);

    uint16_t tvi[CAMBI_MAX_DIFFS];
    unsigned vlt_luma;
    err = visibility(opt, tvi, &vlt_luma);
    if (!err)
        err = init_view(opt, s, &s->dis, size[0][0], size[0][1], tvi, vlt_luma, "encoding");
    /* The reference checks the source view's window even without full_ref. */
    if (!err)
        err = init_view(opt, s, &s->src, size[1][0], size[1][1], tvi, vlt_luma, "source");
    if (!err)
        err = check_view_size(s, &s->dis, "encoding");
    if (!err && opt->full_ref)
        err = check_view_size(s, &s->src, "source");
    return err;
}

int cambi_check_samples(unsigned bpc, unsigned max_sample)
{
    const unsigned max = (1u << bpc) - 1;
    if (max_sample <= max)
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR,
             "cambi: the input has samples above %u, the largest %u-bit value", max, bpc);
    return -EINVAL;
}

int cambi_append_score(VmafFexContext *ctx, VmafFeatureCollector *fc, const CambiOptions *opt,
                       double dis_score, unsigned index)
{
    return vmaf_fex_append(ctx, fc, cambi_provided_features[0], min_of(dis_score, opt->max_val),
                           index);
}

int cambi_append_full_reference(VmafFeatureCollector *fc, const CambiOptions *opt, double dis_score,
                                double src_score, unsigned index)
{
    /* Not provided features: libvmaf writes them under their bare names,
     * whatever the options. */
    int err =
        vmaf_feature_collector_append(fc, "cambi_source", min_of(src_score, opt->max_val), index);
    if (!err) {
        /* Banding the encode added; none when it has less than the source. */
        const double added = dis_score > src_score ? dis_score - src_score : 0.0;
        err = vmaf_feature_collector_append(fc, "cambi_full_reference", min_of(added, opt->max_val),
                                            index);
    }
    return err;
}
