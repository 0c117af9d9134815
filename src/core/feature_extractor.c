#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "feature_extractor.h"
#include "feature_name.h"
#include "log.h"

unsigned vmaf_fex_planes_luma(const VmafFexContext *fex, enum VmafPixelFormat pix_fmt)
{
    (void)fex;
    (void)pix_fmt;
    return 1;
}

unsigned vmaf_fex_context_planes(const VmafFexContext *ctx, enum VmafPixelFormat pix_fmt)
{
    if (ctx->fex->planes)
        return ctx->fex->planes(ctx, pix_fmt);
    return pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 7;
}

int vmaf_fex_context_create(VmafFexContext **ctx, const VmafFeatureExtractor *fex,
                            const VmafDictionary *opts)
{
    if (!ctx || !fex)
        return -EINVAL;
    int err = -ENOMEM;
    VmafFexContext *c = calloc(1, sizeof(*c));
    if (!c)
        return -ENOMEM;
    c->fex = fex;
    c->cpu_flags = vmaf_get_cpu_flags();
    if (fex->priv_size && !(c->priv = calloc(1, fex->priv_size)))
        goto fail;
    if ((err = vmaf_dictionary_copy(opts, &c->opts)))
        goto fail;
    if ((err = vmaf_options_apply(fex->name, fex->options, c->priv, c->opts)))
        goto fail;
    *ctx = c;
    return 0;

fail:
    vmaf_fex_context_destroy(c);
    return err;
}

int vmaf_fex_context_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc,
                          unsigned w, unsigned h)
{
    if (ctx->initialized)
        return 0;
    int err = ctx->fex->init ? ctx->fex->init(ctx, pix_fmt, bpc, w, h) : 0;
    if (err) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: cannot score %ux%u %u-bit pictures (%d)",
                 ctx->fex->name, w, h, bpc, err);
        return err;
    }
    ctx->initialized = true;
    return 0;
}

int vmaf_fex_context_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                             unsigned index, VmafFeatureCollector *fc)
{
    int err = vmaf_fex_context_init(ctx, ref->pix_fmt, ref->bpc, ref->w[0], ref->h[0]);
    if (err)
        return err;
    err = ctx->fex->extract(ctx, ref, dist, index, fc);
    if (err)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: frame %u: extraction failed (%d)", ctx->fex->name,
                 index, err);
    return err;
}

int vmaf_fex_context_flush(VmafFexContext *ctx, VmafFeatureCollector *fc)
{
    if (!ctx->fex->flush || !ctx->initialized)
        return 0;
    int ret;
    while (!(ret = ctx->fex->flush(ctx, fc)))
        ;
    return ret < 0 ? ret : 0;
}

void vmaf_fex_context_destroy(VmafFexContext *ctx)
{
    if (!ctx)
        return;
    if (ctx->initialized && ctx->fex->close)
        ctx->fex->close(ctx);
    for (unsigned i = 0; i < ctx->bound_cnt; i++) {
        free(ctx->bound[i].feature);
        free(ctx->bound[i].name);
    }
    free(ctx->bound);
    vmaf_feature_dictionary_free(&ctx->opts);
    free(ctx->priv);
    free(ctx);
}

/* *out = the bound name of feature, formatted and added at its first use. */
static int bound_name(VmafFexContext *ctx, const char *feature, struct VmafFexBoundName **out)
{
    for (unsigned i = 0; i < ctx->bound_cnt; i++) {
        if (!strcmp(ctx->bound[i].feature, feature)) {
            *out = &ctx->bound[i];
            return 0;
        }
    }
    char name[256];
    int err =
        vmaf_feature_name_from_state(name, sizeof(name), feature, ctx->fex->options, ctx->priv);
    if (err)
        return err;
    struct VmafFexBoundName *b = realloc(ctx->bound, (ctx->bound_cnt + 1) * sizeof(*b));
    if (!b)
        return -ENOMEM;
    ctx->bound = b;
    b = &ctx->bound[ctx->bound_cnt];
    *b = (struct VmafFexBoundName){strdup(feature), strdup(name), VMAF_FEATURE_SLOT_NONE};
    if (!b->feature || !b->name) {
        free(b->feature);
        free(b->name);
        return -ENOMEM;
    }
    ctx->bound_cnt++;
    *out = b;
    return 0;
}

int vmaf_fex_append(VmafFexContext *ctx, VmafFeatureCollector *fc, const char *provided_name,
                    double value, unsigned index)
{
    struct VmafFexBoundName *b;
    int err = bound_name(ctx, provided_name, &b);
    if (err) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: cannot name feature %s (%d)", ctx->fex->name,
                 provided_name, err);
        return err;
    }
    return vmaf_feature_collector_append_at(fc, b->name, &b->slot, value, index);
}
