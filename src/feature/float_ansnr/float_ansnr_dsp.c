#include "float_ansnr_dsp.h"

/* The reference's asymmetric mirror: -k reflects to k, size - 1 + k to
 * size - k. Valid for -size < i < 2 * size. */
static inline int mirror(int i, int size)
{
    if (i < 0)
        return -i;
    if (i >= size)
        return 2 * size - i - 1;
    return i;
}

/* sum[j] = the products of the n taps with source row src around column j,
 * added from the left. The loops run over columns innermost, each column
 * seeing its products in tap order; only the edge columns need the mirror. */
static void filter_row(float *restrict sum, const float *restrict src, const float *taps, int n,
                       int w)
{
    const int r = n / 2;
    const int inner_end = w - r > r ? w - r : r;
    for (int j = 0; j < w; j++)
        sum[j] = 0;
    for (int k = 0; k < n; k++) {
        const float t = taps[k];
        for (int j = 0; j < r; j++)
            sum[j] += t * src[mirror(j - r + k, w)];
        for (int j = r; j < inner_end; j++)
            sum[j] += t * src[j - r + k];
        for (int j = inner_end; j < w; j++)
            sum[j] += t * src[mirror(j - r + k, w)];
    }
}

static void filter_c(const FloatPlane *dst, const FloatPlane *src, const float *kernel, unsigned n,
                     float *line)
{
    const int w = (int)src->w, h = (int)src->h, r = (int)n / 2;
    for (int i = 0; i < h; i++) {
        float *restrict out = dst->data + i * dst->stride;
        for (int j = 0; j < w; j++)
            out[j] = 0;
        for (int k = 0; k < (int)n; k++) {
            const float *row = src->data + mirror(i - r + k, h) * src->stride;
            filter_row(line, row, kernel + k * n, (int)n, w);
            for (int j = 0; j < w; j++)
                out[j] += line[j];
        }
    }
}

static void energies_c(const FloatPlane *ref, const FloatPlane *dis, float *signal, float *noise)
{
    float sig = 0, err = 0;
    for (unsigned i = 0; i < ref->h; i++) {
        const float *r = ref->data + i * ref->stride;
        const float *d = dis->data + i * dis->stride;
        float sig_row = 0, err_row = 0;
        for (unsigned j = 0; j < ref->w; j++) {
            sig_row += r[j] * r[j];
            err_row += (r[j] - d[j]) * (r[j] - d[j]);
        }
        sig += sig_row;
        err += err_row;
    }
    *signal = sig;
    *noise = err;
}

void float_ansnr_dsp_init(FloatAnsnrDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->filter = filter_c;
    dsp->energies = energies_c;
}
