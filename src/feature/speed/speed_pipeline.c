/* SpEED on one pair of float planes. Where a value is converted between
 * float and double below, the reference converts it there too. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "feature/float_common/float_kernel.h"
#include "feature/float_common/float_plane.h"
#include "speed_linalg.h"
#include "speed_pipeline.h"

/* The planes are decimated by 2^4 after the anti-alias filter. */
#define SPEED_SCALES 4
#define SPEED_ALIGN 64

static void make_filters(SpeedPipeline *s, float ks)
{
    /* The anti-alias filter has the size of the scale-1 filter and the
     * width of the scale-4 one: sigma = sqrt(4) * taps / 5. */
    s->antialias_taps = float_kernel_taps(1, ks);
    float_kernel_gaussian(s->antialias, s->antialias_taps, (float)(2.0 * s->antialias_taps / 5.0));
    s->local_mean_taps = float_kernel_taps(SPEED_SCALES, ks);
    float_kernel_gaussian(s->local_mean, s->local_mean_taps, (float)s->local_mean_taps / 5.0f);
}

static size_t align_floats(size_t n)
{
    const size_t step = SPEED_ALIGN / sizeof(float);
    return (n + step - 1) / step * step;
}

/* Carves the scratch out of one zeroed allocation. */
static int allocate(SpeedPipeline *s, unsigned rows)
{
    const size_t work = (size_t)s->stride * rows, nb = s->n_blocks;
    size_t linalg = SPEED_SOLVE_SCRATCH(SPEED_BLOCK_ELEMS, nb);
    if (linalg < SPEED_EIGEN_SCRATCH(SPEED_BLOCK_ELEMS))
        linalg = SPEED_EIGEN_SCRATCH(SPEED_BLOCK_ELEMS);
    const struct {
        float **part;
        size_t floats;
    } layout[] = {
        {&s->work[0], work},
        {&s->work[1], work},
        {&s->line, float_filter_line_size((unsigned)s->stride, SPEED_MAX_TAPS)},
        {&s->cov, SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS},
        {&s->means, SPEED_BLOCK_ELEMS},
        {&s->eigenvalues, SPEED_BLOCK_ELEMS},
        {&s->samples, SPEED_BLOCK_ELEMS * nb},
        {&s->solution, SPEED_BLOCK_ELEMS * nb},
        {&s->linalg_scratch, linalg},
        {&s->ref.entropy, nb},
        {&s->ref.variance, nb},
        {&s->dis.entropy, nb},
        {&s->dis.variance, nb},
    };
    const size_t parts = sizeof(layout) / sizeof(*layout);
    size_t total = 0;
    for (size_t i = 0; i < parts; i++)
        total += align_floats(layout[i].floats);
    s->mem = aligned_alloc(SPEED_ALIGN, total * sizeof(float));
    if (!s->mem)
        return -ENOMEM;
    memset(s->mem, 0, total * sizeof(float));
    float *p = s->mem;
    for (size_t i = 0; i < parts; i++) {
        *layout[i].part = p;
        p += align_floats(layout[i].floats);
    }
    return 0;
}

static int set_geometry(SpeedPipeline *s, double prescale, unsigned w, unsigned h)
{
    s->w = w;
    s->h = h;
    /* A prescale within 1e-3 of 1 is no resize at all. */
    s->scaled_w = w;
    s->scaled_h = h;
    if (fabs(prescale - 1.0) >= 1.0e-3) {
        s->scaled_w = (unsigned)(int)(w * prescale + 0.5);
        s->scaled_h = (unsigned)(int)(h * prescale + 0.5);
    }
    s->small_w = s->scaled_w >> SPEED_SCALES;
    s->small_h = s->scaled_h >> SPEED_SCALES;
    s->blocks_x = s->small_w / SPEED_BLOCK;
    s->blocks_y = s->small_h / SPEED_BLOCK;
    s->n_blocks = s->blocks_x * s->blocks_y;
    if (!s->n_blocks) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "speed: a %ux%u plane is too small (resized and decimated by 16 it must hold a "
                 "%dx%d block)",
                 w, h, SPEED_BLOCK, SPEED_BLOCK);
        return -EINVAL;
    }
    s->window_w = s->blocks_x * SPEED_BLOCK - SPEED_BLOCK + 1;
    s->window_h = s->blocks_y * SPEED_BLOCK - SPEED_BLOCK + 1;
    const unsigned cols = w > s->scaled_w ? w : s->scaled_w;
    s->stride = (ptrdiff_t)align_floats(cols);
    s->plane_floats = (size_t)s->stride * h;
    return 0;
}

