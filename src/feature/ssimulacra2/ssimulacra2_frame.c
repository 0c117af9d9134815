/* SSIMULACRA 2 of a pair of RGB pictures (ssimulacra2_frame.h), in the
 * order of libjxl's tools/ssimulacra2.cc. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "core/log.h"
#include "feature/float_common/float_plane.h"
#include "ssimulacra2_frame.h"

/* Every plane of the frame, for allocation and sizing. */
static FloatPlane *plane_at(Ssimu2Frame *f, unsigned i)
{
    FloatPlane *const planes[] = {
        &f->linear[0][0], &f->linear[0][1], &f->linear[0][2], &f->linear[1][0], &f->linear[1][1],
        &f->linear[1][2], &f->xyb[0][0],    &f->xyb[0][1],    &f->xyb[0][2],    &f->xyb[1][0],
        &f->xyb[1][1],    &f->xyb[1][2],    &f->mu[0],        &f->mu[1],        &f->s11,
        &f->s22,          &f->s12,          &f->product,      &f->rows,
    };
    return i < sizeof(planes) / sizeof(planes[0]) ? planes[i] : NULL;
}

void ssimu2_frame_close(Ssimu2Frame *f)
{
    for (unsigned i = 0; plane_at(f, i); i++)
        float_plane_free(plane_at(f, i));
    free(f->ring);
    f->ring = NULL;
}

int ssimu2_frame_open(Ssimu2Frame *f, unsigned w, unsigned h, unsigned cpu_flags)
{
    *f = (Ssimu2Frame){.w = w, .h = h};
    if (w < SSIMU2_MIN_SIZE || h < SSIMU2_MIN_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: %ux%u is smaller than its %dx%d minimum", w, h,
                 SSIMU2_MIN_SIZE, SSIMU2_MIN_SIZE);
        return -EINVAL;
    }
    ssimulacra2_dsp_init(&f->dsp, cpu_flags);
    int err = 0;
    for (unsigned i = 0; !err && plane_at(f, i); i++)
        err = float_plane_alloc(plane_at(f, i), w, h);
    f->ring = err ? NULL : malloc(sizeof(float) * SSIMU2_BLUR_RING_ROWS * w);
    if (!err && !f->ring)
        err = -ENOMEM;
    if (err)
        ssimu2_frame_close(f);
    return err;
}

static void resize_planes(Ssimu2Frame *f, unsigned w, unsigned h)
{
    for (unsigned i = 0; plane_at(f, i); i++) {
        plane_at(f, i)->w = w;
        plane_at(f, i)->h = h;
    }
}

static void blur(Ssimu2Frame *f, const FloatPlane *dst, const FloatPlane *src)
{
    f->dsp.blur_rows(&f->rows, src);
    f->dsp.blur_columns(dst, &f->rows, f->ring);
}

/* The norms of channel c at the current scale. */
static void channel_norms(Ssimu2Frame *f, unsigned c, Ssimu2Norms *norms)
{
    const FloatPlane *x1 = &f->xyb[0][c], *x2 = &f->xyb[1][c];
    f->dsp.multiply(&f->product, x1, x1);
    blur(f, &f->s11, &f->product);
    f->dsp.multiply(&f->product, x2, x2);
    blur(f, &f->s22, &f->product);
    f->dsp.multiply(&f->product, x1, x2);
    blur(f, &f->s12, &f->product);
    blur(f, &f->mu[0], x1);
    blur(f, &f->mu[1], x2);

    double ssim[2] = {0}, edge[4] = {0};
    f->dsp.ssim_map(&f->mu[0], &f->mu[1], &f->s11, &f->s22, &f->s12, ssim);
    f->dsp.edge_map(x1, &f->mu[0], x2, &f->mu[1], edge);
    const double per_pixel = 1.0 / (double)((size_t)x1->w * x1->h);
    norms->ssim[c][0] = per_pixel * ssim[0];
    norms->ssim[c][1] = sqrt(sqrt(per_pixel * ssim[1]));
    norms->artifact[c][0] = per_pixel * edge[0];
    norms->artifact[c][1] = sqrt(sqrt(per_pixel * edge[1]));
    norms->detail_lost[c][0] = per_pixel * edge[2];
    norms->detail_lost[c][1] = sqrt(sqrt(per_pixel * edge[3]));
}

void ssimu2_frame_score(Ssimu2Frame *f, const Ssimu2Samples *ref, const Ssimu2Samples *dis,
                        double *score, Ssimu2Norms norms[SSIMU2_SCALES], unsigned *scales)
{
    Ssimu2Norms own[SSIMU2_SCALES];
    if (!norms)
        norms = own;
    unsigned w = f->w, h = f->h, s = 0;
    resize_planes(f, w, h);
    f->dsp.linear_from_samples(f->linear[0], ref);
    f->dsp.linear_from_samples(f->linear[1], dis);
    for (; s < SSIMU2_SCALES; s++) {
        /* The size the scale before left decides, as in libjxl: the last
         * scale may be under the minimum. */
        if (w < SSIMU2_MIN_SIZE || h < SSIMU2_MIN_SIZE)
            break;
        if (s) {
            const unsigned half_w = (w + 1) / 2, half_h = (h + 1) / 2;
            for (unsigned p = 0; p < 2; p++) {
                for (unsigned c = 0; c < 3; c++) {
                    FloatPlane dst = f->linear[p][c];
                    dst.w = half_w;
                    dst.h = half_h;
                    f->dsp.downsample(&dst, &f->linear[p][c]);
                }
            }
            w = half_w;
            h = half_h;
            resize_planes(f, w, h);
        }
        f->dsp.xyb_from_linear(f->xyb[0], f->linear[0]);
        f->dsp.xyb_from_linear(f->xyb[1], f->linear[1]);
        for (unsigned c = 0; c < 3; c++)
            channel_norms(f, c, &norms[s]);
    }
    *score = ssimu2_pool(norms, s);
    if (scales)
        *scales = s;
}
