/* The feature extractor registry: the table cmake/registry.cmake writes
 * from the metric folders (every CPU extractor, then every backend twin).
 * Lookups return the first match, so a twin is found by name or by a
 * backend flag, and a feature by default names its CPU extractor. */
#include <string.h>

#include "feature_extractor.h"

const VmafFeatureExtractor *vmaf_get_feature_extractor_by_name(const char *name)
{
    for (unsigned i = 0; vmaf_feature_extractors[i]; i++) {
        if (!strcmp(vmaf_feature_extractors[i]->name, name))
            return vmaf_feature_extractors[i];
    }
    return NULL;
}

const VmafFeatureExtractor *vmaf_get_feature_extractor_by_feature_name(const char *feature,
                                                                       uint64_t flags)
{
    for (unsigned i = 0; vmaf_feature_extractors[i]; i++) {
        const VmafFeatureExtractor *fex = vmaf_feature_extractors[i];
        if (flags && !(fex->flags & flags))
            continue;
        for (unsigned j = 0; fex->provided_features && fex->provided_features[j]; j++) {
            if (!strcmp(fex->provided_features[j], feature))
                return fex;
        }
    }
    return NULL;
}
