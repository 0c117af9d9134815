#include <errno.h>
#include <math.h>

#include "core/log.h"
#include "ciede_common.h"
#include "ciede_math.h"

/* Row alignment, in samples, of libvmaf's pictures. */
#define REFERENCE_ALIGN 32

const char *const ciede_provided_features[] = {"ciede2000", NULL};

int ciede_geometry(CiedeGeometry *g, const char *name, enum VmafPixelFormat pix_fmt, unsigned bpc,
                   unsigned w, unsigned h)
{
    if (pix_fmt == VMAF_PIX_FMT_YUV400P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: 4:0:0 input is not supported (needs chroma)", name);
        return -EINVAL;
    }
    if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12 or 16)", name,
                 bpc);
        return -EINVAL;
    }
    *g = (CiedeGeometry){
        .w = w,
        .h = h,
        .bpc = bpc,
        .upsample = pix_fmt != VMAF_PIX_FMT_YUV444P,
        .halve_cols = pix_fmt == VMAF_PIX_FMT_YUV420P,
    };
    if (!g->upsample)
        return 0;
    g->cw = w >> 1;
    g->ch = pix_fmt == VMAF_PIX_FMT_YUV420P ? h >> 1 : h;
    g->stride = (g->cw + REFERENCE_ALIGN - 1) / REFERENCE_ALIGN * REFERENCE_ALIGN;
    /* The last output row and column read the farthest row. */
    bool outside = !g->cw || !g->ch;
    if (!outside) {
        unsigned row_add;
        ciede_chroma_column(w - 1, g->halve_cols, g->cw, g->stride, &row_add);
        outside = (h - 1) / 2 + row_add >= g->ch;
    }
    if (outside) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s: %ux%u %s input is not supported (libvmaf reads past its chroma planes "
                 "there)",
                 name, w, h, pix_fmt == VMAF_PIX_FMT_YUV420P ? "4:2:0" : "4:2:2");
        return -EINVAL;
    }
    return 0;
}

int ciede_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const CiedeGeometry *g, double sum,
                 unsigned index)
{
    const double score = 45. - 20. * log10(sum / (g->w * g->h));
    return vmaf_fex_append(ctx, fc, "ciede2000", score, index);
}
