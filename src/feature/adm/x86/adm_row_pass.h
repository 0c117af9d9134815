/* The masking sums' pass over a scale's rows and the sums entry points,
 * written once over the steps adm_avx2.c and adm_avx512.c define before
 * including this file (the vif_kernels.h pattern): Pass and pass_of(), which
 * set up one pass's constants as vectors, keep_row(), which decouples a row
 * into its slot of KeptRows (adm_x86.h) and adds its reference cubes, and
 * mask_row(), which adds a region row's masked cubes. ADM_X86_NAME(name)
 * gives the entry points their instruction set's suffix. Which rows are
 * kept and in which order is the same for every width; what differs is only
 * inside those steps. */
#ifndef ADM_X86_NAME
#error "define ADM_X86_NAME before including adm_row_pass.h"
#endif

/* One pass over the region's rows; each row it reaches is kept once. */
static inline void scale_sums(const void *const ref[ADM_DETAIL_BANDS],
                              const void *const dis[ADM_DETAIL_BANDS], ptrdiff_t stride,
                              const AdmSumsArgs *a, int32_t *rows, bool scale0,
                              uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                              int64_t aim[ADM_DETAIL_BANDS])
{
    const Pass q = pass_of(a, scale0);
    KeptRows k;
    adm_x86_kept_rows_init(&k, rows, a->w);
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        den[b] = 0;
        cm[b] = aim[b] = 0;
    }
    for (int i = a->region.top; i < a->region.bottom; i++) {
        const int needed[3] = {adm_cm_reach(i - 1, a->h), i, adm_cm_reach(i + 1, a->h)};
        for (int n = 0; n < 3; n++)
            if (k.row[needed[n] % 3] != needed[n])
                keep_row(&q, ref, dis, stride, needed[n], &k, den);
        mask_row(&q, &k, i, PART_RESTORED, cm);
        if (a->aim)
            mask_row(&q, &k, i, PART_ADDITIVE, aim);
    }
}

static void ADM_X86_NAME(sums_s0)(const AdmBands16 *ref, const AdmBands16 *dis, ptrdiff_t stride,
                                  const AdmSumsArgs *a, const AdmWork16 *work,
                                  uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                                  int64_t aim[ADM_DETAIL_BANDS])
{
    const void *r[ADM_DETAIL_BANDS], *d[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = ref->band[b];
        d[b] = dis->band[b];
    }
    scale_sums(r, d, stride, a, work->rows, true, den, cm, aim);
}

static void ADM_X86_NAME(sums_s123)(const AdmBands32 *ref, const AdmBands32 *dis, ptrdiff_t stride,
                                    const AdmSumsArgs *a, const AdmWork32 *work,
                                    uint64_t den[ADM_DETAIL_BANDS], int64_t cm[ADM_DETAIL_BANDS],
                                    int64_t aim[ADM_DETAIL_BANDS])
{
    const void *r[ADM_DETAIL_BANDS], *d[ADM_DETAIL_BANDS];
    for (int b = 0; b < ADM_DETAIL_BANDS; b++) {
        r[b] = ref->band[b];
        d[b] = dis->band[b];
    }
    scale_sums(r, d, stride, a, work->rows, false, den, cm, aim);
}

#undef ADM_X86_NAME
