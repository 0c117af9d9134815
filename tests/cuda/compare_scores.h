/* What the GPU tests require of a twin's scores against its CPU extractor's:
 * the same doubles, or for a float feature within the tolerance measured on
 * the device. */
#ifndef VMAF_TESTS_CUDA_COMPARE_SCORES_H
#define VMAF_TESTS_CUDA_COMPARE_SCORES_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/context.h"
#include "test.h"

/* The largest |cpu - cuda| allowed for a float feature, measured on the
 * device and recorded in docs/cuda.md; a score not listed must be the same
 * double. `name` matches the collector's names that start with it. */
typedef struct Tolerance {
    const char *name;
    double max_abs;
} Tolerance;

static const Tolerance tolerances[] = {
    /* One row per float feature of a twin, with the twin's block of configs. */
    /* float_motion_cuda: the CPU's float operations in its order (docs/cuda.md). */
    {"VMAF_feature_motion", 0},
    {"motion", 0},
    /* ciede_cuda: the device's double pow/atan2/cos/sin/exp may differ from
     * glibc's in the last bit; 3.3e-11 measured on the H200 (docs/cuda.md). */
    {"ciede2000", 1e-10},
    {NULL, 0},
};

static double tolerance_of(const char *feature)
{
    for (const Tolerance *t = tolerances; t->name; t++)
        if (!strncmp(feature, t->name, strlen(t->name)))
            return t->max_abs;
    return 0;
}

/* Every score the CPU wrote, the twins wrote too, as the same double or, for
 * a float feature, within its tolerance; the names first appeared in the
 * same order (that of the output's columns), unless threads made it depend
 * on timing. The largest difference of each feature that differs is printed:
 * that is how the tolerances were measured. */
static unsigned compare_scores(VmafContext *cpu, VmafContext *gpu, const char *what)
{
    unsigned scores = 0, failed = 0;
    VmafFeatureCollector *a = cpu->fc, *b = gpu->fc;
    CHECK_EQ_INT(b->cnt, a->cnt);
    for (unsigned i = 0; !cpu->cfg.n_threads && i < a->cnt && i < b->cnt; i++) {
        if (strcmp(a->feature_vector[i]->name, b->feature_vector[i]->name)) {
            fprintf(stderr, "%s: feature %u is %s on the CPU, %s with CUDA\n", what, i,
                    a->feature_vector[i]->name, b->feature_vector[i]->name);
            failed++;
        }
    }
    for (unsigned i = 0; i < a->cnt; i++) {
        const FeatureVector *fa = a->feature_vector[i];
        const double tol = tolerance_of(fa->name);
        double max_diff = 0;
        for (unsigned n = 0; n < fa->capacity; n++) {
            if (!fa->score[n].written)
                continue;
            double v;
            scores++;
            const bool missing = vmaf_feature_collector_get_score(b, fa->name, &v, n) != 0;
            const double diff = missing ? INFINITY : fabs(v - fa->score[n].value);
            const bool same = !missing && !memcmp(&v, &fa->score[n].value, sizeof(v));
            if (!same && !(diff <= tol) && failed++ < 5)
                fprintf(stderr, "%s: %s[%u]: cpu %.17g, cuda %.17g\n", what, fa->name, n,
                        fa->score[n].value, missing ? NAN : v);
            if (!same && !(diff <= max_diff))
                max_diff = diff;
        }
        if (max_diff != 0)
            printf("%s: %s differs by up to %.3g (tolerance %.3g)\n", what, fa->name, max_diff,
                   tol);
    }
    CHECK_EQ_INT(failed, 0);
    return scores;
}

#endif
