#include "float_ansnr_dsp.h"
#include "float_ansnr_math.h"

/* Output j of a row whose window crosses the left or right edge: the window
 * is copied with its columns mirrored, then filtered like any other. */
static float filter_edge(const float *const *rows, int j, int w, const float *kernel, int n)
{
    float window[FLOAT_ANSNR_MAX_TAPS][FLOAT_ANSNR_MAX_TAPS];
    const float *window_rows[FLOAT_ANSNR_MAX_TAPS];
    for (int k = 0; k < n; k++) {
        for (int m = 0; m < n; m++)
            window[k][m] = rows[k][float_ansnr_mirror(j - n / 2 + m, w)];
        window_rows[k] = window[k];
    }
    return float_ansnr_filter_at(window_rows, 0, kernel, n);
}

/* Output row i of the n-tap filter, from the n source rows it weighs. */
static inline void filter_line(float *restrict out, const float *const *rows, int w,
                               const float *kernel, int n)
{
    const int r = n / 2, inner_end = w - r > r ? w - r : r;
    for (int j = 0; j < r; j++)
        out[j] = filter_edge(rows, j, w, kernel, n);
    for (int j = r; j < inner_end; j++)
        out[j] = float_ansnr_filter_at(rows, j - r, kernel, n);
    for (int j = inner_end; j < w; j++)
        out[j] = filter_edge(rows, j, w, kernel, n);
}

static void filter_c(const FloatPlane *dst, const FloatPlane *src, const float *kernel, unsigned n)
{
    const int w = (int)src->w, h = (int)src->h, r = (int)n / 2;
    for (int i = 0; i < h; i++) {
        const float *rows[FLOAT_ANSNR_MAX_TAPS];
        for (int k = 0; k < (int)n; k++)
            rows[k] = src->data + float_ansnr_mirror(i - r + k, h) * src->stride;
        float *out = dst->data + i * dst->stride;
        /* The kernels' sizes as constants: their loops unrolled. */
        if (n == FLOAT_ANSNR_REF_TAPS)
            filter_line(out, rows, w, kernel, FLOAT_ANSNR_REF_TAPS);
        else if (n == FLOAT_ANSNR_DIS_TAPS)
            filter_line(out, rows, w, kernel, FLOAT_ANSNR_DIS_TAPS);
        else
            filter_line(out, rows, w, kernel, (int)n);
    }
}

static void energies_c(const FloatPlane *ref, const FloatPlane *dis, FloatAnsnrEnergy *total)
{
    *total = (FloatAnsnrEnergy){0, 0};
    for (unsigned i = 0; i < ref->h; i++) {
        FloatAnsnrEnergy row = {0, 0};
        float_ansnr_row_energies(ref->data + i * ref->stride, dis->data + i * dis->stride,
                                 (int)ref->w, &row);
        float_ansnr_add_row(total, row);
    }
}

void float_ansnr_dsp_init(FloatAnsnrDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->filter = filter_c;
    dsp->energies = energies_c;
}
