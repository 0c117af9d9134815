#include <errno.h>
#include <math.h>

#include "core/log.h"
#include "feature/ssim_pass/ssim_db.h"
#include "float_ms_ssim_common.h"
#include "float_ms_ssim_dsp.h"

/* Exponents of the luminance, contrast and structure means per scale
 * (Wang's; luminance counts only at the coarsest scale). */
static const float alpha[MS_SSIM_SCALES] = {0.0f, 0.0f, 0.0f, 0.0f, 0.1333f};
static const float beta[MS_SSIM_SCALES] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};
static const float gamma_[MS_SSIM_SCALES] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};

const char *const float_ms_ssim_provided_features[] = {"float_ms_ssim", NULL};

static const char *const plane_feature[3] = {"float_ms_ssim", "float_ms_ssim_cb",
                                             "float_ms_ssim_cr"};
static const char *const term_feature[3][MS_SSIM_SCALES] = {
    {"float_ms_ssim_l_scale0", "float_ms_ssim_l_scale1", "float_ms_ssim_l_scale2",
     "float_ms_ssim_l_scale3", "float_ms_ssim_l_scale4"},
    {"float_ms_ssim_c_scale0", "float_ms_ssim_c_scale1", "float_ms_ssim_c_scale2",
     "float_ms_ssim_c_scale3", "float_ms_ssim_c_scale4"},
    {"float_ms_ssim_s_scale0", "float_ms_ssim_s_scale1", "float_ms_ssim_s_scale2",
     "float_ms_ssim_s_scale3", "float_ms_ssim_s_scale4"},
};

/* libvmaf refuses a plane unless every scale is at least as large as the
 * window when the size is halved rounding down (the scales themselves round
 * up), i.e. unless both sides are at least 11 * 16 = 176. The same rule
 * holds for every plane scored here, so luma passes exactly where libvmaf's
 * does. */
#define MS_SSIM_MIN_SIDE (SSIM_WINDOW << (MS_SSIM_SCALES - 1))

static bool plane_fits(unsigned w, unsigned h)
{
    return w >= MS_SSIM_MIN_SIDE && h >= MS_SSIM_MIN_SIDE;
}

static const char *const plane_name[3] = {"luma", "cb", "cr"};

/* Whether chroma plane sizes are the luma ones halved (rounded down, as the
 * pictures have them) horizontally and vertically. */
static unsigned chroma_shift_w(enum VmafPixelFormat pix_fmt)
{
    return pix_fmt != VMAF_PIX_FMT_YUV444P;
}

static unsigned chroma_shift_h(enum VmafPixelFormat pix_fmt)
{
    return pix_fmt == VMAF_PIX_FMT_YUV420P;
}

static int check_plane_sizes(const MsSsimGeometry *g, const char *fex_name,
                             enum VmafPixelFormat pix_fmt, unsigned w, unsigned h)
{
    for (unsigned p = 0; p < g->planes; p++) {
        const unsigned pw = g->w[p][0], ph = g->h[p][0];
        if (plane_fits(pw, ph))
            continue;
        if (g->planes == 1) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s: the luma plane is %ux%u, too small for %u scales (each side must be at "
                     "least %u)",
                     fex_name, pw, ph, MS_SSIM_SCALES, MS_SSIM_MIN_SIDE);
            return -EINVAL;
        }
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: the %s plane is %ux%u, too small for %u scales (each side must be at least "
                 "%u); with enable_chroma the luma must be at least %ux%u, not %ux%u",
                 fex_name, plane_name[p], pw, ph, MS_SSIM_SCALES, MS_SSIM_MIN_SIDE,
                 MS_SSIM_MIN_SIDE << chroma_shift_w(pix_fmt),
                 MS_SSIM_MIN_SIDE << chroma_shift_h(pix_fmt), w, h);
        return -EINVAL;
    }
    return 0;
}

int ms_ssim_geometry(MsSsimGeometry *g, const FloatMsSsimOptions *opt, const char *fex_name,
                     enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h)
{
    if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12 or 16)",
                 fex_name, bpc);
        return -EINVAL;
    }
    g->planes = opt->enable_chroma && pix_fmt != VMAF_PIX_FMT_YUV400P ? 3 : 1;
    for (unsigned p = 0; p < g->planes; p++) {
        g->w[p][0] = p ? w >> chroma_shift_w(pix_fmt) : w;
        g->h[p][0] = p ? h >> chroma_shift_h(pix_fmt) : h;
        for (unsigned i = 1; i < MS_SSIM_SCALES; i++) {
            g->w[p][i] = ms_ssim_half(g->w[p][i - 1]);
            g->h[p][i] = ms_ssim_half(g->h[p][i - 1]);
        }
        g->max_db[p] = opt->clip_db ? ssim_max_db(bpc, g->w[p][0], g->h[p][0]) : INFINITY;
    }
    return check_plane_sizes(g, fex_name, pix_fmt, w, h);
}

static double combine(const SsimMeans means[MS_SSIM_SCALES])
{
    double score = 1.0;
    for (unsigned i = 0; i < MS_SSIM_SCALES; i++)
        score *= pow(means[i].l, alpha[i]) * pow(means[i].c, beta[i]) * pow(means[i].s, gamma_[i]);
    return score;
}

static int append_terms(VmafFexContext *ctx, VmafFeatureCollector *fc,
                        const SsimMeans means[MS_SSIM_SCALES], unsigned index)
{
    int err = 0;
    for (unsigned i = 0; !err && i < MS_SSIM_SCALES; i++)
        err = vmaf_fex_append(ctx, fc, term_feature[0][i], means[i].l, index);
    for (unsigned i = 0; !err && i < MS_SSIM_SCALES; i++)
        err = vmaf_fex_append(ctx, fc, term_feature[1][i], means[i].c, index);
    for (unsigned i = 0; !err && i < MS_SSIM_SCALES; i++)
        err = vmaf_fex_append(ctx, fc, term_feature[2][i], means[i].s, index);
    return err;
}

int ms_ssim_append_plane(VmafFexContext *ctx, VmafFeatureCollector *fc,
                         const FloatMsSsimOptions *opt, const MsSsimGeometry *g, unsigned p,
                         const SsimMeans means[MS_SSIM_SCALES], unsigned index)
{
    double score = combine(means);
    if (opt->enable_db)
        score = ssim_to_db(score, g->max_db[p]);
    int err = vmaf_fex_append(ctx, fc, plane_feature[p], score, index);
    if (!err && p == 0 && opt->enable_lcs)
        err = append_terms(ctx, fc, means, index);
    return err;
}
