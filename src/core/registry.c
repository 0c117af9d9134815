/* The feature extractor registry. A backend's twins go after the CPU
 * extractor of the same features; lookups return the first match. */
#include <string.h>

#include "feature_extractor.h"

extern const VmafFeatureExtractor vmaf_fex_psnr;
extern const VmafFeatureExtractor vmaf_fex_adm;
extern const VmafFeatureExtractor vmaf_fex_motion;
extern const VmafFeatureExtractor vmaf_fex_vif;
extern const VmafFeatureExtractor vmaf_fex_motion_v2;
extern const VmafFeatureExtractor vmaf_fex_float_psnr;
extern const VmafFeatureExtractor vmaf_fex_float_ansnr;
extern const VmafFeatureExtractor vmaf_fex_float_moment;
extern const VmafFeatureExtractor vmaf_fex_float_vif;
extern const VmafFeatureExtractor vmaf_fex_float_adm;
extern const VmafFeatureExtractor vmaf_fex_float_motion;
extern const VmafFeatureExtractor vmaf_fex_float_ssim;
extern const VmafFeatureExtractor vmaf_fex_float_ms_ssim;
extern const VmafFeatureExtractor vmaf_fex_ssim;
extern const VmafFeatureExtractor vmaf_fex_psnr_hvs;
extern const VmafFeatureExtractor vmaf_fex_ciede;
extern const VmafFeatureExtractor vmaf_fex_cambi;
extern const VmafFeatureExtractor vmaf_fex_speed_chroma;
extern const VmafFeatureExtractor vmaf_fex_speed_temporal;
#if VMAF_HAVE_CUDA
extern const VmafFeatureExtractor vmaf_fex_psnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_motion_cuda;
extern const VmafFeatureExtractor vmaf_fex_adm_cuda;
extern const VmafFeatureExtractor vmaf_fex_vif_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_motion_cuda;
extern const VmafFeatureExtractor vmaf_fex_motion_v2_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_psnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ansnr_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_moment_cuda;
extern const VmafFeatureExtractor vmaf_fex_cambi_cuda;
extern const VmafFeatureExtractor vmaf_fex_speed_chroma_cuda;
extern const VmafFeatureExtractor vmaf_fex_speed_temporal_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ms_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_ssim_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_vif_cuda;
extern const VmafFeatureExtractor vmaf_fex_ciede_cuda;
extern const VmafFeatureExtractor vmaf_fex_psnr_hvs_cuda;
extern const VmafFeatureExtractor vmaf_fex_float_adm_cuda;
#endif

static const VmafFeatureExtractor *const registry[] = {
    &vmaf_fex_psnr,
    &vmaf_fex_adm,
    &vmaf_fex_motion,
    &vmaf_fex_vif,
    &vmaf_fex_motion_v2,
    &vmaf_fex_float_psnr,
    &vmaf_fex_float_ansnr,
    &vmaf_fex_float_moment,
    &vmaf_fex_float_vif,
    &vmaf_fex_float_adm,
    &vmaf_fex_float_motion,
    &vmaf_fex_float_ssim,
    &vmaf_fex_float_ms_ssim,
    &vmaf_fex_ssim,
    &vmaf_fex_psnr_hvs,
    &vmaf_fex_ciede,
    &vmaf_fex_cambi,
    &vmaf_fex_speed_chroma,
    &vmaf_fex_speed_temporal,
#if VMAF_HAVE_CUDA
    &vmaf_fex_psnr_cuda,
    &vmaf_fex_motion_cuda,
    &vmaf_fex_adm_cuda,
    &vmaf_fex_vif_cuda,
    &vmaf_fex_float_motion_cuda,
    &vmaf_fex_motion_v2_cuda,
    &vmaf_fex_float_psnr_cuda,
    &vmaf_fex_float_ansnr_cuda,
    &vmaf_fex_float_moment_cuda,
    &vmaf_fex_cambi_cuda,
    &vmaf_fex_speed_chroma_cuda,
    &vmaf_fex_speed_temporal_cuda,
    &vmaf_fex_float_ms_ssim_cuda,
    &vmaf_fex_float_ssim_cuda,
    &vmaf_fex_ssim_cuda,
    &vmaf_fex_float_vif_cuda,
    &vmaf_fex_ciede_cuda,
    &vmaf_fex_psnr_hvs_cuda,
    &vmaf_fex_float_adm_cuda,
#endif
    NULL,
};

const VmafFeatureExtractor *vmaf_get_feature_extractor_by_name(const char *name)
{
    for (unsigned i = 0; registry[i]; i++) {
        if (!strcmp(registry[i]->name, name))
            return registry[i];
    }
    return NULL;
}

const VmafFeatureExtractor *vmaf_get_feature_extractor_by_feature_name(const char *feature,
                                                                       uint64_t flags)
{
    for (unsigned i = 0; registry[i]; i++) {
        const VmafFeatureExtractor *fex = registry[i];
        if (flags && !(fex->flags & flags))
            continue;
        for (unsigned j = 0; fex->provided_features && fex->provided_features[j]; j++) {
            if (!strcmp(fex->provided_features[j], feature))
                return fex;
        }
    }
    return NULL;
}
