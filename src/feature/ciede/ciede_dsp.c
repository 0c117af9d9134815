/* The per-pixel stages: the 4:4:4 chroma and the rows' sums of colour
 * differences (ciede_math.h), with the caches in front of the arithmetic. */
#include "ciede_dsp.h"

/* Source sample (i, j) of an upsampled chroma plane, per the map. */
#define MAPPED_SAMPLE(src, src_stride, map, i, j, type)                                            \
    ((map)->src_col[j] < 0                                                                         \
         ? 0                                                                                       \
         : ((const type *)((const uint8_t *)(src) + ((map)->src_row[i] + (map)->row_add[j]) *      \
                                                        (src_stride)))[(map)->src_col[j]])

static void upsample_8_c(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src,
                         ptrdiff_t src_stride, const CiedeChromaMap *map, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++, dst += dst_stride) {
        for (unsigned j = 0; j < w; j++)
            dst[j] = MAPPED_SAMPLE(src, src_stride, map, i, j, uint8_t);
    }
}

static void upsample_16_c(uint16_t *dst, ptrdiff_t dst_stride, const uint16_t *src,
                          ptrdiff_t src_stride, const CiedeChromaMap *map, unsigned w, unsigned h)
{
    for (unsigned i = 0; i < h; i++, dst = (uint16_t *)((uint8_t *)dst + dst_stride)) {
        for (unsigned j = 0; j < w; j++)
            dst[j] = MAPPED_SAMPLE(src, src_stride, map, i, j, uint16_t);
    }
}

void ciede_cache_reset(CiedeCache *cache)
{
    /* Keys hold three samples of at most 16 bits: all ones is none. */
    for (unsigned i = 0; i < 1 << CIEDE_CACHE_BITS; i++) {
        cache->color[i].key = UINT64_MAX;
        cache->pair[i].ref = UINT64_MAX;
    }
}

static uint64_t color_key(unsigned y, unsigned u, unsigned v)
{
    return y | (uint64_t)u << 16 | (uint64_t)v << 32;
}

/* Fibonacci hashing: the top bits of the key times 2^64 / phi. */
static unsigned slot(uint64_t key)
{
    return (unsigned)((key * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - CIEDE_CACHE_BITS));
}

static CiedeLab cached_lab(CiedeCache *cache, uint64_t key, unsigned bpc)
{
    CiedeColorEntry *e = &cache->color[slot(key)];
    if (e->key != key) {
        e->key = key;
        e->lab = ciede_lab_from_yuv(key & 0xffff, key >> 16 & 0xffff, key >> 32, bpc);
    }
    return e->lab;
}

/* The difference of two pixels given by their keys. Identical pixels differ
 * by exactly 0, which leaves the sum as it is: they are skipped. */
static double add_pixel(double acc, uint64_t ref, uint64_t dis, unsigned bpc, CiedeCache *cache)
{
    if (ref == dis)
        return acc;
    CiedePairEntry *e = &cache->pair[slot(ref ^ (dis * UINT64_C(0xff51afd7ed558ccd)))];
    if (e->ref != ref || e->dis != dis) {
        e->ref = ref;
        e->dis = dis;
        e->de00 = ciede_delta_e00(cached_lab(cache, ref, bpc), cached_lab(cache, dis, bpc));
    }
    return acc + e->de00;
}

static double add_row_8_c(double acc, const uint8_t *const ref[3], const uint8_t *const dis[3],
                          unsigned n, CiedeCache *cache)
{
    for (unsigned j = 0; j < n; j++)
        acc = add_pixel(acc, color_key(ref[0][j], ref[1][j], ref[2][j]),
                        color_key(dis[0][j], dis[1][j], dis[2][j]), 8, cache);
    return acc;
}

static double add_row_16_c(double acc, const uint16_t *const ref[3], const uint16_t *const dis[3],
                           unsigned n, unsigned bpc, CiedeCache *cache)
{
    for (unsigned j = 0; j < n; j++)
        acc = add_pixel(acc, color_key(ref[0][j], ref[1][j], ref[2][j]),
                        color_key(dis[0][j], dis[1][j], dis[2][j]), bpc, cache);
    return acc;
}

void ciede_dsp_init(CiedeDsp *dsp, unsigned cpu_flags)
{
    (void)cpu_flags; /* only the C reference so far */
    dsp->upsample_8 = upsample_8_c;
    dsp->upsample_16 = upsample_16_c;
    dsp->add_row_8 = add_row_8_c;
    dsp->add_row_16 = add_row_16_c;
}
