/* Multi-scale SSIM (Wang, Simoncelli, Bovik 2003) in float, bit-exact with
 * libvmaf's "float_ms_ssim" on the luma plane: five scales, each the previous
 * one low-passed and halved, scored with float_ssim's window (no box
 * decimation), and combined as the product of the mean terms raised to
 * per-scale exponents. enable_chroma (not in libvmaf) scores the chroma
 * planes the same way, each at its own size. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "feature/float_ssim/float_ssim_dsp.h"
#include "feature/float_ssim/ssim_db.h"
#include "feature/float_ssim/ssim_pass.h"
#include "float_ms_ssim_dsp.h"

#define MS_SSIM_SCALES 5

/* Exponents of the luminance, contrast and structure means per scale
 * (Wang's; luminance counts only at the coarsest scale). */
static const float alpha[MS_SSIM_SCALES] = {0.0f, 0.0f, 0.0f, 0.0f, 0.1333f};
static const float beta[MS_SSIM_SCALES] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};
static const float gamma_[MS_SSIM_SCALES] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};

typedef struct MsSsimPlane {
    unsigned w[MS_SSIM_SCALES], h[MS_SSIM_SCALES];
    float *ref[MS_SSIM_SCALES], *dis[MS_SSIM_SCALES]; /* stride w[scale] */
    double max_db;
} MsSsimPlane;

typedef struct FloatMsSsimState {
    bool enable_lcs;
    bool enable_db;
    bool clip_db;
    bool enable_chroma;

    unsigned planes;
    MsSsimPlane plane[3];
    FloatSsimDsp ssim_dsp;
    FloatMsSsimDsp dsp;
    float *pyramids; /* every plane's scales, one allocation */
    SsimPassBuffers pass;
} FloatMsSsimState;

static const VmafOption float_ms_ssim_options[] = {
    {
        .name = "enable_lcs",
        .help = "also write the mean luminance, contrast and structure terms of every scale (luma)",
        .offset = offsetof(FloatMsSsimState, enable_lcs),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "enable_db",
        .help = "write the scores as -10 log10(1 - MS-SSIM) dB",
        .offset = offsetof(FloatMsSsimState, enable_db),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "clip_db",
        .help = "cap the dB scores where half a squared step of error over the plane would be",
        .offset = offsetof(FloatMsSsimState, clip_db),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "enable_chroma",
        .help = "also score the chroma planes, as float_ms_ssim_cb and float_ms_ssim_cr",
        .offset = offsetof(FloatMsSsimState, enable_chroma),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {0},
};

static const char *const float_ms_ssim_provided_features[] = {"float_ms_ssim", NULL};
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

static int check_plane_sizes(const FloatMsSsimState *s, enum VmafPixelFormat pix_fmt, unsigned w,
                             unsigned h)
{
    for (unsigned p = 0; p < s->planes; p++) {
        const unsigned pw = s->plane[p].w[0], ph = s->plane[p].h[0];
        if (plane_fits(pw, ph))
            continue;
        if (s->planes == 1) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "float_ms_ssim: the luma plane is %ux%u, too small for %u scales (each side "
                     "must be at least %u)",
                     pw, ph, MS_SSIM_SCALES, MS_SSIM_MIN_SIDE);
            return -EINVAL;
        }
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_ms_ssim: the %s plane is %ux%u, too small for %u scales (each side must be "
                 "at least %u); with enable_chroma the luma must be at least %ux%u, not %ux%u",
                 plane_name[p], pw, ph, MS_SSIM_SCALES, MS_SSIM_MIN_SIDE,
                 MS_SSIM_MIN_SIDE << chroma_shift_w(pix_fmt),
                 MS_SSIM_MIN_SIDE << chroma_shift_h(pix_fmt), w, h);
        return -EINVAL;
    }
    return 0;
}

static int allocate_pyramids(FloatMsSsimState *s)
{
    size_t total = 0;
    for (unsigned p = 0; p < s->planes; p++) {
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++)
            total += 2 * (size_t)s->plane[p].w[i] * s->plane[p].h[i];
    }
    float *block = malloc(total * sizeof(*block));
    if (!block)
        return -ENOMEM;
    s->pyramids = block;
    for (unsigned p = 0; p < s->planes; p++) {
        MsSsimPlane *pl = &s->plane[p];
        for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
            const size_t n = (size_t)pl->w[i] * pl->h[i];
            pl->ref[i] = block;
            pl->dis[i] = block + n;
            block += 2 * n;
        }
    }
    /* No plane is wider than luma. */
    const int err = ssim_pass_buffers_alloc(&s->pass, s->plane[0].w[0]);
    if (err) {
        free(s->pyramids);
        s->pyramids = NULL;
    }
    return err;
}