int speed_pipeline_setup(SpeedPipeline *s, const SpeedParams *p, unsigned w, unsigned h,
                         unsigned bpc, unsigned cpu_flags)
{
    memset(s, 0, sizeof(*s));
    speed_dsp_init(&s->dsp, cpu_flags);
    float_common_dsp_init(&s->float_dsp, cpu_flags);
    if (!float_plane_depth_supported(bpc)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "speed: %u-bit input is not supported (8, 10, 12 or 16)",
                 bpc);
        return -EINVAL;
    }
    if (!float_kernel_scale_valid((float)p->kernelscale)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "speed: kernel scale %g is not supported", p->kernelscale);
        return -EINVAL;
    }
    if (!float_resample_method_from_name(p->prescale_method, &s->resize_method)) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "speed: unknown prescale method \"%s\" (nearest, bilinear, bicubic, lanczos4)",
                 p->prescale_method);
        return -EINVAL;
    }
    int err = set_geometry(s, p->prescale, w, h);
    if (err)
        return err;
    s->resize = s->scaled_w != w || s->scaled_h != h;
    s->sigma_nn = (float)p->sigma_nn;
    s->nn_floor = (float)p->nn_floor;
    s->weight_var_mode = p->weight_var_mode;
    make_filters(s, (float)p->kernelscale);
    return 0;
}

int speed_pipeline_init(SpeedPipeline *s, const SpeedParams *p, unsigned w, unsigned h,
                        unsigned bpc, unsigned cpu_flags)
{
    int err = speed_pipeline_setup(s, p, w, h, bpc, cpu_flags);
    if (!err)
        err = allocate(s, h > s->scaled_h ? h : s->scaled_h);
    if (err)
        speed_pipeline_close(s);
    return err;
}

void speed_pipeline_close(SpeedPipeline *s)
{
    free(s->mem);
    s->mem = NULL;
}

float *speed_plane_alloc(const SpeedPipeline *s)
{
    const size_t bytes = s->plane_floats * sizeof(float);
    float *plane = aligned_alloc(SPEED_ALIGN, bytes);
    if (plane)
        memset(plane, 0, bytes);
    return plane;
}

/* A view of the top-left w x h of a plane. */
static FloatPlane view(const SpeedPipeline *s, float *data, unsigned w, unsigned h)
{
    return (FloatPlane){.data = data, .stride = s->stride, .w = w, .h = h};
}

void speed_plane_load(const SpeedPipeline *s, float *dst, const VmafPicture *pic, unsigned p)
{
    const FloatPlane plane = view(s, dst, s->w, s->h);
    float_plane_load(&s->float_dsp, &plane, pic, p);
}

void speed_plane_subtract(const SpeedPipeline *s, float *a, const float *b)
{
    s->dsp.subtract(a, b, s->stride, s->w, s->h);
}

/* Resizes, low-passes and decimates the plane by 16 into its own top-left
 * corner, then subtracts the local mean there. */
static void decimate_and_center(SpeedPipeline *s, float *plane)
{
    const FloatPlane input = view(s, plane, s->w, s->h);
    const FloatPlane scaled = view(s, s->work[0], s->scaled_w, s->scaled_h);
    const FloatPlane filtered = view(s, s->work[1], s->scaled_w, s->scaled_h);
    const FloatPlane small = view(s, plane, s->small_w, s->small_h);
    const FloatPlane local_mean = view(s, s->work[0], s->small_w, s->small_h);

    if (s->resize)
        s->float_dsp.resample[s->resize_method](&scaled, &input);
    s->float_dsp.filter(&filtered, 0, s->resize ? &scaled : &input, s->antialias, s->antialias_taps,
                        s->line);
    s->dsp.decimate_16(filtered.data, plane, s->stride, s->scaled_w, s->scaled_h);
    s->float_dsp.filter(&local_mean, 0, &small, s->local_mean, s->local_mean_taps, s->line);
    s->dsp.subtract(plane, local_mean.data, s->stride, s->small_w, s->small_h);
}

/* Covariance matrix of the 25 positions of a 5x5 block, each position's
 * samples taken from the window shifted by that position. */
static void covariance(SpeedPipeline *s, const float *plane)
{
    const unsigned ww = s->window_w, wh = s->window_h;
    float sums[SPEED_BLOCK_ELEMS];
    s->dsp.window_sums(sums, plane, s->stride, ww, wh);
    for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
        s->means[k] = speed_window_mean(sums[k], ww, wh);
    double cov[SPEED_BLOCK_ELEMS * SPEED_BLOCK_ELEMS];
    s->dsp.cov_sums(cov, plane, s->stride, ww, wh, s->means);
    for (int a = 0; a < SPEED_BLOCK_ELEMS; a++) {
        for (int b = 0; b <= a; b++) {
            const float c = speed_covariance_of(cov[a * SPEED_BLOCK_ELEMS + b], ww, wh);
            s->cov[a * SPEED_BLOCK_ELEMS + b] = c;
            s->cov[b * SPEED_BLOCK_ELEMS + a] = c;
        }
    }
}

/* samples[k][block]: position k of every block, blocks in raster order. */
static void gather_blocks(SpeedPipeline *s, const float *plane)
{
    for (unsigned by = 0; by < s->blocks_y; by++) {
        for (unsigned bx = 0; bx < s->blocks_x; bx++) {
            const unsigned block = by * s->blocks_x + bx;
            for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
                s->samples[k * s->n_blocks + block] =
                    speed_block_sample(plane, s->stride, bx, by, k);
        }
    }
}

static double log2_2pi_e(void)
{
    return log2(2 * M_PI * M_E);
}

