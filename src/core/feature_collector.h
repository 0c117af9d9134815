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

/* -EINVAL when no score was written for (name, index). */
int vmaf_feature_collector_get_score(VmafFeatureCollector *fc, const char *name, double *value,
                                     unsigned index);

int vmaf_feature_collector_set_aggregate(VmafFeatureCollector *fc, const char *name, double value);
int vmaf_feature_collector_get_aggregate(VmafFeatureCollector *fc, const char *name, double *value);

#endif
