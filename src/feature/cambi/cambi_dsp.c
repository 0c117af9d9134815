/* C reference of the CAMBI stages. Everything but the final c-value is
 * integer; the c-value's float expression is evaluated exactly as the
 * reference does (an int product, converted once, times a table entry). */
#include <stdbool.h>
#include <string.h>

#include "cambi_dsp.h"
#include "cambi_math.h"
#include "cambi_stages.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/cambi_x86.h"
#endif

CAMBI_STAGE_FUNCTIONS(c)

/* The histogram row of each sample of a row (columns 0..cols-1), or
 * CAMBI_NOT_COUNTED outside flat areas and outside the band. */
static void histogram_rows(const CambiPlane *img, const CambiPlane *mask, const CambiCParams *cp,
                           unsigned i, unsigned cols, uint16_t *restrict rows)
{
    const uint16_t *restrict v = plane_row(img, i), *restrict m = plane_row(mask, i);
    for (size_t j = 0; j < cols; j++)
        rows[j] = cambi_hist_index(v[j], m[j], cp->band_base, cp->band_size);
}

/* Adds (sign 1) or removes (sign -1) the samples of columns a..b-1 to the
 * window counts of every column: column c's window holds the run's samples
 * between c - half and c + half. */
static void count_run(uint16_t *counts, unsigned w, int half, int a, int b, int sign)
{
    const int lo = a - half > 0 ? a - half : 0;
    const int hi = b + half < (int)w ? b + half : (int)w;
    for (int c = lo; c < hi; c++) {
        const int first = c - half > a ? c - half : a;
        const int last = c + half < b - 1 ? c + half : b - 1;
        counts[c] = (uint16_t)(counts[c] + sign * (last - first + 1));
    }
}

/* The end of the run of rows[a]'s value that starts at a. */
static unsigned run_end(const uint16_t *rows, unsigned a, unsigned cols)
{
    /* Four samples at a time while they all match. */
    const uint64_t four = rows[a] * UINT64_C(0x0001000100010001);
    unsigned b = a + 1;
    for (uint64_t next; b + 4 <= cols; b += 4) {
        memcpy(&next, rows + b, sizeof(next));
        if (next != four)
            break;
    }
    while (b < cols && rows[b] == rows[a])
        b++;
    return b;
}

/* Counts (sign 1) or uncounts (sign -1) a row of samples, given by their
 * histogram rows, in the windows of every column: runs of equal samples at
 * once. */
static void count_row(uint16_t *hist, unsigned w, unsigned half, const uint16_t *rows,
                      unsigned cols, int sign)
{
    for (unsigned a = 0; a < cols;) {
        const unsigned b = run_end(rows, a, cols);
        if (rows[a] != CAMBI_NOT_COUNTED)
            count_run(hist + (size_t)rows[a] * w, w, (int)half, (int)a, (int)b, sign);
        a = b;
    }
}

/* Moves the windows down one row: the leaving row's samples go, the entering
 * row's come (either may be NULL). */
static void slide_window(uint16_t *hist, unsigned w, unsigned half, const uint16_t *leaving,
                         const uint16_t *entering, unsigned cols, uint16_t *restrict in,
                         uint16_t *restrict out)
{
    if (leaving && entering) {
        /* A sample that leaves where an equal one enters changes nothing. */
        for (size_t j = 0; j < cols; j++) {
            const uint16_t same = entering[j] == leaving[j] ? CAMBI_NOT_COUNTED : 0; /* all ones */
            in[j] = entering[j] | same;
            out[j] = leaving[j] | same;
        }
        entering = in;
        leaving = out;
    }
    if (entering)
        count_row(hist, w, half, entering, cols, 1);
    if (leaving)
        count_row(hist, w, half, leaving, cols, -1);
}

static void c_values_c(const CambiPlane *img, const CambiPlane *mask, const CambiCParams *cp,
                       uint16_t *hist, uint16_t *scratch, float *c_values, CambiCTotals *totals)
{
    const unsigned w = img->w, h = img->h, r = cp->half_window;
    *totals = (CambiCTotals){0};
    if (!cp->band_size) {
        memset(c_values, 0, (size_t)w * h * sizeof(*c_values));
        return;
    }
    memset(hist, 0, (size_t)cp->band_size * w * sizeof(*hist));

    /* The histogram rows of the rows from the leaving to the entering one,
     * kept in a ring, then two rows for the slide. */
    const unsigned cols = w > r ? w : r, ring_rows = CAMBI_RING_ROWS(r);
    uint16_t *in = scratch + (size_t)ring_rows * cols, *out = in + cols;
#define RING(row) (scratch + (size_t)((row) % ring_rows) * cols)
    for (unsigned i = 0; i < r; i++) {
        histogram_rows(img, mask, cp, i, cols, RING(i));
        count_row(hist, w, r, RING(i), cols, 1);
    }

    double sum = 0.0;
    unsigned nonzero = 0;
    for (unsigned i = 0; i < h; i++) {
        const uint16_t *entering = NULL, *leaving = i > r ? RING(i - r - 1) : NULL;
        if (i + r < h) {
            histogram_rows(img, mask, cp, i + r, cols, RING(i + r));
            entering = RING(i + r);
        }
        slide_window(hist, w, r, leaving, entering, cols, in, out);

        const uint16_t *rows = RING(i);
        float *c = c_values + (size_t)i * w;
        memset(c, 0, w * sizeof(*c));
        for (size_t j = 0; j < w; j++) {
            if (rows[j] == CAMBI_NOT_COUNTED)
                continue;
            c[j] = cambi_c_value(hist + j, w, rows[j], cp->visible[rows[j]], cp->weight,
                                 cp->reciprocal);
            sum += c[j];
            nonzero += c[j] != 0.0f;
        }
    }
#undef RING
    totals->sum = sum;
    totals->nonzero = nonzero;
}

void cambi_dsp_init(CambiDsp *dsp, unsigned cpu_flags)
{
    cambi_stages_fill_c(dsp);
    dsp->c_values = c_values_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        cambi_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        cambi_dsp_init_avx512(dsp);
#else
    (void)cpu_flags;
#endif
}
