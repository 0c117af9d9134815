/* Integer VIF (visual information fidelity) of the luma plane at four
 * scales, bit-exact with libvmaf's "vif" extractor. Each scale's score is
 * num/den, the information the distorted picture keeps over what the
 * reference carries; scale s + 1 is scale s low-passed and decimated by 2. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/cpu.h"
#include "core/feature_extractor.h"
#include "core/log.h"
#include "vif_dsp.h"

/* Scale 3 is w/8 x h/8 and its 3-tap filter reflects one sample past each
 * edge, which needs 2 samples; below that the reflection would leave the
 * picture. */
#define VIF_MIN_SIZE 16
#define VIF_ALIGN 64

typedef struct VifState {
    bool debug;
    double gain_limit;
    bool skip_scale0;

    unsigned bpc, w, h;
    VifDsp dsp;
    const uint16_t *log2_table;
    void *buffer; /* one allocation for everything below */
    VifLines lines;
    VifDecimated scaled[VIF_SCALES]; /* scales 1..3 */
} VifState;

static const VmafOption vif_options[] = {
    {
        .name = "debug",
        .help = "also write the pooled score and every scale's numerator and denominator",
        .offset = offsetof(VifState, debug),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
    },
    {
        .name = "vif_enhn_gain_limit",
        .alias = "egl",
        .help = "largest gain credited to the distorted picture; 1.0 credits no enhancement",
        .offset = offsetof(VifState, gain_limit),
        .type = VMAF_OPT_TYPE_DOUBLE,
        .default_val.d = 100.0,
        .min = 1.0,
        .max = 100.0,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {
        .name = "vif_skip_scale0",
        .alias = "ssclz",
        .help = "do not compute scale 0; its score is written as 0",
        .offset = offsetof(VifState, skip_scale0),
        .type = VMAF_OPT_TYPE_BOOL,
        .default_val.b = false,
        .flags = VMAF_OPT_FLAG_FEATURE_PARAM,
    },
    {0},
};

static const char *const vif_score_name[VIF_SCALES] = {
    "VMAF_integer_feature_vif_scale0_score",
    "VMAF_integer_feature_vif_scale1_score",
    "VMAF_integer_feature_vif_scale2_score",
    "VMAF_integer_feature_vif_scale3_score",
};
static const char *const vif_num_name[VIF_SCALES] = {
    "integer_vif_num_scale0",
    "integer_vif_num_scale1",
    "integer_vif_num_scale2",
    "integer_vif_num_scale3",
};
static const char *const vif_den_name[VIF_SCALES] = {
    "integer_vif_den_scale0",
    "integer_vif_den_scale1",
    "integer_vif_den_scale2",
    "integer_vif_den_scale3",
};

static const char *const vif_provided_features[] = {
    "VMAF_integer_feature_vif_scale0_score",
    "VMAF_integer_feature_vif_scale1_score",
    "VMAF_integer_feature_vif_scale2_score",
    "VMAF_integer_feature_vif_scale3_score",
    "integer_vif",
    "integer_vif_num",
    "integer_vif_den",
    "integer_vif_num_scale0",
    "integer_vif_den_scale0",
    "integer_vif_num_scale1",
    "integer_vif_den_scale1",
    "integer_vif_num_scale2",
    "integer_vif_den_scale2",
    "integer_vif_num_scale3",
    "integer_vif_den_scale3",
    NULL,
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

    if (bpc < 8 || bpc > 16) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "vif: %u-bit input is not supported (8 to 16)", bpc);
        return -EINVAL;
    }
    if (w < VIF_MIN_SIZE || h < VIF_MIN_SIZE) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "vif: %ux%u is too small, width and height must be at least %u "
                 "(the filters of the smallest scale, 1/8 of the size, would reach past its edges)",
                 w, h, VIF_MIN_SIZE);
        return -EINVAL;
    }
    s->bpc = bpc;
    s->w = w;
    s->h = h;
    s->log2_table = vif_log2_table();
    vif_dsp_init(&s->dsp, vmaf_get_cpu_flags());
    return allocate_buffers(s);
}

/* Scale 0 keeps the input's depth, so its vertical shifts depend on bpc;
 * the decimated scales are already 16-bit. */
static VifStatParams stat_params(const VifState *s, unsigned scale)
{
    return (VifStatParams){
        .scale = scale,
        .mu_shift = scale ? 16 : s->bpc,
        .sq_shift = scale ? 16 : 2 * (s->bpc - 8),
        .log2_table = s->log2_table,
        .gain_limit = s->gain_limit,
    };
}

typedef struct VifFraction {
    float num, den;
} VifFraction;

/* The reference evaluates both in double and stores them as float. */
static VifFraction fraction_of(const VifSums *sums)
{
    return (VifFraction){
        .num = (float)(sums->num_log / 2048.0 +
                       (sums->den_non_log - (sums->num_non_log / 16384.0) / 65025.0)),
        .den = (float)(sums->den_log / 2048.0 + sums->den_non_log),
    };
}

/* Replaces *cur by its next scale, stored in s->scaled[scale]. */
static void next_scale(VifState *s, VifPlanes *cur, unsigned scale)
{
    const VifDecimated *dst = &s->scaled[scale];
    /* The first decimation brings any depth to 16 bits. */
    const unsigned v_shift = scale == 1 ? s->bpc : 16;
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

static int write_debug_scores(VmafFexContext *ctx, VmafFeatureCollector *fc,
                              const VifFraction *frac, unsigned index)
{
    const VifState *s = ctx->priv;
    const unsigned first = s->skip_scale0 ? 1 : 0;
    double num = 0.0, den = 0.0;
    for (unsigned scale = first; scale < VIF_SCALES; scale++) {
        num += frac[scale].num;
        den += frac[scale].den;
    }

    const struct {
        const char *name;
        double value;
    } pooled[] = {
        {"integer_vif", den == 0.0 ? 1.0 : num / den},
        {"integer_vif_num", num},
        {"integer_vif_den", den},
    };
    for (unsigned i = 0; i < sizeof(pooled) / sizeof(pooled[0]); i++) {
        const int err = vmaf_fex_append(ctx, fc, pooled[i].name, pooled[i].value, index);
        if (err)
            return err;
    }
    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        /* A skipped scale 0 reads as 0 / -1. */
        const bool skipped = scale < first;
        int err =
            vmaf_fex_append(ctx, fc, vif_num_name[scale], skipped ? 0.0 : frac[scale].num, index);
        if (!err)
            err = vmaf_fex_append(ctx, fc, vif_den_name[scale], skipped ? -1.0 : frac[scale].den,
                                  index);
        if (err)
            return err;
    }
    return 0;
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
    VifFraction frac[VIF_SCALES] = {0};

    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        if (scale > 0)
            next_scale(s, &cur, scale);
        else if (s->skip_scale0)
            continue;
        const VifStatParams params = stat_params(s, scale);
        VifSums sums = {0};
        if (scale == 0 && s->bpc == 8)
            s->dsp.statistic_8(&cur, &params, &s->lines, &sums);
        else
            s->dsp.statistic_16(&cur, &params, &s->lines, &sums);
        frac[scale] = fraction_of(&sums);
    }

    for (unsigned scale = 0; scale < VIF_SCALES; scale++) {
        /* float division, as the reference */
        const float score = scale == 0 && s->skip_scale0 ? 0.0f : frac[scale].num / frac[scale].den;
        const int err = vmaf_fex_append(ctx, fc, vif_score_name[scale], score, index);
        if (err)
            return err;
    }
    return s->debug ? write_debug_scores(ctx, fc, frac, index) : 0;
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
    .close = vif_close,
};
