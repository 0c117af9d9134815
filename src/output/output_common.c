/* What the four output formats share: libvmaf's number format, which frames
 * and scores are written, pooling over the frames read. */
#include <errno.h>
#include <math.h>
#include <time.h>

#include "output_common.h"

const char *const vmaf_output_pool_name[VMAF_POOL_METHOD_NB] = {
    [VMAF_POOL_METHOD_MIN] = "min",
    [VMAF_POOL_METHOD_MAX] = "max",
    [VMAF_POOL_METHOD_MEAN] = "mean",
    [VMAF_POOL_METHOD_HARMONIC_MEAN] = "harmonic_mean",
};

/* libvmaf prints %.6f, unless the fractional part starts with more than six
 * zeros, then %.16f so that the value does not print as a round number.
 * Magnitudes past INT_MAX (and NaN) take %.6f, as libvmaf's int truncation
 * gives on x86, without the undefined conversion. */
static const char *score_format(double v)
{
    double a = fabs(v);
    if (!(a < 2147483648.0))
        return "%.6f";
    double frac = a - (int)a;
    int zeros = 0;
    while (frac < 1.0 && frac != 0) {
        frac *= 10;
        zeros++;
    }
    return zeros <= 6 ? "%.6f" : "%.16f";
}

void vmaf_output_print_score(FILE *f, double v, const char *nan_text)
{
    if (nan_text && !isfinite(v)) {
        fputs(nan_text, f);
        return;
    }
    fprintf(f, score_format(v), v);
}

unsigned vmaf_output_frame_limit(const VmafFeatureCollector *fc)
{
    unsigned n = 0;
    for (unsigned j = 0; j < fc->cnt; j++) {
        if (fc->feature_vector[j]->capacity > n)
            n = fc->feature_vector[j]->capacity;
    }
    return n;
}

int vmaf_output_is_written(const FeatureVector *fv, unsigned i)
{
    return i < fv->capacity && fv->score[i].written;
}

unsigned vmaf_output_frame_score_count(const VmafContext *vmaf, unsigned i)
{
    if (vmaf->cfg.n_subsample > 1 && i % vmaf->cfg.n_subsample)
        return 0;
    unsigned cnt = 0;
    for (unsigned j = 0; j < vmaf->fc->cnt; j++)
        cnt += vmaf_output_is_written(vmaf->fc->feature_vector[j], i);
    return cnt;
}

double vmaf_output_fps(const VmafContext *vmaf)
{
    const VmafFeatureCollector *fc = vmaf->fc;
    double seconds = (double)(fc->timer.end - fc->timer.begin) / CLOCKS_PER_SEC;
    return vmaf->pic_cnt / seconds;
}

/* Frames vmaf_output_pooled: those read, or, for scores only imported, up to the last
 * frame that has one. */
static unsigned pooled_frame_count(const VmafContext *vmaf)
{
    if (vmaf->pic_cnt)
        return vmaf->pic_cnt;
    unsigned n = 0;
    for (unsigned i = 0, limit = vmaf_output_frame_limit(vmaf->fc); i < limit; i++) {
        if (vmaf_output_frame_score_count(vmaf, i))
            n = i + 1;
    }
    return n;
}

int vmaf_output_pooled(VmafContext *vmaf, const char *name, unsigned method, double *score)
{
    unsigned n = pooled_frame_count(vmaf);
    if (!n)
        return -EINVAL;
    return vmaf_feature_score_pooled(vmaf, name, method, score, 0, n - 1);
}
