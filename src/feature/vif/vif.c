/* Integer VIF (visual information fidelity) of the luma plane at four
 * scales, bit-exact with libvmaf's "vif" extractor. Each scale's score is
 * num/den, the information the distorted picture keeps over what the
 * reference carries; scale s + 1 is scale s low-passed and decimated by 2. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "vif_common.h"
#include "vif_dsp.h"

#define VIF_ALIGN 64

typedef struct VifState {
    VifOptions opt;

    unsigned bpc, w, h;
    VifDsp dsp;
    const uint16_t *log2_table;
    void *buffer; /* one allocation for everything below */
    VifLines lines;
    VifDecimated scaled[VIF_SCALES]; /* scales 1..3 */
} VifState;

static const VmafOption vif_options[] = {
    VIF_OPTIONS(VifState, opt),
    {0},
};

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

/* Carves the line buffers and the decimated planes out of one block. */
static int allocate_buffers(VifState *s)
{
    const size_t line_size = align_up((s->w + 2 * VIF_LINE_PAD) * sizeof(uint32_t), VIF_ALIGN);
    size_t size = 5 * line_size;
    for (unsigned scale = 1; scale < VIF_SCALES; scale++) {
        s->scaled[scale].stride =
            (ptrdiff_t)align_up((s->w >> scale) * sizeof(uint16_t), VIF_ALIGN);
        size += 2 * (size_t)s->scaled[scale].stride * (s->h >> scale);
    }

    uint8_t *buf = aligned_alloc(VIF_ALIGN, size);
    if (!buf)
        return -ENOMEM;
    s->buffer = buf;

    uint32_t **const line[] = {&s->lines.mu1, &s->lines.mu2, &s->lines.ref_sq, &s->lines.dis_sq,
                               &s->lines.ref_dis};
    for (unsigned i = 0; i < 5; i++, buf += line_size)
        *line[i] = (uint32_t *)buf + VIF_LINE_PAD;
    for (unsigned scale = 1; scale < VIF_SCALES; scale++) {
        const size_t plane_size = (size_t)s->scaled[scale].stride * (s->h >> scale);
        s->scaled[scale].ref = (uint16_t *)buf;
        s->scaled[scale].dis = (uint16_t *)(buf + plane_size);
        buf += 2 * plane_size;
    }
    return 0;
}

static int vif_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                    unsigned h)
{
    VifState *s = ctx->priv;
    (void)pix_fmt; /* luma only */

    const int err = vif_check_format(ctx->fex->name, bpc, w, h);
    if (err)
        return err;
    s->bpc = bpc;
    s->w = w;
    s->h = h;
    s->log2_table = vif_log2_table();
    vif_dsp_init(&s->dsp, ctx->cpu_flags);
    return allocate_buffers(s);
}

static VifStatParams stat_params(const VifState *s, unsigned scale)
{
    return (VifStatParams){
        .scale = scale,
        .mu_shift = vif_mu_shift(scale, s->bpc),
        .sq_shift = vif_sq_shift(scale, s->bpc),
        .log2_table = s->log2_table,
        .gain_limit = s->opt.gain_limit,
    };
}

/* Replaces *cur by its next scale, stored in s->scaled[scale]. */
static void next_scale(VifState *s, VifPlanes *cur, unsigned scale)
{
    const VifDecimated *dst = &s->scaled[scale];
    const unsigned v_shift = vif_decimate_shift(scale, s->bpc);
    if (scale == 1 && s->bpc == 8)
        s->dsp.decimate_8(cur, scale, v_shift, &s->lines, dst);
    else
        s->dsp.decimate_16(cur, scale, v_shift, &s->lines, dst);

    *cur = (VifPlanes){
        .ref = dst->ref,
        .dis = dst->dis,
        .ref_stride = dst->stride,
        .dis_stride = dst->stride,
        .w = cur->w / 2,
        .h = cur->h / 2,
    };
}

static int vif_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                       VmafFeatureCollector *fc)
{
    VifState *s = ctx->priv;
    VifPlanes cur = {
        .ref = ref->data[0],
        .dis = dist->data[0],
        .ref_stride = ref->stride[0],
        .dis_stride = dist->stride[0],
        .w = s->w,
        .h = s->h,
    };
    VifSums sums[VIF_SCALES] = {0};

    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        if (scale > 0)
            next_scale(s, &cur, scale);
        else if (s->opt.skip_scale0)
            continue;
        const VifStatParams params = stat_params(s, scale);
        if (scale == 0 && s->bpc == 8)
            s->dsp.statistic_8(&cur, &params, &s->lines, &sums[scale]);
        else
            s->dsp.statistic_16(&cur, &params, &s->lines, &sums[scale]);
    }
    return vif_append_scores(ctx, fc, &s->opt, sums, index);
}

static void vif_close(VmafFexContext *ctx)
{
    VifState *s = ctx->priv;
    free(s->buffer);
}

const VmafFeatureExtractor vmaf_fex_vif = {
    .name = "vif",
    .options = vif_options,
    .priv_size = sizeof(VifState),
    .provided_features = vif_provided_features,
    .init = vif_init,
    .extract = vif_extract,
    .planes = vmaf_fex_planes_luma,
    .close = vif_close,
};