bool speed_covariance_singular(const float *cov, float *eigenvalues, float *scratch)
{
    speed_eigenvalues(cov, SPEED_BLOCK_ELEMS, eigenvalues, scratch);
    bool singular = false;
    for (int k = 0; k < SPEED_BLOCK_ELEMS; k++)
        singular |= eigenvalues[k] < SPEED_EPS;
    return singular;
}

/* Each block's entropy sum_k log2(2 pi e (l_k s + sigma_nn)) over the
 * eigenvalues l_k of K, with s its variance multiplier. */
void speed_blocks_finish(const SpeedPipeline *s, const float *eigenvalues, bool singular,
                         SpeedBlocks *blocks)
{
    const unsigned nb = s->n_blocks;
    /* The reference's variances of a singular plane are zeros of either
     * sign; nothing below tells the signs apart (l * -0 + sigma_nn, 1 + -0). */
    if (singular) {
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "speed: covariance matrix is singular");
        memset(blocks->variance, 0, sizeof(float) * nb);
    }
    memset(blocks->entropy, 0, sizeof(float) * nb);
    for (int k = 0; k < SPEED_BLOCK_ELEMS; k++) {
        const float l = eigenvalues[k] < 0 ? 0 : eigenvalues[k];
        for (unsigned b = 0; b < nb; b++)
            blocks->entropy[b] += log2(l * blocks->variance[b] + s->sigma_nn) + log2_2pi_e();
    }
}

/* Fits the model to one centred plane: per block, the variance multiplier
 * s = y' K^-1 y / 25 and the entropy. Returns true when K is singular. */
static bool fit_blocks(SpeedPipeline *s, const float *plane, SpeedBlocks *out)
{
    const unsigned nb = s->n_blocks;
    covariance(s, plane);
    bool singular = speed_covariance_singular(s->cov, s->eigenvalues, s->linalg_scratch);
    if (!singular) {
        gather_blocks(s, plane);
        singular = speed_solve(s->cov, SPEED_BLOCK_ELEMS, s->samples, (int)nb, s->solution,
                               s->linalg_scratch) != 0;
    }
    for (unsigned b = 0; !singular && b < nb; b++)
        out->variance[b] = speed_block_variance(s->solution + b, s->samples + b, nb);
    speed_blocks_finish(s, s->eigenvalues, singular, out);
    return singular;
}

/* The log2(1 + variance) weights of the reference and distorted entropies
 * under weight_var_mode. 1 + v is a float sum; the mixtures are double. */
static void variance_weights(int mode, float vr, float vd, double *wr, double *wd)
{
    const double own_r = log2(1 + vr), own_d = log2(1 + vd);
    switch (mode) {
    case 0:
        *wr = own_r;
        *wd = own_d;
        return;
    case 1:
        *wr = *wd = own_r;
        return;
    case 2:
        *wr = *wd = own_d;
        return;
    case 3:
        *wr = *wd = log2(1 + (vr + vd) / 2.0);
        return;
    case 4:
        *wr = own_r;
        *wd = log2(1 + (vr + vd) / 2.0);
        return;
    case 5:
        *wr = own_r;
        *wd = log2(1 + (0.75 * vr + 0.25 * vd));
        return;
    default: /* 6 */
        *wr = own_r;
        *wd = log2(1 + (0.25 * vr + 0.75 * vd));
        return;
    }
}

static float score_blocks(const SpeedPipeline *s, const SpeedBlocks *ref, const SpeedBlocks *dis)
{
    /* Blocks where both entropies stay below that of pure neural noise
     * (raised by nn_floor) show no visible difference and add 0. */
    const float floor_entropy =
        (float)(SPEED_BLOCK_ELEMS * (log2((1 + s->nn_floor) * s->sigma_nn) + log2_2pi_e()));
    float score = 0;
    for (unsigned b = 0; b < s->n_blocks; b++) {
        const float er = ref->entropy[b], ed = dis->entropy[b];
        if (er < floor_entropy && ed < floor_entropy)
            continue;
        double wr, wd;
        variance_weights(s->weight_var_mode, ref->variance[b], dis->variance[b], &wr, &wd);
        const float spatial_r = (float)(er * wr), spatial_d = (float)(ed * wd);
        score += fabsf(spatial_r - spatial_d);
    }
    return score / (float)s->n_blocks;
}

bool speed_pipeline_score(SpeedPipeline *s, float *ref, float *dis, float *score)
{
    decimate_and_center(s, ref);
    const bool ref_singular = fit_blocks(s, ref, &s->ref);
    decimate_and_center(s, dis);
    const bool dis_singular = fit_blocks(s, dis, &s->dis);
    *score = speed_pair_score(s, ref_singular, dis_singular, &s->ref, &s->dis);
    return ref_singular || dis_singular;
}

float speed_pair_score(const SpeedPipeline *s, bool ref_singular, bool dis_singular,
                       const SpeedBlocks *ref, const SpeedBlocks *dis)
{
    /* One singular side would inflate the score: call it 0. */
    return ref_singular != dis_singular ? 0.0f : score_blocks(s, ref, dis);
}
