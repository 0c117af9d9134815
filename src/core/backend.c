#include <errno.h>
#include <string.h>

#include "backend.h"
#include "context.h"
#include "log.h"

int vmaf_backend_attach(VmafContext *vmaf, const VmafBackend *backend, void *state)
{
    if (!vmaf || !backend || vmaf->backend) {
        if (backend)
            backend->destroy(state);
        return -EINVAL;
    }
    if (vmaf->fex_cnt)
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "%s: the %u extractors registered before stay on the CPU",
                 backend->name, vmaf->fex_cnt);
    vmaf->backend = backend;
    vmaf->backend_state = state;
    return 0;
}

static bool same_features(const VmafFeatureExtractor *a, const VmafFeatureExtractor *b)
{
    unsigned i = 0;
    for (; a->provided_features[i] && b->provided_features[i]; i++) {
        if (strcmp(a->provided_features[i], b->provided_features[i]))
            return false;
    }
    return !a->provided_features[i] && !b->provided_features[i];
}

static const VmafFeatureExtractor *twin_of(const VmafFeatureExtractor *fex, uint64_t flag)
{
    if (!fex->provided_features || !fex->provided_features[0])
        return NULL;
    const VmafFeatureExtractor *twin =
        vmaf_get_feature_extractor_by_feature_name(fex->provided_features[0], flag);
    return twin && twin != fex && same_features(twin, fex) ? twin : NULL;
}

static const char *missing_option(const VmafFeatureExtractor *twin, const VmafDictionary *opts)
{
    for (unsigned i = 0; opts && i < opts->cnt; i++) {
        if (!vmaf_option_find(twin->options, opts->entry[i].key))
            return opts->entry[i].key;
    }
    return NULL;
}

const VmafFeatureExtractor *vmaf_backend_select(const VmafContext *vmaf,
                                                const VmafFeatureExtractor *fex,
                                                const VmafDictionary *opts)
{
    const VmafBackend *b = vmaf->backend;
    if (!b || (fex->flags & b->twin_flag))
        return fex;
    const char *name = b->name;
    if (vmaf->cfg.gpumask) {
        vmaf_log(VMAF_LOG_LEVEL_DEBUG, "%s: %s runs on the CPU (gpumask)", name, fex->name);
        return fex;
    }
    const VmafFeatureExtractor *twin = twin_of(fex, b->twin_flag);
    if (!twin) {
        vmaf_log(VMAF_LOG_LEVEL_INFO, "%s: %s has no twin; it runs on the CPU", name, fex->name);
        return fex;
    }
    const char *option = missing_option(twin, opts);
    if (option) {
        vmaf_log(VMAF_LOG_LEVEL_INFO, "%s: %s lacks option \"%s\"; %s runs on the CPU", name,
                 twin->name, option, fex->name);
        return fex;
    }
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "%s: %s is served by %s", name, fex->name, twin->name);
    return twin;
}

void *vmaf_backend_state_for(const VmafContext *vmaf, const VmafFeatureExtractor *fex)
{
    return vmaf->backend && (fex->flags & vmaf->backend->twin_flag) ? vmaf->backend_state : NULL;
}

int vmaf_backend_admit(const VmafContext *vmaf, const char *requested, const VmafFexContext *ctx)
{
    const VmafBackend *b = vmaf->backend;
    return b && b->admit ? b->admit(vmaf->backend_state, requested, ctx) : 0;
}

int vmaf_backend_enter(VmafContext *vmaf)
{
    const VmafBackend *b = vmaf->backend;
    return b && b->enter ? b->enter(vmaf->backend_state) : 0;
}

void vmaf_backend_leave(VmafContext *vmaf)
{
    if (vmaf->backend && vmaf->backend->leave)
        vmaf->backend->leave(vmaf->backend_state);
}

int vmaf_backend_frame_begin(VmafContext *vmaf, const VmafPicture *ref, const VmafPicture *dist)
{
    return vmaf->backend ? vmaf->backend->frame_begin(vmaf->backend_state, ref, dist) : 0;
}

void vmaf_backend_frame_end(VmafContext *vmaf)
{
    if (vmaf->backend)
        vmaf->backend->frame_end(vmaf->backend_state);
}

void vmaf_backend_destroy(VmafContext *vmaf)
{
    if (vmaf->backend)
        vmaf->backend->destroy(vmaf->backend_state);
    vmaf->backend = NULL;
    vmaf->backend_state = NULL;
}
