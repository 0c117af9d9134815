/* SSIMULACRA 2 of a pair of RGB pictures: the buffers of one picture size,
 * made once and reused for each pair of that size, and the six scales'
 * stages of ssimulacra2_dsp.h pooled into the score. Each scale streams
 * down its rows (XYB, blur inputs, row blur, column blur, maps), so that
 * only the linear RGB planes are whole pictures: about 55 MB at 1080p. */
#ifndef VMAF_FEATURE_SSIMULACRA2_FRAME_H
#define VMAF_FEATURE_SSIMULACRA2_FRAME_H

#include "ssimulacra2_dsp.h"
#include "ssimulacra2_math.h"

/* Rows the rings keep: the column blur reads rows n - N - 1 to n + N - 1. */
enum { SSIMU2_RING_ROWS = 2 * SSIMU2_BLUR_RADIUS + 1 };

typedef struct Ssimu2Frame {
    Ssimulacra2Dsp dsp;
    unsigned w, h;
    /* The scales made (ssimu2_scale_count()) and each one's sums kept, per
     * channel (ssimu2_sum_mask()). */
    unsigned scales, need[SSIMU2_SCALES][3];
    /* Per picture (reference, distorted): linear RGB, downsampled in place
     * from scale to scale. */
    FloatPlane linear[2][3];
    /* A scale runs down its rows once: each picture's last XYB rows and
     * the row-blurred lanes of the last rows in rings of
     * SSIMU2_RING_ROWS, the column blur's state, the blur's inputs of a
     * row and a blurred row. */
    float *xyb[2][3], *row_blurred, *column_state, *inputs, *blurred;
    /* The linear light of every sample value of table_bits bits (0: not
     * made yet). */
    float *table;
    unsigned table_bits;
} Ssimu2Frame;

/* 0 for pictures of at least SSIMU2_MIN_SIZE pixels either way, else
 * -EINVAL (logged). */
int ssimu2_check_size(unsigned w, unsigned h);

/* Makes the buffers for w x h pictures. Returns 0, -EINVAL (logged) for a
 * picture under SSIMU2_MIN_SIZE pixels either way, or -ENOMEM. On error
 * nothing is left to close. */
int ssimu2_frame_open(Ssimu2Frame *f, unsigned w, unsigned h, unsigned cpu_flags);

/* table[v] = the linear light of every 16-bit word v read as a sample of
 * `bits` bits (scaled to 0..1 by 1 / (2^bits - 1), as libjxl reads a PNG;
 * words past the depth, which RGB pictures are not checked for, read as
 * its largest value), by dsp's sRGB decoding: 65536 floats. */
void ssimu2_linear_table(float *table, unsigned bits, const Ssimulacra2Dsp *dsp);

/* Frees the buffers; f may be zeroed or closed already. */
void ssimu2_frame_close(Ssimu2Frame *f);

/* SSIMULACRA 2 of the distorted picture dis against ref, both of the
 * frame's size, 8- to 16-bit sRGB samples (borrowed for the call). Not
 * thread-safe: a frame serves one thread. */
double ssimu2_frame_score(Ssimu2Frame *f, const Ssimu2Samples *ref, const Ssimu2Samples *dis);

#endif
