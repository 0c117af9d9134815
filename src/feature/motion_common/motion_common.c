#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/feature_name.h"
#include "motion_common.h"

unsigned motion_frame_distance(const MotionScoring *opt)
{
    return opt->five_frame_window ? 2 : 1;
}

static double min_of(double a, double b)
{
    return a < b ? a : b;
}

/* The score blended with its value capped at the offset, then clipped. */
static double blend_and_clip(const MotionScoring *opt, double score)
{
    const double blended =
        score * opt->blend_factor + (1.0 - opt->blend_factor) * min_of(opt->blend_offset, score);
    return min_of(blended, opt->max_val);
}

int motion_sad_init(MotionSad *m, unsigned w, unsigned h, unsigned bpc, unsigned cpu_flags)
{
    m->blurred_row = malloc(sizeof(*m->blurred_row) * w);
    if (!m->blurred_row)
        return -ENOMEM;
    m->w = w;
    m->h = h;
    m->bpc = bpc;
    motion_dsp_init(&m->dsp, cpu_flags);
    return 0;
}

void motion_sad_close(MotionSad *m)
{
    free(m->blurred_row);
    m->blurred_row = NULL;
}

/* Sum of |blur(prev - cur)| over the luma plane, row by row. */
static uint64_t blurred_difference_sad(MotionSad *m, const VmafPicture *prev,
                                       const VmafPicture *cur)
{
    void (*const vertical)(int32_t *, const MotionRows *, unsigned, unsigned) =
        m->bpc > 8 ? m->dsp.diff_blur_vertical_16 : m->dsp.diff_blur_vertical_8;
    const uint8_t *prev_plane = prev->data[0], *cur_plane = cur->data[0];

    uint64_t sad = 0;
    for (unsigned y = 0; y < m->h; y++) {
        MotionRows rows;
        for (int k = 0; k < MOTION_FILTER_TAPS; k++) {
            const unsigned src_y = motion_mirror_index((int)y - MOTION_FILTER_TAPS / 2 + k, m->h);
            rows.prev[k] = prev_plane + (ptrdiff_t)src_y * prev->stride[0];
            rows.cur[k] = cur_plane + (ptrdiff_t)src_y * cur->stride[0];
        }
        vertical(m->blurred_row, &rows, m->w, m->bpc);
        sad += m->dsp.blur_horizontal_abs_sum(m->blurred_row, m->w);
    }
    return sad;
}

double motion_score_of_sad(const MotionScoring *opt, uint64_t sad, unsigned w, unsigned h)
{
    return min_of((double)sad / 256.0 / (w * h) * opt->fps_weight, opt->max_val);
}

double motion_sad_score(MotionSad *m, const MotionScoring *opt, const VmafPicture *prev,
                        const VmafPicture *cur)
{
    return motion_score_of_sad(opt, blurred_difference_sad(m, prev, cur), m->w, m->h);
}

/* motion2 of frame i: the smaller of the sad scores around it, so that a
 * lone spike (a scene cut) is not taken for motion. */
static double motion2_at(const MotionScoring *opt, const double *sad, unsigned n, unsigned i)
{
    const unsigned first = motion_frame_distance(opt);
    if (i < first)
        return 0.0;
    if (i + 1 >= n)
        return sad[i];
    const unsigned lo = i - (first - 1);
    if (lo >= first)
        return sad[lo] < sad[i + 1] ? sad[lo] : sad[i + 1];
    return sad[i + 1];
}

static int append_motion2_motion3(VmafFexContext *ctx, VmafFeatureCollector *fc,
                                  const MotionScoring *opt, const MotionFeatureNames *names,
                                  const double *sad, unsigned n)
{
    const unsigned first = motion_frame_distance(opt);
    /* Frames without an earlier reference take the first real frame's value. */
    const double leading = n > first ? blend_and_clip(opt, sad[first]) : 0.0;

    double previous = leading;
    int err = 0;
    for (unsigned i = 0; !err && i < n; i++) {
        const double motion2 = motion2_at(opt, sad, n, i);
        double motion3 = leading;
        if (i >= first) {
            const double current = blend_and_clip(opt, motion2);
            motion3 = opt->moving_average ? (current + previous) / 2.0 : current;
            previous = current;
        }
        err = vmaf_fex_append(ctx, fc, names->motion2, motion2, i);
        if (!err)
            err = vmaf_fex_append(ctx, fc, names->motion3, motion3, i);
    }
    return err;
}

int motion_flush_derived(VmafFexContext *ctx, VmafFeatureCollector *fc, const MotionScoring *opt,
                         const MotionFeatureNames *names)
{
    char sad_name[256];
    /* Stored under the suffixed name vmaf_fex_append() gave it. */
    int err = vmaf_feature_name_from_state(sad_name, sizeof(sad_name), names->sad,
                                           ctx->fex->options, ctx->priv);
    if (err < 0)
        return err;

    unsigned n = 0;
    double score;
    while (!vmaf_feature_collector_get_score(fc, sad_name, &score, n))
        n++;
    if (!n)
        return 1;

    double *sad = malloc(sizeof(*sad) * n);
    if (!sad)
        return -ENOMEM;
    for (unsigned i = 0; i < n; i++)
        vmaf_feature_collector_get_score(fc, sad_name, &sad[i], i);
    err = append_motion2_motion3(ctx, fc, opt, names, sad, n);
    free(sad);
    return err < 0 ? err : 1;
}
