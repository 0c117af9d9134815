#include <errno.h>
#include <stdlib.h>

#include "ssim_pass.h"

int ssim_pass_buffers_alloc(SsimPassBuffers *buf, unsigned max_w)
{
    const size_t out_w = max_w - (SSIM_WINDOW - 1);
    const size_t rows = SSIM_MOMENTS * (SSIM_WINDOW + 1);
    float *block = malloc((3 * (size_t)max_w + rows * out_w) * sizeof(*block));
    if (!block)
        return -ENOMEM;

    buf->block = block;
    for (unsigned i = 0; i < 3; i++, block += max_w)
        buf->product[i] = block;
    for (unsigned m = 0; m < SSIM_MOMENTS; m++) {
        for (unsigned k = 0; k < SSIM_WINDOW; k++, block += out_w)
            buf->ring[m][k] = block;
        buf->moment[m] = block;
        block += out_w;
    }
    return 0;
}

void ssim_pass_buffers_free(SsimPassBuffers *buf)
{
    free(buf->block);
    buf->block = NULL;
}

void ssim_load_plane(const FloatSsimDsp *dsp, float *dst, const VmafPicture *pic, unsigned p)
{
    if (pic->bpc == 8)
        dsp->load_8(dst, pic->w[p], pic->data[p], pic->stride[p], pic->w[p], pic->h[p]);
    else
        dsp->load_16(dst, pic->w[p], pic->data[p], pic->stride[p], pic->w[p], pic->h[p],
                     (float)(1u << (pic->bpc - 8)));
}

/* Windows input row y horizontally into ring slot y % SSIM_WINDOW. */
static void window_input_row(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, const float *ref,
                             const float *dis, unsigned w, unsigned y)
{
    const unsigned out_w = w - (SSIM_WINDOW - 1);
    const unsigned slot = y % SSIM_WINDOW;
    dsp->product_row(buf->product[0], ref, ref, w);
    dsp->product_row(buf->product[1], dis, dis, w);
    dsp->product_row(buf->product[2], ref, dis, w);

    const float *const src[SSIM_MOMENTS] = {ref, dis, buf->product[0], buf->product[1],
                                            buf->product[2]};
    for (unsigned m = 0; m < SSIM_MOMENTS; m++)
        dsp->window_row(buf->ring[m][slot], src[m], out_w);
}

/* Windows vertically the SSIM_WINDOW ring rows starting at input row top. */
static void window_output_row(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, unsigned out_w,
                              unsigned top)
{
    for (unsigned m = 0; m < SSIM_MOMENTS; m++) {
        const float *rows[SSIM_WINDOW];
        for (unsigned k = 0; k < SSIM_WINDOW; k++)
            rows[k] = buf->ring[m][(top + k) % SSIM_WINDOW];
        dsp->window_col(buf->moment[m], rows, out_w);
    }
}

SsimSums ssim_pass_sums(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, const float *ref,
                        const float *dis, ptrdiff_t stride, unsigned w, unsigned h)
{
    const unsigned out_w = w - (SSIM_WINDOW - 1);
    const SsimMomentRow moments = {
        .mu_ref = buf->moment[0],
        .mu_dis = buf->moment[1],
        .ref_sq = buf->moment[2],
        .dis_sq = buf->moment[3],
        .ref_dis = buf->moment[4],
    };
    SsimSums sums = {0};

    for (unsigned y = 0; y < h; y++) {
        window_input_row(dsp, buf, ref + y * stride, dis + y * stride, w, y);
        if (y + 1 < SSIM_WINDOW)
            continue;
        window_output_row(dsp, buf, out_w, y + 1 - SSIM_WINDOW);
        dsp->accumulate_row(&sums, &moments, out_w);
    }

    return sums;
}

SsimMeans ssim_pass(const FloatSsimDsp *dsp, const SsimPassBuffers *buf, const float *ref,
                    const float *dis, ptrdiff_t stride, unsigned w, unsigned h)
{
    const SsimSums sums = ssim_pass_sums(dsp, buf, ref, dis, stride, w, h);
    return ssim_means(&sums, w - (SSIM_WINDOW - 1), h - (SSIM_WINDOW - 1));
}

SsimMeans ssim_means(const SsimSums *sums, unsigned out_w, unsigned out_h)
{
    const double n = (double)out_w * out_h;
    return (SsimMeans){
        .ssim = (float)(sums->lcs / n),
        .l = (float)(sums->l / n),
        .c = (float)(sums->c / n),
        .s = (float)(sums->s / n),
    };
}
