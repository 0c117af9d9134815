/* SSIMULACRA 2 of a pair of RGB pictures: the buffers of one picture size,
 * made once and reused for each pair of that size, and the six scales'
 * stages of ssimulacra2_dsp.h pooled into the score. */
#ifndef VMAF_FEATURE_SSIMULACRA2_FRAME_H
#define VMAF_FEATURE_SSIMULACRA2_FRAME_H

#include "ssimulacra2_dsp.h"
#include "ssimulacra2_math.h"

typedef struct Ssimu2Frame {
    Ssimulacra2Dsp dsp;
    unsigned w, h;
    /* Per picture (reference, distorted): linear RGB, downsampled in place
     * from scale to scale, and its XYB at the current scale. */
    FloatPlane linear[2][3], xyb[2][3];
    /* One channel's blurred means and (co)moments, a product before its
     * blur, the rows' blur before the columns'. */
    FloatPlane mu[2], s11, s22, s12, product, rows;
    float *ring; /* the column blur's scratch */
} Ssimu2Frame;

/* Makes the buffers for w x h pictures. Returns 0, -EINVAL (logged) for a
 * picture under SSIMU2_MIN_SIZE pixels either way, or -ENOMEM. On error
 * nothing is left to close. */
int ssimu2_frame_open(Ssimu2Frame *f, unsigned w, unsigned h, unsigned cpu_flags);

/* Frees the buffers; f may be zeroed or closed already. */
void ssimu2_frame_close(Ssimu2Frame *f);

/* *score = SSIMULACRA 2 of the distorted picture dis against ref, both of
 * the frame's size, 8- to 16-bit sRGB samples. *norms (may be NULL) gets
 * each computed scale's norms, *scales their count. */
void ssimu2_frame_score(Ssimu2Frame *f, const Ssimu2Samples *ref, const Ssimu2Samples *dis,
                        double *score, Ssimu2Norms norms[SSIMU2_SCALES], unsigned *scales);

#endif
