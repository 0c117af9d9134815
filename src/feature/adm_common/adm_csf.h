/* Contrast sensitivity factors of integer ADM: the weight ("rfactor") each
 * scale's detail bands get, and its fixed-point forms. Every function keeps
 * libvmaf's float/double steps, since the factors are truncated to integers
 * afterwards and one float ulp can change a score. */
#ifndef VMAF_FEATURE_ADM_COMMON_ADM_CSF_H
#define VMAF_FEATURE_ADM_COMMON_ADM_CSF_H

#include <stdbool.h>
#include <stdint.h>

enum AdmCsfMode {
    ADM_CSF_WATSON97 = 0,
    ADM_CSF_BARTEN = 1,
    ADM_CSF_BLEND = 2,     /* Barten/Watson blend tables (v1.0.16 models) */
    ADM_CSF_BLEND_MAE = 3, /* the same, refitted ("v1.0.17+") */
};

typedef struct AdmCsfParams {
    int mode;
    double view_dist;   /* viewing distance / display height */
    int display_height; /* pixels */
    double scale;       /* Barten only: multiplier of the h/v factor */
    double diag_scale;  /* Barten only: multiplier of the diagonal factor */
} AdmCsfParams;

/* Watson 97: 1 / Q(lambda, theta), theta 1 for h/v and 2 for the diagonal. */
float adm_watson_rfactor(int lambda, int theta, double view_dist, int display_height);

/* Barten's CSF (the HDR-VDP-2 variant) at luminance lum, times scale. */
float adm_barten_csf(int lambda, double view_dist, int display_height, double lum, double scale);

/* The blend tables; -EINVAL (as a float) for a viewing condition without one,
 * which libvmaf then uses as the factor. */
float adm_blend_csf(int scale, bool diagonal, double view_dist, int display_height, bool mae);

/* The factor of scale 0..3, for h/v or the diagonal. */
float adm_rfactor(const AdmCsfParams *p, int scale, bool diagonal);

/* Scale 0 fixed point: Q21 for h/v, Q23 for d, with libvmaf's hard-coded
 * values for Watson at 1080 lines and 3 heights. */
void adm_rfactor_q_s0(const AdmCsfParams *p, const float rf[3], uint16_t q[3]);

/* Scales 1..3 fixed point: Q32. */
void adm_rfactor_q_s123(const float rf[3], uint32_t q[3]);

#endif
