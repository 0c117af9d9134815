/* The geometry, CSF factors and shifts of integer ADM's four scales, fixed by
 * the picture size and the options. Plain data, computed once per size by
 * the CPU extractor and its CUDA twin alike. */
#ifndef VMAF_FEATURE_ADM_ADM_SCALE_H
#define VMAF_FEATURE_ADM_ADM_SCALE_H

#include <stdint.h>

#include "feature/adm_common/adm_csf.h"
#include "adm_dsp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AdmScale {
    int w, h;       /* band size */
    AdmRect region; /* what the sums cover */
    AdmRect window; /* what decouple and CSF fill: region plus the 3x3 reach */
    float rfactor[ADM_DETAIL_BANDS];
    uint16_t rfactor_q0[ADM_DETAIL_BANDS];  /* scale 0 */
    uint32_t rfactor_q32[ADM_DETAIL_BANDS]; /* scales 1..3 */
    AdmCmShifts cm;
    AdmDenShifts den;                    /* scale 0 uses only den.row */
    double cm_divisor[ADM_DETAIL_BANDS]; /* scale 0 */
    float cm_divisor_f;                  /* scales 1..3 */
    double den_divisor;
    float noise_floor; /* cube root of region area times the noise weight */
} AdmScale;

/* The scales of a w x h picture. */
void adm_setup_scales(AdmScale scale[ADM_SCALES], const AdmCsfParams *csf, double noise_weight,
                      unsigned w, unsigned h);

#ifdef __cplusplus
}
#endif

#endif
