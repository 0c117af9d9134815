/* C reference of the float ADM stages (float_adm_dsp.h). The float/double
 * mix of each expression is the one of libvmaf. */
#include <math.h>

#include "float_adm_cm_sums.h"
#include "float_adm_common.h"
#include "float_adm_dsp.h"
#if VMAF_HAVE_X86_SIMD
#include "core/cpu.h"
#include "x86/float_adm_x86.h"
#endif

#if defined(FLOAT_ADM_RCP_DIVISION)
#include <xmmintrin.h>
#endif

/* The vertical pass of output row i into lo[] (and hi[] unless NULL), then
 * the horizontal one of each into the bands. */
static inline void dwt2_level(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                              ptrdiff_t src_stride, unsigned w, unsigned h,
                              const FloatAdmTaps *rows, const FloatAdmTaps *cols, float *tmp,
                              bool details)
{
    float *lo = tmp, *hi = tmp + w;
    for (unsigned i = 0; i < (h + 1) / 2; i++) {
        const float *r0 = src + rows->idx[0][i] * src_stride;
        const float *r1 = src + rows->idx[1][i] * src_stride;
        const float *r2 = src + rows->idx[2][i] * src_stride;
        const float *r3 = src + rows->idx[3][i] * src_stride;
        for (unsigned j = 0; j < w; j++) {
            lo[j] = float_adm_db2_lo(r0[j], r1[j], r2[j], r3[j]);
            if (details)
                hi[j] = float_adm_db2_hi(r0[j], r1[j], r2[j], r3[j]);
        }
        const ptrdiff_t o = (ptrdiff_t)i * dst_stride;
        for (unsigned j = 0; j < (w + 1) / 2; j++) {
            const int c0 = cols->idx[0][j], c1 = cols->idx[1][j], c2 = cols->idx[2][j],
                      c3 = cols->idx[3][j];
            dst->a[o + j] = float_adm_db2_lo(lo[c0], lo[c1], lo[c2], lo[c3]);
            if (!details)
                continue;
            dst->detail[ADM_BAND_V][o + j] = float_adm_db2_hi(lo[c0], lo[c1], lo[c2], lo[c3]);
            dst->detail[ADM_BAND_H][o + j] = float_adm_db2_lo(hi[c0], hi[c1], hi[c2], hi[c3]);
            dst->detail[ADM_BAND_D][o + j] = float_adm_db2_hi(hi[c0], hi[c1], hi[c2], hi[c3]);
        }
    }
}

static void dwt2_c(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                   ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                   const FloatAdmTaps *cols, float *tmp)
{
    dwt2_level(dst, dst_stride, src, src_stride, w, h, rows, cols, tmp, true);
}

static void dwt2_approx_c(const FloatAdmBands *dst, ptrdiff_t dst_stride, const float *src,
                          ptrdiff_t src_stride, unsigned w, unsigned h, const FloatAdmTaps *rows,
                          const FloatAdmTaps *cols, float *tmp)
{
    dwt2_level(dst, dst_stride, src, src_stride, w, h, rows, cols, tmp, false);
}

/* n / d as libvmaf computes it: with SSE, from the hardware reciprocal
 * estimate (so the result depends on the CPU's estimate, as libvmaf's
 * does); else a division. */
static inline float divide(float n, float d)
{
#if defined(FLOAT_ADM_RCP_DIVISION)
    return float_adm_refine(n, d, _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d))));
#else
    return n / d;
#endif
}

static void decouple_c(const FloatAdmBands *r, const FloatAdmBands *a, const FloatAdmBands *ref,
                       const FloatAdmBands *dis, ptrdiff_t stride, const FloatAdmRect *rect,
                       double gain_limit)
{
    const float cos_sq = float_adm_cos_1deg_sq();
    for (int i = rect->top; i < rect->bottom; i++) {
        for (int j = rect->left; j < rect->right; j++) {
            const ptrdiff_t p = i * stride + j;
            float o[ADM_DETAIL_BANDS], t[ADM_DETAIL_BANDS], k[ADM_DETAIL_BANDS];
            float kept[ADM_DETAIL_BANDS], rest[ADM_DETAIL_BANDS];
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                o[b] = ref->detail[b][p];
                t[b] = dis->detail[b][p];
                k[b] = divide(t[b], o[b] + FLOAT_ADM_EPS);
            }
            float_adm_decouple(o, t, k, cos_sq, gain_limit, kept, rest);
            for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
                r->detail[b][p] = kept[b];
                a->detail[b][p] = rest[b];
            }
        }
    }
}

static void csf_c(const FloatAdmBands *dst, const FloatAdmBands *flt, const FloatAdmBands *src,
                  ptrdiff_t stride, const FloatAdmRect *rect, const float rfactor[3])
{
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        for (int i = rect->top; i < rect->bottom; i++) {
            for (int j = rect->left; j < rect->right; j++) {
                const ptrdiff_t p = i * stride + j;
                const float v = rfactor[b] * src->detail[b][p];
                dst->detail[b][p] = v;
                flt->detail[b][p] = float_adm_mask_share(v);
            }
        }
    }
}

static void den_sums_c(float sums[3], const FloatAdmBands *src, ptrdiff_t stride,
                       const FloatAdmRect *rect, const float rfactor[3], double p_norm)
{
    const bool cube = p_norm == 3.0;
    const float p = (float)p_norm;
    float total[ADM_DETAIL_BANDS] = {0};
    for (int i = rect->top; i < rect->bottom; i++) {
        float row[ADM_DETAIL_BANDS] = {0};
        for (int j = rect->left; j < rect->right; j++) {
            for (int b = 0; b < ADM_DETAIL_BANDS; b++)
                row[b] +=
                    float_adm_p_power(fabsf(rfactor[b] * src->detail[b][i * stride + j]), cube, p);
        }
        float_adm_add_row(total, row);
    }
    for (int b = 0; b < ADM_DETAIL_BANDS; b++)
        sums[b] = total[b];
}

FLOAT_ADM_CM_SUMS_FUNCTION(c, false)

void float_adm_dsp_init(FloatAdmDsp *dsp, unsigned cpu_flags)
{
    float_common_dsp_init(&dsp->common, cpu_flags);
    dsp->dwt2 = dwt2_c;
    dsp->dwt2_approx = dwt2_approx_c;
    dsp->decouple = decouple_c;
    dsp->csf = csf_c;
    dsp->den_sums = den_sums_c;
    dsp->cm_sums = cm_sums_c;
#if VMAF_HAVE_X86_SIMD
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX2)
        float_adm_dsp_init_avx2(dsp);
    if (cpu_flags & VMAF_X86_CPU_FLAG_AVX512)
        float_adm_dsp_init_avx512(dsp);
#endif
}
