/* The SpEED computation shared by speed_chroma and speed_temporal: a
 * reference/distorted pair of float planes in, one score out.
 *
 * Each plane is optionally resized, low-passed and decimated by 16, and
 * its local mean removed. Over 5x5 blocks of what remains, a Gaussian
 * scale mixture model gives every block an entropy and a variance; the
 * score is the mean over blocks of |entropy_ref * log2(1 + var) -
 * entropy_dis * log2(1 + var')|, with the variances weighted per
 * weight_var_mode. */
#ifndef VMAF_FEATURE_SPEED_PIPELINE_H
#define VMAF_FEATURE_SPEED_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "feature/float_common/float_common_dsp.h"
#include "libvmaf/picture.h"
#include "speed_dsp.h"
#include "speed_math.h"

/* Widest filter: 9 taps times the largest kernel scale (4), made odd. */
#define SPEED_MAX_TAPS 37

/* The options both extractors share (the values as given). */
typedef struct SpeedParams {
    double kernelscale;
    double prescale;
    const char *prescale_method; /* nearest, bilinear, bicubic or lanczos4 */
    double sigma_nn;
    double nn_floor;
    int weight_var_mode; /* 0..6 */
} SpeedParams;

/* Per-block results of one plane. */
typedef struct SpeedBlocks {
    float *entropy, *variance;
} SpeedBlocks;

typedef struct SpeedPipeline {
    SpeedDsp dsp;
    FloatCommonDsp float_dsp;
    bool resize;
    enum FloatResampleMethod resize_method;
    float sigma_nn, nn_floor; /* the reference computes with float copies */
    int weight_var_mode;

    unsigned w, h;               /* of the planes given */
    unsigned scaled_w, scaled_h; /* after the resize */
    unsigned small_w, small_h;   /* after the decimation by 16 */
    unsigned blocks_x, blocks_y, n_blocks;
    unsigned window_w, window_h; /* of each of the 25 shifted covariance windows */
    ptrdiff_t stride;            /* of every plane, in floats */
    size_t plane_floats;

    float antialias[SPEED_MAX_TAPS], local_mean[SPEED_MAX_TAPS];
    unsigned antialias_taps, local_mean_taps;

    /* Scratch, all in one allocation. */
    float *mem;
    float *work[2], *line;
    float *cov, *means, *eigenvalues;
    float *samples, *solution; /* 25 x n_blocks each */
    float *linalg_scratch;
    SpeedBlocks ref, dis;
} SpeedPipeline;

/* Sets up for w x h planes of bpc-bit pictures. Fails with -EINVAL (and a
 * message) for a depth other than 8, 10, 12 or 16, an unsupported kernel
 * scale or resize method, or when the decimated plane holds no 5x5 block. */
int speed_pipeline_init(SpeedPipeline *s, const SpeedParams *p, unsigned w, unsigned h,
                        unsigned bpc, unsigned cpu_flags);
/* The same checks, geometry, filters and parameters, without the scratch
 * (mem and what points into it stay NULL): for the CUDA twin, which scores
 * with the functions below. */
int speed_pipeline_setup(SpeedPipeline *s, const SpeedParams *p, unsigned w, unsigned h,
                         unsigned bpc, unsigned cpu_flags);
void speed_pipeline_close(SpeedPipeline *s);

/* A zeroed plane of plane_floats floats for the caller to load, or NULL. */
float *speed_plane_alloc(const SpeedPipeline *s);

/* dst = plane p of pic (of the size given at init) in 8-bit units, minus
 * 128. */
void speed_plane_load(const SpeedPipeline *s, float *dst, const VmafPicture *pic, unsigned p);

/* a -= b over the size given at init. */
void speed_plane_subtract(const SpeedPipeline *s, float *a, const float *b);

/* Scores the pair; both planes are overwritten. *score is 0 when exactly
 * one plane's covariance matrix cannot be inverted. Returns true when
 * either could not be (a warning is logged for each). */
bool speed_pipeline_score(SpeedPipeline *s, float *ref, float *dis, float *score);

/* The steps of the scoring after the covariance and the block solve, also
 * run by the CUDA twin on what its kernels computed. */

/* The 25 eigenvalues of a plane's covariance matrix (scratch:
 * SPEED_EIGEN_SCRATCH(25) floats); true when one is below SPEED_EPS. */
bool speed_covariance_singular(const float *cov, float *eigenvalues, float *scratch);
/* Completes a plane's blocks, whose variances are set unless singular: a
 * singular plane is warned of and its variances become 0; then each block's
 * entropy from the eigenvalues. */
void speed_blocks_finish(const SpeedPipeline *s, const float *eigenvalues, bool singular,
                         SpeedBlocks *blocks);
/* The score of a pair of completed planes: 0 when exactly one is singular. */
float speed_pair_score(const SpeedPipeline *s, bool ref_singular, bool dis_singular,
                       const SpeedBlocks *ref, const SpeedBlocks *dis);

#endif
