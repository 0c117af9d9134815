/* Per-pixel stages of CIEDE2000: the 4:4:4 chroma the colour difference is
 * measured on, and the sum of the differences of a row. */
#ifndef VMAF_FEATURE_CIEDE_DSP_H
#define VMAF_FEATURE_CIEDE_DSP_H

#include <stddef.h>
#include <stdint.h>

#include "ciede_math.h"

/* Where the samples of an upsampled chroma row come from: output sample j
 * of output row i is source row src_row[i] + row_add[j], column src_col[j],
 * or 0 where src_col[j] < 0. */
typedef struct CiedeChromaMap {
    const unsigned *src_row;
    const uint8_t *row_add;
    const int32_t *src_col;
} CiedeChromaMap;

/* Colours and colour differences already computed, keyed by the samples: a
 * hit gives the very bits the computation would. Video repeats most of its
 * colours and many of its pairs, so this saves most of the work. Direct
 * mapped; one per instance. */
#define CIEDE_CACHE_BITS 14

typedef struct CiedeColorEntry {
    uint64_t key;
    CiedeLab lab;
} CiedeColorEntry;

typedef struct CiedePairEntry {
    uint64_t ref, dis;
    float de00;
} CiedePairEntry;

typedef struct CiedeCache {
    CiedeColorEntry color[1 << CIEDE_CACHE_BITS];
    CiedePairEntry pair[1 << CIEDE_CACHE_BITS];
} CiedeCache;

/* Empties the cache. */
void ciede_cache_reset(CiedeCache *cache);

typedef struct CiedeDsp {
    /* Fills a w x h plane (strides in bytes) from a source chroma plane. */
    void (*upsample_8)(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                       const CiedeChromaMap *map, unsigned w, unsigned h);
    void (*upsample_16)(uint16_t *dst, ptrdiff_t dst_stride, const uint16_t *src,
                        ptrdiff_t src_stride, const CiedeChromaMap *map, unsigned w, unsigned h);
    /* acc plus the colour difference of each of the n pixel pairs, added in
     * order in double. Rows of Y, U and V samples. */
    double (*add_row_8)(double acc, const uint8_t *const ref[3], const uint8_t *const dis[3],
                        unsigned n, CiedeCache *cache);
    double (*add_row_16)(double acc, const uint16_t *const ref[3], const uint16_t *const dis[3],
                         unsigned n, unsigned bpc, CiedeCache *cache);
} CiedeDsp;

void ciede_dsp_init(CiedeDsp *dsp, unsigned cpu_flags);

#endif
