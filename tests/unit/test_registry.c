/* The registry generated from the metric folders (cmake/registry.cmake):
 * every metric is listed, names are unique, and no feature has two
 * providers within a backend, so the table's order never decides which
 * extractor serves a feature. */
#include <stdbool.h>
#include <string.h>

#include "core/feature_extractor.h"
#include "test.h"

/* The CPU extractors the tree defines: libvmaf's names, and ssimulacra2. */
static const char *const cpu_names[] = {
    "adm",          "cambi",          "ciede",         "float_adm",   "float_ansnr",
    "float_moment", "float_motion",   "float_ms_ssim", "float_psnr",  "float_ssim",
    "float_vif",    "motion",         "motion_v2",     "psnr",        "psnr_hvs",
    "speed_chroma", "speed_temporal", "ssim",          "ssimulacra2", "vif",
};

static unsigned extractor_count(void)
{
    unsigned n = 0;
    while (vmaf_feature_extractors[n])
        n++;
    return n;
}

/* The twin flag of fex's backend, or 0 for a CPU extractor. */
static uint64_t backend_of(const VmafFeatureExtractor *fex)
{
    return fex->flags &
           (VMAF_FEATURE_EXTRACTOR_CUDA | VMAF_FEATURE_EXTRACTOR_SYCL | VMAF_FEATURE_EXTRACTOR_HIP);
}

static bool is_twin(const VmafFeatureExtractor *fex)
{
    return backend_of(fex) != 0;
}

static void test_every_metric_listed(void)
{
    unsigned cpu = 0;
    for (unsigned i = 0; vmaf_feature_extractors[i]; i++)
        cpu += !is_twin(vmaf_feature_extractors[i]);
    CHECK_EQ_INT(cpu, sizeof(cpu_names) / sizeof(cpu_names[0]));
    for (size_t i = 0; i < sizeof(cpu_names) / sizeof(cpu_names[0]); i++) {
        const VmafFeatureExtractor *fex = vmaf_get_feature_extractor_by_name(cpu_names[i]);
        CHECK(fex && !is_twin(fex));
    }
}

static void test_cpu_extractors_first(void)
{
    bool twin_seen = false;
    for (unsigned i = 0; vmaf_feature_extractors[i]; i++) {
        const bool twin = is_twin(vmaf_feature_extractors[i]);
        CHECK(twin || !twin_seen);
        twin_seen |= twin;
    }
}

static void test_names_unique(void)
{
    const unsigned n = extractor_count();
    for (unsigned i = 0; i < n; i++) {
        CHECK(vmaf_feature_extractors[i]->name && vmaf_feature_extractors[i]->provided_features);
        for (unsigned j = i + 1; j < n; j++)
            CHECK(strcmp(vmaf_feature_extractors[i]->name, vmaf_feature_extractors[j]->name));
    }
}

/* Within the CPU extractors, and within each backend's twins, one provider
 * a feature. */
static void test_one_provider_per_feature(void)
{
    const unsigned n = extractor_count();
    for (unsigned i = 0; i < n; i++) {
        const VmafFeatureExtractor *a = vmaf_feature_extractors[i];
        for (const char *const *f = a->provided_features; f && *f; f++) {
            for (unsigned j = i + 1; j < n; j++) {
                const VmafFeatureExtractor *b = vmaf_feature_extractors[j];
                if (backend_of(a) != backend_of(b))
                    continue;
                for (const char *const *g = b->provided_features; g && *g; g++) {
                    if (!strcmp(*f, *g)) {
                        fprintf(stderr, "%s: provided by %s and %s\n", *f, a->name, b->name);
                        test_failures++;
                    }
                }
            }
        }
    }
}

/* A twin serves the features of one CPU extractor, so the context can swap
 * it in for that extractor. */
static void test_twins_mirror_a_cpu_extractor(void)
{
    for (unsigned i = 0; vmaf_feature_extractors[i]; i++) {
        const VmafFeatureExtractor *twin = vmaf_feature_extractors[i];
        if (!is_twin(twin))
            continue;
        const VmafFeatureExtractor *cpu =
            vmaf_get_feature_extractor_by_feature_name(twin->provided_features[0], 0);
        CHECK(cpu && !is_twin(cpu));
        for (const char *const *f = twin->provided_features; cpu && *f; f++) {
            if (vmaf_get_feature_extractor_by_feature_name(*f, 0) != cpu) {
                fprintf(stderr, "%s: %s is not %s's\n", twin->name, *f, cpu->name);
                test_failures++;
            }
        }
    }
}

TEST_MAIN("registry", {"every_metric_listed", test_every_metric_listed},
          {"cpu_extractors_first", test_cpu_extractors_first}, {"names_unique", test_names_unique},
          {"one_provider_per_feature", test_one_provider_per_feature},
          {"twins_mirror_a_cpu_extractor", test_twins_mirror_a_cpu_extractor})
