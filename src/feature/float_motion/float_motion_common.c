#include <errno.h>

#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "float_motion_common.h"

const char *const float_motion_provided_features[] = {
    FLOAT_MOTION_FEATURE,
    FLOAT_MOTION2_FEATURE,
    FLOAT_MOTION3_FEATURE,
    NULL,
};

/* libvmaf's blur filters; motion_filter_size picks one. */
static const float filter_5[5] = {0.054488685, 0.244201342, 0.402619947, 0.244201342, 0.054488685};
static const float filter_3[3] = {0.166378498, 0.667243004, 0.166378498};
static const float filter_5_identity[5] = {0.0, 0.0, 1.0, 0.0, 0.0};

static void choose_filter(FloatMotionGeometry *g, int filter_size)
{
    if (filter_size == 1) {
        g->taps = filter_5_identity;
        g->n_taps = 5;
    } else if (filter_size == 3) {
        g->taps = filter_3;
        g->n_taps = 3;
    } else {
        g->taps = filter_5;
        g->n_taps = 5;
    }
}

/* The half size of motion_add_scale1: n * 0.5 rounded half up. */
static unsigned half_size(unsigned n)
{
    return (unsigned)(int)(n * 0.5 + 0.5);
}

unsigned float_motion_planes_read(const FloatMotionOptions *opt, enum VmafPixelFormat pix_fmt)
{
    return opt->add_uv && pix_fmt != VMAF_PIX_FMT_YUV400P ? 7 : 1;
}

int float_motion_geometry(FloatMotionGeometry *g, const char *fex_name,
                          const FloatMotionOptions *opt, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    *g = (FloatMotionGeometry){0};
    if (opt->add_uv && pix_fmt == VMAF_PIX_FMT_YUV400P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: motion_add_uv needs chroma planes", fex_name);
        return -EINVAL;
    }
    if (opt->force_zero)
        return 0;
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12, 16)",
                 fex_name, bpc);
        return -EINVAL;
    }
    choose_filter(g, opt->filter_size);
    const unsigned planes = opt->add_uv ? 3 : 1;
    const unsigned ss_x = pix_fmt != VMAF_PIX_FMT_YUV444P, ss_y = pix_fmt == VMAF_PIX_FMT_YUV420P;
    for (unsigned p = 0; p < planes; p++) {
        const unsigned pw = p ? w >> ss_x : w, ph = p ? h >> ss_y : h;
        /* The mirrored filter reaches n / 2 samples past each edge. */
        if (pw <= g->n_taps / 2 || ph <= g->n_taps / 2) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: plane %u is %ux%u, too small for the %u-tap blur",
                     fex_name, p, pw, ph, g->n_taps);
            return -EINVAL;
        }
        g->w[p] = pw;
        g->h[p] = ph;
        g->half_w[p] = half_size(pw);
        g->half_h[p] = half_size(ph);
    }
    g->planes = planes;
    return 0;
}

double float_motion_frame_score(const FloatMotionGeometry *g, bool add_scale1, const float sad[][2])
{
    double score = 0.0;
    for (unsigned p = 0; p < g->planes; p++) {
        float motion = sad[p][0] / (float)(int)(g->w[p] * g->h[p]);
        if (add_scale1)
            motion += sad[p][1] / (float)(int)(g->half_w[p] * g->half_h[p]);
        score += motion;
    }
    return score;
}

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

static double weighted(const FloatMotionOptions *opt, double score)
{
    return min_of(score * opt->fps_weight, opt->max_val);
}

/* motion3: the weighted score blended with its value capped at the offset,
 * clipped. */
static double blended(const FloatMotionOptions *opt, double score)
{
    const double x = score * opt->fps_weight;
    const double v = x * opt->blend_factor + (1 - opt->blend_factor) * min_of(opt->blend_offset, x);
    return min_of(v, opt->max_val);
}

int float_motion_append_zeros(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, unsigned index)
{
    int err = vmaf_fex_append(ctx, fc, FLOAT_MOTION2_FEATURE, 0.0, index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, FLOAT_MOTION3_FEATURE, 0.0, index);
    if (!err && opt->debug)
        err = vmaf_fex_append(ctx, fc, FLOAT_MOTION_FEATURE, 0.0, index);
    return err;
}

int float_motion_append_first(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, FloatMotionTrack *track)
{
    track->index = 0;
    int err = vmaf_fex_append(ctx, fc, FLOAT_MOTION2_FEATURE, 0.0, 0);
    if (!err && opt->debug)
        err = vmaf_fex_append(ctx, fc, FLOAT_MOTION_FEATURE, 0.0, 0);
    return err;
}

int float_motion_append_frame(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const FloatMotionOptions *opt, FloatMotionTrack *track,
                              unsigned index, double score, double earlier)
{
    track->index = index;
    int err = opt->debug
                  ? vmaf_fex_append(ctx, fc, FLOAT_MOTION_FEATURE, weighted(opt, score), index)
                  : 0;
    if (err)
        return err;
    track->score = score;
    /* Frame 0's motion3 takes frame 1's motion; its motion2 is 0. */
    if (index == 1)
        return vmaf_fex_append(ctx, fc, FLOAT_MOTION3_FEATURE, blended(opt, score), 0);

    const double motion2 = min_of(earlier, score);
    err = vmaf_fex_append(ctx, fc, FLOAT_MOTION2_FEATURE, weighted(opt, motion2), index - 1);
    if (!err)
        err = vmaf_fex_append(ctx, fc, FLOAT_MOTION3_FEATURE, blended(opt, motion2), index - 1);
    return err;
}

int float_motion_append_last(VmafFexContext *ctx, VmafFeatureCollector *fc,
                             const FloatMotionOptions *opt, const FloatMotionTrack *track)
{
    if (!track->index)
        return vmaf_fex_append(ctx, fc, FLOAT_MOTION3_FEATURE, 0.0, 0);
    int err =
        vmaf_fex_append(ctx, fc, FLOAT_MOTION2_FEATURE, weighted(opt, track->score), track->index);
    if (!err)
        err = vmaf_fex_append(ctx, fc, FLOAT_MOTION3_FEATURE, blended(opt, track->score),
                              track->index);
    return err;
}
