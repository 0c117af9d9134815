/* The feature extractor registry. A backend's twins go before the CPU
 * extractor of the same features; lookups return the first match. */
#include <string.h>

#include "feature_extractor.h"

extern const VmafFeatureExtractor vmaf_fex_psnr;
extern const VmafFeatureExtractor vmaf_fex_adm;
extern const VmafFeatureExtractor vmaf_fex_motion;
extern const VmafFeatureExtractor vmaf_fex_vif;

static const VmafFeatureExtractor *const registry[] = {
    &vmaf_fex_psnr, &vmaf_fex_adm, &vmaf_fex_motion, &vmaf_fex_vif, NULL,
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
