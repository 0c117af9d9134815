#include <errno.h>
#include <math.h>

#include "core/log.h"
#include "float_ssim_common.h"
#include "feature/ssim_pass/float_ssim_dsp.h"
#include "feature/ssim_pass/ssim_db.h"

const char *const float_ssim_provided_features[] = {"float_ssim", NULL};

/* Round half up of a positive float, the rounding libvmaf's choice of the
 * factor uses. */
static int round_positive(float a)
{
    const int whole = (int)a;
    return a - whole >= 0.5 ? whole + 1 : whole;
}

/* One factor per 256 samples of the smaller side, rounded, at least 1. */
static unsigned automatic_factor(unsigned w, unsigned h)
{
    const int f = round_positive((float)(w < h ? w : h) / 256.0f);
    return f > 1 ? (unsigned)f : 1;
}

int float_ssim_geometry(FloatSsimGeometry *g, const FloatSsimOptions *opt, const char *fex_name,
                        unsigned bpc, unsigned w, unsigned h)
{
    if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12 or 16)",
                 fex_name, bpc);
        return -EINVAL;
    }
    g->factor = opt->scale > 0 ? (unsigned)opt->scale : automatic_factor(w, h);
    g->scaled_w = g->factor > 1 ? ssim_decimated_size(w, g->factor) : w;
    g->scaled_h = g->factor > 1 ? ssim_decimated_size(h, g->factor) : h;
    if (g->scaled_w < SSIM_WINDOW || g->scaled_h < SSIM_WINDOW) {
        if (g->factor > 1)
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: %ux%u decimated by %u is %ux%u, smaller than the %ux%u window", fex_name,
                     w, h, g->factor, g->scaled_w, g->scaled_h, SSIM_WINDOW, SSIM_WINDOW);
        else
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %ux%u is smaller than the %ux%u window", fex_name,
                     w, h, SSIM_WINDOW, SSIM_WINDOW);
        return -EINVAL;
    }
    g->max_db = opt->clip_db ? ssim_max_db(bpc, w, h) : INFINITY;
    return 0;
}

int float_ssim_append_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                             const FloatSsimOptions *opt, const FloatSsimGeometry *g,
                             const SsimMeans *m, unsigned index)
{
    const double score = opt->enable_db ? ssim_to_db(m->ssim, g->max_db) : m->ssim;
    int err = vmaf_fex_append(ctx, fc, "float_ssim", score, index);
    if (err || !opt->enable_lcs)
        return err;
    const struct {
        const char *name;
        float value;
    } terms[] = {{"float_ssim_l", m->l}, {"float_ssim_c", m->c}, {"float_ssim_s", m->s}};
    for (unsigned i = 0; !err && i < 3; i++)
        err = vmaf_fex_append(ctx, fc, terms[i].name, terms[i].value, index);
    return err;
}