static int float_ms_ssim_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                              unsigned w, unsigned h)
{
    FloatMsSsimState *s = ctx->priv;
    if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "float_ms_ssim: %u-bit input is not supported (8, 10, 12 or 16)", bpc);
        return -EINVAL;
    }
    s->planes = s->enable_chroma && pix_fmt != VMAF_PIX_FMT_YUV400P ? 3 : 1;
    for (unsigned p = 0; p < s->planes; p++) {
        MsSsimPlane *pl = &s->plane[p];
        pl->w[0] = p ? w >> chroma_shift_w(pix_fmt) : w;
        pl->h[0] = p ? h >> chroma_shift_h(pix_fmt) : h;
        for (unsigned i = 1; i < MS_SSIM_SCALES; i++) {
            pl->w[i] = ms_ssim_half(pl->w[i - 1]);
            pl->h[i] = ms_ssim_half(pl->h[i - 1]);
        }
        pl->max_db = s->clip_db ? ssim_max_db(bpc, pl->w[0], pl->h[0]) : INFINITY;
    }
    const int err = check_plane_sizes(s, pix_fmt, w, h);
    if (err)
        return err;
    float_ssim_dsp_init(&s->ssim_dsp, vmaf_get_cpu_flags());
    float_ms_ssim_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return allocate_pyramids(s);
}

/* Scores one plane (already in pl->ref[0], pl->dis[0]); means gets the
 * terms of every scale. */
static double plane_ms_ssim(const FloatMsSsimState *s, const MsSsimPlane *pl,
                            SsimMeans means[MS_SSIM_SCALES])
{
    for (unsigned i = 1; i < MS_SSIM_SCALES; i++) {
        s->dsp.decimate(pl->ref[i], pl->w[i], pl->ref[i - 1], pl->w[i - 1], pl->w[i - 1],
                        pl->h[i - 1]);
        s->dsp.decimate(pl->dis[i], pl->w[i], pl->dis[i - 1], pl->w[i - 1], pl->w[i - 1],
                        pl->h[i - 1]);
    }
    double score = 1.0;
    for (unsigned i = 0; i < MS_SSIM_SCALES; i++) {
        means[i] =
            ssim_pass(&s->ssim_dsp, &s->pass, pl->ref[i], pl->dis[i], pl->w[i], pl->w[i], pl->h[i]);
        score *= pow(means[i].l, alpha[i]) * pow(means[i].c, beta[i]) * pow(means[i].s, gamma_[i]);
    }
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

static int float_ms_ssim_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                                 unsigned index, VmafFeatureCollector *fc)
{
    FloatMsSsimState *s = ctx->priv;
    int err = 0;
    for (unsigned p = 0; !err && p < s->planes; p++) {
        const MsSsimPlane *pl = &s->plane[p];
        SsimMeans means[MS_SSIM_SCALES];
        ssim_load_plane(&s->ssim_dsp, pl->ref[0], ref, p);
        ssim_load_plane(&s->ssim_dsp, pl->dis[0], dist, p);
        double score = plane_ms_ssim(s, pl, means);
        if (s->enable_db)
            score = ssim_to_db(score, pl->max_db);
        err = vmaf_fex_append(ctx, fc, plane_feature[p], score, index);
        if (!err && p == 0 && s->enable_lcs)
            err = append_terms(ctx, fc, means, index);
    }
    return err;
}

static void float_ms_ssim_close(VmafFexContext *ctx)
{
    FloatMsSsimState *s = ctx->priv;
    ssim_pass_buffers_free(&s->pass);
    free(s->pyramids);
}

const VmafFeatureExtractor vmaf_fex_float_ms_ssim = {
    .name = "float_ms_ssim",
    .options = float_ms_ssim_options,
    .priv_size = sizeof(FloatMsSsimState),
    .provided_features = float_ms_ssim_provided_features,
    .init = float_ms_ssim_init,
    .extract = float_ms_ssim_extract,
    .close = float_ms_ssim_close,
};
