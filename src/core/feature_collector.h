/* The feature collector: every score of a run, by feature name and frame
 * index. Thread-safe. Names are kept in order of first append. */
#ifndef VMAF_CORE_FEATURE_COLLECTOR_H
#define VMAF_CORE_FEATURE_COLLECTOR_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

typedef struct FeatureVector {
    char *name;
    struct {
        bool written;
        double value;
    } * score;
    unsigned capacity;
} FeatureVector;

typedef struct AggregateMetric {
    char *name;
    double value;
} AggregateMetric;

typedef struct VmafFeatureCollector {
    FeatureVector **feature_vector;
    unsigned cnt, capacity;
    AggregateMetric *aggregate;
    unsigned aggregate_cnt, aggregate_capacity;
    struct {
        clock_t begin, end;
        bool started;
    } timer;
    pthread_mutex_t lock;
} VmafFeatureCollector;

int vmaf_feature_collector_init(VmafFeatureCollector **fc);
void vmaf_feature_collector_destroy(VmafFeatureCollector *fc);

/* Fails with -EINVAL when (name, index) was already written. */
int vmaf_feature_collector_append(VmafFeatureCollector *fc, const char *name, double value,
                                  unsigned index);

/* No vector of fc known yet: where a slot starts. */
#define VMAF_FEATURE_SLOT_NONE (~0u)

/* vmaf_feature_collector_append() for a caller that appends under one name
 * frame after frame: *slot (VMAF_FEATURE_SLOT_NONE at first) remembers
 * where fc keeps that name's scores, so later appends skip the search. A
 * slot belongs to one name; one of another collector is found stale (the
 * name is checked) and looked up again. *slot is read and written under the
 * collector's lock. */
int vmaf_feature_collector_append_at(VmafFeatureCollector *fc, const char *name, unsigned *slot,
                                     double value, unsigned index);

/* -EINVAL when no score was written for (name, index). */
int vmaf_feature_collector_get_score(VmafFeatureCollector *fc, const char *name, double *value,
                                     unsigned index);

/* Appends src's scores of frames first .. first + count - 1 to dst as
 * frames at .. at + count - 1, feature by feature in src's order; src is
 * locked meanwhile, so two collectors must not import from each other at
 * once. Returns 0, -EINVAL (a score already in dst), -ENOTSUP when src holds
 * an aggregate (a total over its whole run, which pieces cannot add up to),
 * or -ENOMEM. */
int vmaf_feature_collector_import(VmafFeatureCollector *dst, VmafFeatureCollector *src,
                                  unsigned first, unsigned count, unsigned at);

int vmaf_feature_collector_set_aggregate(VmafFeatureCollector *fc, const char *name, double value);
int vmaf_feature_collector_get_aggregate(VmafFeatureCollector *fc, const char *name, double *value);

#endif
