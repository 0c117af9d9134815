/* CIEDE2000 colour difference, averaged over the frame and turned into a
 * score: 45 - 20 log10(mean difference). Measured at full resolution, with
 * the chroma upsampled by repeating samples. The reference repeats them
 * wrongly for 4:2:2: rows as if the chroma were halved vertically and
 * columns as if it were not halved; for 4:2:0 it is right. Its 4:2:2 reads
 * thus run past the end of each chroma row into the zero padding and the
 * next row of its picture buffer (rows 32-sample aligned); the chroma map
 * reproduces those reads. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/feature_extractor.h"
#include "ciede_common.h"
#include "ciede_dsp.h"

typedef struct CiedeState {
    CiedeGeometry g; /* the input, as ciede_geometry() checked it */
    CiedeChromaMap map;
    unsigned *src_row;
    uint8_t *row_add;
    int32_t *src_col;
    /* Upsampled chroma of the reference and the distorted picture. */
    void *chroma[2][2];
    ptrdiff_t chroma_stride;
    CiedeCache *cache;
    CiedeDsp dsp;
} CiedeState;

/* Maps each output sample to where the reference reads it
 * (ciede_chroma_column()); ciede_geometry() has checked that it lies
 * inside the plane. */
static int build_chroma_map(CiedeState *s)
{
    s->src_row = malloc(s->g.h * sizeof(*s->src_row));
    s->row_add = malloc(s->g.w * sizeof(*s->row_add));
    s->src_col = malloc(s->g.w * sizeof(*s->src_col));
    if (!s->src_row || !s->row_add || !s->src_col)
        return -ENOMEM;
    for (unsigned i = 0; i < s->g.h; i++)
        s->src_row[i] = i / 2;
    for (unsigned j = 0; j < s->g.w; j++) {
        unsigned row_add;
        s->src_col[j] = ciede_chroma_column(j, s->g.halve_cols, s->g.cw, s->g.stride, &row_add);
        s->row_add[j] = (uint8_t)row_add;
    }
    s->map = (CiedeChromaMap){s->src_row, s->row_add, s->src_col};
    return 0;
}

static int alloc_chroma(CiedeState *s)
{
    const size_t bytes = s->g.bpc > 8 ? 2 : 1;
    s->chroma_stride = (ptrdiff_t)(s->g.w * bytes);
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned c = 0; c < 2; c++) {
            s->chroma[pic][c] = malloc((size_t)s->chroma_stride * s->g.h);
            if (!s->chroma[pic][c])
                return -ENOMEM;
        }
    }
    return 0;
}

static void ciede_close(VmafFexContext *ctx)
{
    CiedeState *s = ctx->priv;
    free(s->src_row);
    free(s->row_add);
    free(s->src_col);
    free(s->cache);
    for (unsigned pic = 0; pic < 2; pic++) {
        for (unsigned c = 0; c < 2; c++)
            free(s->chroma[pic][c]);
    }
}

static int ciede_init(VmafFexContext *ctx, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w,
                      unsigned h)
{
    CiedeState *s = ctx->priv;
    int err = ciede_geometry(&s->g, ctx->fex->name, pix_fmt, bpc, w, h);
    if (err)
        return err;
    ciede_dsp_init(&s->dsp, ctx->cpu_flags);
    s->cache = malloc(sizeof(*s->cache));
    if (!s->cache)
        return -ENOMEM;
    ciede_cache_reset(s->cache);
    if (!s->g.upsample)
        return 0;
    err = build_chroma_map(s);
    if (!err)
        err = alloc_chroma(s);
    if (err)
        ciede_close(ctx);
    return err;
}

/* Plane p (1 or 2) of pic at 4:4:4 into dst. */
static void upsample(const CiedeState *s, void *dst, const VmafPicture *pic, unsigned p)
{
    if (s->g.bpc > 8)
        s->dsp.upsample_16(dst, s->chroma_stride, pic->data[p], pic->stride[p], &s->map, s->g.w,
                           s->g.h);
    else
        s->dsp.upsample_8(dst, s->chroma_stride, pic->data[p], pic->stride[p], &s->map, s->g.w,
                          s->g.h);
}

/* The three planes of a picture at 4:4:4, row pointers and strides. */
typedef struct Planes444 {
    const uint8_t *data[3];
    ptrdiff_t stride[3];
} Planes444;

static Planes444 planes_444(const CiedeState *s, const VmafPicture *pic, unsigned which)
{
    Planes444 pl = {{pic->data[0]}, {pic->stride[0]}};
    for (unsigned c = 0; c < 2; c++) {
        pl.data[1 + c] = s->g.upsample ? s->chroma[which][c] : pic->data[1 + c];
        pl.stride[1 + c] = s->g.upsample ? s->chroma_stride : pic->stride[1 + c];
    }
    return pl;
}

static double add_row(const CiedeState *s, double acc, const Planes444 *ref, const Planes444 *dis,
                      unsigned i)
{
    const uint8_t *r[3], *d[3];
    for (unsigned p = 0; p < 3; p++) {
        r[p] = ref->data[p] + i * ref->stride[p];
        d[p] = dis->data[p] + i * dis->stride[p];
    }
    if (s->g.bpc > 8) {
        const uint16_t *r16[3] = {(const uint16_t *)r[0], (const uint16_t *)r[1],
                                  (const uint16_t *)r[2]};
        const uint16_t *d16[3] = {(const uint16_t *)d[0], (const uint16_t *)d[1],
                                  (const uint16_t *)d[2]};
        return s->dsp.add_row_16(acc, r16, d16, s->g.w, s->g.bpc, s->cache);
    }
    return s->dsp.add_row_8(acc, r, d, s->g.w, s->cache);
}

static int ciede_extract(VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist, unsigned index,
                         VmafFeatureCollector *fc)
{
    const CiedeState *s = ctx->priv;
    if (s->g.upsample) {
        for (unsigned c = 0; c < 2; c++) {
            upsample(s, s->chroma[0][c], ref, 1 + c);
            upsample(s, s->chroma[1][c], dist, 1 + c);
        }
    }
    const Planes444 r = planes_444(s, ref, 0), d = planes_444(s, dist, 1);
    double sum = 0.;
    for (unsigned i = 0; i < s->g.h; i++)
        sum = add_row(s, sum, &r, &d, i);
    return ciede_append(ctx, fc, &s->g, sum, index);
}

const VmafFeatureExtractor vmaf_fex_ciede = {
    .name = "ciede",
    .priv_size = sizeof(CiedeState),
    .provided_features = ciede_provided_features,
    .init = ciede_init,
    .extract = ciede_extract,
    .close = ciede_close,
};
